//! `host`: WHATWG URL hosts, IDNA, subdomains and IP literals (DESIGN §8, `host`).

use super::*;
use Decision::{Allow, Ask, Deny};

const POLICY: &str = r#"
version = 1
default = "ask"

[[rule]]
name = "docs"
decision = "allow"
label = "Web Fetch"
host = ["docs.rs", "*.github.com", "bücher.example", "127.0.0.1", "[::1]"]

[[rule]]
name = "paste"
decision = "deny"
label = "Web Fetch"
host = ["*.pastebin.example", "pastebin.example"]
"#;

fn assert_url(url: &str, want: Decision, rule: &str) {
    let got = verdict(&policy(POLICY), &fetch(url));
    assert_eq!(
        (got.decision, got.rule.as_str()),
        (want, rule),
        "{url}: {got:?}"
    );
}

#[test]
fn a_name_matches_that_host_on_any_port_and_scheme_http_or_https() {
    assert_url("https://docs.rs/toolmeta", Allow, "docs");
    assert_url("http://docs.rs:8080/x", Allow, "docs");
    assert_url("HTTPS://DOCS.RS/", Allow, "docs");
    assert_url("https://docs.rs./", Allow, "docs");
    assert_url("https://www.docs.rs/", Ask, "default");
}

#[test]
fn userinfo_is_not_the_host() {
    assert_url("https://docs.rs@evil.example/", Ask, "default");
    assert_url("https://docs.rs:pw@evil.example/", Ask, "default");
    assert_url("https://user@docs.rs/", Allow, "docs");
    assert_url("https://docs.rs@pastebin.example/", Deny, "paste");
}

#[test]
fn look_alike_suffixes_and_prefixes_are_other_hosts() {
    assert_url("https://docs.rs.evil.example/", Ask, "default");
    assert_url("https://evildocs.rs/", Ask, "default");
    assert_url("https://evilgithub.com/", Ask, "default");
    assert_url("https://github.com.evil.example/", Ask, "default");
}

#[test]
fn star_dot_matches_subdomains_at_any_depth_but_not_the_name_itself() {
    assert_url("https://api.github.com/repos", Allow, "docs");
    assert_url("https://a.b.c.github.com/", Allow, "docs");
    assert_url("https://github.com/", Ask, "default");
    assert_url("https://x.pastebin.example/raw", Deny, "paste");
    assert_url("https://pastebin.example/raw", Deny, "paste");
}

#[test]
fn unicode_names_are_compared_as_ascii_after_idna() {
    assert_url("https://bücher.example/", Allow, "docs");
    assert_url("https://xn--bcher-kva.example/", Allow, "docs");
    assert_url("https://BÜCHER.example/", Allow, "docs");
    assert_url("https://bucher.example/", Ask, "default");
    // A Cyrillic `о` in `dоcs.rs` is another host.
    assert_url("https://d\u{43e}cs.rs/", Ask, "default");
}

#[test]
fn ip_literals_are_compared_exactly() {
    assert_url("http://127.0.0.1:3000/", Allow, "docs");
    assert_url("http://[::1]/", Allow, "docs");
    assert_url("http://127.0.0.2/", Ask, "default");
    // The URL parser reads the other spellings of an IPv4 address as the address.
    assert_url("http://0x7f.0.0.1/", Allow, "docs");
    assert_url("http://2130706433/", Allow, "docs");
}

#[test]
fn a_url_that_is_not_http_or_has_no_host_counts_as_missing() {
    // Missing: never an allow ...
    assert_url("ftp://docs.rs/", Ask, "paste");
    assert_url("file:///etc/passwd", Ask, "paste");
    assert_url("docs.rs", Ask, "paste");
    assert_url("not a url", Ask, "paste");
    // ... and a deny whose selectors match makes it ask.
    let got = verdict(&policy(POLICY), &fetch("javascript:alert(1)"));
    assert_eq!((got.decision, got.rule.as_str()), (Ask, "paste"));
    let mut call = fetch("https://docs.rs/");
    call.urls.clear();
    assert_eq!(verdict(&policy(POLICY), &call).rule, "paste");
}

#[test]
fn every_url_of_a_call_must_be_allowed() {
    let mut call = fetch("https://docs.rs/");
    call.urls.push("https://evil.example/".into());
    assert_eq!(decision(&policy(POLICY), &call), Ask);
    call.urls.push("https://x.pastebin.example/".into());
    assert_eq!(decision(&policy(POLICY), &call), Deny);
}
