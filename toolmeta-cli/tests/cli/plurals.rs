//! Counts are printed with the noun's number right: `1 line`, `2 lines` (issue 39:
//! `echo hello | toolmeta touched -` printed "1 lines skipped").

use crate::common::toolmeta as run;

const ONE_CALL: &str = r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"c1","title":"ls","kind":"read","status":"completed"}}}"#;

#[test]
fn touched_says_one_line_skipped() {
    let (code, _, err) = run(&["touched", "-"], "hello\n");
    assert_eq!(code, 3);
    assert_eq!(
        err,
        "touched: the report may be incomplete: 1 line skipped (not JSON 1, too long 0, tool-call update without toolCallId 0)\n"
    );
}

#[test]
fn inspect_counts_one_of_each_in_the_singular() {
    let (code, out, _) = run(&["inspect", "-"], &format!("{ONE_CALL}\n"));
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "1 call; 1 line: 1 tool-call update, 0 permission answers, 0 other session updates, 0 other messages, 0 blank\n"
        ),
        "{out}"
    );
    let (_, out, _) = run(&["inspect", "-"], &format!("{ONE_CALL}\n{ONE_CALL}\n"));
    assert!(
        out.contains("1 call; 2 lines: 2 tool-call updates,"),
        "{out}"
    );
}
