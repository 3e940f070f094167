use serde::Deserialize;
use toolmeta::ToolIdentity;

#[derive(Deserialize)]
struct UndoArgs {
    path: String,
}

#[derive(Deserialize, ToolIdentity)]
#[serde(tag = "command", rename_all = "snake_case")]
enum TextEditor {
    #[tool(name = "text_editor", namespace = "goose", kind = "read")]
    View {
        #[tool(project)]
        path: String,
    },
    #[tool(name = "text_editor", namespace = "goose", kind = "edit")]
    UndoEdit(UndoArgs),
}

fn main() {}
