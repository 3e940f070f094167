//! The catalog against the tool lists real harnesses sent to the model
//! (`tests/data/real/<harness>/tools.json`, authoritative for those releases): every tool
//! is in the catalog, every argument name the catalog projects is in the tool's schema, and
//! every argument of the schema is one the catalog's declaration accepts.

use std::collections::BTreeMap;
use std::fs;

use serde_json::Value;
use toolmeta::catalog::Harness;

/// Entries of a tool list that are not tools the session can call, with the reason.
const NOT_CALLABLE: &[(&str, &str)] = &[
    // Anthropic's hosted search, sent only in the request WebSearch makes internally.
    (
        "web_search_20250305",
        "Claude Code's WebSearch runs it server-side",
    ),
    // Stands for the deferred tools until ToolSearch loads them.
    (
        "DeferredToolPlaceholder",
        "a placeholder, replaced by the tools ToolSearch loads",
    ),
    // Gemini's grounding tool, sent only in the request google_web_search makes internally.
    (
        "googleSearch",
        "Gemini CLI's google_web_search runs it server-side",
    ),
];

/// Each tool of a `tools.json` by name: its schema's property names, or `None` for a tool
/// without a JSON schema (hosted or freeform tools: Codex's `apply_patch`, `web_search`,
/// `tool_search`).
fn tool_lists(dir: &str) -> BTreeMap<String, Option<Vec<String>>> {
    let path = format!(
        "{}/tests/data/real/{dir}/tools.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let recorded: Value = serde_json::from_str(&text).unwrap();
    let mut tools = BTreeMap::new();
    let properties = |schema: Option<&Value>| -> Option<Vec<String>> {
        schema
            .and_then(|schema| schema.get("properties"))
            .and_then(Value::as_object)
            .map(|properties| properties.keys().cloned().collect())
    };
    for request in recorded["requests"].as_array().unwrap() {
        for tool in request["tools"].as_array().unwrap() {
            let declared: Vec<(String, Option<Vec<String>>)> =
                if let Some(functions) = tool.get("functionDeclarations") {
                    // Gemini: {functionDeclarations: [{name, parametersJsonSchema}]}
                    functions
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|f| {
                            let schema = f.get("parametersJsonSchema").or(f.get("parameters"));
                            (f["name"].as_str().unwrap().to_owned(), properties(schema))
                        })
                        .collect()
                } else if let Some(function) = tool.get("function") {
                    // OpenAI chat: {type: function, function: {name, parameters}}
                    vec![(
                        function["name"].as_str().unwrap().to_owned(),
                        properties(function.get("parameters")),
                    )]
                } else if let Some(name) = tool.get("name").and_then(Value::as_str) {
                    // Anthropic {name, input_schema}, OpenAI responses {name, parameters}.
                    let schema = tool.get("input_schema").or(tool.get("parameters"));
                    match tool.get("type").and_then(Value::as_str) {
                        Some(kind) if kind.starts_with("web_search_") => {
                            vec![(kind.to_owned(), None)]
                        }
                        _ => vec![(name.to_owned(), properties(schema))],
                    }
                } else if let Some(kind) = tool.get("type").and_then(Value::as_str) {
                    // OpenAI hosted tools: {type: "web_search" | "tool_search", ...}
                    vec![(kind.to_owned(), None)]
                } else {
                    // Gemini's {googleSearch: {}}.
                    tool.as_object()
                        .unwrap()
                        .keys()
                        .map(|key| (key.clone(), None))
                        .collect()
                };
            for (name, properties) in declared {
                tools.entry(name).or_insert(properties);
            }
        }
    }
    tools
}

fn check(dir: &str, harness: Harness) {
    let tools = tool_lists(dir);
    assert!(tools.len() > 5, "{dir}: {tools:?}");
    let mut wrong = Vec::new();
    for (name, properties) in &tools {
        if NOT_CALLABLE.iter().any(|(skipped, _)| skipped == name) {
            continue;
        }
        let Some(tool) = harness.tools().get(name) else {
            wrong.push(format!("{name}: not in the catalog"));
            continue;
        };
        let Some(properties) = properties else {
            continue;
        };
        for field in tool.entry().input_fields() {
            // A key computed from the whole tool (`compute(...)`) has no argument of its own.
            let computed = field.converted && field.wire.is_empty();
            if !computed && !properties.contains(&field.wire.to_owned()) {
                wrong.push(format!(
                    "{name}: projects `{}` from `{}`, which its schema does not have",
                    field.key, field.wire
                ));
            }
        }
        let accepted = harness.argument_names(name).unwrap_or_default();
        for property in properties {
            if !accepted.contains(&property.as_str()) {
                wrong.push(format!("{name}: argument `{property}` is not declared"));
            }
        }
    }
    assert!(wrong.is_empty(), "{dir}:\n{}", wrong.join("\n"));
}

#[test]
fn opencode_1_18_33() {
    check("opencode", Harness::OpenCode);
}

#[test]
fn codex_acp_0_16_0() {
    check("codex", Harness::Codex);
}

#[test]
fn claude_code_2_1_318() {
    check("claude_code", Harness::ClaudeCode);
}

#[test]
fn gemini_cli_0_61_0() {
    check("gemini_cli", Harness::GeminiCli);
}

#[test]
fn qwen_code_0_24_4() {
    check("qwen_code", Harness::QwenCode);
}

#[test]
fn kimi_cli_1_51_0() {
    check("kimi_cli", Harness::KimiCli);
}

/// The check reads the tool lists' shapes: a list it cannot read would pass vacuously.
#[test]
fn the_tool_lists_are_read() {
    let claude = tool_lists("claude_code");
    assert_eq!(
        claude["Read"]
            .as_deref()
            .map(|p| p.contains(&"file_path".to_owned())),
        Some(true)
    );
    let codex = tool_lists("codex");
    assert_eq!(codex["apply_patch"], None, "a freeform tool has no schema");
    assert!(
        codex["exec_command"]
            .as_ref()
            .unwrap()
            .contains(&"cmd".to_owned())
    );
    let gemini = tool_lists("gemini_cli");
    assert!(gemini.contains_key("complete_task") && gemini.contains_key("exit_plan_mode"));
    assert!(
        tool_lists("opencode")["bash"]
            .as_ref()
            .unwrap()
            .contains(&"workdir".to_owned())
    );
}
