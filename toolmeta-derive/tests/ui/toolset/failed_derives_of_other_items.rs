// A tuple struct, a union and a serde-tagged enum whose derives fail, registered in a
// static toolset and used: the build reports the three derives' errors and nothing else.
use toolmeta::{ToolIdentity, toolset};

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile(String);

#[derive(ToolIdentity)]
#[tool(name = "raw", namespace = "grok_build", kind = "read")]
union Raw {
    bits: u32,
}

#[derive(serde::Deserialize, ToolIdentity)]
#[serde(tag = "command")]
enum Editor {
    #[tool(name = "view", namespace = "grok_build", kind = "raed")]
    View {
        #[tool(project)]
        path: String,
    },
    #[tool(name = "create", namespace = "grok_build", kind = "write")]
    Create {
        #[tool(project)]
        path: String,
    },
}

fn main() {
    let tools = toolset![ReadFile, Raw, Editor];
    assert_eq!(tools.len(), 3);
    let _ = ReadFile(String::new()).envelope();
}
