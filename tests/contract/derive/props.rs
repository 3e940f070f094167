//! Property: the borrowing envelope and the owned `tool_meta()` serialize to the same bytes,
//! for any field values (including ones the projection drops or saturates).

use std::path::PathBuf;

use proptest::prelude::*;
use toolmeta::ToolIdentity;

#[derive(Debug, ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
    #[tool(project)]
    offset: Option<i128>,
    #[tool(project)]
    limit: Option<u128>,
}

#[derive(Debug, ToolIdentity)]
#[tool(name = "run", namespace = "codex", kind = "execute")]
struct Run {
    #[tool(project)]
    command: String,
    #[tool(project)]
    description: Option<String>,
    #[tool(project)]
    cwd: Option<PathBuf>,
    #[tool(extra = "timeout")]
    timeout: Option<i64>,
    #[tool(extra = "login")]
    login: bool,
}

fn same_bytes<T: ToolIdentity>(tool: &T) -> Result<(), TestCaseError> {
    let borrowed = serde_json::to_vec(&tool.envelope()).unwrap();
    let owned = serde_json::to_vec(&tool.tool_meta()).unwrap();
    prop_assert_eq!(
        String::from_utf8(borrowed).unwrap(),
        String::from_utf8(owned).unwrap()
    );
    // `stamp()` builds its value directly, not through the serializer: the same envelope.
    let stamped = tool.envelope().stamp(None);
    prop_assert_eq!(
        serde_json::to_string(&stamped[toolmeta::TOOL_META_KEY]).unwrap(),
        serde_json::to_string(&tool.envelope()).unwrap()
    );
    Ok(())
}

proptest! {
    #![proptest_config(crate::common::proptest_config())]

    #[test]
    fn read_file_envelope_matches_tool_meta(
        path in any::<String>(),
        offset in any::<Option<i128>>(),
        limit in any::<Option<u128>>(),
    ) {
        same_bytes(&ReadFile { path, offset, limit })?;
    }

    #[test]
    fn run_envelope_matches_tool_meta(
        command in any::<String>(),
        description in any::<Option<String>>(),
        cwd in any::<Option<String>>(),
        timeout in any::<Option<i64>>(),
        login in any::<bool>(),
    ) {
        same_bytes(&Run { command, description, cwd: cwd.map(PathBuf::from), timeout, login })?;
    }
}
