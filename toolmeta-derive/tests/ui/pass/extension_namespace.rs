//! A harness without a first-party namespace adopts the derive with its own extension
//! namespace (DESIGN §2), and the envelope carries it as written.
use toolmeta::{Namespace, ToolIdentity, toolset};

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "read", namespace = "_forge", kind = "read")]
struct Read {
    #[tool(project)]
    path: String,
}

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "shell", namespace = "_my_harness2", kind = "execute")]
struct Shell {
    #[tool(project)]
    command: String,
}

const TOOLS: toolmeta::StaticToolset = toolset![Read, Shell];

fn main() {
    assert_eq!(Read::IDENTITY.namespace, Namespace::extension("_forge"));
    assert_eq!(Read::IDENTITY.namespace.as_str(), "_forge");
    let read = Read { path: "a.rs".into() };
    assert_eq!(
        serde_json::to_string(&read.envelope()).unwrap(),
        r#"{"version":1,"name":"read","kind":"read","namespace":"_forge","label":"Read","read_only":true,"input":{"path":"a.rs"}}"#
    );
    let meta = TOOLS.get("shell").unwrap().tool_meta(Some(&serde_json::json!({"command": "ls"})));
    assert_eq!(meta.namespace.as_str(), "_my_harness2");
    let decoded: toolmeta::ToolMeta = serde_json::from_value(serde_json::to_value(&meta).unwrap()).unwrap();
    assert_eq!(decoded, meta);
}
