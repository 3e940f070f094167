//! [`KindFallback`]: what ACP's own `kind` says about a call that carries no envelope.

use crate::ToolKind;

/// The identity a reader can infer from ACP's `kind` field alone, used when a call has no
/// usable envelope (and the catalog does not know it).
///
/// | ACP `kind` | [`ToolKind`] | label | read-only |
/// |---|---|---|---|
/// | `read` | `read` | Read | yes |
/// | `edit` | `edit` | Edit | no |
/// | `delete` | `delete` | Delete | no |
/// | `move` | `move` | Move | no |
/// | `search` | `search` | Search | yes |
/// | `execute` | `execute` | Run Command | no |
/// | `fetch` | `web_fetch` | Web Fetch | yes |
/// | `think` | `other` | Think | yes |
/// | `switch_mode` | `other` | Switch Mode | yes |
/// | `other`, anything else | `other` | Tool | unknown |
///
/// ACP's `think` and `switch_mode` have no first-party kind; they keep a label of their own
/// so they are not lumped with unknown tools, and are read-only like the first-party
/// `enter_plan`/`exit_plan` mode switches. An `other` tool could do anything, so its
/// read-only flag is left unknown rather than guessed.
///
/// ```
/// use toolmeta::ToolKind;
/// use toolmeta::client::KindFallback;
/// let fetch = KindFallback::from_acp_kind("fetch");
/// assert_eq!((fetch.kind, fetch.label, fetch.read_only), (ToolKind::WebFetch, "Web Fetch", Some(true)));
/// assert_eq!(KindFallback::from_acp_kind("Read").label, "Tool"); // case-sensitive, like ACP
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindFallback {
    /// The kind the ACP kind corresponds to.
    pub kind: ToolKind,
    /// The label to group and display the call under.
    pub label: &'static str,
    /// Whether the call only reads, when the ACP kind says so either way.
    pub read_only: Option<bool>,
}

impl KindFallback {
    /// The fallback identity for an ACP `kind` string.
    pub fn from_acp_kind(acp_kind: &str) -> KindFallback {
        let first_party = |kind: ToolKind| KindFallback {
            kind,
            label: kind.label(),
            read_only: Some(kind.is_read_only()),
        };
        match acp_kind {
            "read" => first_party(ToolKind::Read),
            "edit" => first_party(ToolKind::Edit),
            "delete" => first_party(ToolKind::Delete),
            "move" => first_party(ToolKind::Move),
            "search" => first_party(ToolKind::Search),
            "execute" => first_party(ToolKind::Execute),
            "fetch" => first_party(ToolKind::WebFetch),
            "think" => KindFallback {
                kind: ToolKind::Other,
                label: "Think",
                read_only: Some(true),
            },
            "switch_mode" => KindFallback {
                kind: ToolKind::Other,
                label: "Switch Mode",
                read_only: Some(true),
            },
            _ => KindFallback {
                kind: ToolKind::Other,
                label: ToolKind::Other.label(),
                read_only: None,
            },
        }
    }
}
