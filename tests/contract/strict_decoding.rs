//! Strict decoding of the envelope (`ToolMeta`): closed where the contract is closed, open
//! where it is open, errors that name the offending field, and no panic on any input.

use proptest::prelude::*;
use serde_json::{Value, json};
use toolmeta::{Identity, Namespace, ToolKind, ToolMeta};

const FIELDS: [&str; 7] = [
    "version",
    "name",
    "kind",
    "namespace",
    "label",
    "read_only",
    "input",
];

fn envelope() -> Value {
    json!({
        "version": 1, "name": "read_file", "kind": "read", "namespace": "grok_build",
        "label": "Read", "read_only": true, "input": {"path": "src/main.rs", "offset": 1}
    })
}

fn with(field: &str, value: Value) -> Value {
    let mut envelope = envelope();
    envelope[field] = value;
    envelope
}

/// Decodes through both entry points (`from_str` adds the position) and checks they agree.
fn decode(envelope: &Value) -> Result<ToolMeta, String> {
    let from_value = serde_json::from_value::<ToolMeta>(envelope.clone());
    let from_str = serde_json::from_str::<ToolMeta>(&envelope.to_string());
    match (from_value, from_str) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b);
            Ok(a)
        }
        (Err(a), Err(b)) => {
            let (a, b) = (a.to_string(), b.to_string());
            assert!(
                b.starts_with(&a),
                "from_str says {b:?}, from_value says {a:?}"
            );
            assert!(b.contains(" at line 1 column "), "{b}");
            Err(a)
        }
        (a, b) => panic!("from_value and from_str disagree on {envelope}: {a:?} / {b:?}"),
    }
}

#[test]
fn a_valid_envelope_decodes() {
    let meta = decode(&envelope()).unwrap();
    assert_eq!(meta.version, 1);
    assert_eq!(meta.name, "read_file");
    assert_eq!(meta.kind, ToolKind::Read);
    assert_eq!(meta.namespace, Namespace::GrokBuild);
    assert_eq!(meta.label, "Read");
    assert!(meta.read_only);
    assert_eq!(
        meta.input,
        Some(json!({"path": "src/main.rs", "offset": 1}))
    );
}

#[test]
fn unknown_kind_decodes_to_other() {
    for kind in ["teleport", "", "read ", "list-dir", "future_kind_v2"] {
        let meta = decode(&with("kind", json!(kind))).unwrap();
        assert_eq!(meta.kind, ToolKind::Other, "{kind:?}");
        // The rest of the envelope is kept as sent: the label is not re-derived.
        assert_eq!(meta.label, "Read");
    }
}

#[test]
fn kind_matching_is_case_sensitive() {
    for kind in ["Read", "READ", "List_Dir", "WebFetch", "Other"] {
        assert_eq!(
            decode(&with("kind", json!(kind))).unwrap().kind,
            ToolKind::Other,
            "{kind}"
        );
    }
}

#[test]
fn every_known_kind_decodes_to_itself() {
    for &kind in ToolKind::ALL {
        let mut envelope = with("kind", json!(kind.as_str()));
        envelope["label"] = json!(kind.label());
        assert_eq!(decode(&envelope).unwrap().kind, kind);
    }
}

#[test]
fn unknown_namespace_is_an_error_naming_the_value_and_what_would_be_right() {
    const FIRST_PARTY: &str = "(`grok_build`, `grok_build_concise`, `grok_build_hashline`, `codex`, `opencode`, `mcp`, `claude_code`, `gemini_cli`, `zed`, `goose`, `amazon_q`, `qwen_code` or `kimi_cli`)";
    let bare = |value: &str, advice: &str| {
        format!(
            "unknown namespace `{value}`: it is not first-party {FIRST_PARTY}; a harness without a first-party namespace writes its own extension namespace, `{advice}`"
        )
    };
    let near =
        |value: &str, meant: &str| format!("unknown namespace `{value}`; did you mean `{meant}`?");
    for (namespace, expected) in [
        ("cursor", bare("cursor", "_cursor")),
        ("", bare("", "_yourname")),
        ("mcp_server", bare("mcp_server", "_mcp_server")),
        ("other", bare("other", "_other")),
        ("Grok_Build", near("Grok_Build", "grok_build")),
        ("grok_build ", near("grok_build ", "grok_build")),
        ("Mcp", near("Mcp", "mcp")),
        (
            "_codex",
            "`_codex` is spelled as the first-party namespace `codex`, which an extension namespace cannot take; did you mean `codex`?".to_owned(),
        ),
        (
            "_Forge",
            "`_Forge` is not a well-formed extension namespace: an extension namespace is `_` followed by a lowercase ASCII letter (`^_[a-z][a-z0-9_]{0,62}$`); did you mean `_forge`?".to_owned(),
        ),
    ] {
        let err = decode(&with("namespace", json!(namespace))).unwrap_err();
        let expected = format!("`namespace`: {expected}");
        assert!(err.starts_with(&expected), "{err}\nexpected {expected}");
    }
}

#[test]
fn every_spelling_of_every_namespace_decodes() {
    // The contract's table (DESIGN.md section 2), written out independently of the crate.
    let table: [(&str, &[&str], Namespace); 13] = [
        ("grok_build", &["GrokBuild"], Namespace::GrokBuild),
        (
            "grok_build_concise",
            &["GrokBuildConcise"],
            Namespace::GrokBuildConcise,
        ),
        (
            "grok_build_hashline",
            &["GrokBuildHashline"],
            Namespace::GrokBuildHashline,
        ),
        ("codex", &["Codex"], Namespace::Codex),
        ("opencode", &["OpenCode", "open_code"], Namespace::OpenCode),
        ("mcp", &["MCP"], Namespace::Mcp),
        ("claude_code", &["ClaudeCode"], Namespace::ClaudeCode),
        ("gemini_cli", &["GeminiCli"], Namespace::GeminiCli),
        ("zed", &["Zed"], Namespace::Zed),
        ("goose", &["Goose"], Namespace::Goose),
        ("amazon_q", &["AmazonQ"], Namespace::AmazonQ),
        (
            "qwen_code",
            &["QwenCode", "_qwen_code"],
            Namespace::QwenCode,
        ),
        (
            "kimi_cli",
            &["KimiCli", "_kimi_code_cli"],
            Namespace::KimiCli,
        ),
    ];
    assert_eq!(table.len(), Namespace::ALL.len());
    for (wire, aliases, namespace) in table {
        assert_eq!(namespace.as_str(), wire);
        assert_eq!(namespace.aliases(), aliases);
        for spelling in std::iter::once(&wire).chain(aliases) {
            let meta = decode(&with("namespace", json!(spelling))).unwrap();
            assert_eq!(meta.namespace, namespace, "{spelling}");
            // Written back canonically.
            assert_eq!(serde_json::to_value(&meta).unwrap()["namespace"], wire);
        }
    }
}

#[test]
fn a_missing_required_field_is_an_error_naming_it() {
    for field in &FIELDS[..6] {
        let mut envelope = envelope();
        envelope.as_object_mut().unwrap().remove(*field);
        assert_eq!(
            decode(&envelope).unwrap_err(),
            format!("missing field `{field}`")
        );
    }
}

#[test]
fn a_wrong_type_is_an_error_naming_the_field() {
    let cases: &[(&str, Value, &str)] = &[
        ("version", json!("1"), r#"invalid type: string "1""#),
        ("version", json!(-1), "invalid value: integer `-1`"),
        ("version", json!(1.5), "invalid value: floating point `1.5`"),
        (
            "version",
            json!(4_294_967_296_u64),
            "invalid value: integer `4294967296`",
        ),
        ("version", json!(null), "invalid type: null"),
        ("name", json!(7), "invalid type: integer `7`"),
        ("name", json!(null), "invalid type: null"),
        ("name", json!(["read_file"]), "invalid type: sequence"),
        ("kind", json!(5), "invalid type: integer `5`"),
        ("kind", json!(null), "invalid type: null"),
        ("kind", json!({"read": true}), "invalid type: map"),
        ("namespace", json!(1), "invalid type: integer `1`"),
        ("namespace", json!(null), "invalid type: null"),
        ("namespace", json!(["grok_build"]), "invalid type: sequence"),
        ("label", json!(false), "invalid type: boolean `false`"),
        ("label", json!(null), "invalid type: null"),
        ("read_only", json!("true"), r#"invalid type: string "true""#),
        ("read_only", json!(1), "invalid type: integer `1`"),
        ("read_only", json!(null), "invalid type: null"),
        ("input", json!(5), "invalid type: integer `5`"),
        (
            "input",
            json!("src/main.rs"),
            r#"invalid type: string "src/main.rs""#,
        ),
        ("input", json!(["src/main.rs"]), "invalid type: sequence"),
        ("input", json!(true), "invalid type: boolean `true`"),
    ];
    for (field, value, problem) in cases {
        let err = decode(&with(field, value.clone())).unwrap_err();
        assert!(
            err.starts_with(&format!("{problem}, expected `{field}`: ")),
            "{field} = {value}: {err}"
        );
    }
}

#[test]
fn input_null_or_absent_is_none() {
    assert_eq!(decode(&with("input", Value::Null)).unwrap().input, None);
    let mut envelope = envelope();
    envelope.as_object_mut().unwrap().remove("input");
    assert_eq!(decode(&envelope).unwrap().input, None);
    // An empty object is an input, and kept.
    assert_eq!(
        decode(&with("input", json!({}))).unwrap().input,
        Some(json!({}))
    );
}

#[test]
fn extra_unknown_fields_are_ignored() {
    let mut envelope = envelope();
    let object = envelope.as_object_mut().unwrap();
    object.insert(
        "added_in_v1_1".into(),
        json!({"nested": [1, 2, {"deep": null}]}),
    );
    object.insert("Version".into(), json!("not the version field"));
    object.insert("x.ai/tool".into(), json!(null));
    let meta = decode(&envelope).unwrap();
    assert_eq!(meta, decode(&self::envelope()).unwrap());
}

#[test]
fn a_duplicated_field_is_an_error_naming_it() {
    let text = r#"{"version":1,"name":"a","name":"b","kind":"read","namespace":"codex","label":"Read","read_only":true}"#;
    let err = serde_json::from_str::<ToolMeta>(text)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("duplicate field `name`"), "{err}");
}

#[test]
fn only_an_object_is_an_envelope() {
    // serde's derive would also read a sequence of the field values; the envelope does not.
    let sequence = json!([1, "read_file", "read", "grok_build", "Read", true]);
    for value in [
        sequence,
        json!("read_file"),
        json!(1),
        json!(null),
        json!(true),
    ] {
        let err = decode(&value).unwrap_err();
        assert!(
            err.ends_with("expected a tool-identity envelope object"),
            "{value}: {err}"
        );
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let depth = 100_000;
    for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
        let nested = format!("{}1{}", open.repeat(depth), close.repeat(depth));
        let text = format!(
            r#"{{"version":1,"name":"a","kind":"read","namespace":"mcp","label":"Read","read_only":true,"input":{{"deep":{nested}}}}}"#
        );
        let err = serde_json::from_str::<ToolMeta>(&text)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("recursion limit exceeded"), "{err}");
        assert!(serde_json::from_str::<ToolMeta>(&nested).is_err());
    }
}

#[test]
fn a_later_version_still_decodes() {
    // The version is carried, not judged: a reader decides what to do with a v2 envelope.
    assert_eq!(decode(&with("version", json!(2))).unwrap().version, 2);
}

#[test]
fn every_envelope_round_trips() {
    for &namespace in Namespace::ALL {
        for &kind in ToolKind::ALL {
            let mut meta = Identity::new(kind.as_str(), kind, namespace)
                .envelope()
                .to_tool_meta();
            for input in [None, Some(json!({"path": "a", "limit": 3, "x_extra": [1]}))] {
                meta.input = input;
                let text = serde_json::to_string(&meta).unwrap();
                let back: ToolMeta = serde_json::from_str(&text).unwrap();
                assert_eq!(back, meta);
                assert_eq!(serde_json::to_string(&back).unwrap(), text);
            }
        }
    }
}

/// Any JSON value, nested a few levels.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
            "read",
            "Read",
            "grok_build",
            "GrokBuild",
            "MCP",
            "cursor",
            "version",
            "input",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        let key = prop_oneof![
            prop::sample::select(FIELDS.to_vec()).prop_map(str::to_owned),
            "\\PC{0,8}",
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::btree_map(key, inner, 0..8)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(crate::common::proptest_config())]

    #[test]
    fn no_json_value_makes_decoding_panic(value in any_json()) {
        let _ = serde_json::from_value::<ToolMeta>(value.clone());
        let _ = serde_json::from_slice::<ToolMeta>(&serde_json::to_vec(&value).unwrap());
    }

    #[test]
    fn no_bytes_make_decoding_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        let _ = serde_json::from_slice::<ToolMeta>(&bytes);
    }

    #[test]
    fn no_truncation_of_a_valid_envelope_makes_decoding_panic(cut in 0_usize..160) {
        let text = serde_json::to_vec(&envelope()).unwrap();
        let _ = serde_json::from_slice::<ToolMeta>(&text[..cut.min(text.len())]);
    }

    /// Corrupting one field of a valid envelope either still decodes or fails with an error
    /// that names that field.
    #[test]
    fn a_corrupted_field_is_named_in_the_error(
        field in prop::sample::select(FIELDS.to_vec()),
        value in any_json(),
    ) {
        match decode(&with(field, value.clone())) {
            Ok(meta) => {
                let rewritten = serde_json::to_value(&meta).unwrap();
                if field != "input" || !value.is_null() {
                    // What decoded is what was sent, up to the closed set's canonical spelling,
                    // the open set's `other`, and an integral `version` written as a float
                    // (`1.0`, which JSON Schema's `integer` accepts too).
                    match field {
                        "kind" => prop_assert_eq!(rewritten["kind"].as_str(), Some(meta.kind.as_str())),
                        "namespace" => prop_assert_eq!(rewritten["namespace"].as_str(), Some(meta.namespace.as_str())),
                        "version" => prop_assert_eq!(rewritten["version"].as_f64(), value.as_f64()),
                        _ => prop_assert_eq!(&rewritten[field], &value),
                    }
                }
            }
            // A kind or label may contradict the other: the error names both.
            Err(message) => prop_assert!(
                message.contains(&format!("`{field}`")),
                "{} = {}: {}", field, value, message
            ),
        }
    }
}
