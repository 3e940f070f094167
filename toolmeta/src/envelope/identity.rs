//! [`Identity`]: the static half of an envelope, known at compile time.

use crate::{Effects, Envelope, Namespace, ToolKind};

/// Who a tool is: everything of the envelope except its input. Const-constructible, so the
/// derive emits it as an associated constant.
///
/// ```
/// use toolmeta::{Identity, Namespace, ToolKind};
/// const READ: Identity = Identity::new("read_file", ToolKind::Read, Namespace::GrokBuild);
/// assert_eq!(READ.label, "Read");
/// assert!(READ.read_only);
/// let meta = READ.envelope().to_tool_meta();
/// assert_eq!(meta.input, None);
/// ```
///
/// `#[non_exhaustive]`, as the envelope it is half of: build it with [`Identity::new`] and
/// the `with_*` methods, all `const`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Identity {
    /// The model-facing wire name.
    pub name: &'static str,
    /// What the tool does.
    pub kind: ToolKind,
    /// The toolset it belongs to.
    pub namespace: Namespace,
    /// The cross-harness label.
    pub label: &'static str,
    /// Whether the tool only reads (MCP's `readOnlyHint`; the envelope's `read_only`).
    pub read_only: bool,
    /// Whether the tool may change or remove what is there (MCP's `destructiveHint`);
    /// never, for a read-only tool. See [`Effects`].
    pub destructive: bool,
    /// Whether calling it again with the same arguments has no further effect (MCP's
    /// `idempotentHint`); always, for a read-only tool.
    pub idempotent: bool,
    /// Whether the tool may reach an open world of external entities (MCP's
    /// `openWorldHint`).
    pub open_world: bool,
    /// A title for people, where the declaration gives one (`#[tool(title = "...")]`):
    /// MCP shows it in place of the name. The label is not a title.
    pub title: Option<&'static str>,
}

impl Identity {
    /// An identity with the kind's label and effects ([`ToolKind::effects`]), and no title.
    pub const fn new(name: &'static str, kind: ToolKind, namespace: Namespace) -> Identity {
        let effects = kind.effects();
        Identity {
            name,
            kind,
            namespace,
            label: kind.label(),
            read_only: effects.read_only,
            destructive: effects.destructive,
            idempotent: effects.idempotent,
            open_world: effects.open_world,
            title: None,
        }
    }

    /// The same identity with another label (only meaningful for [`ToolKind::Other`]).
    pub const fn with_label(self, label: &'static str) -> Identity {
        Identity { label, ..self }
    }

    /// The same identity with an explicit read-only flag. A read-only tool is not
    /// destructive and is idempotent, so those two follow (see [`Effects::with_read_only`]):
    /// set `read_only` before them.
    pub const fn with_read_only(self, read_only: bool) -> Identity {
        self.with_effects(self.effects().with_read_only(read_only))
    }

    /// The same identity, destructive or not.
    ///
    /// # Panics
    ///
    /// When a read-only identity is made destructive (a contradiction): in a `const`, that is
    /// a compile error. The derive refuses it with its own message.
    pub const fn with_destructive(self, destructive: bool) -> Identity {
        let mut effects = self.effects();
        effects.destructive = destructive;
        self.with_effects(effects)
    }

    /// The same identity, idempotent or not.
    ///
    /// # Panics
    ///
    /// When a read-only identity is made not idempotent (a contradiction): in a `const`, that
    /// is a compile error. The derive refuses it with its own message.
    pub const fn with_idempotent(self, idempotent: bool) -> Identity {
        let mut effects = self.effects();
        effects.idempotent = idempotent;
        self.with_effects(effects)
    }

    /// The same identity, open-world or not.
    pub const fn with_open_world(self, open_world: bool) -> Identity {
        let mut effects = self.effects();
        effects.open_world = open_world;
        self.with_effects(effects)
    }

    /// The same identity with a title for people (MCP's `title`).
    pub const fn with_title(self, title: &'static str) -> Identity {
        Identity {
            title: Some(title),
            ..self
        }
    }

    /// The tool's effects: MCP's four hints.
    ///
    /// ```
    /// use toolmeta::{Identity, Namespace, ToolKind};
    /// const FETCH: Identity = Identity::new("fetch", ToolKind::WebFetch, Namespace::Codex);
    /// let effects = FETCH.effects();
    /// assert!(effects.read_only && effects.open_world);
    /// ```
    pub const fn effects(&self) -> Effects {
        Effects {
            read_only: self.read_only,
            destructive: self.destructive,
            idempotent: self.idempotent,
            open_world: self.open_world,
        }
    }

    /// The same identity with `effects`.
    const fn with_effects(self, effects: Effects) -> Identity {
        if let Some(contradiction) = effects.contradiction() {
            panic!("{}", contradiction);
        }
        Identity {
            read_only: effects.read_only,
            destructive: effects.destructive,
            idempotent: effects.idempotent,
            open_world: effects.open_world,
            ..self
        }
    }

    /// The identity-only envelope (no `input`), as the first `tool_call` of a call carries
    /// it, before the arguments are parsed. Like every [`Envelope`], it serializes straight
    /// to a writer, stamps into an event's `_meta` ([`Envelope::stamp`]), takes a runtime
    /// wire name ([`Envelope::with_name`]) and becomes a [`ToolMeta`](crate::ToolMeta)
    /// ([`Envelope::to_tool_meta`]).
    pub const fn envelope(&self) -> Envelope<'static, ()> {
        Envelope::identity_only(*self)
    }
}
