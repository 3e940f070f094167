//! Toolset raw projection: projecting raw JSON arguments by the derive's recorded wire keys
//! gives the typed projection's `input` whenever the arguments deserialize as the tool and
//! carry every projected field (DESIGN §3: a defaulted field that is absent may be omitted
//! by the raw projection where the typed one has serde's default).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use toolmeta::{StaticToolset, ToolEntry, ToolIdentity};

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
    #[serde(alias = "workdir")]
    #[tool(project = "cwd")]
    working_dir: Option<String>,
    #[tool(extra = "timeout")]
    timeout_ms: Option<u32>,
    #[serde(default)]
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
    let entry = TOOLS.get(T::IDENTITY.name).unwrap();
    let carried = |field: &toolmeta::InputField| {
        std::iter::once(field.wire)
            .chain(field.aliases.iter().copied())
            .any(|key| raw.get(key).is_some_and(|value| !value.is_null()))
    };
    if !entry.entry().input_fields().iter().all(carried) {
        return;
    }
    let projected = entry.entry().project(raw);
    assert_eq!(projected, typed, "raw {raw}");
}

fuzz_target!(|data: &[u8]| {
    let Ok(raw) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    check::<ReadFile>(&raw);
    check::<Run>(&raw);
});
