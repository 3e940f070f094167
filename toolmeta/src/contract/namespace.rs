//! [`Namespace`]: the closed set of toolsets a tool can belong to.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! namespaces {
    ($( $(#[$doc:meta])* $variant:ident = $wire:literal $(| $alias:literal)*; )*) => {
        /// The toolset a tool belongs to.
        ///
        /// A **closed** set, on purpose: an unknown namespace fails strict decoding of the
        /// whole envelope, so typed consumers with exhaustive matches must update when a
        /// toolset is added. Written snake_case; the listed aliases (PascalCase and legacy
        /// spellings) are accepted when reading. Out-of-tree readers that must not fail read
        /// it as a plain string instead (see the loose reader).
        ///
        /// ```
        /// use toolmeta::Namespace;
        /// assert_eq!(Namespace::from_wire("GrokBuild"), Some(Namespace::GrokBuild));
        /// assert_eq!(Namespace::OpenCode.as_str(), "opencode");
        /// assert_eq!(Namespace::from_wire("cursor"), None);
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Namespace {
            $( $(#[$doc])* #[doc = concat!("`", $wire, "`", $(", also read from `", $alias, "`",)* ".")] $variant, )*
        }

        impl Namespace {
            /// Every namespace.
            pub const ALL: &'static [Namespace] = &[$(Namespace::$variant),*];

            /// The snake_case wire name.
            pub const fn as_str(self) -> &'static str {
                match self { $(Namespace::$variant => $wire,)* }
            }

            /// The spellings accepted when reading besides [`Namespace::as_str`].
            pub const fn aliases(self) -> &'static [&'static str] {
                match self { $(Namespace::$variant => &[$($alias),*],)* }
            }

            /// The namespace spelled `wire` or one of its aliases; `None` when unknown.
            pub fn from_wire(wire: &str) -> Option<Namespace> {
                match wire { $($wire $(| $alias)* => Some(Namespace::$variant),)* _ => None }
            }
        }
    };
}

namespaces! {
    /// Grok Build's standard toolset.
    GrokBuild = "grok_build" | "GrokBuild";
    /// Grok Build's concise toolset.
    GrokBuildConcise = "grok_build_concise" | "GrokBuildConcise";
    /// Grok Build's hashline-editing toolset.
    GrokBuildHashline = "grok_build_hashline" | "GrokBuildHashline";
    /// OpenAI Codex's tools.
    Codex = "codex" | "Codex";
    /// OpenCode's tools.
    OpenCode = "opencode" | "OpenCode" | "open_code";
    /// Tools served by an MCP server.
    Mcp = "mcp" | "MCP";
    /// Claude Code's tools (toolmeta's catalog).
    ClaudeCode = "claude_code" | "ClaudeCode";
    /// Gemini CLI's tools (toolmeta's catalog).
    GeminiCli = "gemini_cli" | "GeminiCli";
    /// The tools of Zed's agent (`crates/agent/src/tools`).
    Zed = "zed" | "Zed";
    /// The tools of goose (block/goose), its developer extension among them.
    Goose = "goose" | "Goose";
    /// The tools of the Amazon Q Developer CLI.
    AmazonQ = "amazon_q" | "AmazonQ";
    /// Qwen Code's tools (toolmeta's catalog); `_qwen_code` is the extension namespace its
    /// calls had before.
    QwenCode = "qwen_code" | "QwenCode" | "_qwen_code";
    /// Kimi CLI's tools (toolmeta's catalog); `_kimi_code_cli` is the extension namespace
    /// made from its agent name (`Kimi Code CLI`) its calls had before.
    KimiCli = "kimi_cli" | "KimiCli" | "_kimi_code_cli";
}

impl Namespace {
    /// Whether the namespace is in the reference schema published by the harness that
    /// defined the envelope (toolmeta's `claude_code`, `gemini_cli`, `zed`, `goose` and
    /// `amazon_q` are additions).
    pub const fn in_reference_schema(self) -> bool {
        !matches!(
            self,
            Namespace::ClaudeCode
                | Namespace::GeminiCli
                | Namespace::Zed
                | Namespace::Goose
                | Namespace::AmazonQ
                | Namespace::QwenCode
                | Namespace::KimiCli
        )
    }
}

impl fmt::Display for Namespace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of parsing an unknown namespace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownNamespace(String);

impl UnknownNamespace {
    /// The namespace that was not recognized, as given.
    pub fn name(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UnknownNamespace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown namespace `{}`, expected one of ", self.0)?;
        for (i, ns) in Namespace::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "`{ns}`")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownNamespace {}

impl FromStr for Namespace {
    type Err = UnknownNamespace;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Namespace::from_wire(s).ok_or_else(|| UnknownNamespace(s.to_owned()))
    }
}

impl Serialize for Namespace {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Namespace {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NamespaceVisitor;
        impl serde::de::Visitor<'_> for NamespaceVisitor {
            type Value = Namespace;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a tool namespace string")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Namespace, E> {
                Namespace::from_wire(v).ok_or_else(|| E::custom(UnknownNamespace(v.to_owned())))
            }
        }
        deserializer.deserialize_str(NamespaceVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::{Namespace, UnknownNamespace};

    /// DESIGN.md section 2, "Namespaces", written out by hand.
    const CONTRACT: &[(Namespace, &str, &[&str])] = &[
        (Namespace::GrokBuild, "grok_build", &["GrokBuild"]),
        (
            Namespace::GrokBuildConcise,
            "grok_build_concise",
            &["GrokBuildConcise"],
        ),
        (
            Namespace::GrokBuildHashline,
            "grok_build_hashline",
            &["GrokBuildHashline"],
        ),
        (Namespace::Codex, "codex", &["Codex"]),
        (Namespace::OpenCode, "opencode", &["OpenCode", "open_code"]),
        (Namespace::Mcp, "mcp", &["MCP"]),
        (Namespace::ClaudeCode, "claude_code", &["ClaudeCode"]),
        (Namespace::GeminiCli, "gemini_cli", &["GeminiCli"]),
        (Namespace::Zed, "zed", &["Zed"]),
        (Namespace::Goose, "goose", &["Goose"]),
        (Namespace::AmazonQ, "amazon_q", &["AmazonQ"]),
        (
            Namespace::QwenCode,
            "qwen_code",
            &["QwenCode", "_qwen_code"],
        ),
        (
            Namespace::KimiCli,
            "kimi_cli",
            &["KimiCli", "_kimi_code_cli"],
        ),
    ];

    #[test]
    fn every_namespace_reads_from_its_wire_name_and_aliases() {
        assert_eq!(Namespace::ALL.len(), CONTRACT.len());
        for (&namespace, &(expected, wire, aliases)) in Namespace::ALL.iter().zip(CONTRACT) {
            assert_eq!(namespace, expected);
            assert_eq!(namespace.as_str(), wire);
            assert_eq!(namespace.aliases(), aliases);
            for spelling in std::iter::once(&wire).chain(aliases) {
                assert_eq!(
                    Namespace::from_wire(spelling),
                    Some(namespace),
                    "{spelling}"
                );
                assert_eq!(spelling.parse::<Namespace>(), Ok(namespace));
                let json = format!("\"{spelling}\"");
                assert_eq!(serde_json::from_str::<Namespace>(&json).unwrap(), namespace);
            }
            assert_eq!(
                serde_json::to_string(&namespace).unwrap(),
                format!("\"{wire}\"")
            );
        }
    }

    #[test]
    fn no_spelling_belongs_to_two_namespaces() {
        let mut seen = std::collections::HashSet::new();
        for namespace in Namespace::ALL {
            for spelling in std::iter::once(&namespace.as_str()).chain(namespace.aliases()) {
                assert!(seen.insert(*spelling), "{spelling} is listed twice");
            }
        }
    }

    #[test]
    fn unknown_namespaces_are_errors_listing_the_closed_set() {
        for wire in ["cursor", "", "Mcp", "grok-build", "GROK_BUILD", "other"] {
            assert_eq!(Namespace::from_wire(wire), None, "{wire:?}");
            assert_eq!(
                wire.parse::<Namespace>(),
                Err(UnknownNamespace(wire.to_owned()))
            );
        }
        assert_eq!(
            UnknownNamespace("cursor".into()).to_string(),
            "unknown namespace `cursor`, expected one of `grok_build`, `grok_build_concise`, \
             `grok_build_hashline`, `codex`, `opencode`, `mcp`, `claude_code`, `gemini_cli`, \
             `zed`, `goose`, `amazon_q`, `qwen_code`, `kimi_cli`"
        );
        let err = serde_json::from_str::<Namespace>("\"cursor\"").unwrap_err();
        assert!(
            err.to_string().starts_with("unknown namespace `cursor`"),
            "{err}"
        );
    }

    #[test]
    fn only_toolmetas_added_namespaces_are_outside_the_reference_schema() {
        for namespace in Namespace::ALL {
            let extra = matches!(
                namespace,
                Namespace::ClaudeCode
                    | Namespace::GeminiCli
                    | Namespace::Zed
                    | Namespace::Goose
                    | Namespace::AmazonQ
                    | Namespace::QwenCode
                    | Namespace::KimiCli
            );
            assert_eq!(namespace.in_reference_schema(), !extra, "{namespace}");
        }
    }
}
