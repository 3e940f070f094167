//! The loose reader: every JSON object reads, a wrong-typed field is ignored and the rest
//! kept, the namespace is a plain string, unknown kinds are `other`, and a known kind
//! supplies the missing label.

use serde_json::{Value, json};
use toolmeta::client::LooseMeta;
use toolmeta::{TOOL_META_KEY, ToolKind};

fn read(value: &Value) -> LooseMeta<'_> {
    LooseMeta::from_value(value).expect("an object always reads")
}

fn owned(value: Value) -> LooseMeta<'static> {
    read(&value).into_owned()
}

#[test]
fn a_complete_envelope_reads_every_field() {
    let envelope = json!({
        "version": 1, "name": "read_file", "kind": "read", "namespace": "grok_build",
        "label": "Read", "read_only": true, "input": {"path": "src/main.rs", "offset": 1}
    });
    let meta = read(&envelope);
    assert_eq!(meta.version, Some(1));
    assert_eq!(meta.name.as_deref(), Some("read_file"));
    assert_eq!(meta.kind, Some(ToolKind::Read));
    assert_eq!(meta.namespace.as_deref(), Some("grok_build"));
    assert_eq!(meta.label.as_deref(), Some("Read"));
    assert_eq!(meta.read_only, Some(true));
    assert_eq!(
        meta.input.as_ref().map(|raw| raw.get()),
        Some(r#"{"path":"src/main.rs","offset":1}"#)
    );
    assert!(meta.has_identity());
}

#[test]
fn text_input_keeps_the_wire_order_of_the_input_keys() {
    let meta: LooseMeta<'_> =
        serde_json::from_str(r#"{"kind":"search","input":{"pattern":"RETRIES","path":"src"}}"#)
            .unwrap();
    assert_eq!(
        meta.input.unwrap().get(),
        r#"{"pattern":"RETRIES","path":"src"}"#
    );
}

#[test]
fn each_wrong_typed_field_is_ignored_and_the_rest_kept() {
    let wrong: [(&str, Value); 7] = [
        ("version", json!("1")),
        ("name", json!(7)),
        ("kind", json!(["read"])),
        ("namespace", json!({"id": "grok_build"})),
        ("label", json!(false)),
        ("read_only", json!("true")),
        ("input", json!(["src/main.rs"])),
    ];
    let good = json!({
        "version": 1, "name": "grep", "kind": "search", "namespace": "grok_build",
        "label": "Search", "read_only": true, "input": {"pattern": "x"}
    });
    for (field, bad) in wrong {
        let mut envelope = good.clone();
        envelope[field] = bad;
        let meta = read(&envelope);
        let expected = read(&good);
        // The broken field is absent (the label is re-supplied from the kind), the others kept.
        assert_eq!(
            meta.version,
            if field == "version" {
                None
            } else {
                expected.version
            },
            "{field}"
        );
        assert_eq!(
            meta.name,
            if field == "name" {
                None
            } else {
                expected.name.clone()
            },
            "{field}"
        );
        assert_eq!(
            meta.kind,
            if field == "kind" { None } else { expected.kind },
            "{field}"
        );
        assert_eq!(
            meta.namespace,
            if field == "namespace" {
                None
            } else {
                expected.namespace.clone()
            },
            "{field}"
        );
        assert_eq!(meta.label.as_deref(), Some("Search"), "{field}");
        assert_eq!(
            meta.read_only,
            if field == "read_only" {
                None
            } else {
                Some(true)
            },
            "{field}"
        );
        assert_eq!(meta.input.is_none(), field == "input", "{field}");
    }
}

#[test]
fn an_unknown_namespace_is_kept_as_a_string() {
    let meta = owned(json!({"name": "edit", "kind": "edit", "namespace": "cursor"}));
    assert_eq!(meta.namespace.as_deref(), Some("cursor"));
    // Aliases are not normalised: the string is what was sent.
    let meta = owned(json!({"namespace": "GrokBuild"}));
    assert_eq!(meta.namespace.as_deref(), Some("GrokBuild"));
}

#[test]
fn unknown_and_case_mismatched_kinds_read_as_other_without_a_label() {
    for kind in ["Read", "teleport", ""] {
        let meta = owned(json!({ "kind": kind }));
        assert_eq!(meta.kind, Some(ToolKind::Other), "{kind}");
        assert_eq!(
            meta.label, None,
            "an unknown kind {kind:?} supplies no label"
        );
    }
    // `other` itself is a known kind, whose label is "Tool".
    assert_eq!(
        owned(json!({"kind": "other"})).label.as_deref(),
        Some("Tool")
    );
}

#[test]
fn a_known_kind_supplies_the_missing_label_but_never_overrides_one() {
    for kind in ToolKind::ALL {
        let meta = owned(json!({ "kind": kind.as_str() }));
        assert_eq!(meta.label.as_deref(), Some(kind.label()), "{kind}");
    }
    // Whichever order the fields come in, an explicit label wins.
    for text in [
        r#"{"label":"Fetch Docs","kind":"other"}"#,
        r#"{"kind":"other","label":"Fetch Docs"}"#,
    ] {
        let meta: LooseMeta<'_> = serde_json::from_str(text).unwrap();
        assert_eq!(meta.label.as_deref(), Some("Fetch Docs"), "{text}");
    }
}

#[test]
fn null_input_is_absent_and_an_empty_object_is_kept() {
    assert!(owned(json!({"input": null})).input.is_none());
    assert_eq!(owned(json!({"input": {}})).input.unwrap().get(), "{}");
}

#[test]
fn a_pretty_printed_input_is_kept_on_one_line() {
    let meta: LooseMeta<'_> =
        serde_json::from_str("{\"input\": {\n  \"path\": \"a.rs\"\n}}").unwrap();
    assert_eq!(meta.input.unwrap().get(), r#"{"path":"a.rs"}"#);
}

#[test]
fn read_only_defaults_to_the_kind_only_when_absent() {
    assert_eq!(
        owned(json!({"kind": "read"})).read_only_or_default(),
        Some(true)
    );
    assert_eq!(
        owned(json!({"kind": "read", "read_only": false})).read_only_or_default(),
        Some(false)
    );
    assert_eq!(owned(json!({"name": "x"})).read_only_or_default(), None);
}

#[test]
fn every_object_reads_and_only_non_objects_do_not() {
    assert_eq!(owned(json!({})), LooseMeta::default());
    assert!(!owned(json!({})).has_identity());
    assert!(!owned(json!({"version": 1, "input": {}})).has_identity());
    for not_object in [json!(null), json!("x"), json!(1), json!([{}]), json!(true)] {
        assert!(LooseMeta::from_value(&not_object).is_none(), "{not_object}");
        let text = not_object.to_string();
        let error = serde_json::from_str::<LooseMeta<'_>>(&text).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("expected a tool-identity envelope object"),
            "{error}"
        );
    }
}

#[test]
fn unknown_fields_and_deep_values_are_skipped() {
    let meta = owned(json!({
        "name": "grep", "extra": {"deep": [[[{"a": 1}]]]}, "version": 2, "kind": "search"
    }));
    assert_eq!(meta.name.as_deref(), Some("grep"));
    assert_eq!(meta.version, Some(2));
}

#[test]
fn text_and_value_inputs_read_the_same() {
    let text = r#"{"version":1,"name":"sh\u0065ll","kind":"execute","namespace":"codex","read_only":false,"input":{"command":"ls"},"x":[1]}"#;
    let from_text: LooseMeta<'_> = serde_json::from_str(text).unwrap();
    let value: Value = serde_json::from_str(text).unwrap();
    assert_eq!(from_text, read(&value));
    assert_eq!(from_text.name.as_deref(), Some("shell"));
}

#[test]
fn from_meta_reads_under_the_envelope_key_only() {
    let meta = json!({"bash_mode": true, TOOL_META_KEY: {"kind": "execute", "name": "bash"}});
    let envelope = LooseMeta::from_meta(meta.as_object().unwrap()).unwrap();
    assert_eq!(envelope.name.as_deref(), Some("bash"));
    let not_object = json!({ TOOL_META_KEY: "bash" });
    assert!(LooseMeta::from_meta(not_object.as_object().unwrap()).is_none());
    assert!(LooseMeta::from_meta(json!({}).as_object().unwrap()).is_none());
}
