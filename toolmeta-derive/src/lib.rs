//! `#[derive(ToolIdentity)]` for the [`toolmeta`](https://docs.rs/toolmeta) crate: a tool
//! struct's identity and canonical projection, checked against the wire contract at
//! compile time. Use it through `toolmeta`, which re-exports it.
//!
//! The generated code needs the `toolmeta` of the same release: it imports
//! `toolmeta::__private::toolmeta_derive_0_2_needs_toolmeta_0_2` (named after this crate's
//! version), so a mismatched pair fails with one error at the derive, "no
//! `toolmeta_derive_0_2_needs_toolmeta_0_2` in `toolmeta::__private`", that says which
//! versions to align.
#![forbid(unsafe_code)]

// The pipeline, one file per step: `attr` parses `#[tool(...)]` (and serde's renames), `ast`
// builds the typed item, `check` resolves it against `contract` (the derive's reading of the
// contract tables in `shared`, the one source it compiles with toolmeta) collecting every mistake in a
// `ctxt::Ctxt` with did-you-means from `suggest`, and `expand` writes the impls — or the
// errors plus fallback impls. `effects` checks and writes the effect keys and `title`;
// `symbol` names the keys, `case` applies serde's `rename_all`.

mod ast;
mod attr;
mod case;
mod check;
mod contract;
mod ctxt;
mod effects;
mod expand;
// The runtime reads columns, tables and rules of `shared` that the derive has no use for.
#[allow(dead_code, unused_imports)]
mod shared;
mod suggest;
mod symbol;

use proc_macro::TokenStream;

/// Derives `toolmeta::ToolIdentity` for a struct with named fields (one tool), or
/// `toolmeta::ToolDispatch` for an enum of tool structs.
///
/// The identity goes in `#[tool(...)]` on the struct; each field says whether and how it
/// is projected onto the canonical input. Every contract violation is a compile error at
/// the offending tokens.
///
/// ```
/// use std::path::PathBuf;
/// use serde::Deserialize;
/// use toolmeta::ToolIdentity;
///
/// #[derive(Deserialize, ToolIdentity)]
/// #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
/// struct ReadFile {
///     #[serde(rename = "target_file")] // recorded: raw arguments say `target_file`
///     #[tool(project = "path")]        // projected under the canonical key `path`
///     file: PathBuf,
///     #[tool(project)]                 // under its own name, which is canonical
///     offset: Option<i64>,             // an Option is projected only when Some
///     #[tool(project)]
///     limit: Option<u32>,
///     pages: Option<String>,           // not projected
/// }
///
/// let read = ReadFile { file: "src/main.rs".into(), offset: Some(0), limit: None, pages: None };
/// assert_eq!(
///     serde_json::to_string(&read.envelope()).unwrap(),
///     r#"{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"src/main.rs","offset":1}}"#
/// );
/// assert_eq!(ReadFile::INPUT_FIELDS[0].wire, "target_file");
/// ```
///
/// # Struct keys
///
/// | key | example | meaning |
/// |---|---|---|
/// | `name` | `name = "read_file"`, `name = ReadFile::NAME` | required: the model-facing wire name, a string or the path of a `&'static str` constant (checked not empty) |
/// | `namespace` | `namespace = "grok_build"`, `namespace = "_myharness"` | required: a first-party `toolmeta::Namespace` (wire spelling), or the harness's own extension namespace, `_` and its snake_case name |
/// | `kind` | `kind = "read"` | required: one of `toolmeta::ToolKind` (snake_case) |
/// | `label` | `kind = "other", label = "Tool"` | only with `kind = "other"`; otherwise it must be the kind's label |
/// | `read_only` | `read_only` / `read_only = false` | overrides the kind's read-only default |
/// | `destructive`, `idempotent`, `open_world` | `destructive = false`, `open_world` | override the kind's defaults of MCP's other effect hints (`toolmeta::Effects`); a read-only tool cannot be destructive or not idempotent |
/// | `title` | `title = "Read File"` | a title for people, which MCP shows in place of the name (the label is not a title) |
/// | `no_input` | `no_input` | no stable cross-harness shape: the envelope never carries `input` |
/// | `project` | `project` | project every field under its own name; others say `skip` or `payload` |
/// | `crate` | `crate = "my_harness::toolmeta"` | where the runtime crate is, when re-exported |
/// | `compute` | `compute(limit = "line_count")` | a canonical key computed from the whole tool: `fn(&Self) -> T` for a key the label's shape requires, `fn(&Self) -> Option<T>` otherwise |
/// | `remote` | `remote = "crate::args::PathArgs"` | the struct is a definition mirroring the fields of an argument type the harness does not write (generated, or shared by several tools): the tool is `toolmeta::ToolFor` that type |
///
/// The attribute is also read as `#[toolmeta(...)]`, for an item where another derive owns
/// `#[tool]`: on an item that uses it, every `#[tool]` is the other derive's. A unit struct
/// is a tool without arguments (no input). A tool that converts a key in Rust (`with`,
/// `compute`, serde's `deserialize_with`, `flatten`, `from`, `try_from`, `transparent`)
/// implements `Deserialize`: a toolset projects its raw arguments by deserializing them.
///
/// # Field keys
///
/// | key | example | meaning |
/// |---|---|---|
/// | `project` | `#[tool(project)] path: String` | project under the field's own name (a canonical key) |
/// | `project = "key"` | `#[tool(project = "path")] file_path: String` | project under a canonical key |
/// | `extra = "key"` | `#[tool(extra = "encoding")] encoding: String` | a harness-specific key, after the canonical ones; not canonical nor a near miss of one |
/// | `with = "fn"` | `#[tool(project = "path", with = "display")] file: Workspace` | convert first (deref coercion applies): `fn(&FieldType) -> T` for a key the label's shape requires, `fn(&FieldType) -> Option<T>` for any other (`None` omits the key); `T` fits the key |
/// | `payload` | `#[tool(payload)] content: String` | bulky content: never projected |
/// | `skip` | `#[tool(skip)] encoding: String` | not projected, under a struct-wide `project` |
/// | `zero_based` | `#[tool(project, zero_based)] offset: Option<u32>` | only with `offset`: the source counts from 0, the projection adds one |
/// | `last_line` | `#[tool(project = "limit", last_line)] end_line: Option<u32>` | only with `limit`: the field is the inclusive last line of a range from the tool's `offset` field (line 1 when absent); `limit` is the number of lines (none for an empty or inverted range), on the typed and the raw path |
/// | `not_payload` | `#[tool(extra = "content", not_payload)] content: String` | the field has a payload name but is short: project it anyway |
///
/// # Payload names
///
/// A field whose Rust name, serde wire name or alias is a payload name — `content`,
/// `contents`, `file_text`, `old_string`, `new_string`, `old_str`, `new_str`, `new_source`,
/// `patch`, `patch_text`, `diff`, `edits`, `todos`, in any case (`oldString`) — is not
/// projected under any key, canonical or extra, and no key may be a payload name, unless the
/// field says `not_payload`: the acknowledgement that this value is short.
///
/// # Projection
///
/// - Canonical keys are written in the contract's order (`path`, `offset`, `limit`,
///   `command`, `description`, `cwd`, `directory`, `pattern`, `url`, `query`), whatever the
///   field order, so equivalent tools of different harnesses project identical bytes; extra
///   keys follow in field order.
/// - Field types: `path`, `directory`, `cwd` take string and path types (`String`, `&str`,
///   `Cow<str>`, `Box<str>`, `Arc<str>`, `Rc<str>`, `PathBuf`, `&Path`, `Cow<Path>`,
///   `Box<Path>`, `Arc<Path>`, `Rc<Path>`, `OsString`, `&OsStr`; paths are converted
///   lossily, so projecting never fails); `command`, `description`, `pattern`, `url`, `query`
///   take the string types; `offset` and `limit` take every primitive integer; extra keys
///   take all of these and `bool`. Each also as an `Option`. Other types go through `with`.
/// - `offset` is normalized by `toolmeta::normalize_offset` (negative dropped, `0` → `1`);
///   integers outside `i64::MIN..=u64::MAX` saturate.
/// - A required key of the label's shape (such as `path` for `"Read"`) must come from a
///   non-`Option` field, and a closed shape admits no other canonical key. A tool that
///   projects nothing must say `no_input`: an empty `input` is never the intended contract.
///   A projection that comes out empty at run time (every optional field `None`) omits
///   `input` too: the envelope never carries `"input": {}`.
/// - Raw wire keys follow serde: `rename` (or `rename(deserialize = "...")`) and the
///   struct's `rename_all` give the key, every `alias` is a further key, a field with
///   `default` (or in a struct with `default`) may be absent, and a field with
///   `deserialize_with`/`with` or `flatten` is projected from the typed value only (the raw
///   projection skips it). A field with `skip`/`skip_deserializing` is never in the raw
///   JSON and cannot be projected; a flattened one only through `with`. Other serde
///   attributes do not change what the raw JSON looks like and are ignored.
/// - Each recorded field also says which JSON values its type deserializes from
///   (`toolmeta::RawType`: a string, an integer within the type's range, a bool), so the
///   raw projection never emits a value the typed field could not have held (`1000` for a
///   `u8`, an array for a `bool`). A type spelled as a primitive or `String`/`str`/
///   `PathBuf`/`Path` is read by name; any other spelling (an alias, `Cow<str>`, a type
///   parameter) is resolved exactly through the key's trait.
///
/// # Enums
///
/// An enum of newtype variants dispatches to each variant's tool (below). A serde
/// internally tagged enum (`#[serde(tag = "command")]`) of struct variants is one tool whose
/// kind depends on the tag: each variant carries its own `#[tool(...)]` and fields, and the
/// derive also implements `toolmeta::TaggedTool`, so `ToolEntry::tagged` projects raw
/// arguments by the variant their tag selects. So does an internally tagged enum of newtype
/// variants (`#[serde(tag = "mode")] enum Op { Line(FsLine), .. }`): each variant's tag
/// selects its tool type's identity and wire keys.
///
/// ```
/// use toolmeta::{ToolDispatch, ToolIdentity};
///
/// #[derive(ToolIdentity)]
/// #[tool(name = "bash", namespace = "codex", kind = "execute")]
/// struct Bash {
///     #[tool(project)]
///     command: String,
/// }
///
/// #[derive(ToolIdentity)]
/// enum Tools {
///     Bash(Bash),
///     #[tool(dynamic)] // identity None, no projection: stamping leaves `_meta` untouched
///     Unknown { name: String },
/// }
///
/// assert_eq!(Tools::Bash(Bash { command: "ls".into() }).identity().unwrap().label, "Run Command");
/// assert!(Tools::Unknown { name: "x".into() }.identity().is_none());
/// ```
#[proc_macro_derive(ToolIdentity, attributes(tool, toolmeta))]
pub fn derive_tool_identity(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
