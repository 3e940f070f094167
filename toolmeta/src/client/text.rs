//! [`Text`]: a string a call keeps and its resolved identity shares — a static string for
//! the values every stream repeats, a short one inline, else one shared copy.

use std::fmt;
use std::ops::Deref;

use smol_str::SmolStr;

/// A kept string, cheap to clone: the resolved identity takes its name and label from
/// what the call received without copying them.
///
/// Up to 23 bytes it is held inline (a title such as ``Read `src/lib.rs` ``, most tool
/// names): each block a call owns is a cache miss when it is allocated, when it is read back
/// and when it is freed, and short strings are most of what a call keeps
/// (`docs/performance.md`, "Memory and allocations").
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Text(SmolStr);

impl Text {
    /// A static string, never copied.
    pub(crate) const fn from_static(text: &'static str) -> Text {
        Text(SmolStr::new_static(text))
    }

    /// The wire name of `namespace`, without a copy for a first-party one.
    pub(crate) fn namespace(namespace: &crate::Namespace) -> Text {
        match namespace.static_str() {
            Some(wire) => Text::from_static(wire),
            None => Text(SmolStr::new(namespace.as_str())),
        }
    }

    /// Detaches `value`, without copying it when it is one of the `well_known` values.
    pub(crate) fn new(value: &str, well_known: WellKnown) -> Text {
        match well_known.find(value) {
            Some(known) => Text::from_static(known),
            None => Text(SmolStr::new(value)),
        }
    }

    /// The bytes it holds on the heap (a shared copy is counted by each holder).
    pub(crate) fn retained_bytes(&self) -> usize {
        if self.0.is_heap_allocated() {
            self.0.len()
        } else {
            0
        }
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text(SmolStr::from(text))
    }
}

impl std::borrow::Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self
    }
}

impl Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

/// Replaces `slot` with `later` when it is present and different; says whether it did.
pub(crate) fn merge_text(
    slot: &mut Option<Text>,
    later: Option<&str>,
    well_known: WellKnown,
) -> bool {
    match later {
        Some(later) if slot.as_deref() != Some(later) => {
            *slot = Some(Text::new(later, well_known));
            true
        }
        _ => false,
    }
}

/// Sets of strings that recur in every stream.
#[derive(Clone, Copy)]
pub(crate) enum WellKnown {
    /// Nothing to share (titles, ids).
    None,
    /// The labels of the kinds.
    Labels,
    /// The wire names of the namespaces.
    Namespaces,
    /// ACP's tool kinds.
    AcpKinds,
    /// ACP's tool-call statuses.
    Statuses,
    /// The names of the catalog's tools.
    ToolNames,
}

impl WellKnown {
    pub(crate) fn find(self, value: &str) -> Option<&'static str> {
        match self {
            WellKnown::None => None,
            WellKnown::Labels => crate::ToolKind::ALL
                .iter()
                .map(|kind| kind.label())
                .find(|label| *label == value),
            WellKnown::Namespaces => crate::Namespace::ALL
                .iter()
                .map(|ns| ns.as_str())
                .find(|ns| *ns == value),
            WellKnown::AcpKinds => super::KindFallback::ACP_KINDS
                .iter()
                .copied()
                .find(|kind| *kind == value),
            WellKnown::Statuses => ["pending", "in_progress", "completed", "failed"]
                .into_iter()
                .find(|status| *status == value),
            WellKnown::ToolNames => super::synthesis::Catalog::tool_name(value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Text, WellKnown};

    /// A short text costs no block; a long one is one block its clones share, counted by
    /// each holder as the byte budget says.
    #[test]
    fn short_texts_are_inline_and_long_ones_shared() {
        let title = Text::new("Read `src/config.rs`", WellKnown::None);
        assert_eq!(title.retained_bytes(), 0);
        assert_eq!(&*title, "Read `src/config.rs`");
        let long = "Read `src/client/store/tombstones.rs`";
        let shared = Text::new(long, WellKnown::None);
        let copy = shared.clone();
        assert_eq!(
            (shared.retained_bytes(), copy.retained_bytes()),
            (long.len(), long.len())
        );
        assert_eq!(shared.as_ptr(), copy.as_ptr());
        let known = Text::new("read_file", WellKnown::ToolNames);
        assert_eq!((known.retained_bytes(), &*known), (0, "read_file"));
    }
}
