//! The generated code is clean under strict lints in the user's crate, and needs nothing but
//! `toolmeta` in scope (no `serde_json`, no prelude names of its own).
#![deny(warnings, missing_docs, unused, unused_qualifications, unreachable_pub, rust_2018_idioms)]
#![deny(trivial_casts, trivial_numeric_casts, unused_results, single_use_lifetimes)]

/// The tools.
pub mod tools {
    // Shadow prelude names the generated code must not rely on.
    #[allow(dead_code)]
    struct Option;
    #[allow(dead_code)]
    struct Result;
    #[allow(dead_code)]
    struct Some;

    /// Reads a file.
    #[derive(toolmeta::ToolIdentity)]
    #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
    pub struct ReadFile<'a> {
        /// The path.
        #[tool(project)]
        pub path: &'a str,
        /// The start line.
        #[tool(project)]
        pub offset: core::option::Option<u32>,
    }

    /// Every tool.
    #[derive(toolmeta::ToolIdentity)]
    pub enum Tools<'a> {
        /// Read a file.
        Read(ReadFile<'a>),
        /// Anything else.
        #[tool(dynamic)]
        Other(#[allow(dead_code)] String),
    }
}

fn main() {
    use toolmeta::{ToolDispatch, ToolIdentity};
    let read = tools::ReadFile { path: "a", offset: None };
    assert!(read.envelope().has_input());
    assert!(tools::Tools::Read(read).identity().is_some());
    assert!(tools::Tools::Other(String::new()).identity().is_none());
}
