//! Every list of the catalog's harnesses — in README.md, in docs/, in `proxy --help` and
//! `inspect --help` — names exactly the harnesses of `toolmeta catalog --json` (issue 39:
//! three lists had drifted apart), and no example of an extension namespace made from an
//! agent's name is one that a catalog harness now owns.

use serde_json::Value;

/// How the docs write each harness's name, by its namespace. A harness added to the catalog
/// fails `the_display_names_are_the_catalogs` until it is named here, and then every list
/// of the docs that lacks it.
const DISPLAY_NAMES: [(&str, &str); 7] = [
    ("claude_code", "Claude Code"),
    ("codex", "Codex"),
    ("gemini_cli", "Gemini CLI"),
    ("opencode", "OpenCode"),
    ("grok_build", "Grok Build"),
    ("qwen_code", "Qwen Code"),
    ("kimi_cli", "Kimi CLI"),
];

/// Paragraphs that name several harnesses without listing the catalog, each with what it
/// lists instead (checked below).
const NOT_THE_CATALOG: [(&str, &str); 3] = [
    // The recorded sessions of both directions the README's first command reads.
    ("README.md", "sessions recorded from"),
    // Which harnesses' marks a reader uses, in a list of what it reads.
    ("docs/client.md", "**What it reads**"),
    // The extension-namespace rules' table: one example namespace per rule.
    ("docs/wire-contract.md", "| case | example | outcome |"),
];

fn run(args: &[&str]) -> String {
    let (code, out, err) = crate::common::toolmeta(args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn catalog() -> Value {
    serde_json::from_str(&run(&["catalog", "--json"])).unwrap()
}

/// The catalog's harnesses, by namespace, in its order.
fn catalog_harnesses() -> Vec<String> {
    catalog()["harnesses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|harness| harness["namespace"].as_str().unwrap().to_owned())
        .collect()
}

fn repository_file(path: &str) -> String {
    let path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// README.md and every page of docs/ but the measurements' history, by path.
fn documents() -> Vec<(String, String)> {
    let mut paths = vec!["README.md".to_owned()];
    let docs = format!("{}/../docs", env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<String> = std::fs::read_dir(&docs)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md") && name != "performance.md")
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    paths.extend(pages);
    paths
        .into_iter()
        .map(|path| {
            let text = repository_file(&path);
            (path, text)
        })
        .collect()
}

/// The paragraphs of a Markdown text outside code blocks, each on one line.
fn paragraphs(text: &str) -> Vec<String> {
    let mut prose = String::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            prose.push('\n');
            continue;
        }
        if !in_code {
            prose.push_str(line);
        }
        prose.push('\n');
    }
    prose
        .split("\n\n")
        .map(|paragraph| paragraph.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|paragraph| !paragraph.is_empty())
        .collect()
}

/// Whether `word` occurs in `text` not as part of a longer name.
fn names(text: &str, word: &str) -> bool {
    let is_name_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        !text[..at].ends_with(is_name_char) && !text[at + word.len()..].starts_with(is_name_char)
    })
}

/// The harnesses `text` names, in the docs' spelling and as namespaces.
fn named(text: &str) -> (Vec<&'static str>, Vec<&'static str>) {
    let by_display = DISPLAY_NAMES
        .iter()
        .filter(|(_, display)| names(text, display))
        .map(|(namespace, _)| *namespace)
        .collect();
    let by_namespace = DISPLAY_NAMES
        .iter()
        .filter(|(namespace, _)| names(text, namespace))
        .map(|(namespace, _)| *namespace)
        .collect();
    (by_display, by_namespace)
}

#[test]
fn the_display_names_are_the_catalogs() {
    let names: Vec<&str> = DISPLAY_NAMES
        .iter()
        .map(|(namespace, _)| *namespace)
        .collect();
    assert_eq!(names, catalog_harnesses());
}

/// `--harness` in both helps lists the catalog, in its order.
#[test]
fn the_help_texts_list_the_catalogs_harnesses() {
    let catalog = catalog_harnesses();
    for subcommand in ["proxy", "inspect"] {
        let help = run(&[subcommand, "--help"]);
        let harness = help
            .lines()
            .find(|line| line.trim_start().starts_with("--harness"))
            .unwrap_or_else(|| panic!("{subcommand} --help has --harness:\n{help}"));
        let (_, listed) = named(harness);
        assert_eq!(listed, catalog, "{subcommand} --help: {harness}");
        let mut at = 0;
        for namespace in &catalog {
            at += harness[at..].find(namespace.as_str()).unwrap_or_else(|| {
                panic!("{subcommand} --help, in the catalog's order: {harness}")
            });
        }
    }
}

/// A paragraph that names four harnesses or more, in either spelling, lists them all —
/// unless it says it names only some (`…`) or lists something else (`NOT_THE_CATALOG`).
#[test]
fn every_list_of_harnesses_in_the_docs_is_the_catalog() {
    let catalog = catalog_harnesses();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (path, text) in documents() {
        for paragraph in paragraphs(&text) {
            let exempt = NOT_THE_CATALOG
                .iter()
                .any(|(file, start)| *file == path && paragraph.contains(start));
            if exempt || paragraph.contains('…') {
                continue;
            }
            let (by_display, by_namespace) = named(&paragraph);
            for listed in [by_display, by_namespace] {
                if listed.len() >= 4 {
                    checked += 1;
                    if listed.len() != catalog.len() {
                        let missing: Vec<&String> = catalog
                            .iter()
                            .filter(|namespace| !listed.contains(&namespace.as_str()))
                            .collect();
                        wrong.push(format!("{path}: missing {missing:?} in: {paragraph}"));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    // The README, proxy.md, cli.md, client.md, catalog.md, derive.md, wire-contract.md...
    assert!(
        checked >= 8,
        "only {checked} lists found: is the search still reading the docs?"
    );
}

/// The README's recorded sessions are the recordings of both directions that ship.
#[test]
fn the_readmes_recorded_sessions_are_the_shipped_ones() {
    let readme = repository_file("README.md");
    let paragraph = paragraphs(&readme)
        .into_iter()
        .find(|paragraph| paragraph.contains(NOT_THE_CATALOG[0].1))
        .unwrap();
    let (said, _) = named(&paragraph);
    let real = format!("{}/../tests/data/real", env!("CARGO_MANIFEST_DIR"));
    let shipped: Vec<&str> = DISPLAY_NAMES
        .iter()
        .map(|(namespace, _)| *namespace)
        .filter(|namespace| {
            std::path::Path::new(&format!("{real}/{namespace}/interleaved.jsonl")).exists()
        })
        .collect();
    assert_eq!(said, shipped, "{paragraph}");
}

/// `agent name` → `_namespace` examples show an agent without a catalog: a namespace a
/// catalog harness owns (or reads as an alias, as `_qwen_code`) is no example of one.
#[test]
fn examples_of_extension_namespaces_are_not_catalog_harnesses() {
    let catalog = catalog();
    let mut owned: Vec<String> = Vec::new();
    for harness in catalog["harnesses"].as_array().unwrap() {
        owned.push(harness["namespace"].as_str().unwrap().to_owned());
        for alias in harness["namespace_aliases"].as_array().unwrap() {
            owned.push(alias.as_str().unwrap().to_owned());
        }
    }
    let mut texts = documents();
    for subcommand in ["proxy", "inspect"] {
        texts.push((format!("{subcommand} --help"), run(&[subcommand, "--help"])));
    }
    let mut examples = 0;
    let mut wrong = Vec::new();
    for (path, text) in texts {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for (at, _) in text.match_indices("` → `_") {
            let agent = text[..at].rsplit('`').next().unwrap_or("");
            let made = text[at + "` → `".len()..].split('`').next().unwrap_or("");
            if agent.starts_with('_') {
                // An alias read as its namespace (`_qwen_code` → `qwen_code`), not an example.
                continue;
            }
            examples += 1;
            if owned.iter().any(|namespace| namespace == made) {
                wrong.push(format!("{path}: `{agent}` → `{made}`"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(examples >= 3, "only {examples} examples found");
}
