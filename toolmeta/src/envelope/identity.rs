//! [`Identity`]: the static half of an envelope, known at compile time.

use crate::{Envelope, Namespace, ToolKind};

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
    /// Whether the tool only reads.
    pub read_only: bool,
}

impl Identity {
    /// An identity with the kind's label and read-only default.
    pub const fn new(name: &'static str, kind: ToolKind, namespace: Namespace) -> Identity {
        Identity {
            name,
            kind,
            namespace,
            label: kind.label(),
            read_only: kind.is_read_only(),
        }
    }

    /// The same identity with another label (only meaningful for [`ToolKind::Other`]).
    pub const fn with_label(self, label: &'static str) -> Identity {
        Identity { label, ..self }
    }

    /// The same identity with an explicit read-only flag.
    pub const fn with_read_only(self, read_only: bool) -> Identity {
        Identity { read_only, ..self }
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
