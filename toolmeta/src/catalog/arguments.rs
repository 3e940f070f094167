//! Identifying a catalog tool from the names of its raw arguments, for harnesses whose
//! traffic names no tool (codex-acp sends only ACP `kind`, a human title and `rawInput`).
//!
//! Each tool's arguments are read off its own `Deserialize` impl ([`probe`]):
//! every name serde accepts (aliases included), which are required, and the JSON each
//! takes. The rule that matches raw arguments against them is the catalog's published rule
//! (`docs/identification.md`), and the same table is what `toolmeta catalog --json` exports,
//! so a reader in another language that follows the rule names the same tool.

use std::sync::OnceLock;

use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde_json::{Map, Value};

use super::probe::{self, Argument, JsonType};
use crate::ToolIdentity;

/// One catalog tool as argument matching sees it: its wire name, the argument names it
/// accepts, and how to read its arguments off its `Deserialize` impl.
#[derive(Clone, Copy)]
pub(crate) struct ToolArguments {
    pub(crate) name: &'static str,
    names: fn() -> &'static [&'static str],
    describe: fn() -> Result<Vec<Argument>, String>,
    /// Whether serde's own derive takes some raw arguments: the rule is checked against it.
    #[cfg(test)]
    pub(crate) deserializes: fn(&Value) -> bool,
}

impl ToolArguments {
    /// The arguments of the tool type `T`, under its own wire name.
    pub(crate) const fn of<T: ToolIdentity + DeserializeOwned>() -> ToolArguments {
        ToolArguments {
            name: T::IDENTITY.name,
            names: argument_names::<T>,
            describe: probe::arguments::<T>,
            #[cfg(test)]
            deserializes: |raw| T::deserialize(raw).is_ok(),
        }
    }

    /// Every argument name the tool accepts (aliases included).
    pub(crate) fn names(&self) -> &'static [&'static str] {
        (self.names)()
    }

    /// The tool's arguments, read off its `Deserialize` impl.
    pub(crate) fn describe(&self) -> Result<Vec<Argument>, String> {
        (self.describe)()
    }
}

/// A tool's name with its arguments, read once.
#[derive(Debug, Clone)]
pub(crate) struct DescribedTool {
    pub(crate) name: &'static str,
    pub(crate) arguments: Vec<Argument>,
}

/// `tools` with their arguments, read once into `cache`; a tool whose arguments cannot be
/// read is left out (a test keeps every catalog tool readable).
pub(crate) fn described<'a, 't>(
    cache: &'a OnceLock<Vec<DescribedTool>>,
    tools: impl IntoIterator<Item = &'t ToolArguments>,
) -> &'a [DescribedTool] {
    cache.get_or_init(|| {
        tools
            .into_iter()
            .filter_map(|tool| {
                Some(DescribedTool {
                    name: tool.name,
                    arguments: tool.describe().ok()?,
                })
            })
            .collect()
    })
}

/// How many of the raw arguments `raw` are arguments of the tool that tell it apart, when
/// they could be its arguments: every required argument present, no argument given under
/// two of its names, every value present of the argument's JSON type; `None` otherwise. An
/// argument given under one of `event_keys` (keys the harness's events carry whatever the
/// tool) fits like any other but is not counted.
pub(crate) fn fit(
    arguments: &[Argument],
    raw: &Map<String, Value>,
    event_keys: &[&str],
) -> Option<usize> {
    let mut shared = 0;
    for argument in arguments {
        let mut given = std::iter::once(&argument.name)
            .chain(&argument.aliases)
            .filter_map(|name| Some((*name, raw.get(*name)?)));
        let value = given.next();
        if given.next().is_some() {
            return None;
        }
        match value {
            Some((name, value)) if takes(&argument.json, value) => {
                shared += usize::from(!event_keys.contains(&name));
            }
            Some(_) => return None,
            None if argument.required => return None,
            None => {}
        }
    }
    Some(shared)
}

/// Whether an argument of JSON type `json` takes `value`.
fn takes(json: &JsonType, value: &Value) -> bool {
    match (json, value) {
        (JsonType::Any, _) => true,
        (JsonType::Nullable(_), Value::Null) => true,
        (JsonType::Nullable(inner), value) => takes(inner, value),
        (JsonType::String, Value::String(_)) => true,
        (JsonType::Boolean, Value::Bool(_)) => true,
        (JsonType::Number, Value::Number(_)) => true,
        (JsonType::Integer { min, max }, Value::Number(n)) => n
            .as_i64()
            .map(i128::from)
            .or(n.as_u64().map(i128::from))
            .is_some_and(|n| *min <= n && n <= *max),
        (JsonType::Array(items), Value::Array(values)) => {
            values.iter().all(|value| takes(items, value))
        }
        (JsonType::Object, Value::Object(_)) => true,
        _ => false,
    }
}

/// The tools among `tools` whose arguments fit `raw_input` best: each must [`fit`], share at
/// least half of the call's argument names (a call whose arguments are mostly foreign to a
/// tool was not made to it, whatever one shared key says: codex's collaboration item, seven
/// keys among which a `status`, is no `update_goal`), and share as many as any other tool
/// that does. Empty when no tool fits; several when they fit equally well (the arguments
/// alone do not say which tool it was).
///
/// `event_keys` — keys the harness's events carry whatever the tool — are counted neither
/// as shared nor among the call's argument names: a call they alone fit (codex's network
/// permission request, all event fields, fits `apply_patch`'s optional ones) names no tool
/// (DESIGN §6, "A reading must be earned").
pub(crate) fn best_fits(
    tools: &[DescribedTool],
    raw_input: &Value,
    event_keys: &[&str],
) -> Vec<&'static str> {
    let Some(raw) = raw_input.as_object() else {
        return Vec::new();
    };
    let telling = raw
        .keys()
        .filter(|key| !event_keys.contains(&key.as_str()))
        .count();
    if telling == 0 {
        return Vec::new();
    }
    let mut best = Vec::new();
    let mut top = 0;
    for tool in tools {
        let Some(shared) = fit(&tool.arguments, raw, event_keys)
            .filter(|shared| *shared > 0 && 2 * shared >= telling)
        else {
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
pub(crate) fn best_fit(
    tools: &[DescribedTool],
    raw_input: &Value,
    event_keys: &[&str],
) -> Option<&'static str> {
    match best_fits(tools, raw_input, event_keys).as_slice() {
        [only] => Some(only),
        _ => None,
    }
}

/// The field names `T`'s derived `Deserialize` passes to `deserialize_struct`.
pub(super) fn argument_names<T: DeserializeOwned>() -> &'static [&'static str] {
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

    fn described_tools() -> &'static [DescribedTool] {
        static CACHE: OnceLock<Vec<DescribedTool>> = OnceLock::new();
        described(&CACHE, TOOLS)
    }

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
        let fit = |raw| best_fit(described_tools(), &raw, &[]);
        assert_eq!(
            fit(json!({"pattern": "x", "include": "*.rs"})),
            Some("grep")
        );
        assert_eq!(fit(json!({"pattern": "x", "dir": "src"})), Some("glob"));
        assert_eq!(
            best_fits(
                described_tools(),
                &json!({"pattern": "x", "path": "src"}),
                &[]
            ),
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
        // Both fit equally: the arguments do not say which tool it was.
        assert_eq!(fit(json!({"pattern": "x", "path": "src"})), None);
        // A required argument missing, or of the wrong type: no fit.
        assert_eq!(fit(json!({"include": "*.rs"})), None);
        assert_eq!(fit(json!({"pattern": 3, "include": "*.rs"})), None);
        assert_eq!(fit(json!({})), None);
        assert_eq!(fit(json!(["pattern"])), None);
        // One argument under two of its names: serde refuses it, and so does the rule.
        assert_eq!(
            fit(json!({"pattern": "x", "path": "a", "dir": "b"})),
            Some("grep")
        );
        assert_eq!(fit(json!({"pattern": "x", "include": null})), Some("grep"));
    }

    /// A tool whose every argument is optional, some of them event fields (as codex's
    /// `apply_patch` accepts its events' `call_id` and `reason`).
    #[derive(Deserialize, crate::ToolIdentity)]
    #[tool(
        crate = "crate",
        name = "patch",
        namespace = "codex",
        kind = "edit",
        no_input
    )]
    #[allow(dead_code)]
    struct Patch {
        input: Option<String>,
        call_id: Option<String>,
        reason: Option<String>,
    }

    /// Keys a harness's events carry for every tool tell no tool apart: they are counted
    /// neither as shared nor among the call's argument names, and alone they name nothing.
    #[test]
    fn event_keys_tell_no_tool_apart() {
        static CACHE: OnceLock<Vec<DescribedTool>> = OnceLock::new();
        let tools = described(
            &CACHE,
            &[
                ToolArguments::of::<Grep>(),
                ToolArguments::of::<Glob>(),
                ToolArguments::of::<Patch>(),
            ],
        );
        let events = ["call_id", "reason", "path"];
        let fits = |raw: Value, event_keys: &[&str]| best_fits(tools, &raw, event_keys);
        // A request carrying only event fields and one of its own fits `patch`'s optional
        // event fields: read as a patch without the rule, as nothing with it.
        let request = json!({"call_id": "c", "reason": "network", "permissions": {}});
        assert_eq!(fits(request.clone(), &[]), ["patch"]);
        assert!(fits(request, &events).is_empty());
        assert!(fits(json!({"call_id": "c", "reason": "r"}), &events).is_empty());
        // The patch's own argument tells.
        assert_eq!(
            fits(
                json!({"call_id": "c", "reason": "r", "input": "p"}),
                &events
            ),
            ["patch"]
        );
        // An event key given as a tool's argument is not counted: both searches share
        // only `pattern` now, a tie rather than a guess.
        assert_eq!(
            fits(json!({"pattern": "x", "path": "src"}), &events),
            ["grep", "glob"]
        );
        // `dir`, glob's own alias of `path`, is no event key: it tells.
        assert_eq!(
            fits(
                json!({"pattern": "x", "dir": "src", "call_id": "c"}),
                &events
            ),
            ["glob"]
        );
        // Event keys do not dilute the share: two telling keys of four are half of them.
        let diluted = json!({"pattern": "x", "include": "*.rs", "call_id": "c", "q": 1, "r": 2});
        assert!(fits(diluted.clone(), &[]).is_empty());
        assert_eq!(fits(diluted, &events), ["grep"]);
    }

    /// The table-based rule takes exactly the arguments serde's own derive takes (for the
    /// types the table describes exactly: every catalog type but an untagged enum's `any`).
    #[test]
    fn the_rule_agrees_with_serde() {
        let samples = [
            json!({"pattern": "x"}),
            json!({"pattern": "x", "include": "*.rs", "path": null}),
            json!({"pattern": null}),
            json!({"pattern": "x", "path": 3}),
            json!({"pattern": "x", "path": "a", "dir": "b"}),
            json!({"pattern": "x", "unknown": [1, 2]}),
            json!({"path": "a"}),
        ];
        for raw in &samples {
            let object = raw.as_object().unwrap();
            let grep = fit(&described_tools()[0].arguments, object, &[]).is_some();
            let glob = fit(&described_tools()[1].arguments, object, &[]).is_some();
            assert_eq!(grep, Grep::deserialize(raw).is_ok(), "grep {raw}");
            assert_eq!(glob, Glob::deserialize(raw).is_ok(), "glob {raw}");
        }
    }
}
