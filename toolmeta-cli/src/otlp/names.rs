//! Every span and attribute name the export writes, in one place (DESIGN §8).
//!
//! The `gen_ai.*` names follow the OpenTelemetry GenAI semantic conventions of
//! [`SEMCONV_VERSION`] (stability: Development, so they may still change; this module is the
//! one place to follow them). They are written here rather than taken from the
//! `opentelemetry-semantic-conventions` crate, whose GenAI constants are deprecated.
//! `error.type` is the stable general attribute. The `toolmeta.*` names are toolmeta's own.

/// The semantic-conventions release the `gen_ai.*` names follow.
pub const SEMCONV_VERSION: &str = "1.41.0";

/// The schema URL of [`SEMCONV_VERSION`], carried by the instrumentation scope.
pub const SCHEMA_URL: &str = "https://opentelemetry.io/schemas/1.41.0";

/// The instrumentation scope's name.
pub const SCOPE: &str = "toolmeta";

/// The service name when neither `OTEL_SERVICE_NAME` nor `OTEL_RESOURCE_ATTRIBUTES` gives one.
pub const DEFAULT_SERVICE_NAME: &str = "toolmeta";

/// `gen_ai.operation.name` of a tool call's span, and the first word of its name
/// (`execute_tool {gen_ai.tool.name}`).
pub const EXECUTE_TOOL: &str = "execute_tool";

/// `gen_ai.operation.name` and name of a prompt turn's span.
pub const INVOKE_AGENT: &str = "invoke_agent";

/// The operation: [`EXECUTE_TOOL`] or [`INVOKE_AGENT`].
pub const GEN_AI_OPERATION_NAME: &str = "gen_ai.operation.name";
/// The tool's name (the call's wire name, else its label).
pub const GEN_AI_TOOL_NAME: &str = "gen_ai.tool.name";
/// The ACP `toolCallId`.
pub const GEN_AI_TOOL_CALL_ID: &str = "gen_ai.tool.call.id";
/// `extension` for MCP tools, else `function`.
pub const GEN_AI_TOOL_TYPE: &str = "gen_ai.tool.type";
/// The agent's `agentInfo.name` (its `initialize` answer).
pub const GEN_AI_AGENT_NAME: &str = "gen_ai.agent.name";
/// The ACP session id.
pub const GEN_AI_CONVERSATION_ID: &str = "gen_ai.conversation.id";
/// The raw arguments (ACP `rawInput`), only with `--otlp-input`.
pub const GEN_AI_TOOL_CALL_ARGUMENTS: &str = "gen_ai.tool.call.arguments";
/// Why the operation ended in error.
pub const ERROR_TYPE: &str = "error.type";

/// The contract's label (`Read`, `Run Command`).
pub const LABEL: &str = "toolmeta.label";
/// The contract's kind (`read`, `execute`).
pub const KIND: &str = "toolmeta.kind";
/// The contract's namespace.
pub const NAMESPACE: &str = "toolmeta.namespace";
/// Whether the tool only reads.
pub const READ_ONLY: &str = "toolmeta.read_only";
/// What named the tool (DESIGN §8, "the evidence value").
pub const EVIDENCE: &str = "toolmeta.evidence";
/// The `_meta` key path, when [`EVIDENCE`] is `meta`.
pub const EVIDENCE_KEY: &str = "toolmeta.evidence_key";
/// The distinguishing argument keys, when [`EVIDENCE`] is `arguments`.
pub const EVIDENCE_KEYS: &str = "toolmeta.evidence_keys";
/// Whether the evidence earns an allow (DESIGN §8).
pub const EARNED: &str = "toolmeta.earned";
/// `allowed`, `rejected` or `cancelled`.
pub const PERMISSION_DECISION: &str = "toolmeta.permission.decision";
/// `user` or `policy`.
pub const PERMISSION_BY: &str = "toolmeta.permission.by";
/// The deciding policy rule.
pub const PERMISSION_RULE: &str = "toolmeta.permission.rule";
/// The call (or turn) was still open when the stream ended.
pub const UNFINISHED: &str = "toolmeta.unfinished";
/// The call was replayed by `session/load`.
pub const REPLAYED: &str = "toolmeta.replayed";
/// `false` when the log carried no times (the span is at export time, with zero duration).
pub const TIMED: &str = "toolmeta.timed";
/// The canonical input, only with `--otlp-input`.
pub const INPUT: &str = "toolmeta.input";
/// The prompt turn's `stopReason`.
pub const STOP_REASON: &str = "toolmeta.stop_reason";

/// [`ERROR_TYPE`] of a failed call.
pub const FAILED: &str = "failed";
/// [`ERROR_TYPE`] of a call whose permission was rejected.
pub const REJECTED: &str = "rejected";
/// [`ERROR_TYPE`] of a call whose permission request was cancelled.
pub const CANCELLED: &str = "cancelled";
/// [`PERMISSION_DECISION`] of a call its permission allowed.
pub const PERMISSION_ALLOWED: &str = "allowed";
/// [`PERMISSION_BY`] when the client (its user) answered.
pub const BY_USER: &str = "user";
/// [`PERMISSION_BY`] when a policy answered.
pub const BY_POLICY: &str = "policy";
