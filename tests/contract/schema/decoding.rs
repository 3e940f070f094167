//! Strict decoding (`ToolMeta`) and the published JSON Schema accept exactly the same
//! envelopes (issue 26): a differential test over generated envelopes with a real draft-07
//! validator, and one test per place where the two used to disagree.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use toolmeta::{Namespace, ToolKind, ToolMeta};

const PUBLISHED: &str = include_str!("../../../toolmeta/schema/tool_meta.schema.json");

fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let schema: Value = serde_json::from_str(PUBLISHED).unwrap();
        jsonschema::draft7::new(&schema).unwrap()
    })
}

/// Whether strict decoding accepts `envelope`, from a `Value` and from its text alike.
fn decodes(envelope: &Value) -> bool {
    let from_value = serde_json::from_value::<ToolMeta>(envelope.clone()).is_ok();
    let from_str = serde_json::from_str::<ToolMeta>(&envelope.to_string()).is_ok();
    assert_eq!(from_value, from_str, "{envelope}");
    from_value
}

fn envelope() -> Value {
    json!({
        "version": 1, "name": "read_file", "kind": "read", "namespace": "grok_build",
        "label": "Read", "read_only": true, "input": {"path": "a.rs"}
    })
}

fn with(field: &str, value: Value) -> Value {
    let mut envelope = envelope();
    envelope[field] = value;
    envelope
}

/// JSON Schema's `integer` accepts `1.0`; so does the decoder now.
#[test]
fn an_integral_version_written_with_a_fraction_decodes() {
    let validator = validator();
    for version in [json!(1.0), json!(0.0), json!(4294967295.0)] {
        let envelope = with("version", version.clone());
        assert!(validator.is_valid(&envelope), "{version}");
        assert!(decodes(&envelope), "{version}");
    }
    let meta: ToolMeta = serde_json::from_str(
        r#"{"version":1.0,"name":"a","kind":"read","namespace":"codex","label":"Read","read_only":true}"#,
    )
    .unwrap();
    assert_eq!(meta.version, 1);
    for version in [json!(1.5), json!(-1.0), json!(4294967296.0)] {
        let envelope = with("version", version.clone());
        assert!(!validator.is_valid(&envelope), "{version}");
        assert!(!decodes(&envelope), "{version}");
    }
}

/// The decoder refuses a version beyond `u32`; so does the schema, with its `maximum`.
#[test]
fn a_version_beyond_u32_is_refused_by_both() {
    let validator = validator();
    for version in [json!(4294967296u64), json!(u64::MAX)] {
        let envelope = with("version", version.clone());
        assert!(!decodes(&envelope), "{version}");
        assert!(!validator.is_valid(&envelope), "{version}");
    }
    assert!(validator.is_valid(&with("version", json!(u32::MAX))));
}

/// The aliases the decoder reads are in the schema, and so are well-formed extensions.
#[test]
fn every_namespace_spelling_the_decoder_reads_is_in_the_schema() {
    let validator = validator();
    for namespace in Namespace::ALL {
        for spelling in std::iter::once(&namespace.as_str()).chain(namespace.aliases()) {
            let envelope = with("namespace", json!(spelling));
            assert!(decodes(&envelope), "{spelling}");
            assert!(validator.is_valid(&envelope), "{spelling}");
        }
    }
    for spelling in ["_forge", "_my_harness2", "_grokbuild"] {
        let envelope = with("namespace", json!(spelling));
        assert!(
            decodes(&envelope) && validator.is_valid(&envelope),
            "{spelling}"
        );
    }
    for spelling in [
        "forge",
        "grokbuild",
        "_codex",
        "_open_code",
        "_Forge",
        "_",
        "__forge",
    ] {
        let envelope = with("namespace", json!(spelling));
        assert!(
            !decodes(&envelope) && !validator.is_valid(&envelope),
            "{spelling}"
        );
    }
}

/// DESIGN §2, "A known kind fixes the label": an `edit` cannot pass as a `Read`.
#[test]
fn a_label_contradicting_its_known_kind_is_refused_by_both() {
    let validator = validator();
    let mut disguised = with("kind", json!("edit"));
    disguised["label"] = json!("Read");
    assert!(!validator.is_valid(&disguised));
    let err = serde_json::from_value::<ToolMeta>(disguised).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`label` \"Read\" contradicts `kind` `edit`, whose label is \"Edit\": a known kind fixes the label"
    );
    // `other`, an unknown kind and a case mismatch (read as `other`) leave the label free.
    for kind in ["other", "teleport", "Edit"] {
        let mut free = with("kind", json!(kind));
        free["label"] = json!("Anything");
        assert!(decodes(&free) && validator.is_valid(&free), "{kind}");
    }
    // Kinds that share a label each take it.
    for kind in ["list", "list_dir"] {
        let mut shared = with("kind", json!(kind));
        shared["label"] = json!("List Files");
        assert!(decodes(&shared) && validator.is_valid(&shared), "{kind}");
    }
}

// The generated envelopes: each field drawn from values either side may accept or refuse.

fn version() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!(1)),
        Just(json!(0)),
        Just(json!(2)),
        Just(json!(u32::MAX)),
        Just(json!(u64::from(u32::MAX) + 1)),
        Just(json!(-1)),
        Just(json!(1.0)),
        Just(json!(1.5)),
        Just(json!(-0.0)),
        Just(json!(1e10)),
        Just(json!("1")),
        Just(Value::Null),
        Just(json!(true)),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0u32..3).prop_map(|n| json!(f64::from(n))),
    ]
}

fn text() -> impl Strategy<Value = Value> {
    prop_oneof![
        "[a-z_]{0,8}".prop_map(Value::from),
        Just(json!(1)),
        Just(Value::Null),
        Just(json!(["a"])),
    ]
}

fn kind() -> impl Strategy<Value = Value> {
    let known = (0..ToolKind::ALL.len()).prop_map(|i| json!(ToolKind::ALL[i].as_str()));
    prop_oneof![
        3 => known,
        1 => Just(json!("Read")),
        1 => Just(json!("teleport")),
        1 => text(),
    ]
}

fn namespace() -> impl Strategy<Value = Value> {
    let spellings: Vec<String> = Namespace::ALL
        .iter()
        .flat_map(|ns| std::iter::once(ns.as_str()).chain(ns.aliases().iter().copied()))
        .map(str::to_owned)
        .collect();
    let first_party = proptest::sample::select(spellings.clone());
    let underscored =
        proptest::sample::select(spellings).prop_map(|spelling| format!("_{spelling}"));
    prop_oneof![
        2 => first_party.prop_map(Value::from),
        1 => underscored.prop_map(Value::from),
        2 => "_?_?[a-zA-Z0-9_-]{0,66}".prop_map(Value::from),
        1 => "_[a-z][a-z0-9_]{60,64}".prop_map(Value::from),
        1 => Just(json!("grokbuild")),
        1 => text(),
    ]
}

fn label() -> impl Strategy<Value = Value> {
    let labels = (0..ToolKind::ALL.len()).prop_map(|i| json!(ToolKind::ALL[i].label()));
    prop_oneof![3 => labels, 1 => text()]
}

fn input() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        Just(None),
        Just(Some(Value::Null)),
        Just(Some(json!({"path": "a.rs"}))),
        Just(Some(json!({}))),
        Just(Some(json!(["a.rs"]))),
        Just(Some(json!("a.rs"))),
    ]
}

prop_compose! {
    fn generated()(
        version in version(),
        name in text(),
        kind in kind(),
        namespace in namespace(),
        label in label(),
        read_only in prop_oneof![Just(json!(true)), Just(json!(false)), Just(json!("true")), Just(Value::Null)],
        input in input(),
        missing in proptest::option::of(0usize..6),
        extra in any::<bool>(),
    ) -> Value {
        let mut envelope = Map::new();
        for (i, (field, value)) in [
            ("version", version), ("name", name), ("kind", kind), ("namespace", namespace),
            ("label", label), ("read_only", read_only),
        ].into_iter().enumerate() {
            if missing != Some(i) {
                envelope.insert(field.to_owned(), value);
            }
        }
        if let Some(input) = input {
            envelope.insert("input".to_owned(), input);
        }
        if extra {
            envelope.insert("later_field".to_owned(), json!({"any": [1]}));
        }
        Value::Object(envelope)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..crate::common::proptest_config() })]

    #[test]
    fn strict_decoding_and_the_published_schema_agree(envelope in generated()) {
        let validator = validator();
        prop_assert_eq!(
            decodes(&envelope),
            validator.is_valid(&envelope),
            "decoder and schema disagree on {}",
            envelope
        );
    }
}
