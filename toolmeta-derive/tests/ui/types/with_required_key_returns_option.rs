use toolmeta::ToolIdentity;

fn command_line(argv: &[String]) -> Option<String> {
    (!argv.is_empty()).then(|| argv.join(" "))
}

// `command` is in every Run Command envelope: `None` would emit one without it.
#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "shell", namespace = "codex", kind = "execute")]
struct Shell {
    #[tool(project, with = "command_line")]
    command: Vec<String>,
}

fn main() {}
