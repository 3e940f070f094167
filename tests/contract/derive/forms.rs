//! The derive on generic, borrowing, converted and re-exported forms, and on enums of tools.
#![allow(dead_code)]

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use toolmeta::{InputField, RawType, ToolDispatch, ToolIdentity};

fn json<T: ToolIdentity>(tool: &T) -> String {
    serde_json::to_string(&tool.envelope()).unwrap()
}

/// The `input` of the envelope as written (a `serde_json::Value` would reorder its keys).
fn input<T: ToolIdentity>(tool: &T) -> String {
    let envelope = json(tool);
    let (_, input) = envelope
        .split_once(r#""input":"#)
        .expect("the envelope has an input");
    input.strip_suffix('}').unwrap().to_owned()
}

#[derive(ToolIdentity)]
#[tool(name = "read", namespace = "opencode", kind = "read")]
struct Read<'a> {
    #[tool(project)]
    path: &'a str,
    #[tool(project)]
    offset: Option<&'a u32>,
}

#[test]
fn borrowing_struct() {
    let line = 0;
    let read = Read {
        path: "a.rs",
        offset: Some(&line),
    };
    assert_eq!(
        json(&read),
        r#"{"version":1,"name":"read","kind":"read","namespace":"opencode","label":"Read","read_only":true,"input":{"path":"a.rs","offset":1}}"#
    );
}

#[derive(ToolIdentity)]
#[tool(name = "shell", namespace = "codex", kind = "execute")]
struct Call<P: AsRef<str>> {
    #[tool(project)]
    command: P,
    #[tool(project = "cwd")]
    workdir: Option<P>,
}

#[test]
fn generic_struct() {
    let call = Call {
        command: "ls",
        workdir: Some("/tmp"),
    };
    assert_eq!(input(&call), r#"{"command":"ls","cwd":"/tmp"}"#);
    let call = Call {
        command: String::from("pwd"),
        workdir: None,
    };
    assert_eq!(input(&call), r#"{"command":"pwd"}"#);
    assert_eq!(Call::<String>::IDENTITY.name, "shell");
}

#[derive(ToolIdentity)]
#[tool(name = "every_type", namespace = "grok_build", kind = "other")]
struct EveryPathType<'a> {
    #[tool(project = "path")]
    a: PathBuf,
    #[tool(project = "cwd")]
    b: &'a Path,
    #[tool(project = "directory")]
    c: Cow<'a, str>,
    #[tool(extra = "d")]
    d: Box<str>,
    #[tool(extra = "e")]
    e: std::sync::Arc<str>,
    #[tool(extra = "f")]
    f: std::rc::Rc<str>,
    #[tool(extra = "g")]
    g: Box<Path>,
    #[tool(extra = "h")]
    h: Cow<'a, Path>,
    #[tool(extra = "i")]
    i: &'a String,
}

#[test]
fn every_path_type() {
    let owned = String::from("i");
    let tool = EveryPathType {
        a: "a".into(),
        b: Path::new("b"),
        c: Cow::Borrowed("c"),
        d: "d".into(),
        e: "e".into(),
        f: "f".into(),
        g: Path::new("g").into(),
        h: Cow::Borrowed(Path::new("h")),
        i: &owned,
    };
    assert_eq!(
        input(&tool),
        r#"{"path":"a","cwd":"b","directory":"c","d":"d","e":"e","f":"f","g":"g","h":"h","i":"i"}"#
    );
}

macro_rules! integer_tools {
    ($($name:ident: $ty:ty = $value:expr, $offset:literal, $limit:literal;)*) => {$(
        #[derive(ToolIdentity)]
        #[tool(name = "read", namespace = "grok_build", kind = "read")]
        struct $name {
            #[tool(project)]
            path: Box<str>,
            #[tool(project)]
            offset: $ty,
            #[tool(project)]
            limit: Option<$ty>,
        }

        #[test]
        #[allow(non_snake_case)]
        fn $name() {
            let tool = $name { path: "p".into(), offset: $value, limit: Some($value) };
            assert_eq!(
                input(&tool),
                format!(r#"{{"path":"p"{}"limit":{}}}"#, $offset, $limit)
            );
        }
    )*};
}

integer_tools! {
    OffsetI8: i8 = -1, ",", -1;
    OffsetI16: i16 = 0, r#","offset":1,"#, 0;
    OffsetI32: i32 = 5, r#","offset":5,"#, 5;
    OffsetI64: i64 = i64::MIN, ",", -9223372036854775808_i64;
    OffsetI128: i128 = i128::MIN, ",", -9223372036854775808_i64;
    OffsetIsize: isize = 3, r#","offset":3,"#, 3;
    OffsetU8: u8 = 255, r#","offset":255,"#, 255;
    OffsetU16: u16 = 0, r#","offset":1,"#, 0;
    OffsetU32: u32 = 7, r#","offset":7,"#, 7;
    OffsetU64: u64 = u64::MAX, r#","offset":18446744073709551615,"#, 18446744073709551615_u64;
    OffsetU128: u128 = u128::MAX, ",", 18446744073709551615_u64;
    OffsetUsize: usize = 9, r#","offset":9,"#, 9;
}

// The converter is called with `&FieldType`; deref coercion lets it take `&Path`. `path`
// is required by the "Read" shape, so it returns the value itself.
fn display(path: &Path) -> String {
    path.display().to_string()
}

mod convert {
    pub fn line(text: &str) -> Option<u32> {
        text.parse().ok()
    }
}

// A tool that converts a key in Rust is projected from raw arguments by deserializing them,
// so it derives `Deserialize` (the derive says so otherwise).
#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "view", namespace = "grok_build", kind = "read")]
struct View {
    #[tool(project, with = "display")]
    path: PathBuf,
    #[tool(project = "offset", with = "convert::line")]
    start: String,
}

#[test]
fn with_converts_before_projecting() {
    let view = View {
        path: "x.rs".into(),
        start: "0".into(),
    };
    assert_eq!(input(&view), r#"{"path":"x.rs","offset":1}"#);
    let view = View {
        path: "x.rs".into(),
        start: "not a number".into(),
    };
    assert_eq!(input(&view), r#"{"path":"x.rs"}"#);
    assert_eq!(
        View::INPUT_FIELDS[1],
        InputField {
            key: "offset",
            wire: "start",
            aliases: &[],
            extra: false,
            optional: false,
            converted: true,
            zero_based: false,
            last_line: false,
            raw: RawType::OfKey,
        }
    );
}

/// A harness that re-exports toolmeta under its own path.
mod harness {
    pub mod reexport {
        pub use toolmeta as meta;
    }
}

#[derive(ToolIdentity)]
#[tool(
    crate = "harness::reexport::meta",
    name = "ls",
    namespace = "gemini_cli",
    kind = "list"
)]
struct Ls {
    #[tool(project = "directory")]
    dir: String,
}

#[test]
fn renamed_crate_path() {
    assert_eq!(input(&Ls { dir: "/".into() }), r#"{"directory":"/"}"#);
    assert_eq!(Ls::IDENTITY.label, "List Files");
}

#[derive(ToolIdentity)]
#[tool(name = "plan", namespace = "grok_build", kind = "enter_plan", no_input)]
struct EnterPlan {}

#[derive(ToolIdentity)]
enum Tools<'a> {
    Read(Read<'a>),
    Ls(Ls),
    Plan(EnterPlan),
    #[tool(dynamic)]
    Dynamic {
        name: String,
        arguments: serde_json::Value,
    },
}

#[test]
fn enum_dispatch() {
    let read = Tools::Read(Read {
        path: "a",
        offset: None,
    });
    assert_eq!(read.identity().unwrap().name, "read");
    assert_eq!(
        serde_json::to_string(&read.envelope().unwrap()).unwrap(),
        r#"{"version":1,"name":"read","kind":"read","namespace":"opencode","label":"Read","read_only":true,"input":{"path":"a"}}"#
    );
    let ls = Tools::Ls(Ls { dir: "d".into() });
    assert_eq!(
        ls.envelope().unwrap().to_tool_meta().input,
        Some(serde_json::json!({"directory": "d"}))
    );
    let plan = Tools::Plan(EnterPlan {});
    assert_eq!(
        serde_json::to_string(&plan.envelope().unwrap().to_tool_meta()).unwrap(),
        r#"{"version":1,"name":"plan","kind":"enter_plan","namespace":"grok_build","label":"Enter Plan Mode","read_only":true}"#
    );
    let dynamic = Tools::Dynamic {
        name: "x".into(),
        arguments: serde_json::Value::Null,
    };
    assert_eq!(dynamic.identity(), None);
    assert!(dynamic.envelope().is_none());
}

#[derive(ToolIdentity)]
enum Generic<T> {
    One(T),
    Ls(Ls),
}

#[test]
fn generic_enum() {
    let one: Generic<View> = Generic::One(View {
        path: "v".into(),
        start: "2".into(),
    });
    assert_eq!(one.identity().unwrap().name, "view");
}
