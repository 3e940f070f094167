//! Property tests of the loose reader and the ledger over hostile input: no panic, every
//! line counted once, memory within the limits, and the merge rules against a model.
//!
//! 256 cases per property by default; `PROPTEST_CASES=100000 cargo test --test client props`
//! runs longer.

use std::collections::HashMap;
use std::io::BufReader;

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use toolmeta::ToolKind;
use toolmeta::client::{CallId, Change, Ledger, LineOutcome, LooseMeta};

use crate::common;

/// Any JSON value, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        ".{0,12}".prop_map(Value::String),
        // Strings the reader looks for, so objects hit its fields.
        prop::sample::select(vec![
            "read",
            "tool_call",
            "completed",
            "grok_build",
            "Read",
            "c1",
            "x.ai/tool"
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((any_key(), inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

/// Object keys: mostly the ones the reader knows, at every level.
fn any_key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "jsonrpc", "method", "params", "sessionId", "update", "toolCall", "sessionUpdate",
            "toolCallId", "title", "kind", "status", "name", "rawInput", "_meta", "x.ai/tool",
            "claudeCode", "toolName", "version", "namespace", "label", "read_only", "input",
        ])
        .prop_map(str::to_owned),
        1 => "[a-z_]{0,6}",
    ]
}

/// A field that is usually of the right type and sometimes any JSON at all.
fn maybe<S: Strategy<Value = Value> + 'static>(right: S) -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        3 => right.prop_map(Some),
        1 => any_json().prop_map(Some),
        2 => Just(None),
    ]
}

fn text(options: &'static [&'static str]) -> impl Strategy<Value = Value> {
    prop::sample::select(options).prop_map(Value::from)
}

/// An envelope-shaped value: an object with the envelope's fields, of right or wrong types.
fn envelope() -> impl Strategy<Value = Value> {
    (
        maybe(text(&["read_file", "grep", "bash"])),
        maybe(text(&["read", "search", "execute", "Read", "teleport"])),
        maybe(text(&["grok_build", "codex", "cursor"])),
        maybe(text(&["Read", "Search", "Custom"])),
        maybe(any::<bool>().prop_map(Value::Bool)),
        maybe(prop_oneof![
            Just(json!({"path": "a.rs"})),
            Just(json!({"command": "ls"})),
            Just(Value::Null)
        ]),
    )
        .prop_map(|(name, kind, namespace, label, read_only, input)| {
            let mut object = Map::new();
            for (key, value) in [
                ("name", name),
                ("kind", kind),
                ("namespace", namespace),
                ("label", label),
                ("read_only", read_only),
                ("input", input),
            ] {
                if let Some(value) = value {
                    object.insert(key.to_owned(), value);
                }
            }
            Value::Object(object)
        })
}

/// One update of one of a few calls, with fields of right or wrong types.
fn update() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec![
            "tool_call",
            "tool_call_update",
            "tool_call_update",
            "plan",
        ]),
        prop_oneof![8 => text(&["c1", "c2", "c3", "c4"]), 1 => any_json()],
        maybe(text(&["grep", "Read `a.rs`", "Run"])),
        maybe(text(&[
            "read", "edit", "execute", "fetch", "think", "other",
        ])),
        maybe(text(&["pending", "in_progress", "completed", "failed"])),
        maybe(envelope()),
        maybe(prop_oneof![
            Just(json!({"file_path": "a.rs"})),
            Just(json!("ls"))
        ]),
    )
        .prop_map(
            |(session_update, id, title, kind, status, envelope, raw_input)| {
                let mut update = json!({"sessionUpdate": session_update, "toolCallId": id});
                for (key, value) in [
                    ("title", title),
                    ("kind", kind),
                    ("status", status),
                    ("rawInput", raw_input),
                ] {
                    if let Some(value) = value {
                        update[key] = value;
                    }
                }
                if let Some(envelope) = envelope {
                    update["_meta"] = json!({ "x.ai/tool": envelope });
                }
                update
            },
        )
}

/// An update wrapped in one of the line shapes, in one of `sessions`.
fn line_in(sessions: Vec<&'static str>) -> impl Strategy<Value = Value> {
    (update(), 0..6u8, prop::sample::select(sessions)).prop_map(|(update, shape, session)| match shape {
        0 => json!({"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": session, "update": update}}),
        1 => json!({"timestamp": 1, "method": "_x.ai/session/update", "params": {"sessionId": session, "update": update}}),
        2 => json!({"sessionId": session, "update": update}),
        3 => json!({"jsonrpc": "2.0", "id": 1, "method": "session/request_permission",
                    "params": {"sessionId": session, "toolCall": update}}),
        _ => update,
    })
}

/// An update wrapped in one of the line shapes, in one of two sessions.
fn line() -> impl Strategy<Value = Value> {
    line_in(vec!["s1", "s2"])
}

/// Every line fed is counted once, in exactly one outcome.
fn assert_accounted(ledger: &Ledger) {
    let counts = ledger.counts();
    assert_eq!(
        counts.lines,
        counts.tool_call_updates
            + counts.permission_answers
            + counts.other_updates
            + counts.blank
            + counts.skipped()
    );
}

proptest! {
    #![proptest_config(crate::common::proptest_config())]

    #[test]
    fn arbitrary_text_never_panics_and_is_counted(lines in prop::collection::vec(".{0,64}", 0..24)) {
        let mut ledger = Ledger::new();
        for line in &lines {
            ledger.feed(line);
        }
        prop_assert_eq!(ledger.counts().lines, lines.len() as u64);
        assert_accounted(&ledger);
        let mut bytes = lines.join("\n").into_bytes();
        bytes.extend_from_slice(&[0xff, b'\n', b'{']);
        let mut from_stream = Ledger::builder().max_line_bytes(32).build();
        from_stream.read_lines(bytes.as_slice()).unwrap();
        assert_accounted(&from_stream);
    }

    /// `read_lines` reads lines ahead of applying them, in place in the reader's buffer
    /// when it holds them whole: what it leaves must be what feeding the same lines one by
    /// one leaves — over streams longer than it reads ahead, through buffers of any size
    /// (lines split at every place), with `\r\n` or `\n`, and with lines that are not JSON,
    /// too long, blank, or JSON serde_json cannot represent.
    #[test]
    fn reading_a_stream_is_feeding_its_lines_one_by_one(
        lines in prop::collection::vec(
            prop_oneof![
                6 => line().prop_map(|line| line.to_string()),
                1 => "[^\r\n]{0,24}",
                1 => Just(String::new()),
                1 => Just(r#"{"sessionUpdate":"tool_call","toolCallId":"c9","rawInput":1e400}"#.to_owned()),
            ],
            0..100,
        ),
        buffer in prop_oneof![1 => 1usize..16, 3 => 16usize..1024, 1 => Just(64 << 10)],
        crlf in any::<bool>(),
    ) {
        let limits = || Ledger::builder().max_line_bytes(300).max_finished(8).max_pending(8);
        let mut fed = limits().build();
        for line in &lines {
            fed.feed(line);
        }
        let mut read = limits().build();
        let end = if crlf { "\r\n" } else { "\n" };
        let stream: String = lines.iter().map(|line| format!("{line}{end}")).collect();
        read.read_lines(BufReader::with_capacity(buffer, stream.as_bytes())).unwrap();
        prop_assert_eq!(read.counts(), fed.counts());
        prop_assert_eq!(read.events(), fed.events());
        prop_assert_eq!(read.retained_bytes(), fed.retained_bytes());
        let records = |ledger: &Ledger| -> Vec<Value> {
            ledger.calls().map(common::call_record).collect()
        };
        prop_assert_eq!(records(&read), records(&fed));
    }

    #[test]
    fn arbitrary_json_never_panics_and_text_and_value_agree(values in prop::collection::vec(any_json(), 0..12)) {
        let mut from_text = Ledger::new();
        let mut from_value = Ledger::new();
        for value in &values {
            let outcome = from_text.feed(&value.to_string());
            prop_assert_eq!(from_value.feed(value), outcome);
            prop_assert_ne!(outcome, LineOutcome::NotJson);
        }
        assert_accounted(&from_text);
        let records = |ledger: &Ledger| -> Vec<Value> {
            ledger.calls().map(common::call_record).collect()
        };
        prop_assert_eq!(records(&from_text), records(&from_value));
    }

    #[test]
    fn the_loose_reader_reads_every_object(value in any_json()) {
        match &value {
            Value::Object(map) => {
                let meta = LooseMeta::from_map(map);
                let text = value.to_string();
                let from_text: LooseMeta<'_> = serde_json::from_str(&text).unwrap();
                prop_assert_eq!(&meta, &from_text);
                // A field is present exactly when it had the right type.
                prop_assert_eq!(meta.name.is_some(), map.get("name").is_some_and(Value::is_string));
                prop_assert_eq!(meta.namespace.is_some(), map.get("namespace").is_some_and(Value::is_string));
                prop_assert_eq!(meta.read_only.is_some(), map.get("read_only").is_some_and(Value::is_boolean));
                prop_assert_eq!(meta.input.is_some(), map.get("input").is_some_and(Value::is_object));
                prop_assert_eq!(meta.kind.is_some(), map.get("kind").is_some_and(Value::is_string));
                // A known kind fixes the label, keeping a contradicting one aside (DESIGN
                // §2); without one (or with `other`) the label sent stands.
                let sent_label = map.get("label").and_then(Value::as_str);
                match meta.kind.filter(|kind| *kind != ToolKind::Other) {
                    Some(kind) => {
                        prop_assert_eq!(meta.label.as_deref(), Some(kind.label()));
                        let contradicted = sent_label.filter(|label| *label != kind.label());
                        prop_assert_eq!(meta.contradicted_label.as_deref(), contradicted);
                    }
                    None => {
                        if let Some(sent) = sent_label {
                            prop_assert_eq!(meta.label.as_deref(), Some(sent));
                        }
                        prop_assert!(meta.contradicted_label.is_none());
                    }
                }
            }
            _ => prop_assert!(LooseMeta::from_value(&value).is_none()),
        }
    }

    #[test]
    fn merged_calls_follow_the_model(lines in prop::collection::vec(line_in(vec!["s1"]), 0..40)) {
        let mut ledger = Ledger::new();
        // The model (one session, so one call per id): first-seen order and the last string
        // of each field.
        let mut order: Vec<String> = Vec::new();
        let mut last: HashMap<String, HashMap<&str, String>> = HashMap::new();
        let mut finished: std::collections::HashSet<String> = std::collections::HashSet::new();
        for line in &lines {
            let outcome = ledger.feed(&line.to_string());
            if outcome != LineOutcome::ToolCall {
                continue;
            }
            let update = line.get("params")
                .and_then(|params| params.get("update").or_else(|| params.get("toolCall")))
                .or_else(|| line.get("update"))
                .unwrap_or(line);
            // A permission request's `kind` describes the permission: it only fills in a call
            // whose own updates have sent none. The request puts a running call back to
            // `pending` (it waits on the user), never a finished one (DESIGN §6).
            let permission = line.get("method").and_then(Value::as_str)
                == Some("session/request_permission");
            let id = update["toolCallId"].as_str().unwrap().to_owned();
            if !order.contains(&id) {
                order.push(id.clone());
            }
            let fields = last.entry(id.clone()).or_default();
            let was_finished = finished.contains(&id);
            for field in ["title", "status", "kind"] {
                if let Some(value) = update.get(field).and_then(Value::as_str) {
                    if permission && field != "title" {
                        continue;
                    }
                    // Once finished, what the identity is resolved from (the kind) is kept.
                    if was_finished && field == "kind" {
                        continue;
                    }
                    fields.insert(field, value.to_owned());
                }
            }
            if permission {
                if !was_finished {
                    fields.insert("status", "pending".to_owned());
                }
                if !was_finished
                    && !fields.contains_key("kind")
                    && let Some(kind) = update.get("kind").and_then(Value::as_str)
                {
                    fields.insert("kind", kind.to_owned());
                }
            }
            if matches!(fields.get("status").map(String::as_str), Some("completed" | "failed")) {
                finished.insert(id.clone());
            }
        }
        let ids: Vec<&str> = ledger.calls().map(|call| call.tool_call_id()).collect();
        prop_assert_eq!(ids, order.iter().map(String::as_str).collect::<Vec<_>>());
        for id in &order {
            let call = ledger.get(id).unwrap();
            let fields = last.get(id);
            let expected = |field: &str| fields.and_then(|fields| fields.get(field)).map(String::as_str);
            prop_assert_eq!(call.title(), expected("title"));
            // A call that sent no status is pending, ACP's default.
            prop_assert_eq!(call.status().as_str(), expected("status").unwrap_or("pending"));
            prop_assert_eq!(call.acp_kind(), expected("kind"));
        }
    }

    #[test]
    fn memory_stays_within_the_limits(lines in prop::collection::vec(line(), 0..60), finished in 0..4usize, pending in 0..4usize) {
        let mut ledger = Ledger::builder().max_finished(finished).max_pending(pending).build();
        // The call a line just updated is never evicted for the count limits: a limit of
        // 0 keeps that one call.
        for line in &lines {
            ledger.feed(&line.to_string());
            prop_assert!(ledger.len() <= finished.max(1) + pending.max(1));
            prop_assert!(ledger.calls().filter(|call| call.is_finished()).count() <= finished.max(1));
            prop_assert!(ledger.calls().filter(|call| !call.is_finished()).count() <= pending.max(1));
        }
        assert_accounted(&ledger);
    }

    /// A view kept from the events alone — created and evicted calls, the status and whether
    /// finished as of the last event that could change them — is the ledger, whatever the
    /// lines, the permission answers among them and the eviction limits.
    #[test]
    fn a_view_kept_from_events_is_the_ledger(
        lines in prop::collection::vec(prop_oneof![
            6 => line(),
            1 => (prop::sample::select(vec!["allow", "reject", "cancelled"]), 0..3u64).prop_map(|(pick, id)| {
                let outcome = match pick {
                    "cancelled" => json!({"outcome": "cancelled"}),
                    option => json!({"outcome": "selected", "optionId": option}),
                };
                json!({"jsonrpc": "2.0", "id": id, "result": {"outcome": outcome}})
            }),
        ], 0..50),
        finished in 0..4usize,
        pending in 0..4usize,
    ) {
        let mut ledger = Ledger::builder().max_finished(finished).max_pending(pending).build();
        let mut view: HashMap<CallId, (String, bool)> = HashMap::new();
        for line in &lines {
            ledger.feed(&line.to_string());
            for event in ledger.events() {
                let call = ledger.call(event.call);
                prop_assert!(call.is_some(), "an event's call is readable until the next line");
                let call = call.unwrap();
                match event.change {
                    Change::Evicted => {
                        prop_assert!(view.remove(&event.call).is_some(), "evicted once, after created");
                    }
                    Change::Created => {
                        prop_assert!(view.insert(event.call, (call.status().to_string(), call.is_finished())).is_none());
                    }
                    // A new permission request reopens a call whose earlier one was refused.
                    Change::StatusChanged
                    | Change::Finished
                    | Change::PermissionRequested
                    | Change::PermissionAnswered => {
                        view.insert(event.call, (call.status().to_string(), call.is_finished()));
                    }
                    _ => {}
                }
            }
        }
        let retained: HashMap<CallId, (String, bool)> = ledger
            .calls()
            .map(|call| (call.id(), (call.status().to_string(), call.is_finished())))
            .collect();
        prop_assert_eq!(view, retained);
    }

    /// Past the first line, what the ledger holds never exceeds its byte budget, however
    /// small (the keys of evicted calls included).
    #[test]
    fn retained_bytes_stay_within_any_budget(lines in prop::collection::vec(line(), 1..40), budget in 0..4096usize) {
        let mut ledger = Ledger::builder().max_retained_bytes(budget).build();
        for line in &lines {
            ledger.feed(&line.to_string());
            prop_assert!(ledger.retained_bytes() <= budget, "{} > {budget}", ledger.retained_bytes());
        }
    }
}
