//! The agent behind a stream, as its `initialize` answer names it, and the namespace its
//! calls get (DESIGN §2, §7).

use super::synthesis::{Catalog, Harness};
use crate::Namespace;
use crate::recognition::Party;

/// The agent a stream comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Agent {
    /// The party its name makes (see [`Party::of_agent`]).
    pub(crate) party: Option<&'static Party>,
    /// The catalog's harness for it.
    pub(crate) harness: Option<Harness>,
    /// The namespace its calls get when nothing else gives one: its party's, else the
    /// extension namespace made from its name ([`Namespace::for_agent`], DESIGN §7).
    pub(crate) namespace: Option<Namespace>,
}

impl Agent {
    /// The agent an `initialize` answer's `agentInfo` names: the party its `name` (else its
    /// `title`) names, and otherwise the namespace its `name` makes.
    pub(crate) fn named(name: &str, title: Option<&str>) -> Agent {
        match Party::of_agent(name).or_else(|| title.and_then(Party::of_agent)) {
            Some(party) => Agent::of_party(party),
            None => Agent {
                party: None,
                harness: None,
                namespace: Namespace::for_agent(name),
            },
        }
    }

    pub(crate) fn of_party(party: &'static Party) -> Agent {
        Agent {
            party: Some(party),
            harness: Catalog::harness_of(party.namespace.as_str()),
            namespace: Some(party.namespace),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_agent_without_a_catalog_gets_the_extension_namespace_of_its_name() {
        let namespace = |name| Agent::named(name, None).namespace;
        let cases = [
            ("Mistral Vibe", Some("_mistral_vibe")),
            ("  --My__Agent--  ", Some("_my_agent")),
            ("forge2", Some("_forge2")),
            ("Ünïcode Agent", Some("_n_code_agent")),
            ("9lives", None),
            ("", None),
            ("---", None),
        ];
        for (name, expected) in cases {
            assert_eq!(
                namespace(name).as_ref().map(Namespace::as_str),
                expected,
                "{name:?}"
            );
        }
        let long = namespace(&"a".repeat(100)).unwrap();
        assert_eq!(long.as_str().len(), 64);
        assert!(long.as_str().bytes().skip(1).all(|b| b == b'a'));
    }

    #[test]
    fn a_name_that_makes_a_first_party_namespace_gets_it() {
        let namespace = |name| Agent::named(name, None).namespace;
        assert_eq!(namespace("goose"), Some(Namespace::Goose));
        assert_eq!(namespace("Amazon Q"), Some(Namespace::AmazonQ));
        // A harness with a catalog: its namespace.
        assert_eq!(namespace("qwen-code"), Some(Namespace::QwenCode));
        assert_eq!(namespace("Kimi Code CLI"), Some(Namespace::KimiCli));
        assert_eq!(namespace("42"), None);
    }
}
