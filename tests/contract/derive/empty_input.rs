//! A projection that comes out empty at run time (every optional field `None`, a dropped
//! negative offset, a `with` that gives `None`) omits `input` entirely — never `{}` — on
//! every path: the borrowing envelope, the owned `ToolMeta`, stamping, a toolset projecting
//! raw JSON (through the wire keys, and deserialized), and an enum of tools (DESIGN §2).
#![allow(dead_code)]

use serde::Deserialize;
use serde_json::{Value, json};
use toolmeta::{StaticToolset, ToolDispatch, ToolEntry, ToolIdentity, toolset};

/// An open-shape tool (label "Plan") whose every key is optional.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "plan", namespace = "grok_build", kind = "plan")]
struct Plan {
    #[tool(project)]
    description: Option<String>,
    #[tool(project)]
    offset: Option<i64>,
    #[tool(extra = "step_count")]
    steps: Option<u32>,
}

/// An open-shape tool whose one key is a required `offset`: a negative one is dropped.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "goto",
    namespace = "grok_build",
    kind = "other",
    label = "Go To"
)]
struct GoTo {
    #[tool(project)]
    offset: i64,
}

fn nonempty(name: &str) -> Option<&str> {
    (!name.is_empty()).then_some(name)
}

/// An open-shape tool whose one key goes through a `with` that may give `None`.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "skill", namespace = "grok_build", kind = "skill")]
struct Skill {
    #[tool(project = "query", with = "nonempty")]
    name: String,
}

const EMPTY_PLAN: Plan = Plan {
    description: None,
    offset: None,
    steps: None,
};

fn envelope_json<T: ToolIdentity>(tool: &T) -> Value {
    serde_json::to_value(tool.envelope()).unwrap()
}

#[test]
fn every_optional_field_none_omits_input_on_the_typed_path() {
    let expected = json!({"version":1,"name":"plan","kind":"plan","namespace":"grok_build",
        "label":"Plan","read_only":false});
    assert_eq!(envelope_json(&EMPTY_PLAN), expected);
    assert_eq!(
        serde_json::to_string(&EMPTY_PLAN.envelope()).unwrap(),
        r#"{"version":1,"name":"plan","kind":"plan","namespace":"grok_build","label":"Plan","read_only":false}"#
    );
    assert!(!EMPTY_PLAN.envelope().has_input());
    assert_eq!(EMPTY_PLAN.envelope().input_value(), None);
    assert_eq!(EMPTY_PLAN.envelope().to_value(), expected);
    assert_eq!(EMPTY_PLAN.tool_meta().input, None);
    assert_eq!(
        Value::Object(EMPTY_PLAN.envelope().stamp(None))["x.ai/tool"],
        expected
    );
}

#[test]
fn one_present_field_is_enough_for_an_input() {
    let plan = Plan {
        steps: Some(3),
        ..EMPTY_PLAN
    };
    assert_eq!(plan.tool_meta().input, Some(json!({"step_count": 3})));
    assert!(plan.envelope().has_input());
}

#[test]
fn a_dropped_negative_offset_leaves_no_input() {
    let plan = Plan {
        offset: Some(-3),
        ..EMPTY_PLAN
    };
    assert_eq!(plan.tool_meta().input, None);
    assert!(envelope_json(&plan).get("input").is_none());
    assert_eq!(GoTo { offset: -1 }.tool_meta().input, None);
    assert_eq!(
        GoTo { offset: 0 }.tool_meta().input,
        Some(json!({"offset": 1}))
    );
}

#[test]
fn a_with_function_giving_none_leaves_no_input() {
    let skill = Skill {
        name: String::new(),
    };
    assert_eq!(skill.tool_meta().input, None);
    assert!(envelope_json(&skill).get("input").is_none());
    assert_eq!(
        Skill {
            name: "rust".into()
        }
        .tool_meta()
        .input,
        Some(json!({"query": "rust"}))
    );
}

const TOOLS: StaticToolset = toolset![Plan, GoTo];

#[test]
fn raw_arguments_with_no_projected_key_give_no_input() {
    for raw in [
        json!({}),
        json!({"description": null}),
        json!({"offset": -4}),
        json!({"unrelated": 1}),
    ] {
        let plan = TOOLS.get("plan").unwrap();
        assert_eq!(plan.tool_meta(Some(&raw)).input, None, "{raw}");
        let stamped = plan.stamp(Some(&raw), None);
        assert!(stamped["x.ai/tool"].get("input").is_none(), "{raw}");
    }
    assert_eq!(
        TOOLS
            .get("goto")
            .unwrap()
            .tool_meta(Some(&json!({"offset": -2})))
            .input,
        None
    );
    assert_eq!(
        TOOLS
            .get("plan")
            .unwrap()
            .tool_meta(Some(&json!({"description": "x"})))
            .input,
        Some(json!({"description": "x"}))
    );
}

#[test]
fn deserialized_entries_give_no_input_either() {
    let plan = ToolEntry::deserialized::<Plan>();
    assert_eq!(plan.project(&json!({})), None);
    let skill = ToolEntry::deserialized::<Skill>();
    assert_eq!(skill.project(&json!({"name": ""})), None);
    assert_eq!(
        skill.project(&json!({"name": "rust"})),
        Some(json!({"query": "rust"}))
    );
}

#[derive(ToolIdentity)]
enum Tools {
    Plan(Plan),
    GoTo(GoTo),
}

#[test]
fn an_enum_of_tools_omits_the_empty_input_of_its_variant() {
    let empty = Tools::Plan(EMPTY_PLAN);
    assert_eq!(empty.envelope().unwrap().to_tool_meta().input, None);
    let value = serde_json::to_value(empty.envelope().unwrap()).unwrap();
    assert!(value.get("input").is_none(), "{value}");
    assert_eq!(
        Tools::GoTo(GoTo { offset: 5 })
            .envelope()
            .unwrap()
            .to_tool_meta()
            .input,
        Some(json!({"offset": 5}))
    );
}
