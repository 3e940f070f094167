//! The prompt as a script: the agent has no model, so each line of a prompt names one tool
//! call; a prompt with none plays the default turn.

use serde_json::{Value, json};

use crate::workdir::Workdir;

/// One tool call the "model" asked for: the wire name and the raw JSON arguments.
pub struct Step {
    pub name: &'static str,
    pub arguments: Value,
}

/// Reads the prompt's command lines; a prompt with none gets the default turn.
pub fn script(prompt: &str, workdir: &Workdir) -> Vec<Step> {
    let steps: Vec<Step> = prompt.lines().filter_map(parse_line).collect();
    if steps.is_empty() {
        default_turn(prompt, workdir)
    } else {
        steps
    }
}

fn parse_line(line: &str) -> Option<Step> {
    let line = line.trim();
    let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (name, arguments) = match verb {
        "read" if !words.is_empty() => {
            let mut arguments = json!({ "target_file": words[0] });
            if let Some(offset) = words.get(1).and_then(|word| word.parse::<i64>().ok()) {
                arguments["offset"] = offset.into();
            }
            if let Some(limit) = words.get(2).and_then(|word| word.parse::<u64>().ok()) {
                arguments["limit"] = limit.into();
            }
            ("read_file", arguments)
        }
        "ls" => (
            "list_dir",
            json!({ "target_directory": words.first().copied().unwrap_or(".") }),
        ),
        "grep" if !words.is_empty() => {
            let mut arguments = json!({ "pattern": words[0] });
            if let Some(path) = words.get(1) {
                arguments["path"] = (*path).into();
            }
            ("grep", arguments)
        }
        "run" if !rest.is_empty() => ("run_terminal_command", json!({ "command": rest })),
        "edit" => {
            let (path, change) = rest.split_once(' ')?;
            let (old, new) = change.split_once("=>")?;
            (
                "search_replace",
                json!({ "file_path": path, "old_string": old.trim(), "new_string": new.trim() }),
            )
        }
        _ => return None,
    };
    Some(Step { name, arguments })
}

fn default_turn(prompt: &str, workdir: &Workdir) -> Vec<Step> {
    let readme = ["README.md", "README", "readme.md"]
        .into_iter()
        .find(|name| workdir.is_file(name))
        .unwrap_or("README.md");
    let word = prompt.split_whitespace().next().unwrap_or("TODO");
    vec![
        Step {
            name: "list_dir",
            arguments: json!({ "target_directory": "." }),
        },
        Step {
            name: "read_file",
            arguments: json!({ "target_file": readme, "offset": 1, "limit": 40 }),
        },
        Step {
            name: "grep",
            arguments: json!({ "pattern": word }),
        },
        Step {
            name: "run_terminal_command",
            arguments: json!({ "command": "ls -a" }),
        },
        Step {
            name: "search_replace",
            arguments: json!({
                "file_path": "toolmeta-agent.txt",
                "old_string": "",
                "new_string": format!("Written by the toolmeta example agent for: {prompt}\n"),
            }),
        },
    ]
}
