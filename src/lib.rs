//! Shared fixtures for the workspace's tests, examples and benchmarks (not published).
#![forbid(unsafe_code)]
