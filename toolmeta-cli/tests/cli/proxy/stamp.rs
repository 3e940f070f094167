//! The proxy's stamping rules (DESIGN §7), line by line, on the [`Stamper`] in-process:
//! which events get an envelope, where it is spliced, what is left alone, and the
//! identity of calls of agents with and without a catalog.

use std::time::SystemTime;

use toolmeta_cli::proxy::Stamper;

const CLAUDE: &str = r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":1,"agentInfo":{"name":"@agentclientprotocol/claude-agent-acp","version":"0.101.0"}}}"#;

/// Claude Code's envelope for `Read {file_path: "/w/a.rs"}` (one input key: the order of
/// several depends on serde_json's `preserve_order`, which a workspace build turns on).
const READ_ENVELOPE: &str = r#"{"version":1,"name":"Read","kind":"read","namespace":"claude_code","label":"Read","read_only":true,"input":{"path":"/w/a.rs"}}"#;

use crate::common::stamp_all;

/// The proxy's mark beside its envelope (DESIGN §8): what the identity rests on, and
/// whether it is earned.
fn mark(evidence: &str, earned: bool) -> String {
    format!(r#","toolmeta/evidence":{{"evidence":"{evidence}","earned":{earned}}}"#)
}

/// The last line's outcome after `lines`.
fn last(harness: Option<&str>, lines: &[&str]) -> Option<String> {
    stamp_all(harness, false, lines).pop().unwrap()
}

fn update(body: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","method":"session/update","params":{{"sessionId":"s1","update":{body}}}}}"#
    )
}

#[test]
fn the_envelope_is_spliced_into_the_text_and_every_other_byte_is_kept() {
    // Key order, spaces and number forms as the agent wrote them.
    let line = update(
        r#"{ "toolCallId" : "t1", "sessionUpdate":"tool_call", "extra": [1.50, 1e2, -0.0],"rawInput":{"file_path":"/w/a.rs"},"kind":"read" }"#,
    );
    let marked = line.replace(
        r#""kind":"read" }"#,
        r#""kind":"read","_meta":{"claudeCode":{"toolName":"Read"}} }"#,
    );
    assert_eq!(
        last(None, &[CLAUDE, &marked]),
        Some(marked.replace(
            r#""toolName":"Read"}} }"#,
            &format!(
                r#""toolName":"Read"}},"x.ai/tool":{READ_ENVELOPE}{}}} }}"#,
                mark("meta", true)
            )
        ))
    );
    // Without a `_meta`, one is added at the end of the event object.
    assert_eq!(
        last(None, &[CLAUDE, &line]),
        Some(line.replace(
            r#""kind":"read" }"#,
            &format!(
                r#""kind":"read" ,"_meta":{{"x.ai/tool":{READ_ENVELOPE}{}}}}}"#,
                mark("arguments", true)
            )
        ))
    );
}

#[test]
fn an_empty_meta_gets_the_envelope_without_a_comma() {
    let line = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t1","rawInput":{"file_path":"/w/a.rs"},"_meta":{ }}"#,
    );
    assert_eq!(
        last(None, &[CLAUDE, &line]),
        Some(line.replace(
            r#""_meta":{ }"#,
            &format!(
                r#""_meta":{{ "x.ai/tool":{READ_ENVELOPE}{}}}"#,
                mark("arguments", true)
            )
        ))
    );
}

#[test]
fn an_agents_own_envelope_even_partial_is_left_alone() {
    for meta in [
        r#"{"x.ai/tool":{"name":"Read"}}"#,
        r#"{"x.ai/tool":null}"#,
        r#"{"claudeCode":{"toolName":"Read"},"x.ai/tool":"broken"}"#,
        // The key as the agent may escape it is the same key.
        r#"{"x.ai\/tool":{}}"#,
    ] {
        let line = update(&format!(
            r#"{{"sessionUpdate":"tool_call","toolCallId":"t1","rawInput":{{"file_path":"/w/a.rs"}},"_meta":{meta}}}"#
        ));
        assert_eq!(last(None, &[CLAUDE, &line]), None, "{meta}");
    }
}

#[test]
fn a_meta_that_is_not_an_object_leaves_the_line_alone() {
    for meta in ["null", r#""claudeCode""#, "[]", "1"] {
        let line = update(&format!(
            r#"{{"sessionUpdate":"tool_call","toolCallId":"t1","rawInput":{{"file_path":"/w/a.rs"}},"_meta":{meta}}}"#
        ));
        assert_eq!(last(None, &[CLAUDE, &line]), None, "{meta}");
    }
}

#[test]
fn an_escaped_meta_key_is_the_meta_key() {
    let line = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t1","rawInput":{"file_path":"/w/a.rs"},"_m\u0065ta":{}}"#,
    );
    assert_eq!(
        last(None, &[CLAUDE, &line]),
        Some(line.replace(
            r#""_m\u0065ta":{}"#,
            &format!(
                r#""_m\u0065ta":{{"x.ai/tool":{READ_ENVELOPE}{}}}"#,
                mark("arguments", true)
            )
        ))
    );
}

#[test]
fn ambiguous_lines_pass_unchanged() {
    let event =
        r#"{"sessionUpdate":"tool_call","toolCallId":"t1","rawInput":{"file_path":"/w/a.rs"}}"#;
    for line in [
        // Two `_meta` keys, two `update` keys: which one would a client read?
        update(
            r#"{"sessionUpdate":"tool_call","toolCallId":"t1","rawInput":{"file_path":"/w/a.rs"},"_meta":{},"_meta":{}}"#,
        ),
        format!(
            r#"{{"jsonrpc":"2.0","method":"session/update","params":{{"sessionId":"s1","update":{event},"update":{event}}}}}"#
        ),
        // A batch.
        format!("[{}]", update(event)),
        // Not JSON, cut short, two values.
        update(event)[..40].to_owned(),
        format!("{} {}", update(event), update(event)),
        // A toolCallId that is not a string.
        update(
            r#"{"sessionUpdate":"tool_call","toolCallId":7,"rawInput":{"file_path":"/w/a.rs"}}"#,
        ),
    ] {
        assert_eq!(last(None, &[CLAUDE, &line]), None, "{line}");
    }
    let mut stamper = Stamper::new(None, false);
    let mut bytes = update(event).into_bytes();
    bytes.push(0xff);
    assert_eq!(stamper.stamp(&bytes, SystemTime::now()), None);
}

#[test]
fn updates_are_stamped_only_when_they_carry_evidence_or_arguments() {
    let call = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t1","title":"read","kind":"read","status":"pending"}"#,
    );
    let outcomes = stamp_all(
        Some("opencode"),
        false,
        &[
            &call,
            &update(
                r#"{"sessionUpdate":"tool_call_update","toolCallId":"t1","status":"in_progress"}"#,
            ),
            &update(
                r#"{"sessionUpdate":"tool_call_update","toolCallId":"t1","content":[{"type":"content","content":{"type":"text","text":"x"}}]}"#,
            ),
            // A later title is human text, not evidence.
            &update(
                r#"{"sessionUpdate":"tool_call_update","toolCallId":"t1","title":"README.md"}"#,
            ),
            &update(
                r#"{"sessionUpdate":"tool_call_update","toolCallId":"t1","rawInput":{"filePath":"/w/README.md"}}"#,
            ),
            &update(
                r#"{"sessionUpdate":"tool_call_update","toolCallId":"t1","locations":[{"path":"/w/README.md"}]}"#,
            ),
            // An empty list is not evidence (harnesses send it on updates of anything).
            &update(r#"{"sessionUpdate":"tool_call_update","toolCallId":"t1","locations":[]}"#),
        ],
    );
    let stamped: Vec<bool> = outcomes.iter().map(Option::is_some).collect();
    assert_eq!(stamped, [true, false, false, false, true, true, false]);
    // OpenCode names the tool by its first title: identity first, the input when it came.
    assert_eq!(
        outcomes[0].as_deref(),
        Some(call.replace(
            r#""status":"pending"}"#,
            &format!(
                r#""status":"pending","_meta":{{"x.ai/tool":{{"version":1,"name":"read","kind":"read","namespace":"opencode","label":"Read","read_only":true}}{}}}}}"#,
                mark("title", true)
            )
        ))
        .as_deref()
    );
    assert!(
        outcomes[4].as_deref().unwrap().ends_with(&format!(
            r#""read_only":true,"input":{{"path":"/w/README.md"}}}}{}}}}}}}}}"#,
            mark("title", true)
        )),
        "{:?}",
        outcomes[4]
    );
}

#[test]
fn every_partys_meta_tool_name_key_is_evidence_on_an_update() {
    let vibe = r#"{"jsonrpc":"2.0","id":0,"result":{"agentInfo":{"name":"mistral-vibe"}}}"#;
    let call = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t1","title":"Working","kind":"other"}"#,
    );
    let named_by = |meta: &str| {
        let line = update(&format!(
            r#"{{"sessionUpdate":"tool_call_update","toolCallId":"t1","_meta":{meta}}}"#
        ));
        last(None, &[vibe, &call, &line])
            .map(|stamped| stamped.split(r#""name":"#).nth(1).unwrap().to_owned())
    };
    // The keys of toolmeta::recognition's list, each naming the tool (codex's in camelCase).
    for (meta, name) in [
        (r#"{"claudeCode":{"toolName":"Read"}}"#, "\"Read\""),
        (
            r#"{"codex":{"collaboration":{"tool":"spawnAgent"}}}"#,
            "\"spawn_agent\"",
        ),
        (
            r#"{"goose":{"toolCall":{"toolName":"developer__shell"}}}"#,
            "\"developer__shell\"",
        ),
        (r#"{"toolName":"web_fetch"}"#, "\"web_fetch\""),
        (r#"{"tool_name":"bash","other":1}"#, "\"bash\""),
    ] {
        let stamped = named_by(meta);
        assert!(
            stamped
                .as_deref()
                .is_some_and(|rest| rest.starts_with(name)),
            "{meta}: {stamped:?}"
        );
    }
    // Keys that name no tool: the update carries no evidence, and is left alone.
    for meta in [
        r#"{"claudeCode":{"parentToolUseId":"t0"}}"#,
        r#"{"codex":{"collaboration":"spawnAgent"}}"#,
        r#"{"goose":{"toolCall":{"toolName":7}}}"#,
        r#"{"toolName":null}"#,
        r#"{"trace":{"toolName":"x"}}"#,
    ] {
        assert_eq!(named_by(meta), None, "{meta}");
    }
}

#[test]
fn a_permission_requests_tool_call_is_stamped() {
    let request = r#"{"jsonrpc":"2.0","id":5,"method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"t1","rawInput":{"file_path":"/w/a.rs"}},"options":[{"optionId":"allow","name":"Allow","kind":"allow_once"}]}}"#;
    assert_eq!(
        last(None, &[CLAUDE, request]),
        Some(request.replace(
            r#""/w/a.rs"}}"#,
            &format!(
                r#""/w/a.rs"}},"_meta":{{"x.ai/tool":{READ_ENVELOPE}{}}}}}"#,
                mark("arguments", true)
            )
        ))
    );
}

#[test]
fn an_agent_without_a_catalog_gets_its_extension_namespace_for_named_tools() {
    // An agent toolmeta has no catalog for (Mistral's Vibe), named by its `initialize` answer.
    let vibe = r#"{"jsonrpc":"2.0","id":0,"result":{"agentInfo":{"name":"mistral-vibe","version":"0.4.0"}}}"#;
    let named = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t1","name":"read_file","kind":"read","title":"Reading a.rs","rawInput":{"absolute_path":"/w/a.rs","path":"/w/a.rs"}}"#,
    );
    assert_eq!(
        last(None, &[vibe, &named]),
        Some(named.replace(
            r#""path":"/w/a.rs"}}"#,
            &format!(
                r#""path":"/w/a.rs"}},"_meta":{{"x.ai/tool":{{"version":1,"name":"read_file","kind":"read","namespace":"_mistral_vibe","label":"Read","read_only":true,"input":{{"path":"/w/a.rs"}}}}{}}}}}"#,
                mark("acp_kind", false)
            )
        ))
    );
    // ACP `other`: label Tool, not read-only.
    let other = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t2","name":"save_memory","kind":"other"}"#,
    );
    assert_eq!(
        last(None, &[vibe, &other]),
        Some(other.replace(
            r#""kind":"other"}"#,
            &format!(
                r#""kind":"other","_meta":{{"x.ai/tool":{{"version":1,"name":"save_memory","kind":"other","namespace":"_mistral_vibe","label":"Tool","read_only":false}}{}}}}}"#,
                mark("acp_kind", false)
            )
        ))
    );
    // Nothing names the tool: left unstamped.
    let unnamed = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t3","title":"Reading a.rs","kind":"read","rawInput":{"path":"/w/a.rs"}}"#,
    );
    assert_eq!(last(None, &[vibe, &unnamed]), None);
    // An agent that does not say its name, with no --harness: nothing to call it.
    assert_eq!(last(None, &[&named]), None);
}

#[test]
fn harness_names_the_agent_when_initialize_does_not() {
    let search = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"ws_1","title":"Searching","kind":"fetch","rawInput":{"query":"rust","action":{}}}"#,
    );
    let web_search = r#"{"version":1,"name":"web_search","kind":"web_search","namespace":"codex","label":"Web Search","read_only":true,"input":{"query":"rust"}}"#;
    let expected = search.replace(
        r#""action":{}}}"#,
        &format!(
            r#""action":{{}}}},"_meta":{{"x.ai/tool":{web_search}{}}}}}"#,
            mark("arguments", true)
        ),
    );
    assert_eq!(last(Some("codex"), &[&search]), Some(expected.clone()));
    // An adapter's name reads too.
    assert_eq!(last(Some("codex-acp"), &[&search]), Some(expected));
    // A name the catalog does not know: its extension namespace, for named tools.
    let named =
        update(r#"{"sessionUpdate":"tool_call","toolCallId":"t1","name":"web","kind":"fetch"}"#);
    assert!(
        last(Some("Poolside Agent"), &[&named])
            .unwrap()
            .contains(r#""namespace":"_poolside_agent""#)
    );
    // The agent's own word wins over --harness.
    let vibe = r#"{"jsonrpc":"2.0","id":0,"result":{"agentInfo":{"name":"mistral-vibe"}}}"#;
    assert!(
        last(Some("codex"), &[vibe, &named])
            .unwrap()
            .contains(r#""namespace":"_mistral_vibe""#)
    );
}

#[test]
fn acp_fields_fill_name_kind_and_locations_where_the_agent_sent_none() {
    let line = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t1","rawInput":{"file_path":"/w/a.rs","offset":3},"locations":[],"_meta":{"claudeCode":{"toolName":"Read"}}}"#,
    );
    let filled = stamp_all(None, true, &[CLAUDE, &line])
        .pop()
        .unwrap()
        .unwrap();
    // The locations from the input's path, with the offset as the line (a Read's); the
    // name and kind after the envelope, at the end of the event.
    let envelope_at = filled.find(r#","x.ai/tool":"#).unwrap();
    let envelope_end = filled.find(r#","toolmeta/evidence""#).unwrap();
    let envelope: serde_json::Value =
        serde_json::from_str(&filled[envelope_at + r#","x.ai/tool":"#.len()..envelope_end])
            .unwrap();
    // Named by Claude Code's `_meta` key: earned.
    let mark = mark("meta", true);
    assert_eq!(&filled[envelope_end..envelope_end + mark.len()], mark);
    let envelope_end = envelope_end + mark.len();
    assert_eq!(
        envelope,
        serde_json::json!({"version": 1, "name": "Read", "kind": "read", "namespace": "claude_code",
            "label": "Read", "read_only": true, "input": {"path": "/w/a.rs", "offset": 3}})
    );
    assert_eq!(
        format!("{}{}", &filled[..envelope_at], &filled[envelope_end..]),
        line.replace(
            r#""locations":[]"#,
            r#""locations":[{"path":"/w/a.rs","line":3}]"#
        )
        .replace(
            r#""toolName":"Read"}}}"#,
            r#""toolName":"Read"}},"name":"Read","kind":"read"}"#
        )
    );
    // `other` counts as unset; a name, a kind and locations the agent sent are kept.
    let sent = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t2","name":"Bash","kind":"other","rawInput":{"command":"ls"},"locations":[{"path":"/w"}]}"#,
    );
    let filled = stamp_all(None, true, &[CLAUDE, &sent])
        .pop()
        .unwrap()
        .unwrap();
    assert!(
        filled.contains(r#""name":"Bash","kind":"execute","rawInput""#),
        "{filled}"
    );
    assert!(
        filled.contains(r#""locations":[{"path":"/w"}],"_meta""#),
        "{filled}"
    );
    // A relative path gives no location: ACP's are absolute, and the proxy knows no cwd.
    let relative = update(
        r#"{"sessionUpdate":"tool_call","toolCallId":"t3","rawInput":{"file_path":"a.rs"},"_meta":{"claudeCode":{"toolName":"Read"}}}"#,
    );
    let filled = stamp_all(None, true, &[CLAUDE, &relative])
        .pop()
        .unwrap()
        .unwrap();
    assert!(!filled.contains("locations"), "{filled}");
}
