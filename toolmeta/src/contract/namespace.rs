//! [`Namespace`]: the toolset a tool belongs to — a first-party namespace, or a harness's own
//! extension namespace (`_forge`).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::shared::namespaces::{self as rules, EXTENSION_MAX_LEN, Malformed, Refusal, Spelling};

/// The runtime's reading of the namespace table (`shared/namespaces.rs`): [`Namespace`].
macro_rules! namespaces {
    ($( $(#[$doc:meta])* $variant:ident { wire: $wire:literal, aliases: [$($alias:literal),*], reference: $reference:literal $($more:tt)* } )*) => {
        /// The toolset a tool belongs to: one of the first-party namespaces, or a harness's
        /// own **extension namespace**, an `_` followed by its snake_case name (`_forge`).
        ///
        /// The set is closed but for well-formed extensions, on purpose: strict decoding
        /// refuses any other value, so a typo of a first-party namespace (`grokbuild`) cannot
        /// invent a toolset. A harness without a first-party namespace adopts toolmeta today
        /// with its extension namespace, without waiting for a release. Written snake_case;
        /// the listed aliases (PascalCase and legacy spellings) are accepted when reading.
        ///
        /// | value | example | |
        /// |---|---|---|
        /// | first-party | `codex` | a variant |
        /// | alias | `GrokBuild`, `open_code` | read as its first-party namespace |
        /// | extension | `_forge`, `_my_harness2` | [`Namespace::Extension`] |
        /// | near miss of a first-party name | `grokbuild`, `grok` | refused: did you mean `grok_build` |
        /// | extension spelled as a first-party name | `_codex` | refused: did you mean `codex` |
        /// | malformed extension | `_Forge`, `_`, `_9x`, `__forge`, `_forge-x`, over 64 bytes | refused |
        /// | bare unknown name | `forge` | refused: write `_forge` |
        ///
        /// `#[non_exhaustive]`: a first-party namespace is added without a breaking change,
        /// and a harness's extension that becomes first-party keeps its `_` form as a read
        /// alias. An extension is held inline (at most 64 bytes), so the type is `Copy`.
        ///
        /// ```
        /// use toolmeta::Namespace;
        /// assert_eq!(Namespace::from_wire("GrokBuild"), Some(Namespace::GrokBuild));
        /// assert_eq!(Namespace::OpenCode.as_str(), "opencode");
        /// const FORGE: Namespace = Namespace::extension("_forge");
        /// assert_eq!(Namespace::from_wire("_forge"), Some(FORGE));
        /// assert_eq!(FORGE.as_str(), "_forge");
        /// let err = "forge".parse::<Namespace>().unwrap_err();
        /// assert!(err.to_string().ends_with("writes its own extension namespace, `_forge`"));
        /// assert_eq!(Namespace::from_wire("grokbuild"), None);
        /// ```
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Namespace {
            $( $(#[$doc])* #[doc = concat!("`", $wire, "`", $(", also read from `", $alias, "`",)* ".")] $variant, )*
            /// A harness's own extension namespace (`_forge`): see [`Namespace::extension`].
            Extension(ExtensionName),
        }

        impl Namespace {
            /// Every first-party namespace, in the order of the wire contract.
            pub const ALL: &'static [Namespace] = &[$(Namespace::$variant),*];

            /// The snake_case wire name (an extension's, `_` included).
            pub const fn as_str(&self) -> &str {
                match self {
                    $(Namespace::$variant => $wire,)*
                    Namespace::Extension(extension) => extension.as_str(),
                }
            }

            /// The wire name of a first-party namespace, which lives as long as the program;
            /// `None` for an extension, whose name the value holds.
            #[cfg(feature = "client")]
            pub(crate) const fn static_str(&self) -> Option<&'static str> {
                match self {
                    $(Namespace::$variant => Some($wire),)*
                    Namespace::Extension(_) => None,
                }
            }

            /// The spellings accepted when reading besides [`Namespace::as_str`] (none for an
            /// extension).
            pub const fn aliases(&self) -> &'static [&'static str] {
                match self {
                    $(Namespace::$variant => &[$($alias),*],)*
                    Namespace::Extension(_) => &[],
                }
            }

            /// Whether the namespace is in the reference schema published by the harness that
            /// defined the envelope (toolmeta's additions and every extension are not).
            pub const fn in_reference_schema(&self) -> bool {
                match self {
                    $(Namespace::$variant => $reference,)*
                    Namespace::Extension(_) => false,
                }
            }

            /// The first-party namespace of row `i` of the table.
            const fn first_party(i: usize) -> Namespace {
                Namespace::ALL[i]
            }
        }

        impl fmt::Debug for Namespace {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(Namespace::$variant => f.write_str(stringify!($variant)),)*
                    Namespace::Extension(extension) => {
                        f.debug_tuple("Extension").field(&extension.as_str()).finish()
                    }
                }
            }
        }
    };
}

super::shared::namespaces::namespace_table!(namespaces);

impl Namespace {
    /// The extension namespace `name` (`_forge`), for a `const`: an `_` followed by a
    /// lowercase ASCII letter, then lowercase letters, digits and `_`, at most 64 bytes in
    /// all (`^_[a-z][a-z0-9_]{0,62}$`). The `_` form of a name that has since become
    /// first-party, listed among its aliases, is that first-party namespace.
    ///
    /// ```
    /// use toolmeta::Namespace;
    /// const STAKPAK: Namespace = Namespace::extension("_stakpak");
    /// assert!(STAKPAK.is_extension());
    /// ```
    ///
    /// # Panics
    ///
    /// When `name` is not a well-formed extension, or is spelled as a first-party namespace
    /// (`_codex`); in a `const`, that is a compile error:
    ///
    /// ```compile_fail,E0080
    /// const CODEX: toolmeta::Namespace = toolmeta::Namespace::extension("_codex");
    /// ```
    pub const fn extension(name: &str) -> Namespace {
        if let Some(i) = rules::alias_of(name) {
            return Namespace::first_party(i);
        }
        match rules::extension(name) {
            Ok(()) => Namespace::Extension(ExtensionName::new(name)),
            Err(Refusal::Shadows(_)) => panic!(
                "an extension namespace cannot be spelled as a first-party one: write the first-party namespace"
            ),
            Err(Refusal::Malformed(Malformed::Empty)) => panic!("{}", Malformed::Empty.rule()),
            Err(Refusal::Malformed(Malformed::TooLong)) => panic!("{}", Malformed::TooLong.rule()),
            Err(Refusal::Malformed(Malformed::Start)) => panic!("{}", Malformed::Start.rule()),
            Err(Refusal::Malformed(Malformed::Character)) => {
                panic!("{}", Malformed::Character.rule())
            }
            Err(Refusal::NearMiss(_) | Refusal::Bare) => {
                panic!("an extension namespace starts with `_`")
            }
        }
    }

    /// The namespace spelled `wire`: a first-party wire name or alias, or a well-formed
    /// extension; `None` for anything else ([`str::parse`] says why).
    pub fn from_wire(wire: &str) -> Option<Namespace> {
        wire.parse().ok()
    }

    /// The namespace of a harness that names itself `agent` (ACP's `agentInfo.name`) and has
    /// no catalog: the extension made from its name (DESIGN §7: lowercased, every run of
    /// other characters than `a`-`z` and `0`-`9` made one `_`, trimmed, prefixed with `_`,
    /// cut to 64 bytes), or the first-party namespace that extension would spell
    /// (`Goose` -> `goose`), or whose former extension it is (`qwen-code` -> `qwen_code`, once
    /// `_qwen_code`); `None` for a name that would not start with a letter.
    ///
    /// ```
    /// use toolmeta::Namespace;
    /// assert_eq!(Namespace::for_agent("forge-cli").unwrap().as_str(), "_forge_cli");
    /// assert_eq!(Namespace::for_agent("Stakpak Agent").unwrap().as_str(), "_stakpak_agent");
    /// assert_eq!(Namespace::for_agent("Goose"), Some(Namespace::Goose));
    /// // Agents whose extension namespace became first-party with their catalog.
    /// assert_eq!(Namespace::for_agent("qwen-code"), Some(Namespace::QwenCode));
    /// assert_eq!(Namespace::for_agent("Kimi Code CLI"), Some(Namespace::KimiCli));
    /// assert_eq!(Namespace::for_agent("9lives"), None);
    /// ```
    pub fn for_agent(agent: &str) -> Option<Namespace> {
        let extension = rules::extension_for(agent)?;
        if let Some(i) = rules::alias_of(&extension) {
            return Some(Namespace::first_party(i));
        }
        match rules::extension(&extension) {
            Ok(()) => Some(Namespace::Extension(ExtensionName::new(&extension))),
            Err(Refusal::Shadows(i)) => Some(Namespace::first_party(i)),
            Err(_) => None,
        }
    }

    /// Whether this is a harness's extension namespace rather than a first-party one.
    pub const fn is_extension(&self) -> bool {
        matches!(self, Namespace::Extension(_))
    }
}

/// The name of an extension namespace (`_forge`), held inline: at most 64 bytes, checked
/// well-formed when made (only [`Namespace::extension`] and parsing make one).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExtensionName {
    len: u8,
    // Zero past `len`, so that the derived equality and hash are the name's.
    bytes: [u8; EXTENSION_MAX_LEN],
}

impl ExtensionName {
    /// Copies a name already checked by `rules::extension`.
    const fn new(name: &str) -> ExtensionName {
        let mut bytes = [0; EXTENSION_MAX_LEN];
        let name = name.as_bytes();
        let mut i = 0;
        while i < name.len() {
            bytes[i] = name[i];
            i += 1;
        }
        ExtensionName {
            len: name.len() as u8,
            bytes,
        }
    }

    /// The name, `_` included.
    pub const fn as_str(&self) -> &str {
        let (name, _) = self.bytes.split_at(self.len as usize);
        match std::str::from_utf8(name) {
            Ok(name) => name,
            // Unreachable: an extension is checked ASCII when made.
            Err(_) => "",
        }
    }
}

impl PartialOrd for ExtensionName {
    fn partial_cmp(&self, other: &ExtensionName) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// By name.
impl Ord for ExtensionName {
    fn cmp(&self, other: &ExtensionName) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl fmt::Debug for ExtensionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Namespace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of parsing a string that names no namespace: why, and what would be right.
///
/// ```
/// let err = "_codex".parse::<toolmeta::Namespace>().unwrap_err();
/// assert_eq!(err.name(), "_codex");
/// assert!(err.to_string().ends_with("did you mean `codex`?"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownNamespace {
    name: String,
    refusal: Refusal,
}

impl UnknownNamespace {
    /// The namespace that was not recognized, as given.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for UnknownNamespace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.refusal.explain(&self.name))
    }
}

impl std::error::Error for UnknownNamespace {}

impl FromStr for Namespace {
    type Err = UnknownNamespace;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match rules::spelling(s) {
            Spelling::FirstParty(i) | Spelling::Alias(i) => Ok(Namespace::first_party(i)),
            Spelling::Extension => Ok(Namespace::Extension(ExtensionName::new(s))),
            Spelling::Refused(refusal) => Err(UnknownNamespace {
                name: s.to_owned(),
                refusal,
            }),
        }
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
                v.parse().map_err(E::custom)
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

    fn refused(wire: &str) -> String {
        match wire.parse::<Namespace>() {
            Ok(namespace) => panic!("{wire:?} read as {namespace:?}"),
            Err(UnknownNamespace { name, refusal }) => {
                assert_eq!(name, wire);
                refusal.explain(wire)
            }
        }
    }

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

    /// DESIGN §2's rules table, row by row.
    #[test]
    fn well_formed_extensions_read_and_write_as_given() {
        let longest = format!("_{}", "a".repeat(63));
        for wire in [
            "_forge",
            "_my_harness2",
            "_a",
            "_x_",
            "_grok",
            "_grokbuild",
            longest.as_str(),
        ] {
            let namespace = Namespace::from_wire(wire).unwrap_or_else(|| panic!("{wire}"));
            assert!(namespace.is_extension());
            assert_eq!(namespace.as_str(), wire);
            assert_eq!(namespace.to_string(), wire);
            assert_eq!(namespace.aliases(), &[] as &[&str]);
            assert!(!namespace.in_reference_schema());
            assert_eq!(format!("{namespace:?}"), format!("Extension({wire:?})"));
            let json = serde_json::to_string(&namespace).unwrap();
            assert_eq!(json, format!("\"{wire}\""));
            assert_eq!(serde_json::from_str::<Namespace>(&json).unwrap(), namespace);
        }
        const FORGE: Namespace = Namespace::extension("_forge");
        assert_eq!(Namespace::from_wire("_forge"), Some(FORGE));
        assert_ne!(Namespace::from_wire("_forgex"), Some(FORGE));
        assert!(Namespace::extension("_a") < Namespace::extension("_b"));
    }

    #[test]
    fn a_near_miss_of_a_first_party_name_is_refused_with_did_you_mean() {
        for (wire, meant) in [
            ("grokbuild", "grok_build"),
            ("grok", "grok_build"),
            ("Grok_Build", "grok_build"),
            ("GROK-BUILD", "grok_build"),
            ("Mcp", "mcp"),
            ("codx", "codex"),
            ("claude", "claude_code"),
            ("gemini", "gemini_cli"),
        ] {
            assert_eq!(
                refused(wire),
                format!("unknown namespace `{wire}`; did you mean `{meant}`?")
            );
        }
    }

    #[test]
    fn an_extension_spelled_as_a_first_party_name_is_refused() {
        for (wire, meant) in [
            ("_codex", "codex"),
            ("_grok_build", "grok_build"),
            ("_open_code", "opencode"),
        ] {
            assert!(
                refused(wire).ends_with(&format!(
                    "which an extension namespace cannot take; did you mean `{meant}`?"
                )),
                "{wire}"
            );
        }
    }

    #[test]
    fn malformed_extensions_are_refused_saying_the_rule() {
        let too_long = format!("_{}", "a".repeat(64));
        for (wire, rule, fix) in [
            (
                "_Forge",
                "followed by a lowercase ASCII letter",
                Some("_forge"),
            ),
            ("_", "names its harness after the `_`", None),
            ("_9x", "followed by a lowercase ASCII letter", None),
            (
                "__forge",
                "followed by a lowercase ASCII letter",
                Some("_forge"),
            ),
            (
                "_forge-x",
                "only lowercase ASCII letters, digits and `_`",
                Some("_forge_x"),
            ),
            (
                "_forgé",
                "only lowercase ASCII letters, digits and `_`",
                None,
            ),
            (too_long.as_str(), "at most 64 bytes", None),
        ] {
            let message = refused(wire);
            assert!(
                message.starts_with(&format!(
                    "`{wire}` is not a well-formed extension namespace: "
                )),
                "{message}"
            );
            assert!(message.contains(rule), "{message}");
            match fix {
                Some(fix) => assert!(
                    message.ends_with(&format!("; did you mean `{fix}`?")),
                    "{message}"
                ),
                None => assert!(message.ends_with("`^_[a-z][a-z0-9_]{0,62}$`)"), "{message}"),
            }
        }
    }

    #[test]
    fn an_unknown_bare_name_is_refused_advising_its_extension() {
        for (wire, advice) in [
            ("forge", "_forge"),
            ("cursor", "_cursor"),
            ("Stakpak Agent", "_stakpak_agent"),
            ("other", "_other"),
            ("", "_yourname"),
            ("9x", "_yourname"),
        ] {
            let message = refused(wire);
            assert!(
                message.starts_with(&format!(
                    "unknown namespace `{wire}`: it is not first-party (`grok_build`, "
                )),
                "{message}"
            );
            assert!(
                message.contains(", `amazon_q`, `qwen_code` or `kimi_cli`); "),
                "{message}"
            );
            assert!(
                message.ends_with(&format!(
                    "a harness without a first-party namespace writes its own extension namespace, `{advice}`"
                )),
                "{message}"
            );
        }
        let err = serde_json::from_str::<Namespace>("\"cursor\"").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("unknown namespace `cursor`: it is not first-party"),
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
