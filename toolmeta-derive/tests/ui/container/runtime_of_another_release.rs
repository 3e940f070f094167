// A `toolmeta` of another release than the `toolmeta-derive` in use: simulated by a
// runtime crate path whose `__private` lacks this derive's versioned module. One error,
// naming the versions to align.
use toolmeta::ToolIdentity;

mod other_release {
    pub mod __private {
        pub mod toolmeta_derive_0_0_needs_toolmeta_0_0 {}
    }
}

#[derive(ToolIdentity)]
#[tool(crate = "other_release", name = "bash", namespace = "codex", kind = "execute")]
struct Bash {
    #[tool(project)]
    command: String,
}

fn main() {}
