//! Names in the user's scope never collide with the generated code: a struct named like
//! the old private alias, a type parameter named like the old map parameter, and `bool`
//! and `str` shadowed by user types.
#![allow(non_camel_case_types, dead_code)]

use toolmeta::ToolIdentity;

type bool = u8;
struct str;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct _tm {
    #[tool(project)]
    path: String,
}

#[derive(ToolIdentity)]
#[tool(name = "bash", namespace = "grok_build", kind = "execute")]
struct Generic<__M: AsRef<::core::primitive::str>> {
    #[tool(project)]
    command: String,
    #[tool(project)]
    description: Option<String>,
    marker: Option<__M>,
}

#[derive(ToolIdentity)]
enum Tools<__M: AsRef<::core::primitive::str>> {
    Read(_tm),
    Bash(Generic<__M>),
}

fn main() {
    let read = _tm { path: "a.rs".into() };
    assert_eq!(read.tool_meta().input.unwrap()["path"], "a.rs");
    let bash: Generic<String> = Generic { command: "ls".into(), description: None, marker: None };
    assert_eq!(bash.tool_meta().input.unwrap()["command"], "ls");
    let tools: Tools<String> = Tools::Bash(bash);
    let _ = tools;
}
