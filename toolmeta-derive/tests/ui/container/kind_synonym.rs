use toolmeta::ToolIdentity;

// What harnesses call their tools: `shell` is not a misspelled `skill`.
macro_rules! tool {
    ($name:ident, $kind:literal) => {
        #[derive(ToolIdentity)]
        #[tool(name = "tool", namespace = "_my_harness", kind = $kind, no_input)]
        struct $name {}
    };
}

tool!(Shell, "shell");
tool!(Bash, "bash");
tool!(Run, "run");
tool!(WriteFile, "write_file");
tool!(DeleteFile, "delete_file");

fn main() {}
