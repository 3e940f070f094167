//! The published JSON Schema (`toolmeta/schema/tool_meta.schema.json`) stays in sync with
//! the types, and stays a superset of the reference schema.
//!
//! When the types change on purpose, regenerate the file and review the diff:
//!
//! ```sh
//! TOOLMETA_BLESS=1 cargo test --test contract schema::published
//! git diff toolmeta/schema/
//! ```

use std::path::Path;

use serde_json::{Value, json};
use toolmeta::{Identity, Namespace, ToolKind, ToolMeta};

/// The one environment variable that rewrites the checked-in schema.
const BLESS: &str = "TOOLMETA_BLESS";
const PUBLISHED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/toolmeta/schema/tool_meta.schema.json"
);
const REFERENCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/reference/grok_tool_meta.schema.json"
);

fn generated() -> Value {
    serde_json::to_value(toolmeta::schema::tool_meta_schema()).unwrap()
}

/// The checked-in schema; while blessing, the one being written (the tests run in parallel).
fn published() -> Value {
    if std::env::var_os(BLESS).is_some() {
        generated()
    } else {
        read_json(PUBLISHED)
    }
}

fn read_json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

/// The JSON pointers at which `a` and `b` differ (at most a few, for the message).
fn differences(a: &Value, b: &Value, at: &str, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(a), Value::Object(b)) => {
            for key in a.keys().chain(b.keys().filter(|key| !a.contains_key(*key))) {
                let at = format!("{at}/{key}");
                match (a.get(key), b.get(key)) {
                    (Some(x), Some(y)) => differences(x, y, &at, out),
                    (Some(_), None) => out.push(format!("{at}: only in the checked-in file")),
                    (None, _) => out.push(format!("{at}: only in the generated schema")),
                }
            }
        }
        _ if a != b => out.push(format!("{at}: {a} (checked in) != {b} (generated)")),
        _ => {}
    }
}

#[test]
fn published_schema_matches_the_types() {
    let generated = generated();
    let path = Path::new(PUBLISHED);
    if std::env::var_os(BLESS).is_some() {
        let text = serde_json::to_string_pretty(&generated).unwrap() + "\n";
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        eprintln!("{BLESS}: wrote {PUBLISHED}; review it with `git diff toolmeta/schema/`");
        return;
    }
    let how_to_fix = format!(
        "the published JSON Schema no longer matches the types in the `toolmeta` crate.\n\
         If the change is intended, regenerate it and review the diff:\n\n    \
         {BLESS}=1 cargo test --test contract schema::published && git diff toolmeta/schema/\n"
    );
    let checked_in = match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str::<Value>(&text)
            .unwrap_or_else(|e| panic!("{PUBLISHED} is not JSON ({e}): {how_to_fix}")),
        Err(e) => panic!("cannot read {PUBLISHED} ({e}): {how_to_fix}"),
    };
    let mut diffs = Vec::new();
    differences(&checked_in, &generated, "", &mut diffs);
    assert!(
        diffs.is_empty(),
        "{how_to_fix}\nDifferences (JSON pointer: checked in vs generated):\n  {}",
        diffs.join("\n  ")
    );
    // The same content can still be laid out differently (key order, formatting).
    let text = std::fs::read_to_string(path).unwrap();
    assert!(
        text == serde_json::to_string_pretty(&generated).unwrap() + "\n",
        "{how_to_fix}\n(Only the layout differs: key order or formatting.)"
    );
}

#[test]
fn the_drift_report_names_every_drifted_place() {
    let mut drifted = generated();
    drifted["required"] = json!(["version", "name"]);
    drifted["definitions"]["ToolNamespace"]["description"] = json!("stale");
    drifted["properties"]["extra"] = json!(true);
    drifted["properties"]
        .as_object_mut()
        .unwrap()
        .remove("input");
    let mut diffs = Vec::new();
    differences(&drifted, &generated(), "", &mut diffs);
    diffs.sort();
    assert_eq!(diffs.len(), 4, "{diffs:#?}");
    assert!(diffs[0].starts_with(
        "/definitions/ToolNamespace/description: \"stale\" (checked in) != \"The toolset"
    ));
    assert_eq!(diffs[1], "/properties/extra: only in the checked-in file");
    assert_eq!(diffs[2], "/properties/input: only in the generated schema");
    assert_eq!(
        diffs[3],
        r#"/required: ["version","name"] (checked in) != ["version","name","kind","namespace","label","read_only"] (generated)"#
    );
}

#[test]
fn schema_is_draft_07_and_itself_valid() {
    let schema = published();
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    assert!(jsonschema::draft7::meta::is_valid(&schema));
    assert_eq!(schema["type"], "object");
    assert_eq!(schema["title"], "ToolMeta");
}

/// The wire order without the optional `input`.
const REQUIRED: [&str; 6] = ["version", "name", "kind", "namespace", "label", "read_only"];

#[test]
fn required_fields_are_the_wire_order_and_input_is_optional() {
    let schema = published();
    assert_eq!(schema["required"], json!(REQUIRED));
    // The properties are exactly the fields a full envelope serializes, in that order.
    let mut meta = Identity::new("read_file", ToolKind::Read, Namespace::GrokBuild)
        .envelope()
        .to_tool_meta();
    meta.input = Some(json!({"path": "a"}));
    let text = serde_json::to_string(&meta).unwrap();
    let written: Vec<&str> = REQUIRED.iter().copied().chain(["input"]).collect();
    let mut last = 0;
    for key in &written {
        let at = text.find(&format!("\"{key}\":")).unwrap();
        assert!(at >= last, "`{key}` is out of order in {text}");
        last = at;
    }
    let properties: Vec<&str> = schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        properties, written,
        "the schema lists the fields in the wire order"
    );
    assert_eq!(
        schema["properties"]["input"]["type"],
        json!(["object", "null"])
    );
}

#[test]
fn kind_is_an_open_string_listing_every_known_kind() {
    let schema = published();
    assert_eq!(
        schema["properties"]["kind"],
        json!({"$ref": "#/definitions/ToolKind"})
    );
    let kind = &schema["definitions"]["ToolKind"];
    assert_eq!(kind["type"], "string");
    assert!(kind.get("enum").is_none(), "kind must stay open: {kind}");
    let description = kind["description"].as_str().unwrap();
    let listed = description.split("Known values: ").nth(1).unwrap();
    let expected: Vec<String> = ToolKind::ALL.iter().map(|k| format!("`{k}`")).collect();
    assert_eq!(listed, format!("{}.", expected.join(", ")));
}

/// The first-party spellings (wire names, then aliases) the published schema lists.
fn first_party_enum(schema: &Value) -> &Vec<Value> {
    schema["definitions"]["ToolNamespace"]["anyOf"][0]["enum"]
        .as_array()
        .expect("the first branch of ToolNamespace lists the first-party spellings")
}

#[test]
fn namespace_is_every_first_party_spelling_or_a_well_formed_extension() {
    let schema = published();
    assert_eq!(
        schema["properties"]["namespace"],
        json!({"$ref": "#/definitions/ToolNamespace"})
    );
    let namespace = &schema["definitions"]["ToolNamespace"];
    assert_eq!(namespace["type"], "string");
    let mut spellings: Vec<&str> = Namespace::ALL.iter().map(|ns| ns.as_str()).collect();
    spellings.extend(
        Namespace::ALL
            .iter()
            .flat_map(|ns| ns.aliases().iter().copied()),
    );
    let mut listed: Vec<&str> = first_party_enum(&schema)
        .iter()
        .map(|spelling| spelling.as_str().unwrap())
        .collect();
    listed.sort_unstable();
    spellings.sort_unstable();
    assert_eq!(listed, spellings);
    assert_eq!(
        namespace["anyOf"][1],
        json!({
            "pattern": "^_[a-z][a-z0-9_]{0,62}$",
            "not": {"enum": [
                "_grok_build", "_grok_build_concise", "_grok_build_hashline", "_codex",
                "_opencode", "_open_code", "_mcp", "_claude_code", "_gemini_cli", "_zed",
                "_goose", "_amazon_q", "_kimi_cli"
            ]}
        })
    );
    let description = namespace["description"].as_str().unwrap();
    for ns in Namespace::ALL {
        for alias in ns.aliases() {
            assert!(
                description.contains(&format!("`{alias}` for `{ns}`")),
                "alias {alias} not documented"
            );
        }
    }
}

#[test]
fn published_schema_is_a_superset_of_the_reference() {
    let ours = published();
    let reference = read_json(REFERENCE);
    assert_eq!(ours["$schema"], reference["$schema"]);
    assert_eq!(
        ours["required"], reference["required"],
        "required fields differ"
    );
    let names = |schema: &Value| -> Vec<String> {
        let mut keys: Vec<String> = schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        keys.sort();
        keys
    };
    assert_eq!(names(&ours), names(&reference), "field sets differ");
    assert_eq!(
        ours["properties"]["version"]["type"],
        reference["properties"]["version"]["type"]
    );
    assert_eq!(
        ours["properties"]["version"]["minimum"],
        reference["properties"]["version"]["minimum"]
    );
    let reference_namespaces = reference["definitions"]["ToolNamespace"]["enum"]
        .as_array()
        .unwrap();
    let aliases: Vec<Value> = Namespace::ALL
        .iter()
        .flat_map(|ns| ns.aliases().iter().map(|alias| json!(alias)))
        .collect();
    let our_namespaces: Vec<Value> = first_party_enum(&ours)
        .iter()
        .filter(|spelling| !aliases.contains(spelling))
        .cloned()
        .collect();
    for namespace in reference_namespaces {
        assert!(
            our_namespaces.contains(namespace),
            "reference namespace {namespace} is missing from ours"
        );
    }
    // Only toolmeta's added namespaces (its catalog's, and the public Rust harnesses') are
    // extra, and the crate knows which ones they are.
    let extra: Vec<&Value> = our_namespaces
        .iter()
        .filter(|ns| !reference_namespaces.contains(ns))
        .collect();
    assert_eq!(
        extra,
        [
            &json!("claude_code"),
            &json!("gemini_cli"),
            &json!("zed"),
            &json!("goose"),
            &json!("amazon_q"),
            &json!("qwen_code"),
            &json!("kimi_cli")
        ]
    );
    for ns in Namespace::ALL {
        assert_eq!(
            ns.in_reference_schema(),
            reference_namespaces.contains(&json!(ns.as_str())),
            "Namespace::in_reference_schema is wrong for {ns}"
        );
    }
    // Both keep `kind` open.
    assert_eq!(reference["definitions"]["ToolKind"]["type"], "string");
    assert!(reference["definitions"]["ToolKind"].get("enum").is_none());
}

#[test]
fn published_schema_is_reachable_from_the_library() {
    // Not a tautology: the checked-in file is generated by this function (see the drift test),
    // and a user of the `schemars` feature gets the same document.
    let meta: ToolMeta = serde_json::from_value(json!({
        "version": 1, "name": "x", "kind": "read", "namespace": "codex", "label": "Read", "read_only": true
    }))
    .unwrap();
    let validator = jsonschema::draft7::new(&generated()).unwrap();
    assert!(validator.is_valid(&serde_json::to_value(&meta).unwrap()));
}

/// The kinds a schema's `ToolKind` description lists as known.
fn listed_kinds(schema: &Value) -> Vec<String> {
    let description = schema["definitions"]["ToolKind"]["description"]
        .as_str()
        .unwrap();
    let list = description.split("Known values: ").nth(1).unwrap();
    list.trim_end_matches('.')
        .split(", ")
        .map(|kind| kind.trim_matches('`').to_owned())
        .collect()
}

#[test]
fn the_reference_lists_a_subset_of_the_known_kinds() {
    let ours = listed_kinds(&published());
    let reference = listed_kinds(&read_json(REFERENCE));
    let omitted: Vec<&str> = ours
        .iter()
        .filter(|kind| !reference.contains(kind))
        .map(String::as_str)
        .collect();
    assert!(
        reference.iter().all(|kind| ours.contains(kind)),
        "{reference:?}"
    );
    // Kinds of the contract (DESIGN.md section 2) that the reference's description leaves
    // out; `kind` is an open string there, so envelopes of these kinds still validate.
    assert_eq!(
        omitted,
        [
            "active_agent_message",
            "init_or_update_app",
            "feedback",
            "sessions_list",
            "sessions_send"
        ]
    );
}

// The catalog's data export (`toolmeta catalog --json`) and its published schema.

const CATALOG_SCHEMA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/toolmeta/schema/catalog.schema.json"
);
const SHIPPED_CATALOG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/toolmeta/catalog/catalog.json");

fn generated_catalog_schema() -> Value {
    serde_json::to_value(toolmeta::schema::catalog_schema()).unwrap()
}

#[test]
fn published_catalog_schema_matches_the_types() {
    let generated = generated_catalog_schema();
    let text = serde_json::to_string_pretty(&generated).unwrap() + "\n";
    if std::env::var_os(BLESS).is_some() {
        std::fs::write(CATALOG_SCHEMA, text).unwrap();
        eprintln!("{BLESS}: wrote {CATALOG_SCHEMA}; review it with `git diff toolmeta/schema/`");
        return;
    }
    let how_to_fix = format!(
        "the published catalog schema no longer matches the export's types \
         (toolmeta::catalog::export).\nIf the change is intended, regenerate it, review the \
         diff, and say in docs/catalog.md whether the format version bumps:\n\n    \
         {BLESS}=1 cargo test --test contract schema::published && git diff toolmeta/schema/\n"
    );
    let checked_in = std::fs::read_to_string(CATALOG_SCHEMA)
        .unwrap_or_else(|e| panic!("cannot read {CATALOG_SCHEMA} ({e}): {how_to_fix}"));
    let mut diffs = Vec::new();
    differences(
        &serde_json::from_str(&checked_in).unwrap_or(Value::Null),
        &generated,
        "",
        &mut diffs,
    );
    assert!(
        diffs.is_empty() && checked_in == text,
        "{how_to_fix}\nDifferences (JSON pointer: checked in vs generated):\n  {}",
        diffs.join("\n  ")
    );
}

fn catalog_validator() -> jsonschema::Validator {
    let schema = published_catalog_schema();
    assert!(
        jsonschema::draft7::meta::is_valid(&schema),
        "not a draft-07 schema"
    );
    jsonschema::draft7::new(&schema).unwrap()
}

fn published_catalog_schema() -> Value {
    if std::env::var_os(BLESS).is_some() {
        generated_catalog_schema()
    } else {
        read_json(CATALOG_SCHEMA)
    }
}

#[test]
fn the_shipped_catalog_validates_against_its_schema() {
    let validator = catalog_validator();
    let shipped = read_json(SHIPPED_CATALOG);
    let errors: Vec<String> = validator
        .iter_errors(&shipped)
        .take(5)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The schema says what a reader may rely on: a document that breaks it is refused.
#[test]
fn the_catalog_schema_refuses_what_breaks_the_format() {
    let validator = catalog_validator();
    let shipped = read_json(SHIPPED_CATALOG);
    let broken = |pointer: &str, value: Option<Value>| {
        let mut document = shipped.clone();
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        let object = document
            .pointer_mut(parent)
            .unwrap()
            .as_object_mut()
            .unwrap();
        match value {
            Some(value) => object.insert(key.to_owned(), value),
            None => object.remove(key),
        };
        document
    };
    for (pointer, value) in [
        ("/format_version", None),
        ("/format_version", Some(json!("1"))),
        ("/harnesses/0/tools/0/name", None),
        (
            "/harnesses/0/tools/0/projection/0/accepts",
            Some(json!({"type": "text"})),
        ),
        ("/harnesses/0/tools/0/effects/read_only", Some(json!("no"))),
        (
            "/harnesses/0/recognise/tool_call_ids",
            Some(json!("toolu_{any}")),
        ),
        ("/harnesses/1/recognise/event_keys", None),
        ("/harnesses/1/recognise/event_keys", Some(json!("call_id"))),
    ] {
        let document = broken(pointer, value.clone());
        assert!(
            !validator.is_valid(&document),
            "{pointer} = {value:?} passed"
        );
    }
    // A field a later version adds is not a break.
    let mut document = shipped.clone();
    document["harnesses"][0]["tools"][0]["effects"]["destructive"] = json!(false);
    assert!(validator.is_valid(&document));
}
