//! Identifying a catalog tool from the names of its raw arguments, for harnesses whose
//! traffic names no tool (codex-acp sends only ACP `kind`, a human title and `rawInput`).
//!
//! Each tool's argument names are the names its `Deserialize` impl accepts (serde's own
//! field list, aliases included), so they can never drift from the declared struct.

use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde_json::{Map, Value};

use crate::ToolIdentity;

/// One catalog tool as argument matching sees it: its wire name, the argument names it
/// accepts, and whether a given set of raw arguments deserializes into it.
#[derive(Clone, Copy)]
pub(crate) struct ToolArguments {
    pub(crate) name: &'static str,
    names: fn() -> &'static [&'static str],
    accepts: fn(&Value) -> bool,
}

impl ToolArguments {
    /// The arguments of the tool type `T`, under its own wire name.
    pub(crate) const fn of<T: ToolIdentity + DeserializeOwned>() -> ToolArguments {
        ToolArguments {
            name: T::IDENTITY.name,
            names: argument_names::<T>,
            accepts: deserializes::<T>,
        }
    }

    /// Every argument name the tool accepts (aliases included).
    pub(crate) fn names(&self) -> &'static [&'static str] {
        (self.names)()
    }

    /// How many of `raw`'s keys are this tool's arguments, when `raw` deserializes into
    /// the tool (every required argument present, every type right) and they are at least
    /// half of its keys; `None` otherwise. A call whose arguments are mostly foreign to the
    /// tool was not made to it, whatever one shared key says (codex's collaboration item,
    /// seven keys among which a `status`, is no `update_goal`).
    fn fit(&self, raw: &Map<String, Value>, value: &Value) -> Option<usize> {
        let names = self.names();
        let shared = raw
            .keys()
            .filter(|key| names.contains(&key.as_str()))
            .count();
        (shared > 0 && 2 * shared >= raw.len() && (self.accepts)(value)).then_some(shared)
    }
}

/// The tools among `tools` whose arguments fit `raw_input` best: each must deserialize the
/// arguments, and share as many of their names as any other tool that does (and at least
/// half of them). Empty when no tool fits; several when they fit equally well (the
/// arguments alone do not say which tool it was).
pub(crate) fn best_fits(tools: &[ToolArguments], raw_input: &Value) -> Vec<&'static str> {
    let Some(raw) = raw_input.as_object().filter(|raw| !raw.is_empty()) else {
        return Vec::new();
    };
    let mut best = Vec::new();
    let mut top = 0;
    for tool in tools {
        let Some(shared) = tool.fit(raw, raw_input) else {
            continue;
        };
        if shared > top {
            top = shared;
            best.clear();
        }
        if shared == top {
            best.push(tool.name);
        }
    }
    best
}

/// The one tool among `tools` whose arguments fit `raw_input` best (see [`best_fits`]);
/// `None` when no tool fits or several fit equally well.
pub(crate) fn best_fit(tools: &[ToolArguments], raw_input: &Value) -> Option<&'static str> {
    match best_fits(tools, raw_input).as_slice() {
        [only] => Some(only),
        _ => None,
    }
}

fn deserializes<T: DeserializeOwned>(raw: &Value) -> bool {
    T::deserialize(raw).is_ok()
}

/// The field names `T`'s derived `Deserialize` passes to `deserialize_struct`.
fn argument_names<T: DeserializeOwned>() -> &'static [&'static str] {
    let mut probe = FieldNames(&[]);
    // The probe always fails once it has seen the names; the error is expected.
    let _ = T::deserialize(&mut probe);
    probe.0
}

/// A deserializer that records the field list of the struct asked of it, and nothing else.
struct FieldNames(&'static [&'static str]);

#[derive(Debug)]
struct Probed;

impl std::fmt::Display for Probed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("field names probed")
    }
}

impl std::error::Error for Probed {}

impl de::Error for Probed {
    fn custom<M: std::fmt::Display>(_message: M) -> Self {
        Probed
    }
}

impl<'de> Deserializer<'de> for &mut FieldNames {
    type Error = Probed;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        Err(Probed)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Probed> {
        self.0 = fields;
        Err(Probed)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Deserialize, crate::ToolIdentity)]
    #[tool(
        crate = "crate",
        name = "grep",
        namespace = "opencode",
        kind = "search"
    )]
    #[allow(dead_code)]
    struct Grep {
        #[tool(project)]
        pattern: String,
        #[tool(project)]
        path: Option<String>,
        include: Option<String>,
    }

    #[derive(Deserialize, crate::ToolIdentity)]
    #[tool(
        crate = "crate",
        name = "glob",
        namespace = "opencode",
        kind = "search"
    )]
    #[allow(dead_code)]
    struct Glob {
        #[tool(project)]
        pattern: String,
        #[serde(alias = "dir")]
        #[tool(project)]
        path: Option<String>,
    }

    const TOOLS: &[ToolArguments] = &[ToolArguments::of::<Grep>(), ToolArguments::of::<Glob>()];

    #[test]
    fn argument_names_come_from_serde_aliases_included() {
        let sorted = |tool: &ToolArguments| {
            let mut names = tool.names().to_vec();
            names.sort_unstable();
            names
        };
        assert_eq!(sorted(&TOOLS[0]), ["include", "path", "pattern"]);
        assert_eq!(sorted(&TOOLS[1]), ["dir", "path", "pattern"]);
    }

    #[test]
    fn the_tool_sharing_most_argument_names_wins() {
        let fit = |raw| best_fit(TOOLS, &raw);
        assert_eq!(
            fit(json!({"pattern": "x", "include": "*.rs"})),
            Some("grep")
        );
        assert_eq!(fit(json!({"pattern": "x", "dir": "src"})), Some("glob"));
        // Both fit equally: the arguments do not say which tool it was.
        assert_eq!(fit(json!({"pattern": "x", "path": "src"})), None);
        assert_eq!(
            best_fits(TOOLS, &json!({"pattern": "x", "path": "src"})),
            ["grep", "glob"]
        );
        // Mostly other keys: the one shared key does not make it the tool.
        assert_eq!(
            fit(json!({"pattern": "x", "tool": "t", "status": "s", "prompt": "p"})),
            None
        );
        assert_eq!(
            fit(json!({"pattern": "x", "include": "*.rs", "tool": "t"})),
            Some("grep")
        );
        // A required argument missing, or of the wrong type: no fit.
        assert_eq!(fit(json!({"include": "*.rs"})), None);
        assert_eq!(fit(json!({"pattern": 3, "include": "*.rs"})), None);
        assert_eq!(fit(json!({})), None);
        assert_eq!(fit(json!(["pattern"])), None);
    }
}
