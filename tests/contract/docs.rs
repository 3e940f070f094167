//! `docs/wire-contract.md` says what the code does: its tables of namespaces, kinds, keys
//! and label shapes are read back and compared with the runtime's own tables.

use toolmeta::{Effects, LabelShape, Namespace, ToolKind, keys};

const DOC: &str = include_str!("../../docs/wire-contract.md");

/// The rows of the table under `## {heading}`, as trimmed cells, header and rule excluded.
fn table(heading: &str) -> Vec<Vec<String>> {
    let section = DOC
        .split(&format!("\n## {heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("docs/wire-contract.md has a `## {heading}` section"));
    section
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .skip(2)
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().to_owned())
                .collect()
        })
        .collect()
}

/// The code-formatted names in one cell: "`a`, `b`" -> ["a", "b"].
fn names(cell: &str) -> Vec<String> {
    cell.split(',')
        .map(|name| name.trim().trim_matches('`').to_owned())
        .filter(|name| !name.is_empty())
        .collect()
}

#[test]
fn the_kinds_table_is_the_runtime_table_in_order() {
    let documented: Vec<(String, String, bool)> = table("Kinds")
        .into_iter()
        .map(|row| {
            (
                row[0].trim_matches('`').to_owned(),
                row[1].clone(),
                row[2] == "yes",
            )
        })
        .collect();
    let code: Vec<(String, String, bool)> = ToolKind::ALL
        .iter()
        .map(|kind| {
            (
                kind.as_str().to_owned(),
                kind.label().to_owned(),
                kind.is_read_only(),
            )
        })
        .collect();
    assert_eq!(documented, code);
}

#[test]
fn the_effects_table_is_the_runtime_table_in_order_with_the_tables_reasons() {
    let yes = |cell: &str| match cell {
        "yes" => true,
        "no" => false,
        other => panic!("an effects cell says `{other}`, not yes or no"),
    };
    let rows = table("Effects");
    let documented: Vec<(String, bool, bool, bool, bool)> = rows
        .iter()
        .map(|row| {
            (
                row[0].trim_matches('`').to_owned(),
                yes(&row[1]),
                yes(&row[2]),
                yes(&row[3]),
                yes(&row[4]),
            )
        })
        .collect();
    let code: Vec<(String, bool, bool, bool, bool)> = ToolKind::ALL
        .iter()
        .map(|kind| {
            let Effects {
                read_only,
                destructive,
                idempotent,
                open_world,
                ..
            } = kind.effects();
            (
                kind.as_str().to_owned(),
                read_only,
                destructive,
                idempotent,
                open_world,
            )
        })
        .collect();
    assert_eq!(documented, code);
    // Each row's reason is the kind table's own (`effects_why`), in the same order.
    const TABLE: &str = include_str!("../../toolmeta/src/contract/shared/kinds.rs");
    let reasons: Vec<&str> = TABLE
        .split("effects_why: \"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    let documented: Vec<&str> = rows.iter().map(|row| row[5].as_str()).collect();
    assert_eq!(documented, reasons);
}

#[test]
fn the_namespaces_table_is_the_closed_set_with_its_aliases() {
    let rows = table("Namespaces");
    let documented: Vec<String> = rows
        .iter()
        .map(|row| row[0].trim_matches('`').to_owned())
        .collect();
    let code: Vec<&str> = Namespace::ALL
        .iter()
        .map(|namespace| namespace.as_str())
        .collect();
    assert_eq!(documented, code);
    for row in &rows {
        let namespace: Namespace = row[0].trim_matches('`').parse().unwrap();
        for alias in names(&row[1]) {
            assert_eq!(alias.parse::<Namespace>(), Ok(namespace), "alias {alias}");
        }
    }
    let in_reference: Vec<&str> = Namespace::ALL
        .iter()
        .filter(|namespace| namespace.in_reference_schema())
        .map(|namespace| namespace.as_str())
        .collect();
    assert_eq!(
        in_reference,
        &code[..6],
        "the first six are the reference schema's"
    );
}

#[test]
fn the_label_shapes_table_is_the_runtime_table() {
    let documented: Vec<(String, Vec<String>, Vec<String>)> = table("Label shapes")
        .into_iter()
        .map(|row| (row[0].clone(), names(&row[1]), names(&row[2])))
        .collect();
    let code: Vec<(String, Vec<String>, Vec<String>)> = LabelShape::ALL
        .iter()
        .map(|shape| {
            let owned = |keys: &[&str]| keys.iter().map(|key| (*key).to_owned()).collect();
            (
                shape.label.to_owned(),
                owned(shape.required),
                owned(shape.optional),
            )
        })
        .collect();
    assert_eq!(documented, code);
}

#[test]
fn the_key_types_table_covers_every_canonical_key_once() {
    let mut documented: Vec<(String, String)> = Vec::new();
    for row in table("Canonical input keys") {
        for key in names(&row[0]) {
            documented.push((key, row[1].clone()));
        }
    }
    let mut keys_in_doc: Vec<&str> = documented.iter().map(|(key, _)| key.as_str()).collect();
    keys_in_doc.sort_unstable();
    let mut canonical = keys::CANONICAL.to_vec();
    canonical.sort_unstable();
    assert_eq!(keys_in_doc, canonical);
    for (key, carries) in &documented {
        let expected = match keys::key_type(key).unwrap() {
            keys::KeyType::Path => "a path",
            keys::KeyType::Text => "a string",
            keys::KeyType::Integer => "an integer",
            other => panic!("{key}: a key type this test does not know: {other:?}"),
        };
        assert!(carries.starts_with(expected), "{key}: {carries}");
    }
}

// `docs/catalog.md` says what the data export carries: every field of the document, of a
// harness, a tool, a projection entry; every conversion and placeholder.

const CATALOG_DOC: &str = include_str!("../../docs/catalog.md");

/// The first column of the table under `heading` (a `## ` or `### ` heading), as code names.
fn catalog_table(heading: &str) -> Vec<String> {
    let section = CATALOG_DOC
        .split(&format!("\n{heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("docs/catalog.md has `{heading}`"));
    section
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .skip(2)
        .flat_map(|line| names(line.trim_matches('|').split('|').next().unwrap()))
        .collect()
}

/// The property names of the schema definition `name` (the root for `None`).
fn schema_properties(name: Option<&str>) -> Vec<String> {
    let schema = serde_json::to_value(toolmeta::schema::catalog_schema()).unwrap();
    let definition = match name {
        Some(name) => &schema["definitions"][name],
        None => &schema,
    };
    definition["properties"]
        .as_object()
        .unwrap_or_else(|| panic!("{name:?} has properties"))
        .keys()
        .cloned()
        .collect()
}

#[test]
fn the_catalog_format_documents_every_field() {
    let sorted = |mut names: Vec<String>| {
        names.sort();
        names
    };
    for (heading, definition) in [
        ("## The document", None),
        ("### A harness", Some("HarnessData")),
        ("### A tool", Some("ToolData")),
    ] {
        let documented: Vec<String> = catalog_table(heading)
            .into_iter()
            .flat_map(|cell| cell.split(", ").map(str::to_owned).collect::<Vec<_>>())
            .collect();
        assert_eq!(
            sorted(documented),
            sorted(schema_properties(definition)),
            "{heading}"
        );
    }
    assert_eq!(
        sorted(catalog_table("`recognise`:")),
        sorted(schema_properties(Some("RecognitionData")))
    );
    assert_eq!(
        sorted(catalog_table("A `projection` entry:")),
        sorted(schema_properties(Some("ProjectionData")))
    );
}

#[test]
fn the_catalog_format_documents_every_conversion_and_placeholder() {
    let conversions: Vec<&str> = toolmeta::convert::Conversion::ALL
        .iter()
        .map(|conversion| conversion.name())
        .collect();
    assert_eq!(catalog_table("### Conversions"), conversions);
    let placeholders: Vec<String> = toolmeta::recognition::Pattern::PLACEHOLDERS
        .iter()
        .map(|(name, _, _)| format!("{{{name}}}"))
        .collect();
    assert_eq!(catalog_table("### Formats"), placeholders);
    let data = toolmeta::catalog::export::catalog_data().unwrap();
    for placeholder in &data.placeholders {
        assert!(
            CATALOG_DOC.contains(&format!("`{}`", placeholder.regex)),
            "the regex of {{{}}} is documented",
            placeholder.name
        );
    }
}

/// The extension-namespace rules table: every example is accepted or refused as its row says.
#[test]
fn the_extension_namespace_rules_are_the_runtime_rules() {
    let rows = table("Extension namespaces");
    assert_eq!(rows.len(), 7);
    for row in &rows[..6] {
        let accepted = match row[2].split(':').next().unwrap().split(',').next().unwrap() {
            "accepted" => true,
            "refused" => false,
            other => panic!("outcome {other:?} of {row:?}"),
        };
        let examples: Vec<String> = row[1]
            .split(',')
            .map(|example| example.trim())
            .filter(|example| example.starts_with('`'))
            .map(|example| example.trim_matches('`').to_owned())
            .collect();
        assert!(!examples.is_empty(), "{row:?}");
        for example in examples {
            assert_eq!(
                Namespace::from_wire(&example).is_some(),
                accepted,
                "`{example}` in {row:?}"
            );
        }
    }
    let too_long = format!("_{}", "a".repeat(64));
    assert_eq!(Namespace::from_wire(&too_long), None);
    assert!(Namespace::from_wire(&too_long[..64]).is_some());
}
