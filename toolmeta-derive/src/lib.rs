//! `#[derive(ToolIdentity)]` for the [`toolmeta`](https://docs.rs/toolmeta) crate: a tool
//! struct's identity and canonical projection, checked against the wire contract at
//! compile time. Use it through `toolmeta`, which re-exports it and documents it.
//!
//! The pipeline, one file per step: [`attr`] parses `#[tool(...)]` (and serde's renames),
//! [`ast`] builds the typed item, [`check`] resolves it against [`contract`] (the derive's
//! copy of the contract tables) collecting every mistake in a [`ctxt::Ctxt`], and
//! [`expand`] writes the impls — or the errors plus fallback impls.
#![forbid(unsafe_code)]

mod ast;
mod attr;
mod case;
mod check;
mod contract;
mod ctxt;
mod expand;
mod suggest;
mod symbol;

use proc_macro::TokenStream;

/// Derives `toolmeta::ToolIdentity` on a struct with named fields, or
/// `toolmeta::ToolDispatch` on an enum of tool structs. See the `toolmeta` crate for the
/// attribute reference.
#[proc_macro_derive(ToolIdentity, attributes(tool))]
pub fn derive_tool_identity(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
