//! `toolmeta catalog`: the tools toolmeta knows of each harness, and what recognises the
//! harness — as a table for a person, or with `--json` as the catalog's data export, the
//! document a client in any language identifies calls from (`docs/catalog.md`; the
//! repository ships it as `toolmeta/catalog/catalog.json`).

use std::io::{self, Write};

use toolmeta::catalog::export::{CatalogData, HarnessData, ToolData, catalog_data, catalog_json};

use crate::{exit, finish_output};

/// The arguments of `toolmeta catalog`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The JSON format and its stability policy: docs/catalog.md; its JSON Schema:
toolmeta/schema/catalog.schema.json; the identification rules: docs/identification.md.

Exit codes:
  0  done
  1  the output could not be written")]
pub struct Args {
    /// Write the catalog as JSON (the documented, versioned data format)
    #[arg(long)]
    pub json: bool,
}

/// Runs `toolmeta catalog`; returns the exit code.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let written = if args.json {
        match catalog_json() {
            Ok(text) => out.write_all(text.as_bytes()),
            Err(error) => return failed(&error, err),
        }
    } else {
        match catalog_data() {
            Ok(data) => write_table(&data, out),
            Err(error) => return failed(&error, err),
        }
    };
    finish_output(written.and_then(|()| out.flush()), "toolmeta catalog", err)
}

/// The catalog could not be described (a declaration outside the format): a bug of this
/// build, reported rather than written half.
fn failed(error: &dyn std::fmt::Display, err: &mut dyn Write) -> u8 {
    let _ = writeln!(err, "toolmeta catalog: {error}");
    exit::IO
}

/// One block per harness: its release and recognition, then one line per tool.
fn write_table(data: &CatalogData, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "toolmeta catalog, format {} (toolmeta catalog --json for the data)",
        data.format_version
    )?;
    for harness in &data.harnesses {
        write_harness(harness, out)?;
    }
    for agent in &data.agents {
        writeln!(out)?;
        writeln!(out, "{}: no catalog of tools", agent.namespace)?;
        writeln!(
            out,
            "  recognised by: {}",
            recognition_line(&agent.recognise)
        )?;
    }
    Ok(())
}

fn write_harness(harness: &HarnessData, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "{} ({}), checked against {}",
        harness.harness,
        crate::inspect::plural(harness.tools.len() as u64, "tool"),
        harness.release
    )?;
    writeln!(
        out,
        "  recognised by: {}",
        recognition_line(&harness.recognise)
    )?;
    let identity = |tool: &ToolData| format!("{} ({})", tool.label, tool.kind);
    let name_width = harness.tools.iter().map(|tool| tool.name.len()).max();
    let identity_width = harness.tools.iter().map(|tool| identity(tool).len()).max();
    for tool in &harness.tools {
        writeln!(
            out,
            "  {:name_width$}  {:identity_width$}  {}",
            tool.name,
            identity(tool),
            projection_line(tool),
            name_width = name_width.unwrap_or(0),
            identity_width = identity_width.unwrap_or(0),
        )?;
    }
    Ok(())
}

/// `agent claude; _meta claudeCode.toolName; id {name}__...; title View Image {any}`.
fn recognition_line(recognise: &toolmeta::catalog::export::RecognitionData) -> String {
    let mut parts = Vec::new();
    if !recognise.agent_names.is_empty() {
        parts.push(format!("agent name ~ {}", recognise.agent_names.join(", ")));
    }
    for key in &recognise.meta_tool_names {
        parts.push(format!("_meta.{}", key.path.join(".")));
    }
    for id in &recognise.tool_call_ids {
        parts.push(format!("toolCallId {id}"));
    }
    for title in &recognise.titles {
        parts.push(format!("title {}", title.pattern));
    }
    parts.join("; ")
}

/// `path <- file_path, offset <- offset` (with a conversion in brackets), or `no input`.
fn projection_line(tool: &ToolData) -> String {
    if tool.projection.is_empty() {
        return "no input".to_owned();
    }
    tool.projection
        .iter()
        .map(|key| {
            let conversion = key
                .conversion
                .as_deref()
                .map_or(String::new(), |name| format!(" [{name}]"));
            format!("{} <- {}{conversion}", key.key, key.from.join("|"))
        })
        .collect::<Vec<_>>()
        .join(", ")
}
