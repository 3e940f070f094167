//! `toolmeta live` in-process: what it prints from the traffic cannot drive the terminal or
//! forge a line, and a finished call's identity conflict is shown.

fn live(input: &str) -> (u8, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = toolmeta_cli::run_args(
        ["toolmeta", "live", "-"],
        &mut input.as_bytes(),
        &mut out,
        &mut err,
    );
    assert_eq!(String::from_utf8(err).unwrap(), "");
    (code, String::from_utf8(out).unwrap())
}

#[test]
fn names_labels_inputs_and_ids_from_the_traffic_are_escaped() {
    // An ESC sequence that clears the screen, an OSC title, a C1 CSI, a bidi override and a
    // line separator, in the tool name, the label, the input and the call id.
    let line = serde_json::json!({"sessionUpdate": "tool_call", "toolCallId": "c\u{1b}[2J1",
        "name": "evil\u{1b}]0;pwned\u{7}", "kind": "other", "status": "completed",
        "_meta": {"x.ai/tool": {"version": 1, "name": "evil\u{1b}]0;pwned\u{7}", "kind": "other",
            "namespace": "_x", "label": "Tool\u{9b}2J", "input": {"path": "\u{202e}txt.exe\u{2028}x"}}}})
    .to_string();
    let (code, out) = live(&line);
    assert_eq!(code, 0);
    for raw in ['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}', '\u{2028}'] {
        assert!(!out.contains(raw), "{raw:?} reached the output: {out:?}");
    }
    assert!(
        out.contains(r"c\u{1b}[2J1 + Tool\u{9b}2J evil\u{1b}]0;pwned\u{7}"),
        "{out}"
    );
    assert!(
        out.contains(r#"{"path":"\u{202e}txt.exe\u{2028}x"}"#),
        "{out}"
    );
}

#[test]
fn a_finished_calls_identity_conflict_is_shown() {
    let lines = [
        r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"edit","status":"completed","_meta":{"x.ai/tool":{"version":1,"name":"edit_file","kind":"edit","namespace":"_x","input":{"path":".bashrc"}}}}"#,
        r#"{"sessionUpdate":"tool_call_update","toolCallId":"c1","_meta":{"x.ai/tool":{"version":1,"name":"read_file","kind":"read","namespace":"_x"}}}"#,
    ];
    let (_, out) = live(&lines.join("\n"));
    assert!(
        out.contains("c1 ! Edit edit_file: a later update says envelope.name=read_file"),
        "{out}"
    );
}
