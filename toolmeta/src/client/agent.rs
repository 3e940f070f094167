//! The agent behind a stream, as its `initialize` answer names it, and the namespace its
//! calls get (DESIGN §2, §7).

use std::borrow::Cow;

use super::synthesis::{Catalog, Harness};
use crate::Namespace;

/// The agent a stream comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Agent {
    /// The catalog's harness for it.
    pub(crate) harness: Option<Harness>,
    /// The namespace its calls get when nothing else gives one: its catalog harness's, the
    /// first-party namespace its name makes, or the extension namespace made from its name.
    pub(crate) namespace: Option<Cow<'static, str>>,
}

impl Agent {
    /// The agent an `initialize` answer's `agentInfo` names: the catalog's harness its
    /// `name` (else its `title`) names, and the namespace its `name` makes.
    pub(crate) fn named(name: &str, title: Option<&str>) -> Agent {
        let harness =
            Catalog::harness_of_agent(name).or_else(|| title.and_then(Catalog::harness_of_agent));
        let namespace = match harness {
            Some(harness) => Some(Cow::Borrowed(Catalog::namespace_of(harness).as_str())),
            None => extension_namespace(name).map(|extension| {
                match Namespace::from_wire(&extension[1..]) {
                    // `goose` → `_goose` shadows a first-party namespace: that is the agent's.
                    Some(first_party) => Cow::Borrowed(first_party.as_str()),
                    None => Cow::Owned(extension),
                }
            }),
        };
        Agent { harness, namespace }
    }

    /// The agent whose calls carry envelopes of `namespace` (Grok Build: only its own
    /// harness emits them).
    pub(crate) fn of_harness(harness: Harness) -> Agent {
        Agent {
            harness: Some(harness),
            namespace: Some(Cow::Borrowed(Catalog::namespace_of(harness).as_str())),
        }
    }
}

/// The extension namespace made from an agent's name (DESIGN §7): lowercased, every run of
/// characters other than `a`–`z` and `0`–`9` made one `_`, trimmed of `_`, prefixed with
/// `_`, cut to 64 bytes; `None` when it would not start with a letter.
///
/// `qwen-code` → `_qwen_code`, `Kimi Code CLI` → `_kimi_code_cli`.
pub(crate) fn extension_namespace(name: &str) -> Option<String> {
    let mut namespace = String::from("_");
    let mut gap = false;
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            if gap && namespace.len() > 1 {
                namespace.push('_');
            }
            gap = false;
            namespace.push(c);
        } else {
            gap = true;
        }
        if namespace.len() >= 64 {
            break;
        }
    }
    namespace.truncate(64);
    namespace
        .as_bytes()
        .get(1)
        .is_some_and(u8::is_ascii_lowercase)
        .then_some(namespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extension_namespaces_follow_the_design_rule() {
        let cases = [
            ("qwen-code", Some("_qwen_code")),
            ("Kimi Code CLI", Some("_kimi_code_cli")),
            ("  --My__Agent--  ", Some("_my_agent")),
            ("forge2", Some("_forge2")),
            ("Ünïcode Agent", Some("_n_code_agent")),
            ("9lives", None),
            ("", None),
            ("---", None),
        ];
        for (name, expected) in cases {
            assert_eq!(extension_namespace(name).as_deref(), expected, "{name:?}");
        }
        let long = extension_namespace(&"a".repeat(100)).unwrap();
        assert_eq!(long.len(), 64);
        assert!(long.bytes().skip(1).all(|b| b == b'a'));
        // A cut never leaves more than 64 bytes, even where a run of others falls at it.
        let cut = extension_namespace(&format!("{}-b", "a".repeat(62))).unwrap();
        assert_eq!(cut.len(), 64);
    }

    #[test]
    fn a_name_that_makes_a_first_party_namespace_gets_it() {
        let namespace = |name| Agent::named(name, None).namespace;
        assert_eq!(namespace("goose").as_deref(), Some("goose"));
        assert_eq!(namespace("Amazon Q").as_deref(), Some("amazon_q"));
        assert_eq!(namespace("qwen-code").as_deref(), Some("_qwen_code"));
        assert_eq!(namespace("42"), None);
    }
}
