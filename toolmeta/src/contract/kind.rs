//! [`ToolKind`]: what a tool does, an open set with a label and a read-only default per kind.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The runtime's reading of the kind table (`shared/kinds.rs`): [`ToolKind`], its variants
/// and their columns.
macro_rules! kinds {
    ($( $(#[$doc:meta])* $variant:ident { wire: $wire:literal, label: $label:literal, read_only: $read_only:literal, acp: $acp:literal, acp_why: $why:literal $($more:tt)* } )*) => {
        /// What a tool does, at a high level.
        ///
        /// An **open** set: an unknown or case-mismatched string (`"Read"`) decodes to
        /// [`ToolKind::Other`] instead of failing, so a reader never breaks on a kind
        /// added later. On the wire each kind is its snake_case name ([`ToolKind::as_str`]).
        ///
        /// ```
        /// use toolmeta::ToolKind;
        /// assert_eq!(ToolKind::parse("list_dir"), ToolKind::ListDir);
        /// assert_eq!(ToolKind::parse("Read"), ToolKind::Other);
        /// assert_eq!(ToolKind::ListDir.label(), "List Files");
        /// assert!(ToolKind::Read.is_read_only());
        /// ```
        ///
        /// # The kinds
        ///
        /// Each kind's label and read-only default, and the coarser ACP `ToolKind` that the
        /// `acp` feature maps it to (`ToolKind::to_acp`), for harnesses that want the event's
        /// own `kind` to agree with the envelope:
        ///
        #[doc = concat!(
            "| kind | label | read-only by default | ACP kind | why that ACP kind |\n",
            "|---|---|---|---|---|\n",
            $("| `", $wire, "` | ", $label, " | ", $read_only, " | `", $acp, "` | ", $why, " |\n",)*
        )]
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum ToolKind {
            $( $(#[$doc])* #[doc = concat!("`", $wire, "`: label \"", $label, "\".")] $variant, )*
        }

        impl ToolKind {
            /// Every kind, in the order of the wire contract.
            pub const ALL: &'static [ToolKind] = &[$(ToolKind::$variant),*];

            /// The snake_case wire name of the kind.
            pub const fn as_str(self) -> &'static str {
                match self { $(ToolKind::$variant => $wire,)* }
            }

            /// The cross-harness label of the kind: what equivalent tools share.
            pub const fn label(self) -> &'static str {
                match self { $(ToolKind::$variant => $label,)* }
            }

            /// Whether a tool of this kind is read-only unless it says otherwise.
            pub const fn is_read_only(self) -> bool {
                match self { $(ToolKind::$variant => $read_only,)* }
            }

            /// The wire name of the ACP `ToolKind` this kind maps to (the "ACP kind" column
            /// above): what a program that writes ACP's JSON itself puts in an event's
            /// `kind`. The `acp` feature maps it onto ACP's type, so that the contract does
            /// not depend on ACP's crate.
            ///
            /// ```
            /// use toolmeta::ToolKind;
            /// assert_eq!(ToolKind::ListDir.acp_kind(), "read");
            /// assert_eq!(ToolKind::WebSearch.acp_kind(), "fetch");
            /// ```
            pub const fn acp_kind(self) -> &'static str {
                match self { $(ToolKind::$variant => $acp,)* }
            }

            /// The kind named exactly `wire` (case-sensitive), if it is a known kind.
            ///
            /// Unlike [`ToolKind::parse`], an unknown name is `None`, not `Other`.
            pub fn from_wire(wire: &str) -> Option<ToolKind> {
                match wire { $($wire => Some(ToolKind::$variant),)* _ => None }
            }
        }
    };
}

super::shared::kinds::kind_table!(kinds);

impl ToolKind {
    /// Reads a kind the way the wire contract does: exact match, anything else is `Other`.
    pub fn parse(wire: &str) -> ToolKind {
        ToolKind::from_wire(wire).unwrap_or(ToolKind::Other)
    }
}

impl fmt::Display for ToolKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Never fails: unknown names parse to [`ToolKind::Other`].
impl FromStr for ToolKind {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(ToolKind::parse(s))
    }
}

impl Serialize for ToolKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ToolKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KindVisitor;
        impl serde::de::Visitor<'_> for KindVisitor {
            type Value = ToolKind;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a tool kind string")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ToolKind, E> {
                Ok(ToolKind::parse(v))
            }
        }
        deserializer.deserialize_str(KindVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::ToolKind;

    // Each kind's label and read-only default are compared with the contract's own words
    // (`docs/wire-contract.md`) by `tests/contract/docs.rs`.

    #[test]
    fn every_kind_reads_back_from_its_wire_name() {
        for &kind in ToolKind::ALL {
            let wire = kind.as_str();
            assert_eq!(ToolKind::from_wire(wire), Some(kind));
            assert_eq!(ToolKind::parse(wire), kind);
            assert_eq!(kind.to_string(), wire);
        }
        let mut wires: Vec<&str> = ToolKind::ALL.iter().map(|kind| kind.as_str()).collect();
        wires.sort_unstable();
        wires.dedup();
        assert_eq!(wires.len(), ToolKind::ALL.len(), "wire names are unique");
    }

    #[test]
    fn unknown_and_case_mismatched_kinds_parse_to_other() {
        for wire in ["Read", "READ", "List Files", "teleport", "", " read"] {
            assert_eq!(ToolKind::from_wire(wire), None, "{wire:?}");
            assert_eq!(ToolKind::parse(wire), ToolKind::Other, "{wire:?}");
            assert_eq!(wire.parse::<ToolKind>(), Ok(ToolKind::Other));
        }
        assert_eq!(ToolKind::default(), ToolKind::Other);
    }

    #[test]
    fn serde_uses_the_wire_name() {
        for &kind in ToolKind::ALL {
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{kind}\""));
            assert_eq!(serde_json::from_str::<ToolKind>(&json).unwrap(), kind);
        }
        assert_eq!(
            serde_json::from_str::<ToolKind>("\"Read\"").unwrap(),
            ToolKind::Other
        );
        assert!(serde_json::from_str::<ToolKind>("3").is_err());
    }
}
