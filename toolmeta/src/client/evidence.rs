//! What names a call's tool: the evidence the traffic carries, strongest first (DESIGN §6).
//!
//! Where each harness puts its evidence is the one list of [`PARTIES`] (the catalog's data
//! export writes it too); this module reads it for the ledger and keeps what each key said
//! as a [`Claim`]; resolution takes the strongest.

use std::borrow::Cow;
use std::fmt;
use std::sync::LazyLock;

use super::few::Few;
use super::text::Text;
use super::text::WellKnown;
use crate::recognition::{Compiled, MetaPath, PARTIES, Party, SHARED_META_TOOL_NAMES, Spelling};
/// What named a call's tool, from strongest to weakest (DESIGN §6).
///
/// ```
/// use toolmeta::client::{Evidence, Ledger};
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Terminal","_meta":{"goose":{"toolCall":{"toolName":"developer__shell"}}}}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!(call.name(), Some("developer__shell"));
/// assert_eq!(call.named_by(), Some(Evidence::MetaKey("goose.toolCall.toolName")));
/// assert_eq!(call.named_by().unwrap().to_string(), "_meta.goose.toolCall.toolName");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Evidence {
    /// The `x.ai/tool` envelope.
    Envelope,
    /// ACP's first-class `name`.
    AcpName,
    /// A harness's own `_meta` tool-name key, by its dotted path (`claudeCode.toolName`).
    MetaKey(&'static str),
    /// The call's first `title`, when it reads as a tool name (OpenCode).
    FirstTitle,
    /// The tool name in the `toolCallId` (Gemini CLI's `<name>__<name>_<ms>_<n>`).
    ToolCallId,
    /// An adapter's fixed title format (codex-acp's `View Image {path}`).
    TitleFormat,
    /// The argument names of `rawInput`, matched against the catalog.
    Arguments,
}

impl Evidence {
    /// How strong the evidence is: a lower rank wins. Every `_meta` key ranks alike; among
    /// claims of one rank the latest wins.
    pub(crate) const fn rank(self) -> u8 {
        match self {
            Evidence::Envelope => 0,
            Evidence::AcpName => 1,
            Evidence::MetaKey(_) => 2,
            Evidence::FirstTitle => 3,
            Evidence::ToolCallId => 4,
            Evidence::TitleFormat => 5,
            Evidence::Arguments => 6,
        }
    }
}

/// Where the evidence is on the wire.
impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evidence::Envelope => f.write_str("envelope"),
            Evidence::AcpName => f.write_str("name"),
            Evidence::MetaKey(path) => write!(f, "_meta.{path}"),
            Evidence::FirstTitle => f.write_str("title"),
            Evidence::ToolCallId => f.write_str("toolCallId"),
            Evidence::TitleFormat => f.write_str("title format"),
            Evidence::Arguments => f.write_str("rawInput"),
        }
    }
}

/// What a `_meta` key says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Says {
    /// The tool's name.
    ToolName,
    /// The `toolCallId` of the (subagent) call that made this one: a legacy subagent link.
    ParentToolCall,
}

/// A `_meta` key the line reader reads, and what it says.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MetaKey {
    pub(crate) path: MetaPath,
    pub(crate) says: Says,
    /// How a name it says spells the wire name.
    pub(crate) spelling: Spelling,
    /// The party a call carrying it is, whatever else says.
    pub(crate) marks: Option<&'static Party>,
}

/// The number of `_meta` keys of the [`PARTIES`] and the [`SHARED_META_TOOL_NAMES`].
pub(crate) const META_KEY_COUNT: usize = meta_key_count();

// The reader tracks the keys a `_meta` object may hold in a `u32` mask, and a claim keeps
// its key's place in a `u8`.
const _: () = assert!(META_KEY_COUNT <= 32);

/// Every `_meta` key the reader takes evidence from, read off [`PARTIES`] (each party's
/// tool-name keys, then its subagent links), then [`SHARED_META_TOOL_NAMES`]: the order in
/// which claims sent in one update rank.
pub(crate) const META_KEYS: [MetaKey; META_KEY_COUNT] = meta_keys();

const fn meta_key_count() -> usize {
    let mut count = SHARED_META_TOOL_NAMES.len();
    let mut parties = PARTIES;
    while let [party, rest @ ..] = parties {
        count += party.recognition.meta_tool_names.len() + party.recognition.subagent_links.len();
        parties = rest;
    }
    count
}

const fn meta_keys() -> [MetaKey; META_KEY_COUNT] {
    let unset = MetaKey {
        path: MetaPath::new("", &[]),
        says: Says::ToolName,
        spelling: Spelling::AsIs,
        marks: None,
    };
    let mut keys = [unset; META_KEY_COUNT];
    let mut at = 0;
    let mut parties = PARTIES;
    while let [party, rest @ ..] = parties {
        let mut names = party.recognition.meta_tool_names;
        while let [name, rest @ ..] = names {
            keys[at] = MetaKey {
                path: name.path,
                spelling: name.spelling,
                marks: if name.marks_harness {
                    Some(party)
                } else {
                    None
                },
                ..unset
            };
            (at, names) = (at + 1, rest);
        }
        let mut links = party.recognition.subagent_links;
        while let [path, rest @ ..] = links {
            keys[at] = MetaKey {
                path: *path,
                says: Says::ParentToolCall,
                ..unset
            };
            (at, links) = (at + 1, rest);
        }
        parties = rest;
    }
    let mut shared = SHARED_META_TOOL_NAMES;
    while let [key, rest @ ..] = shared {
        keys[at] = MetaKey {
            path: key.path,
            spelling: key.spelling,
            ..unset
        };
        (at, shared) = (at + 1, rest);
    }
    keys
}

/// The place in [`META_KEYS`] of the key at `path`.
fn meta_key_place(path: &str) -> Option<usize> {
    META_KEYS.iter().position(|key| key.path.as_str() == path)
}

/// One claim about the tool's name: what said it, the name as sent, and which update sent
/// it last.
#[derive(Debug, Clone)]
pub(crate) struct Claim {
    pub(crate) by: Evidence,
    pub(crate) name: Text,
    /// How the name spells the wire name.
    pub(crate) spelling: Spelling,
    /// The party a claim of this kind marks the call as.
    pub(crate) marks: Option<&'static Party>,
    /// The number of the update that sent it last (claims of one rank: the latest wins).
    pub(crate) at: u32,
    /// Among claims of one rank sent in one update: its `_meta` key's place in
    /// [`META_KEYS`] (the first wins).
    place: u8,
}

/// A call's claims, one per source of evidence sent in its updates (ACP `name`, each
/// `_meta` key, the first title): the ordered, generic evidence list. The evidence in its
/// `toolCallId` and in its adapter's title formats is read where it is, by [`names`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Claims(Few<Claim>);

impl Claims {
    /// Records `name` said by `by` in update `at`; says whether what the call resolves
    /// from may have changed (a claim repeated is still the latest of its rank). A new
    /// name shares `kept`, a copy the call holds already, when it is the same.
    pub(crate) fn say(&mut self, by: Evidence, name: &str, at: u32, kept: Option<&Text>) -> bool {
        let text = || match kept {
            Some(kept) if **kept == *name => kept.clone(),
            _ => Text::new(name, WellKnown::ToolNames),
        };
        let rank_shared = |claims: &[Claim]| {
            claims
                .iter()
                .filter(|claim| claim.by.rank() == by.rank())
                .nth(1)
                .is_some()
        };
        let claims = self.0.as_mut_slice();
        match claims.iter().position(|claim| claim.by == by) {
            Some(found) if *claims[found].name == *name => {
                let claim = &claims[found];
                // A repeated claim alone in its rank keeps its place in the order; one that
                // marks a party also fixes the harness whatever the stream's agent is since,
                // so resolving again would give what the call has (Claude Code's
                // `_meta.claudeCode.toolName` comes with every update).
                let changes = claim.at != at && (claim.marks.is_none() || rank_shared(claims));
                claims[found].at = at;
                changes
            }
            Some(found) => {
                let claim = &mut claims[found];
                claim.name = text();
                claim.at = at;
                true
            }
            None => {
                let key = match by {
                    Evidence::MetaKey(path) => {
                        meta_key_place(path).map(|place| (place, &META_KEYS[place]))
                    }
                    _ => None,
                };
                self.0.push(Claim {
                    by,
                    name: text(),
                    spelling: key.map_or(Spelling::AsIs, |(_, key)| key.spelling),
                    marks: key.and_then(|(_, key)| key.marks),
                    at,
                    place: key.map_or(0, |(place, _)| place as u8),
                });
                true
            }
        }
    }

    /// The claim `by` holds, if any.
    pub(crate) fn get(&self, by: Evidence) -> Option<&Claim> {
        self.0.iter().find(|claim| claim.by == by)
    }

    /// The claims strongest first, the latest first among equals, the first `_meta` key
    /// first among claims of one update.
    pub(crate) fn ranked(&self) -> Ranked<'_> {
        Ranked {
            claims: &self.0,
            taken: 0,
        }
    }

    /// The parties the claims mark, strongest first.
    pub(crate) fn marks(&self) -> impl Iterator<Item = &'static Party> + '_ {
        self.ranked().filter_map(|claim| claim.marks)
    }

    /// The bytes the claims hold.
    pub(crate) fn retained_bytes(&self) -> usize {
        self.0.heap_bytes()
            + self
                .0
                .iter()
                .map(|claim| claim.name.retained_bytes())
                .sum::<usize>()
    }
}

/// The claims in order of strength (see [`Claims::ranked`]): a few claims, picked one by
/// one without allocating.
pub(crate) struct Ranked<'c> {
    claims: &'c [Claim],
    /// The claims already given, by index.
    taken: u64,
}

impl<'c> Iterator for Ranked<'c> {
    type Item = &'c Claim;

    fn next(&mut self) -> Option<&'c Claim> {
        let (index, claim) = self
            .claims
            .iter()
            .enumerate()
            .take(64)
            .filter(|(index, _)| self.taken & (1 << index) == 0)
            .min_by_key(|(_, claim)| (claim.by.rank(), std::cmp::Reverse(claim.at), claim.place))?;
        self.taken |= 1 << index;
        Some(claim)
    }
}

/// A name the evidence gives a call, with what gave it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Named<'a> {
    pub(crate) by: Evidence,
    /// The name as the traffic spelled it.
    pub(crate) sent: &'a str,
    /// The claim's kept copy of it, when it is a claim's.
    kept: Option<&'a Text>,
    spelling: Spelling,
}

impl<'a> Named<'a> {
    /// The tool's wire name it stands for (`spawnAgent` sent in camelCase is `spawn_agent`).
    pub(crate) fn wire_name(self) -> Cow<'a, str> {
        self.spelling.wire_name(self.sent)
    }

    /// The wire name as a [`Text`], sharing the claim's copy where it is the same.
    pub(crate) fn to_text(self) -> Text {
        match (self.wire_name(), self.kept) {
            (Cow::Borrowed(_), Some(kept)) => kept.clone(),
            (name, _) => Text::new(&name, WellKnown::ToolNames),
        }
    }
}

/// Every name the evidence gives a call of `party`, strongest first (DESIGN §6): its
/// claims ([`Claims::ranked`]); then the `{name}` of each party's `toolCallId` format its id
/// matches; then the fixed title formats of its party, matched against `format_title`
/// (the latest title that follows a title format of any party).
pub(crate) fn names<'a>(
    claims: &'a Claims,
    tool_call_id: &'a str,
    format_title: Option<&'a str>,
    party: Option<&'static Party>,
) -> impl Iterator<Item = Named<'a>> + 'a {
    let claimed = claims.ranked().map(|claim| Named {
        by: claim.by,
        sent: &claim.name,
        kept: Some(&claim.name),
        spelling: claim.spelling,
    });
    let unclaimed = |by| {
        move |sent| Named {
            by,
            sent,
            kept: None,
            spelling: Spelling::AsIs,
        }
    };
    let in_id = ID_FORMATS
        .iter()
        .filter_map(move |(_, format)| format.matches(tool_call_id)?)
        .map(unclaimed(Evidence::ToolCallId));
    let in_title = party
        .map_or(&[][..], |party| party.recognition.titles)
        .iter()
        .filter_map(move |format| format.tool_named(format_title?))
        .map(unclaimed(Evidence::TitleFormat));
    claimed.chain(in_id).chain(in_title)
}

/// The party whose `toolCallId` format the id matches, if any.
pub(crate) fn party_of_id(tool_call_id: &str) -> Option<&'static Party> {
    ID_FORMATS
        .iter()
        .find(|(_, format)| format.matches(tool_call_id).is_some())
        .map(|&(party, _)| party)
}

/// Every party's `toolCallId` formats, in the order of [`PARTIES`], split into pieces once:
/// a call without an envelope or a mark of its harness has its id matched at each
/// resolution (`docs/performance.md`, "Where the time goes").
static ID_FORMATS: LazyLock<Box<[(&'static Party, Compiled)]>> = LazyLock::new(|| {
    PARTIES
        .iter()
        .flat_map(|party| {
            let formats = party.recognition.tool_call_ids.iter();
            formats.map(move |format| (party, format.compile()))
        })
        .collect()
});

/// Whether a title follows a fixed title format of any party.
pub(crate) fn follows_title_format(title: &str) -> bool {
    // Asked of every new title: the formats are split into pieces once.
    static FORMATS: LazyLock<Box<[Compiled]>> = LazyLock::new(|| {
        PARTIES
            .iter()
            .flat_map(|party| party.recognition.titles)
            .map(|format| format.pattern.compile())
            .collect()
    });
    FORMATS.iter().any(|format| format.matches(title).is_some())
}

/// Whether a title reads as a tool name rather than human text: the pattern `{name}`, one
/// word of ASCII letters, digits, `_` and `-` (`read`, `mcp__github__create_issue`; not
/// `README.md`, `Read File`, `ls -la`). A one-word directory title (`src`) passes too: the
/// catalog decides whether the word is a tool of the harness, and an unknown word stands as
/// a name only when nothing better is there.
pub(crate) use crate::recognition::is_name as is_tool_name;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_names_are_single_words() {
        for name in [
            "read",
            "todowrite",
            "apply_patch",
            "mcp__github__create_issue",
            "Bash",
        ] {
            assert!(is_tool_name(name), "{name}");
        }
        for text in [
            "README.md",
            "Read File",
            "ls -la",
            "3 todos",
            "",
            "src/utils.py",
            "'**/*.py'",
            "café",
            "résumé_file",
            "读文件",
        ] {
            assert!(!is_tool_name(text), "{text}");
        }
    }

    #[test]
    fn gemini_ids_name_their_tool_and_mark_the_harness() {
        let claims = Claims::default();
        let named = |id| {
            names(&claims, id, None, None)
                .map(|named| (named.by, named.sent))
                .next()
        };
        assert_eq!(
            named("read_file__read_file_1796316480558_0"),
            Some((Evidence::ToolCallId, "read_file"))
        );
        assert_eq!(
            named("run_shell_command__run_shell_command_1796316480793_12"),
            Some((Evidence::ToolCallId, "run_shell_command"))
        );
        let gemini = party_of_id("read_file__read_file_1796316480558_0");
        assert_eq!(
            gemini.map(|party| party.namespace),
            Some(crate::Namespace::GeminiCli)
        );
        // The name must repeat, and two numbers follow it.
        for id in [
            "read_file__glob_1796316480558_0",
            "read_file__read_file_x_0",
            "read_file__read_file_1796316480558",
            "call_b813747ee0a445b4",
            "toolu_01__x",
        ] {
            assert_eq!(named(id), None, "{id}");
            assert_eq!(party_of_id(id), None, "{id}");
        }
    }

    #[test]
    fn title_formats_count_for_their_party_from_the_latest_title_that_follows_one() {
        let codex = crate::recognition::Party::of_namespace(crate::Namespace::Codex);
        let kimi = crate::recognition::Party::of_namespace(crate::Namespace::KimiCli);
        let claims = Claims::default();
        let named = |title, party| {
            names(&claims, "c1", Some(title), party)
                .map(|named| (named.by, named.sent))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            named("View Image /r/a.png", codex),
            [(Evidence::TitleFormat, "view_image")]
        );
        assert_eq!(named("View Image /r/a.png", kimi), []);
        assert_eq!(named("View Image /r/a.png", None), []);
        assert_eq!(
            named("Shell: ls -la", kimi),
            [(Evidence::TitleFormat, "Shell")]
        );
        assert!(follows_title_format("Shell: ls -la"));
        assert!(!follows_title_format("Read `src/main.rs`"));
    }

    #[test]
    fn every_meta_key_of_the_parties_is_read_once_in_their_order() {
        let mut expected: Vec<&str> = Vec::new();
        for party in PARTIES {
            let recognition = &party.recognition;
            expected.extend(
                recognition
                    .meta_tool_names
                    .iter()
                    .map(|key| key.path.as_str()),
            );
            expected.extend(recognition.subagent_links.iter().map(MetaPath::as_str));
        }
        expected.extend(SHARED_META_TOOL_NAMES.iter().map(|key| key.path.as_str()));
        let read: Vec<&str> = META_KEYS.iter().map(|key| key.path.as_str()).collect();
        assert_eq!(read, expected);
        let claude = &META_KEYS[0];
        assert_eq!(claude.path.as_str(), "claudeCode.toolName");
        assert_eq!(
            claude.marks.map(|party| party.namespace),
            Some(crate::Namespace::ClaudeCode)
        );
        let link = META_KEYS
            .iter()
            .find(|key| key.path.as_str() == "claudeCode.parentToolUseId");
        assert_eq!(
            link.map(|key| (key.says, key.marks.is_none())),
            Some((Says::ParentToolCall, true))
        );
        let codex = META_KEYS
            .iter()
            .find(|key| key.path.as_str() == "codex.collaboration.tool");
        assert_eq!(codex.map(|key| key.spelling), Some(Spelling::CamelCase));
    }

    #[test]
    fn the_latest_claim_of_a_rank_wins_and_stronger_ranks_win_over_later_ones() {
        let mut claims = Claims::default();
        claims.say(Evidence::FirstTitle, "read", 1, None);
        claims.say(Evidence::MetaKey("toolName"), "tool_call", 1, None);
        claims.say(Evidence::MetaKey("tool_name"), "web_fetch", 2, None);
        let names: Vec<&str> = claims.ranked().map(|claim| &*claim.name).collect();
        assert_eq!(names, ["web_fetch", "tool_call", "read"]);
        // Re-sent later, the first `_meta` claim is the latest again.
        assert!(claims.say(Evidence::MetaKey("toolName"), "tool_call", 3, None));
        assert_eq!(
            claims.ranked().next().map(|claim| &*claim.name),
            Some("tool_call")
        );
        // Sent in one update, the first key of the list wins, whatever the order said.
        let mut claims = Claims::default();
        claims.say(Evidence::MetaKey("tool_name"), "b", 1, None);
        claims.say(Evidence::MetaKey("toolName"), "a", 1, None);
        assert_eq!(claims.ranked().next().map(|claim| &*claim.name), Some("a"));
    }
}
