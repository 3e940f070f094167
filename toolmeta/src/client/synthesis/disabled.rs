//! Without the `catalog` feature: no harness, no tools, no answers.

use serde_json::Value;

use crate::client::resolve::Input;
use crate::{Namespace, ToolKind, ToolMeta};

/// A harness of the catalog: none exists without the feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Harness {}

/// The catalog the ledger asks: empty.
#[derive(Debug, Clone, Default)]
pub(crate) struct Catalog {}

impl Catalog {
    pub(crate) fn named_harness(&self) -> Option<Harness> {
        None
    }

    pub(crate) fn harness_of(_: &str) -> Option<Harness> {
        None
    }

    pub(crate) fn harness_of_namespace(_: &Namespace) -> Option<Harness> {
        None
    }

    pub(crate) fn namespace_of(harness: Harness) -> Namespace {
        match harness {}
    }

    pub(crate) fn synthesize(
        &self,
        harness: Harness,
        _: &str,
        _: Option<&Value>,
    ) -> Option<ToolMeta> {
        match harness {}
    }

    pub(crate) fn input(&self, harness: Harness, _: &str, _: Option<&Value>) -> Option<Input> {
        match harness {}
    }

    pub(crate) fn fits(_harness: Harness, _: &Value) -> Vec<&'static str> {
        Vec::new()
    }

    pub(crate) fn argument_names(harness: Harness, _: &str) -> Option<&'static [&'static str]> {
        match harness {}
    }

    pub(crate) fn event_keys(harness: Harness) -> &'static [&'static str] {
        match harness {}
    }

    pub(crate) fn tool_kind(harness: Harness, _: &str) -> Option<ToolKind> {
        match harness {}
    }

    pub(crate) fn tool_name(_: &str) -> Option<&'static str> {
        None
    }
}
