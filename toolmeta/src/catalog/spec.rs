//! A harness of the catalog, declared once: [`HarnessSpec`].
//!
//! Each harness file ends with one `const SPEC: HarnessSpec`: the party that recognises the
//! harness (declared once, in `recognition/parties.rs`), the release its tools were checked
//! against, where they were read from, and one list of its tools. Each tool is registered
//! once, [`Tool::of`] its struct: the same registration gives the toolset its entry and
//! argument matching (and the data export) its arguments, read off the struct's own
//! `Deserialize` impl — no second list to keep in step.

use serde::de::DeserializeOwned;

use super::arguments::ToolArguments;
use crate::recognition::Party;
use crate::{StaticToolset, ToolEntry, ToolIdentity};

/// A harness of the catalog: everything the catalog knows of it.
pub(crate) struct HarnessSpec {
    /// What recognises the harness in ACP traffic, and the namespace its calls get.
    pub(crate) party: &'static Party,
    /// The harness release its tools were checked against.
    pub(crate) release: &'static str,
    /// Where its tools were read from.
    pub(crate) source: &'static str,
    /// Its tools: `Tools::new([...]).registered()`.
    pub(crate) tools: RegisteredTools,
}

/// One tool of a harness's list: its toolset entry, and its arguments unless the entry is
/// another name of a tool listed with its own ([`Tool::renamed`]).
#[derive(Clone, Copy)]
pub(crate) struct Tool {
    entry: ToolEntry,
    arguments: Option<ToolArguments>,
}

impl Tool {
    /// The tool struct `T` under its own wire name, with its arguments.
    pub(crate) const fn of<T: ToolIdentity + DeserializeOwned>() -> Tool {
        Tool {
            entry: ToolEntry::of::<T>(),
            arguments: Some(ToolArguments::of::<T>()),
        }
    }

    /// The same tool under another wire name (an earlier release's, an adapter's). Such a
    /// name is only ever given, never guessed from arguments: its arguments are its
    /// original's, which argument matching already weighs once (twice, it would tie with
    /// itself), and the export gives it `null` arguments (`docs/catalog.md`).
    pub(crate) const fn renamed(self, name: &'static str) -> Tool {
        Tool {
            entry: self.entry.renamed(name),
            arguments: None,
        }
    }
}

/// A harness's list of tools as its file writes it, split into toolset entries and
/// arguments, index for index, so that both can be borrowed for the program's life.
pub(crate) struct Tools<const N: usize> {
    entries: [ToolEntry; N],
    arguments: [Option<ToolArguments>; N],
}

impl<const N: usize> Tools<N> {
    /// The list `tools`, in registration order.
    pub(crate) const fn new(tools: [Tool; N]) -> Tools<N> {
        assert!(N > 0, "a harness of the catalog has at least one tool");
        let mut entries = [tools[0].entry; N];
        let mut arguments = [tools[0].arguments; N];
        let mut i = 1;
        while i < N {
            entries[i] = tools[i].entry;
            arguments[i] = tools[i].arguments;
            i += 1;
        }
        Tools { entries, arguments }
    }

    /// The list as the catalog reads it: a [`StaticToolset`] (a duplicate wire name stops
    /// the build) and each entry's arguments. Called on the list written in a `const`
    /// item, which lives as long as the program.
    pub(crate) const fn registered(&'static self) -> RegisteredTools {
        RegisteredTools {
            toolset: StaticToolset::new(&self.entries),
            arguments: &self.arguments,
        }
    }
}

/// A harness's tools: its toolset, and each entry's arguments, index for index.
pub(crate) struct RegisteredTools {
    pub(crate) toolset: StaticToolset,
    arguments: &'static [Option<ToolArguments>],
}

impl RegisteredTools {
    /// The tools argument matching weighs: every tool listed under its own name.
    pub(crate) fn arguments(&self) -> impl Iterator<Item = &'static ToolArguments> {
        self.arguments.iter().flatten()
    }
}

#[cfg(test)]
mod tests {
    /// The two halves stay index for index: every entry's arguments are its own tool's.
    #[test]
    fn each_entrys_arguments_are_its_own() {
        for &harness in super::super::Harness::ALL {
            let tools = &harness.spec().tools;
            let entries = tools.toolset.entries();
            assert_eq!(entries.len(), tools.arguments.len(), "{harness}");
            for (entry, arguments) in entries.iter().zip(tools.arguments) {
                if let Some(arguments) = arguments {
                    assert_eq!(arguments.name, entry.name(), "{harness}");
                }
            }
        }
    }
}
