use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use toolmeta::ToolIdentity;

macro_rules! path_tool {
    ($name:ident, $ty:ty) => {
        #[derive(ToolIdentity)]
        #[tool(name = "ls", namespace = "grok_build", kind = "list_dir")]
        struct $name<'a> {
            #[tool(project)]
            directory: $ty,
            #[tool(skip)]
            _marker: std::marker::PhantomData<&'a ()>,
        }
    };
}

path_tool!(A, &'a str);
path_tool!(B, String);
path_tool!(C, Cow<'a, str>);
path_tool!(D, Box<str>);
path_tool!(E, Arc<str>);
path_tool!(F, Rc<str>);
path_tool!(G, PathBuf);
path_tool!(H, &'a Path);
path_tool!(I, Box<Path>);
path_tool!(J, Cow<'a, Path>);
path_tool!(K, Arc<Path>);
path_tool!(L, Rc<Path>);
path_tool!(M, OsString);
path_tool!(N, &'a OsStr);

macro_rules! text_tool {
    ($name:ident, $ty:ty) => {
        #[derive(ToolIdentity)]
        #[tool(name = "search", namespace = "grok_build", kind = "web_search")]
        struct $name<'a> {
            #[tool(project)]
            query: $ty,
            #[tool(skip)]
            _marker: std::marker::PhantomData<&'a ()>,
        }
    };
}

text_tool!(TA, &'a str);
text_tool!(TB, String);
text_tool!(TC, Cow<'a, str>);
text_tool!(TD, Box<str>);
text_tool!(TE, Arc<str>);
text_tool!(TF, Rc<str>);
text_tool!(TG, &'a String);

// An `Option` passed through a `macro_rules!` fragment is still seen as optional.
macro_rules! search_tool {
    ($name:ident, $ty:ty) => {
        #[derive(ToolIdentity)]
        #[tool(name = "search", namespace = "grok_build", kind = "search")]
        struct $name {
            #[tool(project)]
            pattern: String,
            #[tool(project)]
            path: $ty,
        }
    };
}

search_tool!(Search, Option<PathBuf>);

macro_rules! integer_tool {
    ($name:ident, $ty:ty) => {
        #[derive(ToolIdentity)]
        #[tool(name = "read", namespace = "grok_build", kind = "read")]
        struct $name {
            #[tool(project)]
            path: String,
            #[tool(project)]
            offset: $ty,
            #[tool(project)]
            limit: Option<$ty>,
        }
    };
}

integer_tool!(I8, i8);
integer_tool!(I16, i16);
integer_tool!(I32, i32);
integer_tool!(I64, i64);
integer_tool!(I128, i128);
integer_tool!(Isize, isize);
integer_tool!(U8, u8);
integer_tool!(U16, u16);
integer_tool!(U32, u32);
integer_tool!(U64, u64);
integer_tool!(U128, u128);
integer_tool!(Usize, usize);

fn main() {
    let search = Search { pattern: "x".into(), path: None };
    assert_eq!(search.tool_meta().input, Some(serde_json::json!({"pattern": "x"})));
    let g = G { directory: PathBuf::from("src"), _marker: std::marker::PhantomData };
    assert_eq!(g.tool_meta().input, Some(serde_json::json!({"directory": "src"})));
    let read = U8 { path: "p".into(), offset: 0, limit: Some(3) };
    assert_eq!(read.tool_meta().input, Some(serde_json::json!({"path": "p", "offset": 1, "limit": 3})));
}
