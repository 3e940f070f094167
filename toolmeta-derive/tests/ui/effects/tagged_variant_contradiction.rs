use serde::Deserialize;
use toolmeta::ToolIdentity;

// Each variant of a tagged tool is checked on its own.
#[derive(Deserialize, ToolIdentity)]
#[serde(tag = "command", rename_all = "snake_case")]
enum TextEditor {
    #[tool(name = "text_editor", namespace = "goose", kind = "read", destructive)]
    View {
        #[tool(project)]
        path: String,
    },
    #[tool(name = "text_editor", namespace = "goose", kind = "write")]
    Write {
        #[tool(project)]
        path: String,
    },
}

fn main() {}
