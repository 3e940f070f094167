//! Conformance with the reference schema published by the harness that defined the
//! envelope (copied into `tests/data/reference/`, provenance beside it), checked with a real
//! JSON Schema validator, and with toolmeta's own published schema.

use serde::ser::SerializeMap;
use serde_json::{Value, json};
use toolmeta::{Identity, Namespace, Projection, TOOL_META_KEY, ToolKind, ToolMeta};

const REFERENCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/reference/grok_tool_meta.schema.json"
);
const PUBLISHED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/toolmeta/schema/tool_meta.schema.json"
);

/// The namespaces the reference schema knows, which every envelope of them must satisfy.
const REFERENCE_NAMESPACES: [Namespace; 6] = [
    Namespace::GrokBuild,
    Namespace::GrokBuildConcise,
    Namespace::GrokBuildHashline,
    Namespace::Codex,
    Namespace::OpenCode,
    Namespace::Mcp,
];

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

fn validator(path: &str) -> jsonschema::Validator {
    let schema = load(path);
    assert_eq!(
        schema["$schema"], "http://json-schema.org/draft-07/schema#",
        "{path} is expected to be draft-07"
    );
    assert!(
        jsonschema::draft7::meta::is_valid(&schema),
        "{path} is not a valid draft-07 schema"
    );
    jsonschema::draft7::new(&schema).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The validation errors of `instance`, as `instance path: message` lines.
fn errors(validator: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// A hand-written projection (the derive lands separately): a path, a negative-capable
/// offset normalized by the contract's rule, and a harness-specific extra key.
struct ReadArgs {
    path: &'static str,
    offset: Option<i64>,
}

impl Projection for ReadArgs {
    fn has_input(&self) -> bool {
        true
    }

    fn project<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry(toolmeta::keys::PATH, self.path)?;
        if let Some(offset) = self.offset.and_then(toolmeta::normalize_offset) {
            map.serialize_entry(toolmeta::keys::OFFSET, &offset)?;
        }
        map.serialize_entry("x_hashline", &true)
    }
}

/// Every envelope shape toolmeta writes for one identity: identity-only (borrowed and
/// owned), with input (borrowed and owned), and renamed.
fn envelopes(identity: &Identity) -> Vec<Value> {
    let args = ReadArgs {
        path: "src/main.rs",
        offset: Some(0),
    };
    let with_input = toolmeta::Envelope::new(*identity, &args);
    let mut owned = identity.envelope().to_tool_meta();
    owned.input = Some(json!({"command": "ls", "description": ""}));
    vec![
        serde_json::to_value(identity.envelope()).unwrap(),
        serde_json::to_value(identity.envelope().to_tool_meta()).unwrap(),
        serde_json::to_value(with_input).unwrap(),
        with_input.to_value(),
        serde_json::to_value(with_input.with_name("renamed")).unwrap(),
        serde_json::to_value(&owned).unwrap(),
        identity.envelope().stamp(None)[TOOL_META_KEY].clone(),
    ]
}

fn every_identity(namespaces: &[Namespace]) -> Vec<Identity> {
    let mut identities = Vec::new();
    for &namespace in namespaces {
        for &kind in ToolKind::ALL {
            identities.push(Identity::new(kind.as_str(), kind, namespace));
        }
        // Overrides stay conformant too: `other` with a harness's own label, a kind's
        // read-only default flipped.
        identities.push(
            Identity::new("mcp__github__create_issue", ToolKind::Other, namespace)
                .with_label("GitHub"),
        );
        identities.push(Identity::new("read_env", ToolKind::Read, namespace).with_read_only(false));
    }
    identities
}

#[test]
fn every_kind_in_every_reference_namespace_validates_against_the_reference() {
    let reference = validator(REFERENCE);
    let mut checked = 0;
    for identity in every_identity(&REFERENCE_NAMESPACES) {
        for envelope in envelopes(&identity) {
            let errors = errors(&reference, &envelope);
            assert!(
                errors.is_empty(),
                "{envelope} fails the reference schema: {errors:#?}"
            );
            checked += 1;
        }
    }
    // 6 namespaces x (every kind + 2 overrides) x 7 envelope shapes.
    assert_eq!(checked, 6 * (ToolKind::ALL.len() + 2) * 7);
    assert_eq!(ToolKind::ALL.len(), 39);
}

#[test]
fn every_kind_in_every_namespace_validates_against_the_published_schema() {
    let published = validator(PUBLISHED);
    let mut checked = 0;
    for identity in every_identity(Namespace::ALL) {
        for envelope in envelopes(&identity) {
            let errors = errors(&published, &envelope);
            assert!(
                errors.is_empty(),
                "{envelope} fails the published schema: {errors:#?}"
            );
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        Namespace::ALL.len() * (ToolKind::ALL.len() + 2) * 7
    );
}

#[test]
fn toolmeta_namespaces_are_accepted_by_ours_and_rejected_by_the_reference() {
    let reference = validator(REFERENCE);
    let published = validator(PUBLISHED);
    for namespace in [
        Namespace::ClaudeCode,
        Namespace::GeminiCli,
        Namespace::Zed,
        Namespace::Goose,
        Namespace::AmazonQ,
        Namespace::QwenCode,
        Namespace::KimiCli,
    ] {
        assert!(!namespace.in_reference_schema());
        let envelope =
            serde_json::to_value(Identity::new("Read", ToolKind::Read, namespace).envelope())
                .unwrap();
        assert!(published.is_valid(&envelope), "{envelope}");
        let errors = errors(&reference, &envelope);
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(errors[0].starts_with("/namespace: "), "{errors:#?}");
        assert!(errors[0].contains(namespace.as_str()), "{errors:#?}");
    }
}

fn envelope_in(namespace: &str) -> Value {
    json!({
        "version": 1, "name": "read_file", "kind": "read", "namespace": namespace,
        "label": "Read", "read_only": true, "input": {"path": "src/main.rs"}
    })
}

#[test]
fn an_unknown_namespace_is_rejected_by_strict_decoding_and_both_schemas() {
    let envelope = envelope_in("cursor");
    let err = serde_json::from_value::<ToolMeta>(envelope.clone()).unwrap_err();
    let message = err.to_string();
    assert!(message.contains("namespace `cursor`"), "{message}");
    assert!(
        message.contains("`grok_build`"),
        "lists the valid set: {message}"
    );
    // Inside an event's `_meta`, the same.
    let meta = json!({ TOOL_META_KEY: envelope.clone(), "bash_mode": true });
    let decoded = ToolMeta::from_meta(meta.as_object().unwrap()).unwrap();
    assert!(
        decoded
            .unwrap_err()
            .to_string()
            .contains("namespace `cursor`")
    );
    assert!(!validator(REFERENCE).is_valid(&envelope));
    assert!(!validator(PUBLISHED).is_valid(&envelope));
}

#[test]
fn a_pascal_case_alias_is_accepted_by_strict_decoding() {
    let cases = [
        ("GrokBuild", Namespace::GrokBuild),
        ("GrokBuildConcise", Namespace::GrokBuildConcise),
        ("GrokBuildHashline", Namespace::GrokBuildHashline),
        ("Codex", Namespace::Codex),
        ("OpenCode", Namespace::OpenCode),
        ("open_code", Namespace::OpenCode),
        ("MCP", Namespace::Mcp),
    ];
    for (alias, namespace) in cases {
        let meta: ToolMeta = serde_json::from_value(envelope_in(alias)).unwrap();
        assert_eq!(meta.namespace, namespace);
        // Re-written canonically, and then conformant.
        let rewritten = serde_json::to_value(&meta).unwrap();
        assert_eq!(rewritten["namespace"], namespace.as_str());
        assert!(validator(REFERENCE).is_valid(&rewritten));
    }
    // The reference schema describes what writers emit; toolmeta's accepts exactly what
    // strict decoding does, aliases included (issue 26).
    assert!(!validator(REFERENCE).is_valid(&envelope_in("GrokBuild")));
    assert!(validator(PUBLISHED).is_valid(&envelope_in("GrokBuild")));
}

#[test]
fn kind_is_open_in_both_schemas_and_in_strict_decoding() {
    let mut envelope = envelope_in("grok_build");
    for (kind, label) in [
        ("active_agent_message", "Send Subagent Message"),
        ("sessions_send", "Send Session Message"),
        ("teleport", "Read"),
        ("Read", "Read"),
    ] {
        envelope["kind"] = json!(kind);
        envelope["label"] = json!(label);
        assert!(validator(REFERENCE).is_valid(&envelope), "{kind}");
        assert!(validator(PUBLISHED).is_valid(&envelope), "{kind}");
    }
    let meta: ToolMeta = serde_json::from_value(envelope).unwrap();
    assert_eq!(meta.kind, ToolKind::Other);
}

/// The validator is not vacuous: each schema rejects envelopes that break the contract.
#[test]
fn both_schemas_reject_broken_envelopes() {
    let good = envelope_in("codex");
    let mut missing_label = good.clone();
    missing_label.as_object_mut().unwrap().remove("label");
    let mut string_version = good.clone();
    string_version["version"] = json!("1");
    let mut negative_version = good.clone();
    negative_version["version"] = json!(-1);
    let mut string_read_only = good.clone();
    string_read_only["read_only"] = json!("true");
    for path in [REFERENCE, PUBLISHED] {
        let validator = validator(path);
        assert!(validator.is_valid(&good), "{path}");
        for bad in [
            &missing_label,
            &string_version,
            &negative_version,
            &string_read_only,
        ] {
            assert!(!validator.is_valid(bad), "{path} accepts {bad}");
        }
    }
    // Where the two differ: the reference allows any `input`, toolmeta's says object (or null).
    let mut array_input = good.clone();
    array_input["input"] = json!(["src/main.rs"]);
    assert!(validator(REFERENCE).is_valid(&array_input));
    assert!(!validator(PUBLISHED).is_valid(&array_input));
}
