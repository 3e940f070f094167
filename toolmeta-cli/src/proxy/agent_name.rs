//! The namespace of an agent without a catalog, from its own name (DESIGN §7).

use toolmeta::Namespace;

/// The longest namespace, the leading `_` included.
const MAX_NAMESPACE_BYTES: usize = 64;

/// The namespace a call of the agent named `name` (`agentInfo.name`) gets when the catalog
/// does not know the agent: the extension namespace made from the name — lowercased, every
/// run of characters other than `a`–`z` and `0`–`9` made one `_`, trimmed, prefixed with
/// `_`, cut to 64 bytes — or the first-party namespace it spells (`goose`, `zed`). `None`
/// when the name does not start with a letter once made so (nothing to call the agent).
///
/// ```text
/// qwen-code      → _qwen_code
/// Kimi Code CLI  → _kimi_code_cli
/// goose          → goose
/// 9lives, "--"   → none
/// ```
pub(crate) fn namespace_for_agent(name: &str) -> Option<String> {
    let mut namespace = String::from("_");
    let mut gap = false;
    for c in name.chars().map(|c| c.to_ascii_lowercase()) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            if gap && namespace.len() > 1 {
                namespace.push('_');
            }
            gap = false;
            namespace.push(c);
        } else {
            gap = true;
        }
    }
    namespace.truncate(MAX_NAMESPACE_BYTES);
    while namespace.ends_with('_') && namespace.len() > 1 {
        namespace.pop();
    }
    if !namespace[1..].starts_with(|c: char| c.is_ascii_lowercase()) {
        return None;
    }
    // A first-party name is its own namespace: `_goose` would shadow `goose`.
    match Namespace::from_wire(&namespace[1..]) {
        Some(first_party) => Some(first_party.as_str().to_owned()),
        None => Some(namespace),
    }
}

#[cfg(test)]
mod tests {
    use super::namespace_for_agent;

    #[test]
    fn the_design_examples() {
        assert_eq!(
            namespace_for_agent("qwen-code").as_deref(),
            Some("_qwen_code")
        );
        assert_eq!(
            namespace_for_agent("Kimi Code CLI").as_deref(),
            Some("_kimi_code_cli")
        );
    }

    #[test]
    fn runs_of_other_characters_are_one_underscore_and_the_ends_are_trimmed() {
        for (name, namespace) in [
            ("@scope/my--agent!", "_scope_my_agent"),
            ("  Forge  ", "_forge"),
            ("Agent 2.0", "_agent_2_0"),
            ("café-agent", "_caf_agent"),
            ("toolmeta-agent", "_toolmeta_agent"),
        ] {
            assert_eq!(
                namespace_for_agent(name).as_deref(),
                Some(namespace),
                "{name}"
            );
        }
    }

    #[test]
    fn a_name_that_does_not_start_with_a_letter_gives_none() {
        for name in ["", "--", "9lives", "_", "é"] {
            assert_eq!(namespace_for_agent(name), None, "{name:?}");
        }
        assert_eq!(namespace_for_agent("é-x").as_deref(), Some("_x"));
    }

    #[test]
    fn a_long_name_is_cut_to_64_bytes_without_a_trailing_underscore() {
        let name = format!("{}-{}", "a".repeat(62), "bcd");
        let namespace = namespace_for_agent(&name).unwrap();
        assert_eq!(namespace, format!("_{}", "a".repeat(62)));
        let exact = namespace_for_agent(&"b".repeat(100)).unwrap();
        assert_eq!(exact.len(), 64);
    }

    #[test]
    fn first_party_names_are_their_own_namespace() {
        assert_eq!(namespace_for_agent("goose").as_deref(), Some("goose"));
        assert_eq!(namespace_for_agent("Zed").as_deref(), Some("zed"));
        assert_eq!(namespace_for_agent("Amazon Q").as_deref(), Some("amazon_q"));
    }
}
