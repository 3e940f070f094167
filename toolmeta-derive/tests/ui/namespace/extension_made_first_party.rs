//! A harness that adopted the derive under its extension namespace (`_qwen_code`) before
//! toolmeta made it first-party (DESIGN §2): readers keep accepting the old form, and the
//! derive says what to write now.
use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "_qwen_code", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

#[derive(ToolIdentity)]
#[tool(name = "Shell", namespace = "_kimi_code_cli", kind = "execute")]
struct Shell {
    #[tool(project)]
    command: String,
}

fn main() {}
