//! The rmcp example servers (modelcontextprotocol/rust-sdk, examples/servers): tools served
//! over MCP, under `mcp`. An rmcp tool takes `Parameters<Request>` and is named after its
//! method (or its `#[tool(name = "...")]`). A tool with no arguments is a unit struct; a tool
//! that takes a bare JSON object (`Parameters<JsonObject>`, the counter's `echo`) has no
//! struct of its own, so one that is never built describes its arguments for the toolset.
//!
//! Provenance: modelcontextprotocol/rust-sdk @ 4a738b9dd99eaca418b614afa433a0cbdaf8d056 —
//! examples/servers/src/common/calculator.rs (`SumRequest`, `SubRequest`),
//! examples/servers/src/common/counter.rs (`increment`, `echo`),
//! examples/servers/src/structured_output.rs (`WeatherRequest`).

use serde::Deserialize;
use serde_json::json;
use toolmeta::ToolKind::*;
use toolmeta::{ToolEntry, ToolIdentity};

use super::check::{Tool, case};

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "sum",
    namespace = "mcp",
    kind = "other",
    label = "Calculate",
    read_only
)]
pub struct SumRequest {
    #[tool(extra = "a")]
    pub a: i32,
    #[tool(extra = "b")]
    pub b: i32,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "sub",
    namespace = "mcp",
    kind = "other",
    label = "Calculate",
    read_only
)]
pub struct SubRequest {
    #[tool(extra = "a")]
    pub a: i32,
    #[tool(extra = "b")]
    pub b: i32,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "get_weather",
    namespace = "mcp",
    kind = "other",
    label = "Weather",
    read_only
)]
pub struct WeatherRequest {
    #[tool(extra = "city")]
    pub city: String,
    #[tool(extra = "units")]
    pub units: Option<String>,
}

/// `increment` takes no arguments.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "increment",
    namespace = "mcp",
    kind = "other",
    label = "Counter"
)]
pub struct Increment;

/// `echo` repeats whatever object it is given: described, with nothing stable to project.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "echo",
    namespace = "mcp",
    kind = "other",
    label = "Echo",
    read_only,
    no_input
)]
pub struct EchoArguments {}

pub fn tools() -> Vec<Tool> {
    // The bare object of `echo` goes to its entry as is: identity, no input.
    let object = json!({"anything": [1, 2], "at": "all"});
    let meta = ToolEntry::of::<EchoArguments>().project(&object);
    assert_eq!(meta, None);
    // A unit struct's call carries no arguments (JSON `null`).
    let increment = case::<Increment>(("increment", Other, "Counter"), json!(null), None, None);
    assert!(Increment::INPUT_FIELDS.is_empty());
    let _ = increment;
    vec![
        case::<SumRequest>(
            ("sum", Other, "Calculate"),
            json!({"a": 2, "b": 3}),
            Some(json!({"a": 2, "b": 3})),
            Some(json!({"a": 2, "b": 3})),
        ),
        case::<SubRequest>(
            ("sub", Other, "Calculate"),
            json!({"a": 5, "b": -8}),
            Some(json!({"a": 5, "b": -8})),
            Some(json!({"a": 5, "b": -8})),
        ),
        case::<WeatherRequest>(
            ("get_weather", Other, "Weather"),
            json!({"city": "Lisbon", "units": "metric"}),
            Some(json!({"city": "Lisbon", "units": "metric"})),
            Some(json!({"city": "Lisbon", "units": "metric"})),
        ),
        case::<EchoArguments>(("echo", Other, "Echo"), object, None, None),
    ]
}
