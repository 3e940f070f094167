//! [`Text`]: a string a call keeps and its resolved identity shares — a static string for
//! the values every stream repeats, else one shared copy.

use std::borrow::Cow;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use super::loose::WellKnown;

/// A kept string, cheap to clone: the resolved identity takes its name and label from
/// what the call received without copying them.
#[derive(Clone)]
pub(crate) enum Text {
    Static(&'static str),
    Shared(Arc<str>),
}

impl Text {
    /// The wire name of `namespace`, without a copy for a first-party one.
    pub(crate) fn namespace(namespace: &crate::Namespace) -> Text {
        match namespace.static_str() {
            Some(wire) => Text::Static(wire),
            None => Text::Shared(Arc::from(namespace.as_str())),
        }
    }

    /// Detaches `value`, without copying it when it is one of the `well_known` values.
    pub(crate) fn new(value: &str, well_known: WellKnown) -> Text {
        match well_known.find(value) {
            Some(known) => Text::Static(known),
            None => Text::Shared(Arc::from(value)),
        }
    }

    /// The bytes it holds on the heap (a shared copy is counted by each holder).
    pub(crate) fn retained_bytes(&self) -> usize {
        match self {
            Text::Static(_) => 0,
            Text::Shared(shared) => shared.len(),
        }
    }

    /// The string as a `Cow` borrowing from it.
    pub(crate) fn as_cow(&self) -> Cow<'_, str> {
        Cow::Borrowed(self)
    }
}

impl Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            Text::Static(text) => text,
            Text::Shared(text) => text,
        }
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        **self == **other
    }
}

impl Eq for Text {}

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
