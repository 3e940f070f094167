//! The effect keys and `title` override the kind's defaults, and nothing else.
use toolmeta::{Effects, ToolIdentity, ToolKind};

#[derive(ToolIdentity)]
#[tool(
    name = "bash",
    namespace = "grok_build",
    kind = "execute",
    open_world = false,
    title = "Run a Command"
)]
struct SandboxedBash {
    #[tool(project)]
    command: String,
}

#[derive(ToolIdentity)]
#[tool(name = "append_note", namespace = "grok_build", kind = "edit", destructive = false, idempotent)]
struct AppendNote {
    #[tool(project)]
    path: String,
}

// A `read` that records what it read: not read-only, and so free to be not idempotent.
#[derive(ToolIdentity)]
#[tool(name = "read_once", namespace = "grok_build", kind = "read", read_only = false, idempotent = false)]
struct ReadOnce {
    #[tool(project)]
    path: String,
}

// Saying what the kind says already is allowed.
#[derive(ToolIdentity)]
#[tool(name = "grep", namespace = "grok_build", kind = "search", read_only, destructive = false, idempotent)]
struct Grep {
    #[tool(project)]
    pattern: String,
}

fn main() {
    let bash = SandboxedBash::IDENTITY;
    let execute = Effects::of(ToolKind::Execute);
    assert_eq!(
        (bash.read_only, bash.destructive, bash.idempotent, bash.open_world),
        (execute.read_only, execute.destructive, execute.idempotent, false)
    );
    assert_eq!(bash.title, Some("Run a Command"));
    assert_eq!(bash.label, "Run Command");

    let note = AppendNote::IDENTITY.effects();
    assert!(!note.read_only && !note.destructive && note.idempotent && !note.open_world);
    assert_eq!(AppendNote::IDENTITY.title, None);

    let once = ReadOnce::IDENTITY.effects();
    assert!(!once.read_only && !once.destructive && !once.idempotent);

    assert_eq!(Grep::IDENTITY.effects(), Effects::of(ToolKind::Search));
}
