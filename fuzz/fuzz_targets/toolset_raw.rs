//! Toolset raw projection: projecting raw JSON arguments by the derive's recorded wire keys
//! gives the typed projection's `input` whenever the arguments deserialize as the tool.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use toolmeta::{StaticToolset, ToolEntry, ToolIdentity, ToolLookup};

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[serde(rename = "target_file")]
    #[tool(project = "path")]
    path: String,
    #[tool(project)]
    offset: Option<i64>,
    #[tool(project)]
    limit: Option<u8>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "run", namespace = "codex", kind = "execute")]
#[serde(rename_all = "camelCase")]
struct Run {
    #[tool(project)]
    command: String,
    #[tool(project = "cwd")]
    working_dir: Option<String>,
    #[tool(extra = "timeout")]
    timeout_ms: Option<u32>,
    #[tool(extra = "login")]
    login: bool,
}

/// Wire-key entries: the raw path under test, independent of serde.
const TOOLS: StaticToolset =
    StaticToolset::new(&[ToolEntry::of::<ReadFile>(), ToolEntry::of::<Run>()]);

fn check<T: ToolIdentity + DeserializeOwned>(raw: &Value) {
    let Ok(tool) = serde_json::from_value::<T>(raw.clone()) else {
        return;
    };
    let typed = tool.tool_meta().input;
    let projected = TOOLS.get(T::IDENTITY.name).unwrap().project(raw);
    assert_eq!(projected, typed, "raw {raw}");
}

fuzz_target!(|data: &[u8]| {
    let Ok(raw) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    check::<ReadFile>(&raw);
    check::<Run>(&raw);
});
