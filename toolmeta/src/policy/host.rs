//! The `host` constraint: the host of the canonical `url`, read by the WHATWG URL parser
//! (IDNA to ASCII included), against DNS names, `*.` subdomain entries and IP literals.

use std::net::IpAddr;

use url::{Host, Url};

/// One entry of a rule's `host`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum HostEntry {
    /// A DNS name, in ASCII: that host only.
    Name(String),
    /// `*.name`: its subdomains at any depth, not the name itself.
    Subdomains(String),
    /// An IP literal, compared exactly.
    Ip(IpAddr),
}

/// A rule's `host` entries.
#[derive(Debug, Clone)]
pub(crate) struct HostConstraint {
    entries: Vec<HostEntry>,
}

/// What a `url` is to the `host` constraint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum UrlHost {
    /// An http(s) URL's host, in ASCII, without a trailing dot.
    Name(String),
    /// An http(s) URL's IP address.
    Ip(IpAddr),
    /// Not an http(s) URL, or one without a host: the key counts as missing.
    Missing,
}

impl UrlHost {
    /// Reads the host of `url`.
    pub(crate) fn read(url: &str) -> UrlHost {
        let Ok(url) = Url::parse(url.trim()) else {
            return UrlHost::Missing;
        };
        if !matches!(url.scheme(), "http" | "https") {
            return UrlHost::Missing;
        }
        match url.host() {
            Some(Host::Domain(name)) if !name.is_empty() => {
                UrlHost::Name(name.trim_end_matches('.').to_ascii_lowercase())
            }
            Some(Host::Ipv4(ip)) => UrlHost::Ip(IpAddr::V4(ip)),
            Some(Host::Ipv6(ip)) => UrlHost::Ip(IpAddr::V6(ip)),
            _ => UrlHost::Missing,
        }
    }
}

impl HostConstraint {
    /// Reads each entry; the index and the reason of the first that is not a host.
    pub(crate) fn compile(values: &[String]) -> Result<HostConstraint, (usize, String)> {
        let mut entries = Vec::with_capacity(values.len());
        for (i, value) in values.iter().enumerate() {
            entries.push(entry(value).map_err(|why| (i, why))?);
        }
        Ok(HostConstraint { entries })
    }

    /// Whether `host` is one of the entries.
    pub(crate) fn matches(&self, host: &UrlHost) -> bool {
        self.entries.iter().any(|entry| match (entry, host) {
            (HostEntry::Name(name), UrlHost::Name(host)) => name == host,
            (HostEntry::Subdomains(name), UrlHost::Name(host)) => host
                .strip_suffix(name.as_str())
                .is_some_and(|sub| sub.len() > 1 && sub.ends_with('.')),
            (HostEntry::Ip(ip), UrlHost::Ip(host)) => ip == host,
            _ => false,
        })
    }
}

fn entry(value: &str) -> Result<HostEntry, String> {
    if value.contains("://") || value.contains('/') || value.contains('@') {
        return Err(format!(
            "`{value}` is not a host: write the host name alone (`docs.rs`, `*.github.com`), \
             no scheme, path or user"
        ));
    }
    let bare = value.trim_start_matches('[').trim_end_matches(']');
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(HostEntry::Ip(ip));
    }
    let (subdomains, name) = match value.strip_prefix("*.") {
        Some(name) => (true, name),
        None => (false, value),
    };
    if name.contains('*') {
        return Err(format!(
            "`{value}` has a `*` that is not a leading `*.`: write `*.example.com` for the \
             subdomains of example.com, or the name itself"
        ));
    }
    if name.contains(':') {
        return Err(format!(
            "`{value}` names a port: write the host alone (`{}`); any port matches",
            name.split(':').next().unwrap_or(name)
        ));
    }
    match Host::parse(name) {
        Ok(Host::Domain(ascii)) if !ascii.is_empty() && ascii.contains(|c: char| c != '.') => {
            let ascii = ascii.trim_end_matches('.').to_ascii_lowercase();
            Ok(if subdomains {
                HostEntry::Subdomains(ascii)
            } else {
                HostEntry::Name(ascii)
            })
        }
        Ok(Host::Ipv4(ip)) if !subdomains => Ok(HostEntry::Ip(IpAddr::V4(ip))),
        Ok(Host::Ipv6(ip)) if !subdomains => Ok(HostEntry::Ip(IpAddr::V6(ip))),
        _ => Err(format!(
            "`{value}` is not a DNS name or IP literal: write a host such as `docs.rs`, \
             `*.github.com` or `127.0.0.1`"
        )),
    }
}
