// serde's own attributes, understood or not, never trouble the derive; the renames it
// understands are recorded as wire keys.
use serde::Deserialize;
use toolmeta::ToolIdentity;

macro_rules! renamed {
    ($name:ident, $rule:literal, $wire:literal) => {
        #[derive(Deserialize, ToolIdentity)]
        #[serde(rename_all = $rule, deny_unknown_fields)]
        #[tool(name = "write", namespace = "opencode", kind = "write")]
        struct $name {
            #[tool(project = "path")]
            file_path: String,
        }
        assert_eq!($name::INPUT_FIELDS[0].wire, $wire);
    };
}

#[derive(Deserialize, ToolIdentity)]
#[serde(rename_all(serialize = "UPPERCASE", deserialize = "kebab-case"))]
#[tool(name = "grep", namespace = "grok_build", kind = "search")]
struct Grep {
    #[serde(default, alias = "regex")]
    #[tool(project)]
    pattern: String,
    #[serde(rename(serialize = "out", deserialize = "search_path"), skip_serializing_if = "Option::is_none")]
    #[tool(project)]
    path: Option<String>,
    #[serde(default)]
    #[tool(extra = "ignore_case")]
    ignore_case: bool,
    #[serde(with = "serde_bytes_like", default)]
    _raw: Vec<u8>,
}

mod serde_bytes_like {
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        <Vec<u8> as serde::Deserialize>::deserialize(deserializer)
    }
}

fn main() {
    renamed!(Lower, "lowercase", "file_path");
    renamed!(Upper, "UPPERCASE", "FILE_PATH");
    renamed!(Pascal, "PascalCase", "FilePath");
    renamed!(Camel, "camelCase", "filePath");
    renamed!(Snake, "snake_case", "file_path");
    renamed!(ScreamingSnake, "SCREAMING_SNAKE_CASE", "FILE_PATH");
    renamed!(Kebab, "kebab-case", "file-path");
    renamed!(ScreamingKebab, "SCREAMING-KEBAB-CASE", "FILE-PATH");

    let wires: Vec<&str> = Grep::INPUT_FIELDS.iter().map(|field| field.wire).collect();
    // Canonical keys in the contract's order (`path` before `pattern`), then extra keys.
    assert_eq!(wires, ["search_path", "pattern", "ignore-case"]);
    let grep: Grep = serde_json::from_str(r#"{"regex":"fn","search_path":"src"}"#).unwrap();
    assert_eq!(grep.tool_meta().input, Some(serde_json::json!({"pattern": "fn", "path": "src", "ignore_case": false})));
}
