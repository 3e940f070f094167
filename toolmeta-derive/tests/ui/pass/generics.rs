use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "shell", namespace = "codex", kind = "execute")]
struct Call<P: AsRef<str>>
where
    P: Clone,
{
    #[tool(project)]
    command: P,
    #[tool(project)]
    description: Option<P>,
}

fn main() {
    let call = Call { command: "ls -la", description: None };
    assert_eq!(call.tool_meta().input, Some(serde_json::json!({"command": "ls -la"})));
    let call = Call { command: String::from("pwd"), description: Some(String::from("where")) };
    assert_eq!(Call::<String>::INPUT_FIELDS.len(), 2);
    assert!(call.envelope().has_input());
}
