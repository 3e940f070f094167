//! The one list of what recognises each party in ACP traffic: to recognise a new harness,
//! or read a new piece of its evidence, add an entry here.
//!
//! The catalog's harnesses come first, in the order of `catalog::Harness::ALL`, then the
//! agents without a catalog; the order is the order in which readers take `_meta` keys sent
//! in the same update, and the order of the data export.

use super::{MetaToolName, Party, Pattern, Recognition, Spelling, TitleFormat, meta_path};
use crate::Namespace;

/// Every party the readers recognise: the harnesses of the catalog, then the agents with a
/// first-party namespace and no catalog of tools.
pub const PARTIES: &[Party] = &[
    CLAUDE_CODE,
    CODEX,
    GEMINI_CLI,
    OPENCODE,
    GROK_BUILD,
    QWEN_CODE,
    KIMI_CLI,
    GOOSE,
];

/// `_meta` tool-name keys that no one party owns: read for every call, marking no party.
pub const SHARED_META_TOOL_NAMES: &[MetaToolName] = &[
    // Mistral's Vibe and Poolside name the tool in `_meta.tool_name` (issue 27's survey).
    MetaToolName::new(meta_path!("tool_name"), Spelling::AsIs, false),
];

pub(crate) const CLAUDE_CODE: Party = Party {
    namespace: Namespace::ClaudeCode,
    recognition: Recognition {
        agent_names: &["claude"],
        meta_tool_names: &[MetaToolName::new(
            meta_path!("claudeCode"."toolName"),
            Spelling::AsIs,
            true,
        )],
        subagent_links: &[meta_path!("claudeCode"."parentToolUseId")],
        // No event keys: its `rawInput` is the model's arguments as the tool took them (every
        // `rawInput` of tests/data/real/claude_code holds only the tool's own argument names).
        ..Recognition::NONE
    },
    source: "claude-agent-acp (and Zed's claude-code-acp): `_meta.claudeCode` on every tool call, recorded in tests/data/real/claude_code",
};

pub(crate) const CODEX: Party = Party {
    namespace: Namespace::Codex,
    recognition: Recognition {
        agent_names: &["codex"],
        // codex-acp's collaboration items name the multi-agent tool in the app server's
        // camelCase (`CollabAgentTool`, serde `rename_all = "camelCase"`: `spawnAgent`).
        meta_tool_names: &[MetaToolName::new(
            meta_path!("codex"."collaboration"."tool"),
            Spelling::CamelCase,
            true,
        )],
        // The `ViewImageToolCall` event becomes `format!("View Image {display_path}")`.
        titles: &[TitleFormat::of("View Image {any}", "view_image")],
        // codex-acp's `rawInput` is the Codex event of the call (`serde_json::json!(&event)`
        // in its src/thread.rs at 3cd8e9ed), and Codex's events carry these whatever the
        // tool (or, for an approval, whatever the tool it asks about):
        event_keys: &[
            // Every exec, patch and approval event recorded in tests/data/real/codex
            // (ExecCommandBegin, ExecApprovalRequest, PatchApplyBegin), and openai/codex
            // codex-rs/protocol/src/request_permissions.rs `RequestPermissionsEvent`.
            "call_id",
            "turn_id",
            // The same recorded events but the auto-approved PatchApplyBegin, and
            // `RequestPermissionsEvent` (a required `i64`) in current codex-rs.
            "started_at_ms",
            // ExecApprovalRequest (recorded), ApplyPatchApprovalRequest (codex-acp's
            // `patch_approval` reads it) and `RequestPermissionsEvent`.
            "reason",
            // `RequestPermissionsEvent`'s `environment_id`, serialized
            // `#[serde(rename = "environmentId")]` in current codex-rs; issue 38's network
            // request from a current codex-acp carries it.
            "environmentId",
            // Not `cwd`, though the permission request carries it: only the exec events
            // and that request do (no patch, MCP or web-search event), and there it is the
            // command's own working directory, `exec_command`'s `workdir` as the events
            // spell it — the key that tells `exec_command` from `shell_command` in the
            // TypeScript codex-acp's `{command, cwd}` (tests/data/real/codex_acp_fixtures).
            // Counted, it names nothing alone: the one tool taking it requires a command.
        ],
        ..Recognition::NONE
    },
    source: "zed-industries/codex-acp src/thread.rs at 3cd8e9ed (the View Image title), and the app server's CollabAgentTool (the collaboration item's tool)",
};

pub(crate) const GEMINI_CLI: Party = Party {
    namespace: Namespace::GeminiCli,
    recognition: Recognition {
        agent_names: &["gemini"],
        // The ACP integration's call ids: `${callId}` = `${name}__${name}_${Date.now()}_${n}`.
        tool_call_ids: &[Pattern("{name}__{name}_{digits}_{digits}")],
        // No event keys: its ACP integration sends no `rawInput` (tests/data/real/gemini_cli).
        ..Recognition::NONE
    },
    source: "the call ids of Gemini CLI's ACP integration, recorded in tests/data/real/gemini_cli",
};

pub(crate) const OPENCODE: Party = Party {
    namespace: Namespace::OpenCode,
    recognition: Recognition {
        agent_names: &["opencode"],
        // OpenCode names the tool in a call's first title; every reader reads a first title
        // that reads as a tool name (docs/identification.md), so nothing to declare.
        // No event keys: its `rawInput` is the model's arguments (every `rawInput` of
        // tests/data/real/opencode holds only the tool's own argument names).
        ..Recognition::NONE
    },
    source: "its initialize answer, recorded in tests/data/real/opencode",
};

pub(crate) const GROK_BUILD: Party = Party {
    namespace: Namespace::GrokBuild,
    recognition: Recognition {
        agent_names: &["grok"],
        // The tagged `rawInput` of every tool in its reference session
        // (tests/data/real/grok_build/session.jsonl: `"variant": "ReadFile"`, `"Grep"`,
        // `"SearchReplace"`, `"Bash"`): the key is on every tool's arguments.
        event_keys: &["variant"],
        ..Recognition::NONE
    },
    source: "its initialize answer; its calls carry their own envelopes",
};

pub(crate) const QWEN_CODE: Party = Party {
    namespace: Namespace::QwenCode,
    recognition: Recognition {
        agent_names: &["qwen"],
        // The wire name on every update; a generic key, so it does not mark the party by
        // itself.
        meta_tool_names: &[MetaToolName::new(
            meta_path!("toolName"),
            Spelling::AsIs,
            false,
        )],
        subagent_links: &[meta_path!("parentToolCallId")],
        // No event keys: its `rawInput` is the model's arguments (tests/data/real/qwen_code).
        ..Recognition::NONE
    },
    source: "QwenLM/qwen-code packages/cli/src/acp-integration/session/emitters/tool-call-emitter.ts",
};

pub(crate) const KIMI_CLI: Party = Party {
    namespace: Namespace::KimiCli,
    recognition: Recognition {
        agent_names: &["kimi"],
        // The tool's name, then `: ` and its key argument once one streams in.
        titles: &[
            TitleFormat::naming("{name}"),
            TitleFormat::naming("{name}: {any}"),
        ],
        // No event keys: its recorded calls carry no `rawInput` (tests/data/real/kimi_cli).
        ..Recognition::NONE
    },
    source: "MoonshotAI/kimi-cli src/kimi_cli/acp/session.py at 4a550effdfcb29a25a5d325bf935296cc50cd417 (_ToolCallState.get_title)",
};

pub(crate) const GOOSE: Party = Party {
    namespace: Namespace::Goose,
    recognition: Recognition {
        agent_names: &["goose"],
        meta_tool_names: &[MetaToolName::new(
            meta_path!("goose"."toolCall"."toolName"),
            Spelling::AsIs,
            true,
        )],
        ..Recognition::NONE
    },
    source: "block/goose crates/goose/src/acp/server/tool_calls/conversion.rs at 02c85bb0f6fe1c78213ecdf358e5fda462f5aa24 (tool_call_identity_meta)",
};
