//! The derive keeps its own copy of the contract tables (a proc-macro crate cannot depend on
//! the runtime crate). This test compiles that copy into the test and compares it, row by
//! row, with the runtime's tables: any drift fails here.

#[allow(dead_code)]
#[path = "../toolmeta-derive/src/contract.rs"]
mod derive_contract;

use toolmeta::keys::{self, KeyType};
use toolmeta::{LabelShape, Namespace, ToolKind};

#[test]
fn kinds_match() {
    let runtime: Vec<(String, String, &str, bool)> = ToolKind::ALL
        .iter()
        .map(|kind| {
            (
                kind.as_str().to_owned(),
                format!("{kind:?}"),
                kind.label(),
                kind.is_read_only(),
            )
        })
        .collect();
    let derive: Vec<(String, String, &str, bool)> = derive_contract::KINDS
        .iter()
        .map(|kind| {
            (
                kind.wire.to_owned(),
                kind.variant.to_owned(),
                kind.label,
                kind.read_only,
            )
        })
        .collect();
    assert_eq!(derive, runtime);
    assert_eq!(
        ToolKind::from_wire(derive_contract::OTHER_KIND),
        Some(ToolKind::Other)
    );
}

#[test]
fn namespaces_match() {
    let runtime: Vec<(&str, String, Vec<&str>)> = Namespace::ALL
        .iter()
        .map(|namespace| {
            (
                namespace.as_str(),
                format!("{namespace:?}"),
                namespace.aliases().to_vec(),
            )
        })
        .collect();
    let derive: Vec<(&str, String, Vec<&str>)> = derive_contract::NAMESPACES
        .iter()
        .map(|namespace| {
            (
                namespace.wire,
                namespace.variant.to_owned(),
                namespace.aliases.to_vec(),
            )
        })
        .collect();
    assert_eq!(derive, runtime);
}

#[test]
fn canonical_keys_match() {
    let derive: Vec<&str> = derive_contract::KEYS.iter().map(|(key, _)| *key).collect();
    assert_eq!(derive, keys::CANONICAL);
    for (key, ty) in derive_contract::KEYS {
        let expected = match ty {
            derive_contract::KeyType::Path => KeyType::Path,
            derive_contract::KeyType::Text => KeyType::Text,
            derive_contract::KeyType::Integer => KeyType::Integer,
        };
        assert_eq!(keys::key_type(key), Some(expected), "type of `{key}`");
    }
    assert_eq!(derive_contract::OFFSET_KEY, keys::OFFSET);
}

#[test]
fn label_shapes_match() {
    let runtime: Vec<(&str, &[&str], &[&str])> = LabelShape::ALL
        .iter()
        .map(|shape| (shape.label, shape.required, shape.optional))
        .collect();
    let derive: Vec<(&str, &[&str], &[&str])> = derive_contract::SHAPES
        .iter()
        .map(|shape| (shape.label, shape.required, shape.optional))
        .collect();
    assert_eq!(derive, runtime);
    for shape in derive_contract::SHAPES {
        assert_eq!(LabelShape::of(shape.label).label, shape.label);
    }
    assert!(derive_contract::shape("Plan").is_none() && LabelShape::of("Plan").open);
}

#[test]
fn payload_names_match_up_to_case_underscores_and_dashes() {
    for (name, payload) in [
        ("content", "content"),
        ("oldString", "old_string"),
        ("NewStr", "new_str"),
        ("file-text", "file_text"),
        ("PATCH_TEXT", "patch_text"),
        ("todos", "todos"),
    ] {
        assert_eq!(derive_contract::payload_name(name), Some(payload), "{name}");
    }
    for name in [
        "contents_len",
        "context",
        "patches",
        "todo",
        "",
        "old",
        "diffs",
    ] {
        assert_eq!(derive_contract::payload_name(name), None, "{name}");
    }
}
