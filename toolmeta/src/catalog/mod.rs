//! The catalog: the tools of harnesses that do not emit the envelope, declared with the
//! derive itself, so a client can synthesize the same envelope — same labels, same canonical
//! keys — from their `rawInput`.
//!
//! Each harness module declares its tools as `#[derive(Deserialize, ToolIdentity)]` structs
//! with the wire names and argument names that harness sends, bulky arguments marked
//! `payload`, and ends with its one declaration, a `SPEC` (see `spec.rs`): its party, its
//! release and source, and one list registering each tool once — in a compile-time-checked
//! [`StaticToolset`] and, with the arguments its `Deserialize` impl reads, for argument
//! matching and the data export. [`synthesize`] looks a call up there and projects its raw
//! arguments (see [`ToolEntry::project`](crate::ToolEntry::project) for the rules).
//!
//! Every tool is registered [`ToolEntry::of`](crate::ToolEntry::of): its raw arguments are
//! projected through the wire keys and conversions the derive recorded, the same data the
//! catalog exports (see `toolmeta catalog --json`). Where a harness's argument does not carry a canonical value
//! as is, the declaration says how, from the closed list of
//! [`Conversion`](crate::convert::Conversion)s: Codex's argv commands are
//! [`Argv`](crate::convert::Argv)/[`CommandLine`](crate::convert::CommandLine) fields, and
//! Gemini CLI's `end_line` is a `#[tool(last_line)]` that becomes `limit`. Other spellings
//! of an argument (serde aliases: codex-acp's event fields, OpenCode's `cwd`) are wire keys
//! too.
//!
//! Each harness module names the release its tools were checked against and where they were
//! read from. Every tool of the tool list each release sent to the model is declared (the
//! lists are recorded in `tests/data/real/<harness>/tools.json`, and a test keeps the catalog
//! in step with them), and so are the tools of earlier releases that traffic still carries.
//!
//! When the traffic names no tool (codex-acp), [`identify`] names it from the argument names
//! of its `rawInput`.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::catalog::{self, Harness};
//!
//! let meta = catalog::synthesize(
//!     Harness::ClaudeCode,
//!     "Read",
//!     Some(&json!({"file_path": "/repo/src/main.rs", "offset": 10, "limit": 20})),
//! )
//! .unwrap();
//! assert_eq!(meta.label, "Read");
//! assert_eq!(meta.input, Some(json!({"path": "/repo/src/main.rs", "offset": 10, "limit": 20})));
//!
//! // A tool the catalog does not know (an MCP tool, say): nothing to synthesize.
//! assert!(catalog::synthesize(Harness::ClaudeCode, "mcp__github__create_issue", None).is_none());
//! ```

// One module per harness; its tools are reached through `Harness::tools`, not by type: the
// argument structs follow the harness (an argument it adds is a field here), so they are not
// this crate's API. Their unprojected fields are never read: they are declared so that
// serde checks each argument's type and lists its name (see `arguments`).
mod arguments;
#[allow(dead_code)]
mod claude_code;
#[allow(dead_code)]
mod codex;
#[cfg(feature = "client")]
pub mod export;
#[allow(dead_code)]
mod gemini_cli;
#[allow(dead_code)]
mod grok_build;
#[allow(dead_code)]
mod kimi_cli;
#[allow(dead_code)]
mod opencode;
mod probe;
#[allow(dead_code)]
mod qwen_code;
mod spec;

// A harness added in the crate's own tests by following docs/maintainers.md.
#[cfg(test)]
#[allow(dead_code)]
mod added;

use std::sync::OnceLock;

use arguments::{DescribedTool, ToolArguments};
use spec::HarnessSpec;

use serde_json::Value;

use crate::recognition::Party;
use crate::{Namespace, StaticToolset, ToolMeta};

/// A harness whose tools the catalog knows.
///
/// It is named by its namespace's wire name (`claude_code`, `codex`, `gemini_cli`,
/// `opencode`, `grok_build`, `qwen_code`, `kimi_cli`; the namespace's aliases are accepted
/// too), and recognised from the `agentInfo` an ACP agent sends in its `initialize` answer.
/// Each is declared once, by the `SPEC` at the end of its file (`docs/maintainers.md`, "Add
/// a catalog harness").
///
/// ```
/// use toolmeta::catalog::Harness;
/// use toolmeta::Namespace;
/// assert_eq!(Harness::GeminiCli.namespace(), Namespace::GeminiCli);
/// assert!(Harness::Codex.tools().get("apply_patch").is_some());
/// assert_eq!(Harness::from_namespace(Namespace::OpenCode), Some(Harness::OpenCode));
/// assert_eq!("claude_code".parse::<Harness>(), Ok(Harness::ClaudeCode));
/// assert_eq!(Harness::OpenCode.to_string(), "opencode");
/// assert!("cursor".parse::<Harness>().unwrap_err().to_string().starts_with("unknown harness `cursor`"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Harness {
    /// Anthropic's Claude Code.
    ClaudeCode,
    /// OpenAI's Codex CLI.
    Codex,
    /// Google's Gemini CLI.
    GeminiCli,
    /// OpenCode.
    OpenCode,
    /// xAI's Grok Build, whose older releases send envelopes without `input`.
    GrokBuild,
    /// Qwen Code.
    QwenCode,
    /// Moonshot AI's Kimi CLI.
    KimiCli,
    /// goose, added as a harness by the crate's own tests (see `added.rs`).
    #[cfg(test)]
    Goose,
}

impl Harness {
    /// Every harness of the catalog.
    pub const ALL: &'static [Harness] = &[
        Harness::ClaudeCode,
        Harness::Codex,
        Harness::GeminiCli,
        Harness::OpenCode,
        Harness::GrokBuild,
        Harness::QwenCode,
        Harness::KimiCli,
        #[cfg(test)]
        Harness::Goose,
    ];

    /// Its one declaration, at the end of its file.
    const fn spec(self) -> &'static HarnessSpec {
        match self {
            Harness::ClaudeCode => &claude_code::SPEC,
            Harness::Codex => &codex::SPEC,
            Harness::GeminiCli => &gemini_cli::SPEC,
            Harness::OpenCode => &opencode::SPEC,
            Harness::GrokBuild => &grok_build::SPEC,
            Harness::QwenCode => &qwen_code::SPEC,
            Harness::KimiCli => &kimi_cli::SPEC,
            #[cfg(test)]
            Harness::Goose => &added::SPEC,
        }
    }

    /// The namespace its tools' envelopes carry.
    pub const fn namespace(self) -> Namespace {
        self.spec().party.namespace
    }

    /// The harness whose tools carry `namespace`, if the catalog has one.
    pub fn from_namespace(namespace: Namespace) -> Option<Harness> {
        Harness::ALL
            .iter()
            .copied()
            .find(|harness| harness.spec().party.namespace == namespace)
    }

    /// Its tools, by wire name.
    pub const fn tools(self) -> &'static StaticToolset {
        &self.spec().tools.toolset
    }

    /// The harness an ACP agent's `agentInfo.name` (the `initialize` response) names, if the
    /// catalog has it: `claude-agent-acp`, `@zed-industries/claude-code-acp`, `codex-acp`,
    /// `gemini-cli`, `OpenCode`, `grok`... (the [`Party::of_agent`] the name makes, when
    /// it is a harness of the catalog).
    ///
    /// ```
    /// use toolmeta::catalog::Harness;
    /// assert_eq!(Harness::from_agent_name("@agentclientprotocol/claude-agent-acp"), Some(Harness::ClaudeCode));
    /// assert_eq!(Harness::from_agent_name("codex-acp"), Some(Harness::Codex));
    /// assert_eq!(Harness::from_agent_name("gemini-cli"), Some(Harness::GeminiCli));
    /// assert_eq!(Harness::from_agent_name("OpenCode"), Some(Harness::OpenCode));
    /// assert_eq!(Harness::from_agent_name("goose"), None);
    /// ```
    pub fn from_agent_name(name: &str) -> Option<Harness> {
        Party::of_agent(name).and_then(|party| Harness::from_namespace(party.namespace))
    }

    /// What recognises the harness in ACP traffic — its agent names, `_meta` keys, call-id
    /// and title formats — as the one list of [`PARTIES`](crate::recognition::PARTIES) says.
    ///
    /// ```
    /// use toolmeta::catalog::Harness;
    /// assert_eq!(Harness::Codex.party().recognition.agent_names, ["codex"]);
    /// ```
    pub const fn party(self) -> &'static Party {
        self.spec().party
    }

    /// The harness release its tools were checked against.
    pub const fn release(self) -> &'static str {
        self.spec().release
    }

    /// Where its tools were read from (its tool definitions).
    pub const fn source(self) -> &'static str {
        self.spec().source
    }

    /// The harness an `initialize` answer's `agentInfo` object names: its `name`, else its
    /// `title` (see [`Harness::from_agent_name`]).
    ///
    /// ```
    /// use serde_json::json;
    /// use toolmeta::catalog::Harness;
    /// let info = json!({"name": "codex-acp", "title": "Codex", "version": "0.16.0"});
    /// assert_eq!(Harness::from_agent_info(&info), Some(Harness::Codex));
    /// assert_eq!(Harness::from_agent_info(&json!({"name": "agent", "title": "Gemini CLI"})), Some(Harness::GeminiCli));
    /// assert_eq!(Harness::from_agent_info(&json!("codex")), None);
    /// ```
    pub fn from_agent_info(agent_info: &Value) -> Option<Harness> {
        ["name", "title"]
            .into_iter()
            .filter_map(|key| agent_info.get(key)?.as_str())
            .find_map(Harness::from_agent_name)
    }

    /// Its tools as argument matching sees them: every tool listed under its own name.
    fn arguments(self) -> impl Iterator<Item = &'static ToolArguments> {
        self.spec().tools.arguments()
    }

    /// Its tools as argument matching sees them, each tool's arguments read once.
    pub(crate) fn described(self) -> &'static [DescribedTool] {
        static CACHES: [OnceLock<Vec<DescribedTool>>; Harness::ALL.len()] =
            [const { OnceLock::new() }; Harness::ALL.len()];
        let index = Harness::ALL
            .iter()
            .position(|harness| *harness == self)
            .unwrap_or(0);
        arguments::described(&CACHES[index], self.arguments())
    }

    /// Every argument name the tool `name` accepts (serde aliases included), or `None` when
    /// the harness has no such tool, or has it only under another name (an earlier
    /// release's, an adapter's).
    ///
    /// ```
    /// use toolmeta::catalog::Harness;
    /// let mut names = Harness::OpenCode.argument_names("glob").unwrap().to_vec();
    /// names.sort_unstable();
    /// assert_eq!(names, ["path", "pattern"]);
    /// ```
    pub fn argument_names(self, name: &str) -> Option<&'static [&'static str]> {
        self.arguments()
            .find(|tool| tool.name == name)
            .map(ToolArguments::names)
    }
}

impl std::fmt::Display for Harness {
    /// The wire name of its namespace.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.namespace().as_str())
    }
}

/// The error of parsing a name that is not a harness of the catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownHarness(pub String);

impl std::fmt::Display for UnknownHarness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown harness `{}`, expected one of ", self.0)?;
        for (i, harness) in Harness::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{harness}")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownHarness {}

impl std::str::FromStr for Harness {
    type Err = UnknownHarness;

    /// A namespace wire name (or alias) of a harness of the catalog.
    fn from_str(name: &str) -> Result<Harness, UnknownHarness> {
        Namespace::from_wire(name)
            .and_then(Harness::from_namespace)
            .ok_or_else(|| UnknownHarness(name.to_owned()))
    }
}

/// The tool of `harness` a call with raw arguments `raw_input` was made to, for traffic that
/// names no tool: the one tool the call's arguments could be for (every required argument
/// there, every value of its argument's JSON type, as the tool's `Deserialize` impl reads
/// them) that shares the most argument names with them, and at least half of them. `None`
/// when no tool fits, or two fit equally well. The rule is written out in
/// `docs/identification.md`.
///
/// ```
/// use serde_json::json;
/// use toolmeta::catalog::{self, Harness};
///
/// // codex-acp's rawInput: the ExecCommandBegin event, argv `command` plus `parsed_cmd`.
/// let event = json!({"call_id": "c1", "command": ["/bin/bash", "-lc", "ls"], "cwd": "/repo",
///                    "parsed_cmd": [{"type": "list_files", "cmd": "ls"}]});
/// assert_eq!(catalog::identify(Harness::Codex, &event), Some("exec_command"));
/// // Codex's hosted web search.
/// assert_eq!(catalog::identify(Harness::Codex, &json!({"query": "q", "action": {}})), Some("web_search"));
/// // Nothing of Codex's takes these arguments.
/// assert_eq!(catalog::identify(Harness::Codex, &json!({"filePath": "a.rs"})), None);
/// ```
pub fn identify(harness: Harness, raw_input: &Value) -> Option<&'static str> {
    arguments::best_fit(
        harness.described(),
        raw_input,
        harness.party().recognition.event_keys,
    )
}

/// Every tool of `harness` that fits `raw_input` best (see [`identify`]): empty when none
/// fits, several when they fit equally well (the ledger's question).
#[cfg(feature = "client")]
pub(crate) fn fits(harness: Harness, raw_input: &Value) -> Vec<&'static str> {
    arguments::best_fits(
        harness.described(),
        raw_input,
        harness.party().recognition.event_keys,
    )
}

/// Synthesizes the envelope of a call to `name` on `harness` from its raw JSON arguments
/// (`rawInput`); `None` when the catalog does not know the tool.
///
/// Without arguments (or with arguments that cannot give an input, see
/// [`ToolEntry::project`](crate::ToolEntry::project)) the envelope carries identity only.
///
/// ```
/// use serde_json::json;
/// use toolmeta::catalog::{self, Harness};
///
/// let shell = catalog::synthesize(
///     Harness::Codex,
///     "shell",
///     Some(&json!({"command": ["bash", "-lc", "cargo test"], "workdir": "/repo"})),
/// )
/// .unwrap();
/// assert_eq!(shell.label, "Run Command");
/// assert_eq!(shell.input, Some(json!({"command": "cargo test", "cwd": "/repo"})));
/// ```
pub fn synthesize(harness: Harness, name: &str, raw_input: Option<&Value>) -> Option<ToolMeta> {
    let tool = harness.tools().get(name)?;
    Some(tool.tool_meta(raw_input))
}

/// The `input` of [`synthesize`]'s envelope alone, as JSON text (the bytes serializing it
/// gives): what the ledger asks to complete an envelope sent without `input`, without the
/// identity it already has.
#[cfg(feature = "client")]
pub(crate) fn synthesized_input(
    harness: Harness,
    name: &str,
    raw_input: Option<&Value>,
) -> Option<Box<serde_json::value::RawValue>> {
    let tool = harness.tools().get(name)?;
    tool.entry().project_to_raw_value(raw_input?)
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{claude_code, codex, gemini_cli, opencode};
    use crate::{ToolEntry, ToolIdentity};

    /// The list of parties holds each harness once, in the catalog's order, with its own
    /// namespace, and then the agents without a catalog.
    #[test]
    fn the_parties_are_the_harnesses_in_order_then_the_agents() {
        use super::Harness;
        use crate::recognition::PARTIES;
        let (harnesses, agents) = PARTIES.split_at(Harness::ALL.len());
        for (harness, party) in Harness::ALL.iter().zip(harnesses) {
            assert_eq!(harness.party(), party);
            assert_eq!(party.namespace, harness.namespace());
        }
        for agent in agents {
            assert_eq!(Harness::from_namespace(agent.namespace), None, "{agent:?}");
        }
    }

    /// The raw projection through the recorded wire keys gives exactly what the derive gives the
    /// deserialized value: same keys, same values, same order.
    fn raw_matches_typed<T>(samples: &[Value])
    where
        T: ToolIdentity + serde::de::DeserializeOwned,
    {
        let entry = ToolEntry::of::<T>();
        for raw in samples {
            let typed: T = serde_json::from_value(raw.clone())
                .unwrap_or_else(|e| panic!("{} {raw}: {e}", T::IDENTITY.name));
            let typed = serde_json::to_string(&typed.tool_meta().input).unwrap();
            let projected = serde_json::to_string(&entry.project(raw)).unwrap();
            assert_eq!(projected, typed, "{} {raw}", T::IDENTITY.name);
        }
    }

    /// Every catalog tool's arguments can be read off its `Deserialize` impl: none is left
    /// out of argument matching or the data export.
    #[test]
    fn every_tools_arguments_are_readable() {
        for &harness in super::Harness::ALL {
            for tool in harness.arguments() {
                if let Err(error) = tool.describe() {
                    panic!("{harness} {}: {error}", tool.name);
                }
            }
            assert_eq!(harness.described().len(), harness.arguments().count());
        }
    }

    /// The published rule takes exactly the raw arguments serde's own derive takes, for
    /// every catalog tool, on every `rawInput` of the recorded sessions and on each tool's
    /// arguments given one at a time with values of every JSON type. (The one exception
    /// by design: an untagged enum's `any` takes every value; Codex's `exec_command` `cmd`
    /// refuses numbers, objects and bools.)
    #[test]
    fn the_argument_rule_agrees_with_serde() {
        let samples = recorded_raw_inputs();
        let values = [
            json!(null),
            json!("s"),
            json!(3),
            json!(-3),
            json!(2.5),
            json!(true),
            json!(["a"]),
            json!([1]),
            json!({}),
        ];
        let mut checked = 0;
        for &harness in super::Harness::ALL {
            for (tool, described) in harness.arguments().zip(harness.described()) {
                let mut tool_samples = samples.clone();
                let required: serde_json::Map<String, Value> = described
                    .arguments
                    .iter()
                    .filter(|argument| argument.required)
                    .map(|argument| (argument.name.to_owned(), json!("s")))
                    .collect();
                for argument in &described.arguments {
                    for name in std::iter::once(&argument.name).chain(&argument.aliases) {
                        for value in &values {
                            let mut raw = required.clone();
                            raw.insert((*name).to_owned(), value.clone());
                            tool_samples.push(Value::Object(raw));
                        }
                    }
                }
                for raw in &tool_samples {
                    let Some(object) = raw.as_object() else {
                        continue;
                    };
                    let rule = super::arguments::fit(&described.arguments, object, &[]).is_some();
                    let serde = (tool.deserializes)(raw);
                    let untagged = harness == super::Harness::Codex
                        && tool.name == "exec_command"
                        && !serde
                        && rule;
                    assert!(
                        rule == serde || untagged,
                        "{harness} {}: {raw} rule {rule} serde {serde}",
                        tool.name
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// codex-acp sends a Codex event as `rawInput`: its event fields tell no tool apart. A
    /// network permission request (`RequestPermissionsEvent`, as current codex-rs
    /// serializes it) fits `apply_patch`'s optional event fields, and is no patch; the
    /// recorded events still name their tools by their own fields.
    #[test]
    fn codex_event_fields_alone_name_no_tool() {
        use super::{Harness, identify};
        let network = json!({
            "call_id": "call_q7Vn2", "turn_id": "019b3", "environmentId": "local",
            "started_at_ms": 1_780_000_000_000_u64, "reason": "Fetch the crate index",
            "permissions": {"network": {"enabled": true}}, "cwd": "/home/dev/work/codex"
        });
        assert_eq!(identify(Harness::Codex, &network), None);
        let mut without_permissions = network.as_object().unwrap().clone();
        without_permissions.remove("permissions");
        assert_eq!(
            identify(Harness::Codex, &Value::Object(without_permissions)),
            None
        );
        let patch = json!({"call_id": "c", "turn_id": "t", "started_at_ms": 1,
                           "changes": {"/r/a.rs": {"add": {"content": "x"}}}});
        assert_eq!(identify(Harness::Codex, &patch), Some("apply_patch"));
        let exec = json!({"call_id": "c", "turn_id": "t", "started_at_ms": 1,
                          "command": ["/bin/bash", "-lc", "ls"], "cwd": "/r",
                          "parsed_cmd": [], "source": "unified_exec_startup",
                          "process_id": "7"});
        assert_eq!(identify(Harness::Codex, &exec), Some("exec_command"));
    }

    /// Every object `rawInput` of the recorded sessions (`tests/data/real`).
    fn recorded_raw_inputs() -> Vec<Value> {
        let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/real");
        let mut samples: Vec<Value> = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(corpus)];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|ext| ext == "jsonl") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for line in text.lines() {
                        collect_raw_inputs(
                            &serde_json::from_str(line).unwrap_or(Value::Null),
                            &mut samples,
                        );
                    }
                }
            }
        }
        assert!(samples.len() > 100, "{} rawInputs", samples.len());
        samples
    }

    /// The input alone, as text, is the synthesized envelope's `input` serialized, byte for
    /// byte, for every tool of every harness: on every recorded `rawInput` (under every tool
    /// name, so that most are projected by tools they were not sent to) and on each tool's
    /// arguments with a key sent twice and keys out of order.
    #[cfg(feature = "client")]
    #[test]
    fn the_input_alone_is_the_envelopes_input_as_text() {
        use super::{Harness, synthesize, synthesized_input};
        let recorded = recorded_raw_inputs();
        let (mut compared, mut projected) = (0, 0);
        for &harness in Harness::ALL {
            for tool in harness.tools().tools() {
                let name = tool.name();
                // The projected keys in reverse order, each with the other keys' values.
                let mut samples = recorded.clone();
                let keys: Vec<&str> = tool.entry().input_fields().iter().map(|f| f.wire).collect();
                let reversed: String = keys
                    .iter()
                    .rev()
                    .map(|key| format!(r#""{key}":"a/b","{key}":3"#))
                    .collect::<Vec<_>>()
                    .join(",");
                samples.push(serde_json::from_str(&format!("{{{reversed}}}")).unwrap());
                let strings: String = keys
                    .iter()
                    .rev()
                    .map(|key| format!(r#""{key}":"x\"\u00e9""#))
                    .collect::<Vec<_>>()
                    .join(",");
                samples.push(serde_json::from_str(&format!("{{{strings}}}")).unwrap());
                for raw in &samples {
                    let text = synthesized_input(harness, name, Some(raw));
                    let serialized = synthesize(harness, name, Some(raw))
                        .unwrap()
                        .input
                        .filter(Value::is_object)
                        .map(|input| serde_json::to_string(&input).unwrap());
                    assert_eq!(
                        text.as_deref().map(|text| text.get()),
                        serialized.as_deref(),
                        "{harness} {name} {raw}"
                    );
                    compared += 1;
                    projected += usize::from(text.is_some());
                }
                assert!(synthesized_input(harness, name, None).is_none());
            }
        }
        assert!(projected > 1_000, "{projected} of {compared} projected");
    }

    fn collect_raw_inputs(value: &Value, out: &mut Vec<Value>) {
        match value {
            Value::Object(map) => {
                for (key, value) in map {
                    if key == "rawInput" && value.is_object() {
                        out.push(value.clone());
                    }
                    collect_raw_inputs(value, out);
                }
            }
            Value::Array(values) => values
                .iter()
                .for_each(|value| collect_raw_inputs(value, out)),
            _ => {}
        }
    }

    #[test]
    fn raw_projection_agrees_with_the_derive() {
        raw_matches_typed::<claude_code::Read>(&[
            json!({"file_path": "/a", "offset": 0, "limit": 5}),
            json!({"file_path": "/a", "offset": -3}),
            json!({"file_path": "", "limit": 0}),
            json!({"file_path": "/a", "offset": null}),
        ]);
        raw_matches_typed::<claude_code::Grep>(&[
            json!({"pattern": "x", "path": "src", "glob": "*.rs"}),
            json!({"pattern": "x"}),
        ]);
        raw_matches_typed::<claude_code::Bash>(&[
            json!({"command": "ls", "description": ""}),
            json!({"command": "ls", "timeout": 5}),
        ]);
        raw_matches_typed::<claude_code::TodoWrite>(&[json!({"todos": []})]);
        raw_matches_typed::<codex::ShellCommand>(&[json!({"command": "ls", "workdir": "/r"})]);
        raw_matches_typed::<codex::Shell>(&[
            json!({"command": ["bash", "-lc", "cargo test"], "workdir": "/r"}),
            json!({"command": ["rg", "fn main", "src"]}),
            json!({"command": []}),
        ]);
        raw_matches_typed::<codex::ExecCommand>(&[
            json!({"cmd": "cargo test", "workdir": "/r"}),
            json!({"command": ["/bin/zsh", "-lc", "ls"], "cwd": "/r", "parsed_cmd": []}),
        ]);
        raw_matches_typed::<gemini_cli::ReadFile>(&[
            json!({"file_path": "/a", "start_line": 10, "end_line": 14}),
            json!({"file_path": "/a", "end_line": 3}),
            json!({"file_path": "/a", "start_line": 0, "end_line": 2}),
            json!({"file_path": "/a", "start_line": -4, "end_line": 2}),
            json!({"file_path": "/a", "start_line": 9, "end_line": 3}),
            json!({"file_path": "/a", "start_line": 9}),
            json!({"file_path": "/a", "end_line": -1}),
        ]);
        raw_matches_typed::<codex::ListDir>(&[json!({"dir_path": "/r", "depth": 2})]);
        raw_matches_typed::<gemini_cli::RunShellCommand>(&[
            json!({"command": "ls", "description": "list", "dir_path": "pkg"}),
            json!({"command": "ls"}),
        ]);
        raw_matches_typed::<opencode::Edit>(&[
            json!({"filePath": "/a.ts", "oldString": "a", "newString": "b", "replaceAll": true}),
        ]);
        raw_matches_typed::<opencode::Bash>(&[
            json!({"command": "bun test", "workdir": "/r", "timeout": 1}),
        ]);
    }
}
