//! Shared fixtures for the workspace's tests and examples (not published).
#![forbid(unsafe_code)]

/// Every Rust block of the README, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// Every Rust block of the harness authors' guide.
#[cfg(doctest)]
#[doc = include_str!("../docs/derive.md")]
pub struct DeriveGuideDoctests;

/// Every Rust block of the client authors' guide.
#[cfg(doctest)]
#[doc = include_str!("../docs/client.md")]
pub struct ClientGuideDoctests;

/// Every Rust block of docs/adopting.md, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../docs/adopting.md")]
pub struct AdoptingDoctests;
