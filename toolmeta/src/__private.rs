//! Support for the code `#[derive(ToolIdentity)]` generates. Not public API.

pub use serde::ser::SerializeMap;
