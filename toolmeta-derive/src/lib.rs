//! `#[derive(ToolIdentity)]` for the `toolmeta` crate (work in progress).
#![forbid(unsafe_code)]

use proc_macro::TokenStream;

/// Derives `toolmeta::ToolIdentity`; see the `toolmeta` crate documentation.
#[proc_macro_derive(ToolIdentity, attributes(tool))]
pub fn derive_tool_identity(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}
