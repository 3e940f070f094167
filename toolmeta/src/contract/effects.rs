//! [`Effects`]: what calling a tool does to its environment, as MCP's four tool hints.

use super::ToolKind;

/// What calling a tool does to its environment: the four hints of MCP's tool annotations.
///
/// Each kind has defaults for all four ([`Effects::of`], the table below); a tool may
/// override each (`#[tool(destructive = false)]`, [`Identity::with_destructive`](crate::Identity::with_destructive)).
/// A **read-only tool is never destructive and always idempotent**: the derive refuses a
/// declaration that says otherwise, and [`Effects::from_hints`] reads foreign hints that
/// way. The envelope carries `read_only` only; the other three go where a protocol has a
/// place for them (MCP's `ToolAnnotations`, with the `rmcp` feature).
///
/// ```
/// use toolmeta::{Effects, ToolKind};
/// let edit = Effects::of(ToolKind::Edit);
/// assert!(!edit.read_only && edit.destructive && !edit.idempotent && !edit.open_world);
/// // A tool of no known kind takes MCP's own cautious defaults.
/// assert_eq!(Effects::of(ToolKind::Other), Effects::MCP_DEFAULTS);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Effects {
    /// The tool does not modify its environment (MCP's `readOnlyHint`).
    pub read_only: bool,
    /// The tool may change or remove what is there, not only add to it
    /// (`destructiveHint`); never, for a read-only tool.
    pub destructive: bool,
    /// Calling it again with the same arguments has no further effect
    /// (`idempotentHint`); always, for a read-only tool.
    pub idempotent: bool,
    /// The tool may interact with an open world of external entities, such as the web
    /// (`openWorldHint`), rather than a closed domain such as the workspace.
    pub open_world: bool,
}

impl Effects {
    /// MCP's defaults for a tool whose annotations say nothing: not read-only, destructive,
    /// not idempotent, open-world. [`ToolKind::Other`]'s defaults.
    pub const MCP_DEFAULTS: Effects = Effects {
        read_only: false,
        destructive: true,
        idempotent: false,
        open_world: true,
    };

    /// The defaults of a tool of `kind` (see [`ToolKind::effects`] for the table).
    pub const fn of(kind: ToolKind) -> Effects {
        kind.effects()
    }

    /// Effects as MCP reads its hints: `destructive` and `idempotent` mean something only for
    /// a tool that is not read-only, so a read-only tool is taken as not destructive and
    /// idempotent whatever they say. For hints from elsewhere (another server's
    /// annotations); a declaration that contradicts itself is refused instead.
    ///
    /// ```
    /// use toolmeta::Effects;
    /// let hints = Effects::from_hints(true, true, false, false);
    /// assert!(hints.read_only && !hints.destructive && hints.idempotent);
    /// ```
    pub const fn from_hints(
        read_only: bool,
        destructive: bool,
        idempotent: bool,
        open_world: bool,
    ) -> Effects {
        Effects {
            read_only,
            destructive: destructive && !read_only,
            idempotent: idempotent || read_only,
            open_world,
        }
    }

    /// The same effects, read-only or not. A read-only tool is not destructive and is
    /// idempotent; a tool made not read-only keeps the other three as they were.
    pub const fn with_read_only(self, read_only: bool) -> Effects {
        Effects::from_hints(
            read_only,
            self.destructive,
            self.idempotent,
            self.open_world,
        )
    }

    /// What makes these effects contradict themselves, if anything: a read-only tool that is
    /// destructive, or not idempotent. Effects built by this crate never do.
    pub const fn contradiction(self) -> Option<&'static str> {
        if self.read_only && self.destructive {
            Some("a read-only tool is never destructive")
        } else if self.read_only && !self.idempotent {
            Some("a read-only tool is always idempotent")
        } else {
            None
        }
    }
}

/// The runtime's reading of the kind table's effect columns (`shared/kinds.rs`).
macro_rules! kind_effects {
    ($( $(#[$doc:meta])* $variant:ident { wire: $wire:literal, label: $label:literal, read_only: $read_only:literal, acp: $acp:literal, acp_why: $acp_why:literal, destructive: $destructive:literal, idempotent: $idempotent:literal, open_world: $open_world:literal, effects_why: $why:literal $($more:tt)* } )*) => {
        impl ToolKind {
            /// The defaults of MCP's four effect hints for a tool of this kind, each of which a
            /// tool may override:
            ///
            #[doc = concat!(
                "| kind | read-only | destructive | idempotent | open-world | why |\n",
                "|---|---|---|---|---|---|\n",
                $("| `", $wire, "` | ", $read_only, " | ", $destructive, " | ", $idempotent, " | ", $open_world, " | ", $why, " |\n",)*
            )]
            pub const fn effects(self) -> Effects {
                match self {
                    $(ToolKind::$variant => Effects {
                        read_only: $read_only,
                        destructive: $destructive,
                        idempotent: $idempotent,
                        open_world: $open_world,
                    },)*
                }
            }
        }
    };
}

super::shared::kinds::kind_table!(kind_effects);

/// No row of the kind table contradicts itself: a misfilled row stops the build here.
const _: () = {
    let mut i = 0;
    while i < ToolKind::ALL.len() {
        assert!(
            ToolKind::ALL[i].effects().contradiction().is_none(),
            "a row of the kind table has a read-only kind that is destructive or not idempotent"
        );
        i += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kinds_read_only_default_is_its_effects() {
        for &kind in ToolKind::ALL {
            assert_eq!(kind.effects().read_only, kind.is_read_only(), "{kind}");
        }
    }

    #[test]
    fn read_only_wins_over_the_hints_that_mean_nothing_then() {
        let edit = Effects::of(ToolKind::Edit);
        let read_only = edit.with_read_only(true);
        assert_eq!(
            read_only,
            Effects::from_hints(true, false, true, edit.open_world)
        );
        assert_eq!(read_only.contradiction(), None);
        // Made writable again, it stays what it became: the edit's hints are gone.
        assert!(!read_only.with_read_only(false).destructive);
        // A read kind that writes after all keeps its other defaults.
        let read = Effects::of(ToolKind::Read).with_read_only(false);
        assert!(!read.read_only && !read.destructive && read.idempotent);
    }

    #[test]
    fn contradictions_are_named() {
        let mut effects = Effects::of(ToolKind::Read);
        effects.destructive = true;
        assert_eq!(
            effects.contradiction(),
            Some("a read-only tool is never destructive")
        );
        let mut effects = Effects::of(ToolKind::Read);
        effects.idempotent = false;
        assert_eq!(
            effects.contradiction(),
            Some("a read-only tool is always idempotent")
        );
    }
}
