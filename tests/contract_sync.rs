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
    let derive: Vec<&str> = derive_contract::KEYS.iter().map(|row| row.name).collect();
    assert_eq!(derive, keys::CANONICAL);
    for row in derive_contract::KEYS {
        let expected = match row.ty {
            Some(derive_contract::KeyType::Path) => KeyType::Path,
            Some(derive_contract::KeyType::Text) => KeyType::Text,
            Some(derive_contract::KeyType::Integer) => KeyType::Integer,
            None => panic!(
                "canonical key `{}` has no type in the derive's table",
                row.name
            ),
        };
        assert_eq!(
            keys::key_type(row.name),
            Some(expected),
            "type of `{}`",
            row.name
        );
        assert_eq!(
            derive_contract::key(row.name).map(|found| found.name),
            Some(row.name)
        );
    }
    assert!(derive_contract::EXTRA.ty.is_none());
    assert_eq!(keys::key_type(derive_contract::EXTRA.name), None);
}

/// The derive names, for each key, the runtime trait that checks and converts its values:
/// every canonical key has one trait in `__private`, and it is the one the derive names.
#[test]
fn key_traits_match() {
    let mut runtime: Vec<(&str, &str)> = toolmeta::__private::KEY_TRAITS.to_vec();
    runtime.sort();
    let mut derive: Vec<(&str, &str)> = derive_contract::KEYS
        .iter()
        .map(|row| (row.name, row.project_trait))
        .collect();
    derive.sort();
    assert_eq!(derive, runtime);
    assert_eq!(
        derive_contract::EXTRA.project_trait,
        toolmeta::__private::EXTRA_TRAIT
    );
}

/// `offset` is the one key the runtime normalizes (negative dropped, `0` -> `1`): the
/// derive writes it with the `Projector`'s offset methods, every other key by name.
#[test]
fn the_normalized_key_is_offset() {
    let normalized: Vec<&str> = derive_contract::KEYS
        .iter()
        .filter(|row| row.normalized())
        .map(|row| row.name)
        .collect();
    assert_eq!(normalized, [keys::OFFSET]);
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
