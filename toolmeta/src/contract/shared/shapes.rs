//! The label shapes: the canonical keys a projecting tool of a label must and may carry.

/// The shape table, one row per label that has a shape of its own (every other label admits
/// any canonical key and requires none):
///
/// - the label;
/// - `required`: the keys every envelope of the tool carries, from non-optional fields;
/// - `optional`: the keys it may carry besides.
///
/// Adding a shape is a row here and its row in `docs/wire-contract.md`.
macro_rules! shape_table {
    ($callback:ident) => {
        $callback! {
            "Read" { required: ["path"], optional: ["offset", "limit"] }
            "Edit" { required: ["path"], optional: [] }
            "Write" { required: ["path"], optional: [] }
            "Delete" { required: ["path"], optional: [] }
            "List Files" { required: ["directory"], optional: ["offset", "limit"] }
            "Search" { required: ["pattern"], optional: ["path", "limit"] }
            "Run Command" { required: ["command"], optional: ["description", "cwd"] }
            "Web Fetch" { required: ["url"], optional: [] }
            "Web Search" { required: ["query"], optional: [] }
        }
    };
}
pub(crate) use shape_table;
