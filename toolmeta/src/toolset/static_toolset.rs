//! [`StaticToolset`] and the [`toolset!`](crate::toolset!) macro: a toolset fixed at compile
//! time, with duplicate wire names rejected by const evaluation.

use super::{RegisteredTool, ToolEntry};
use crate::contract::shared::spelling::bytes_eq;

/// A toolset fixed at compile time: duplicate wire names are a compile error.
///
/// Build it in a `const` item (or with the [`toolset!`](crate::toolset!) macro, which does
/// that for you): [`StaticToolset::new`] compares every pair of wire names during const
/// evaluation and stops the build on a duplicate, naming it:
///
/// ```text
/// error[E0080]: evaluation panicked: duplicate wire name `read_file` in a static toolset:
///                each wire name must map to exactly one tool; give one of them another
///                wire name (`Tool as "name"` in `toolset!`, `ToolEntry::renamed("name")`
///                in `StaticToolset::new`) or register it once
/// ```
///
/// Lookups scan the entries (a harness registers tens of tools, not thousands).
///
/// ```
/// use toolmeta::{Identity, Namespace, StaticToolset, ToolEntry, ToolKind};
///
/// const TOOLS: StaticToolset = StaticToolset::new(&[
///     ToolEntry::new(Identity::new("read_file", ToolKind::Read, Namespace::GrokBuild), &[]),
///     ToolEntry::new(Identity::new("bash", ToolKind::Execute, Namespace::GrokBuild), &[])
///         .renamed("shell"),
/// ]);
/// assert_eq!(TOOLS.get("shell").unwrap().identity().kind, ToolKind::Execute);
/// assert!(TOOLS.get("bash").is_none());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct StaticToolset {
    entries: &'static [ToolEntry],
}

impl StaticToolset {
    /// The toolset of `entries`.
    ///
    /// # Panics
    ///
    /// When two entries share a wire name. In a `const` item, which is how it is meant to
    /// be used, that panic is a compile error naming the duplicate.
    pub const fn new(entries: &'static [ToolEntry]) -> StaticToolset {
        let mut i = 0;
        while i < entries.len() {
            let mut j = i + 1;
            while j < entries.len() {
                if bytes_eq(entries[i].name().as_bytes(), entries[j].name().as_bytes()) {
                    duplicate_wire_name(entries[i].name());
                }
                j += 1;
            }
            i += 1;
        }
        StaticToolset { entries }
    }

    /// The tool registered under the wire name `name`; `None` when there is none (an
    /// event of an unknown tool is left unstamped).
    pub fn get(&self, name: &str) -> Option<RegisteredTool<'static>> {
        self.entries
            .iter()
            .find(|entry| entry.name() == name)
            .map(|entry| RegisteredTool::new(entry.name(), entry))
    }

    /// Every registered tool, in registration order.
    pub fn tools(&self) -> impl Iterator<Item = RegisteredTool<'static>> {
        self.entries
            .iter()
            .map(|entry| RegisteredTool::new(entry.name(), entry))
    }

    /// The registered entries, in registration order.
    pub(crate) const fn entries(&self) -> &'static [ToolEntry] {
        self.entries
    }

    /// The number of registered tools.
    pub const fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no tool is registered.
    pub const fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Stops const evaluation with a message naming the duplicate. Const panics can only print
/// a `&str`, so the message is assembled in a buffer (a name too long for it is cut).
const fn duplicate_wire_name(name: &str) -> ! {
    const PREFIX: &[u8] = b"duplicate wire name `";
    const SUFFIX: &[u8] = b"` in a static toolset: each wire name must map to exactly one \
        tool; give one of them another wire name (`Tool as \"name\"` in `toolset!`, \
        `ToolEntry::renamed(\"name\")` in `StaticToolset::new`) or register it once";
    const MAX_NAME: usize = 64;
    let mut buf = [0u8; PREFIX.len() + MAX_NAME + SUFFIX.len()];
    let mut len = 0;
    len = append(&mut buf, len, PREFIX);
    let name = name.as_bytes();
    let name = if name.len() > MAX_NAME {
        name.split_at(MAX_NAME).0
    } else {
        name
    };
    len = append(&mut buf, len, name);
    len = append(&mut buf, len, SUFFIX);
    match std::str::from_utf8(buf.split_at(len).0) {
        Ok(message) => panic!("{}", message),
        Err(_) => panic!("duplicate wire name in a static toolset"),
    }
}

const fn append(buf: &mut [u8], mut len: usize, bytes: &[u8]) -> usize {
    let mut i = 0;
    while i < bytes.len() {
        buf[len] = bytes[i];
        len += 1;
        i += 1;
    }
    len
}

/// What [`toolset!`](crate::toolset!) registers a type as: a tool struct as
/// [`ToolEntry::of`], a serde-tagged enum of tools as [`ToolEntry::tagged`]. The derive gives
/// it to every tool it derives, so `toolset![MyTool]` is the one way to register any of them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tool: `toolset!` registers types that derive `ToolIdentity`",
    label = "not a tool",
    note = "derive it on a struct (#[derive(ToolIdentity)] with #[tool(name = \"...\", namespace = \"...\", kind = \"...\")]) or on a serde-tagged enum of tools; a hand-described tool is registered as an expression: toolset![ToolEntry::new(identity, fields)]"
)]
pub trait IntoToolEntry {
    /// The tool's entry under its own wire name.
    const TOOL_ENTRY: ToolEntry;
}

impl<T: crate::ToolIdentity> IntoToolEntry for T {
    const TOOL_ENTRY: ToolEntry = ToolEntry::of::<T>();
}

/// A [`StaticToolset`] of tools, checked at compile time.
///
/// Each entry is one of:
///
/// - a type that derives `ToolIdentity`: a tool struct, or a serde-tagged enum of tools
///   (`Read`); every key of the tool reaches the envelope (see [`ToolEntry`]);
/// - such a type under another wire name, for a runtime rename (`Bash as "shell"`);
/// - any expression of a [`ToolEntry`] (`ToolEntry::deserialized::<Read>()`, a hand-described
///   `ToolEntry::new(..)`, `.renamed("..")`).
///
/// The expansion is a `const` item, so a duplicate wire name is a compile error naming it.
///
/// ```
/// use toolmeta::{ToolEntry, ToolIdentity, toolset};
///
/// #[derive(serde::Deserialize, ToolIdentity)]
/// #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
/// struct ReadFile {
///     #[tool(project)]
///     path: String,
/// }
///
/// #[derive(serde::Deserialize, ToolIdentity)]
/// #[tool(name = "bash", namespace = "grok_build", kind = "execute")]
/// struct Bash {
///     #[tool(project)]
///     command: String,
/// }
///
/// let tools = toolset![ReadFile, Bash as "shell", ToolEntry::deserialized::<Bash>()];
/// assert!(tools.get("shell").is_some());
/// assert!(tools.get("bash").is_some());
/// ```
///
/// ```compile_fail,E0080
/// # use toolmeta::{ToolIdentity, toolset};
/// # #[derive(ToolIdentity)]
/// # #[tool(name = "read_file", namespace = "grok_build", kind = "read", no_input)]
/// # struct ReadFile {}
/// # #[derive(ToolIdentity)]
/// # #[tool(name = "view", namespace = "grok_build", kind = "read", no_input)]
/// # struct View {}
/// // `view` renamed to `read_file` collides with `ReadFile`: the build stops.
/// let tools = toolset![ReadFile, View as "read_file"];
/// ```
#[macro_export]
macro_rules! toolset {
    ($($entries:tt)*) => {{
        const TOOLSET: $crate::StaticToolset =
            $crate::StaticToolset::new(&$crate::__toolset_entries!([] $($entries)*));
        TOOLSET
    }};
}

/// The entries of [`toolset!`], one at a time: a type, a renamed type, or an expression.
#[doc(hidden)]
#[macro_export]
macro_rules! __toolset_entries {
    ([$($done:expr,)*]) => { [$($done,)*] };
    ([$($done:expr,)*] $tool:ty as $name:literal $(, $($rest:tt)*)?) => {
        $crate::__toolset_entries!(
            [$($done,)* <$tool as $crate::IntoToolEntry>::TOOL_ENTRY.renamed($name),]
            $($($rest)*)?
        )
    };
    ([$($done:expr,)*] $tool:ty $(, $($rest:tt)*)?) => {
        $crate::__toolset_entries!(
            [$($done,)* <$tool as $crate::IntoToolEntry>::TOOL_ENTRY,]
            $($($rest)*)?
        )
    };
    ([$($done:expr,)*] $entry:expr $(, $($rest:tt)*)?) => {
        $crate::__toolset_entries!([$($done,)* $entry,] $($($rest)*)?)
    };
}
