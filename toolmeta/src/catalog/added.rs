//! A harness added to the catalog in the crate's own tests by following
//! `docs/maintainers.md` ("Add a catalog harness") and nothing else, to keep that list whole:
//! goose, whose namespace and party the crate already has as an agent without a catalog.
//!
//! The steps, as the document gives them:
//!
//! 1. the namespace: `goose` is a row of `contract/shared/namespaces.rs` already;
//! 2. what recognises it: `recognition/parties.rs` has `GOOSE`, last in `PARTIES`, so it
//!    comes after the harnesses in the order of `Harness::ALL`, as the list requires;
//! 3. a `Harness` variant (`#[cfg(test)] Goose`), its place in `Harness::ALL` and its arm in
//!    `Harness::spec`: an exhaustive `match` on `Harness` anywhere else in the crate would
//!    stop this build, so those are the only places the enum is spelt out;
//! 4. this file: a struct per tool and its `SPEC`, with `mod added;` in `catalog/mod.rs`.
//!
//! The tests below then reach it through the public catalog API, argument matching, the
//! data export and the ledger, with nothing else changed.
//!
//! The tools are goose's developer extension as `tests/real/goose.rs` copies them (block/goose
//! `crates/goose-mcp/src/developer/read.rs`, `edit.rs` at
//! cc96ae08520438b40b1b86d95b85c40db4a376c5, `rmcp_developer.rs` at
//! 00a4a7bd919ef4140dfb71bfa159b12d5c5878df), and `developer__shell`, the name goose's ACP
//! server gives the model's `shell` call (`tests/data/real/public_fixtures/goose-shell.jsonl`).

use serde::Deserialize;

use super::spec::{HarnessSpec, Tool, Tools};
use crate::ToolIdentity;
use crate::recognition::parties;

/// `read`: reads a file; goose documents `offset` as 0-indexed (`offset=0 starts at line 1`).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "read", namespace = "goose", kind = "read")]
pub struct Read {
    /// The file.
    #[tool(project)]
    pub path: String,
    /// The line to start at, counted from 0.
    #[serde(default)]
    #[tool(project, zero_based)]
    pub offset: Option<usize>,
    /// How many lines to read.
    #[serde(default)]
    #[tool(project)]
    pub limit: Option<usize>,
}

/// `write`: writes a whole file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "write", namespace = "goose", kind = "write")]
pub struct Write {
    /// The file.
    #[tool(project)]
    pub path: String,
    /// The new contents.
    #[tool(payload)]
    pub content: String,
}

/// `shell`: runs a command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "shell", namespace = "goose", kind = "execute")]
pub struct Shell {
    /// The command line.
    #[tool(project)]
    pub command: String,
}

/// goose in the catalog, for the crate's tests only.
pub(super) const SPEC: HarnessSpec = HarnessSpec {
    party: &parties::GOOSE,
    release: "the developer extension as tests/real/goose.rs copies it",
    source: "block/goose crates/goose-mcp/src/developer at cc96ae08 and 00a4a7bd",
    tools: Tools::new([
        Tool::of::<Read>(),
        Tool::of::<Write>(),
        Tool::of::<Shell>(),
        Tool::of::<Shell>().renamed("developer__shell"),
    ])
    .registered(),
};

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::Namespace;
    use crate::catalog::{self, Harness};

    #[test]
    fn the_added_harness_is_named_and_recognised() {
        assert_eq!(
            Harness::from_namespace(Namespace::Goose),
            Some(Harness::Goose)
        );
        assert_eq!(Harness::Goose.namespace(), Namespace::Goose);
        assert_eq!("goose".parse::<Harness>(), Ok(Harness::Goose));
        assert_eq!("Goose".parse::<Harness>(), Ok(Harness::Goose));
        assert_eq!(Harness::Goose.to_string(), "goose");
        assert_eq!(Harness::from_agent_name("goose"), Some(Harness::Goose));
        assert_eq!(
            Harness::from_agent_info(&json!({"name": "goose", "version": "1.9.0"})),
            Some(Harness::Goose)
        );
        assert_eq!(Harness::Goose.party().recognition.agent_names, ["goose"]);
        assert!(Harness::Goose.release().contains("developer extension"));
        assert!(Harness::Goose.source().starts_with("block/goose"));
        // The harnesses before it are still found by theirs.
        assert_eq!(
            Harness::from_namespace(Namespace::KimiCli),
            Some(Harness::KimiCli)
        );
        assert_eq!(Harness::from_namespace(Namespace::Zed), None);
    }

    #[test]
    fn the_added_harness_synthesizes_its_tools() {
        assert_eq!(Harness::Goose.tools().len(), 4);
        // `offset` 0 is goose's first line: the envelope's 1-based `offset` is 1.
        let read = catalog::synthesize(
            Harness::Goose,
            "read",
            Some(&json!({"path": "/repo/src/main.rs", "offset": 0, "limit": 20})),
        )
        .unwrap();
        assert_eq!(
            (read.label.as_ref(), read.namespace, read.input),
            (
                "Read",
                Namespace::Goose,
                Some(json!({"path": "/repo/src/main.rs", "offset": 1, "limit": 20}))
            )
        );
        let shell = catalog::synthesize(
            Harness::Goose,
            "developer__shell",
            Some(&json!({"command": "cargo test"})),
        )
        .unwrap();
        assert_eq!(
            (shell.name.as_ref(), shell.label.as_ref(), shell.input),
            (
                "developer__shell",
                "Run Command",
                Some(json!({"command": "cargo test"}))
            )
        );
        assert!(catalog::synthesize(Harness::Goose, "text_editor", None).is_none());
    }

    /// Each tool listed under its own name is weighed once by argument matching; the other
    /// name is only ever given.
    #[test]
    fn the_added_harness_is_identified_from_arguments() {
        let identify = |raw| catalog::identify(Harness::Goose, &raw);
        assert_eq!(
            identify(json!({"path": "a.rs", "content": "fn main() {}"})),
            Some("write")
        );
        assert_eq!(identify(json!({"command": "ls"})), Some("shell"));
        assert_eq!(identify(json!({"path": "a.rs", "offset": 3})), Some("read"));
        assert_eq!(identify(json!({"query": "q"})), None);
        let mut write = Harness::Goose.argument_names("write").unwrap().to_vec();
        write.sort_unstable();
        assert_eq!(write, ["content", "path"]);
        assert_eq!(Harness::Goose.argument_names("developer__shell"), None);
    }

    /// The export lists it among the harnesses, every tool with its arguments but the other
    /// name, and no longer among the agents without a catalog.
    #[cfg(feature = "client")]
    #[test]
    fn the_added_harness_is_exported() {
        let data = catalog::export::catalog_data().unwrap();
        let goose = data
            .harnesses
            .iter()
            .find(|harness| harness.harness == "goose")
            .unwrap();
        let arguments: Vec<(&str, Option<usize>)> = goose
            .tools
            .iter()
            .map(|tool| (tool.name.as_str(), tool.arguments.as_ref().map(Vec::len)))
            .collect();
        assert_eq!(
            arguments,
            [
                ("read", Some(3)),
                ("write", Some(2)),
                ("shell", Some(1)),
                ("developer__shell", None)
            ]
        );
        assert_eq!(goose.recognise.agent_names, ["goose"]);
        assert!(data.agents.iter().all(|agent| agent.namespace != "goose"));
    }

    /// The ledger reads a goose call through the catalog, as it reads any harness's.
    #[cfg(feature = "client")]
    #[test]
    fn the_ledger_reads_the_added_harness() {
        use crate::client::{Ledger, Source};
        let mut ledger = Ledger::builder().harness(Harness::Goose).build();
        ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Terminal","kind":"execute","rawInput":{"command":"cargo test"},"_meta":{"goose":{"toolCall":{"toolName":"developer__shell"}}}}"#);
        let call = ledger.get("c1").unwrap();
        assert_eq!(
            (call.source(), call.name(), call.label()),
            (Source::Catalog, Some("developer__shell"), "Run Command")
        );
    }

    /// docs/maintainers.md names every step this file took, in the words the code uses.
    #[test]
    fn the_maintainers_guide_names_these_steps() {
        let guide = include_str!("../../../docs/maintainers.md");
        let start = guide
            .find("**Add a catalog harness**")
            .expect("docs/maintainers.md has an \"Add a catalog harness\" task");
        let task = &guide[start..];
        let task = &task[..task.find("\n- **").unwrap_or(task.len())];
        for step in [
            "shared/namespaces.rs",
            "recognition/parties.rs",
            "PARTIES",
            "Harness::ALL",
            "Harness::spec",
            "toolmeta/src/catalog/<harness>.rs",
            "const SPEC: HarnessSpec",
            "Tool::of",
            ".renamed(",
            "`mod` line",
        ] {
            assert!(task.contains(step), "the task does not name `{step}`");
        }
        // Nothing the catalog no longer has.
        for gone in ["RECOGNITION", "ARGUMENTS", "const TOOLS"] {
            assert!(!task.contains(gone), "the task still asks for `{gone}`");
        }
    }
}
