use serde::Deserialize;
use toolmeta::ToolIdentity;

#[derive(Deserialize, ToolIdentity)]
#[serde(tag = "mode", rename_all = "lowercase")]
enum EditFile {
    #[tool(name = "edit_file", namespace = "zed", kind = "edit")]
    Edit {
        #[tool(project)]
        path: String,
    },
    Create {
        #[tool(project)]
        path: String,
    },
}

fn main() {}
