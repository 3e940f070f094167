//! [`Pattern`]: the formats of call ids and titles, matched without allocating; a format
//! matched against text after text is split into its pieces once ([`Compiled`]).

/// A format, matched against a whole string: literal text with placeholders —
/// `{name}` (a tool name: a letter or `_`, then letters, digits, `_` or `-`; every `{name}`
/// of one pattern matches the same text, which names the tool), `{digits}` (one or more
/// ASCII digits) and `{any}` (one or more characters of any kind); see
/// [`Pattern::PLACEHOLDERS`]. Any other `{…}` is literal text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pattern(pub &'static str);

/// One piece of a [`Pattern`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece<'p> {
    Text(&'p str),
    Name,
    Digits,
    Any,
}

/// The placeholders, as spelled in a pattern, and the piece each stands for.
const SPELLED: [(&str, Piece<'static>); 3] = [
    ("{name}", Piece::Name),
    ("{digits}", Piece::Digits),
    ("{any}", Piece::Any),
];

impl Pattern {
    /// Every placeholder, as the data export lists them: name, the regular expression it
    /// stands for, and what it matches.
    pub const PLACEHOLDERS: &'static [(&'static str, &'static str, &'static str)] = &[
        (
            "name",
            "[A-Za-z_][A-Za-z0-9_-]*",
            "a tool name; every {name} of one pattern matches the same text, which names the tool",
        ),
        ("digits", "[0-9]+", "one or more ASCII digits"),
        ("any", ".+", "one or more characters of any kind"),
    ];

    /// The text it matches, when `text` matches it as a whole: `Some(Some(name))` when the
    /// pattern has a `{name}`, `Some(None)` when it has none.
    ///
    /// ```
    /// use toolmeta::recognition::Pattern;
    /// let gemini = Pattern("{name}__{name}_{digits}_{digits}");
    /// assert_eq!(gemini.matches("read_file__read_file_1796316480558_0"), Some(Some("read_file")));
    /// assert_eq!(gemini.matches("read_file__glob_1796316480558_0"), None);
    /// assert_eq!(Pattern("View Image {any}").matches("View Image a.png"), Some(None));
    /// ```
    pub fn matches<'t>(&self, text: &'t str) -> Option<Option<&'t str>> {
        // Split into pieces on the stack (the formats toolmeta knows have five at most).
        let mut inline = [Piece::Any; INLINE_PIECES];
        let mut count = 0;
        let mut pieces = self.pieces();
        for piece in pieces.by_ref().take(INLINE_PIECES) {
            inline[count] = piece;
            count += 1;
        }
        match pieces.next() {
            None => match_pieces(&inline[..count], text),
            Some(more) => {
                let all: Vec<Piece<'_>> = inline.into_iter().chain([more]).chain(pieces).collect();
                match_pieces(&all, text)
            }
        }
    }

    /// Whether it has a `{name}`, so that a match names the tool.
    pub fn names_tool(&self) -> bool {
        self.pieces().any(|piece| piece == Piece::Name)
    }

    /// The pattern split into its pieces once, to be matched against many texts.
    #[cfg(feature = "client")]
    pub(crate) fn compile(&self) -> Compiled {
        Compiled(self.pieces().collect())
    }

    /// Its pieces, in order.
    fn pieces(&self) -> impl Iterator<Item = Piece<'static>> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            let (piece, after) = first_piece(rest)?;
            rest = after;
            Some(piece)
        })
    }
}

/// How many pieces [`Pattern::matches`] holds on the stack.
const INLINE_PIECES: usize = 8;

/// A [`Pattern`] split into its pieces ([`Pattern::compile`]).
#[cfg(feature = "client")]
#[derive(Debug, Clone)]
pub(crate) struct Compiled(Box<[Piece<'static>]>);

#[cfg(feature = "client")]
impl Compiled {
    /// What [`Pattern::matches`] says of `text`.
    pub(crate) fn matches<'t>(&self, text: &'t str) -> Option<Option<&'t str>> {
        if !self.may_match(text) {
            return None;
        }
        match_pieces(&self.0, text)
    }

    /// Whether `text` may match, by two checks that need no backtracking and reject most
    /// texts (every title is asked of every title format, every call id of every id
    /// format, and most fail): the first piece passes, and every literal piece occurs in
    /// the text, in order.
    fn may_match(&self, text: &str) -> bool {
        self.first_piece_passes(text) && self.literals_in_order(text)
    }

    /// Whether `text` passes the first piece as the match would take it: it starts with the
    /// literal text; or a leading `{name}`, which here can only take the whole name the text
    /// starts with, is followed by the end of the text or the next piece's literal text.
    fn first_piece_passes(&self, text: &str) -> bool {
        match *self.0 {
            [Piece::Text(literal), ..] => text.starts_with(literal),
            [Piece::Name, ref rest @ ..] => {
                let Some(end) = name_prefix(text) else {
                    return false;
                };
                match rest.first() {
                    None => end == text.len(),
                    Some(Piece::Text(literal))
                        if !literal.bytes().next().is_some_and(is_name_byte) =>
                    {
                        text[end..].starts_with(literal)
                    }
                    Some(_) => true,
                }
            }
            _ => true,
        }
    }

    /// Whether the literal pieces occur in `text` one after the other, each found at its
    /// first place after the one before: a match puts them in that order, never earlier,
    /// so a text where they do not is no match (Gemini CLI's `{name}__{name}_…` and a call
    /// id without `__`).
    fn literals_in_order(&self, text: &str) -> bool {
        let mut from = 0;
        self.0.iter().all(|piece| match piece {
            Piece::Text(literal) => match find(&text.as_bytes()[from..], literal.as_bytes()) {
                Some(at) => {
                    from += at + literal.len();
                    true
                }
                None => false,
            },
            _ => true,
        })
    }
}

/// Where `needle` first occurs in `haystack`: by its first byte, then the rest compared.
/// Ids and titles are short, and the literals of a format a few bytes: a searcher such as
/// `str::find`'s costs more to set up than this scan takes.
#[cfg(feature = "client")]
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let Some((&first, rest)) = needle.split_first() else {
        return Some(0);
    };
    let last_start = haystack.len().checked_sub(needle.len())?;
    (0..=last_start).find(|&at| haystack[at] == first && haystack[at + 1..].starts_with(rest))
}

/// Whether `text` as a whole matches `pieces`, and the text of its `{name}`.
fn match_pieces<'t>(pieces: &[Piece<'_>], text: &'t str) -> Option<Option<&'t str>> {
    let mut name = None;
    match_from(pieces, text, 0, &mut name).then_some(name)
}

/// The first piece of a pattern and the rest after it; `None` for an empty pattern.
fn first_piece(pattern: &str) -> Option<(Piece<'_>, &str)> {
    let bytes = pattern.as_bytes();
    if *bytes.first()? == b'{'
        && let Some((spelled, piece)) = SPELLED
            .iter()
            .find(|(spelled, _)| pattern.starts_with(spelled))
    {
        return Some((*piece, &pattern[spelled.len()..]));
    }
    // Literal text, up to the next `{` (which may open a placeholder) after its first
    // character: `{` is ASCII, so no byte of a longer character is one.
    let end = bytes[1..]
        .iter()
        .position(|&b| b == b'{')
        .map_or(bytes.len(), |at| 1 + at);
    Some((Piece::Text(&pattern[..end]), &pattern[end..]))
}

/// Whether `text[at..]` matches `pieces`, binding `name` to the first `{name}`'s text
/// (every later one must repeat it). Patterns are a few pieces long: plain backtracking,
/// longest match first, trying only the ends where the piece after a placeholder can
/// start (its literal text there, or the end of the text when it is the last piece).
fn match_from<'t>(
    pieces: &[Piece<'_>],
    text: &'t str,
    at: usize,
    name: &mut Option<&'t str>,
) -> bool {
    let Some((&piece, rest)) = pieces.split_first() else {
        return at == text.len();
    };
    let remaining = &text[at..];
    let next = rest.first().copied();
    // Whether the rest of the pattern can start `len` bytes into `remaining`.
    let can_end = |len: usize| match next {
        None => len == remaining.len(),
        Some(Piece::Text(literal)) => remaining[len..].starts_with(literal),
        Some(_) => true,
    };
    match piece {
        Piece::Text(literal) => {
            remaining.starts_with(literal) && match_from(rest, text, at + literal.len(), name)
        }
        Piece::Name => {
            if let Some(bound) = *name {
                return remaining.starts_with(bound)
                    && match_from(rest, text, at + bound.len(), name);
            }
            let Some(end) = name_prefix(remaining) else {
                return false;
            };
            (shortest(next, end, is_name_byte)..=end)
                .rev()
                .filter(|&len| can_end(len))
                .any(|len| {
                    let mut bound = Some(&remaining[..len]);
                    let matched = match_from(rest, text, at + len, &mut bound);
                    if matched {
                        *name = bound;
                    }
                    matched
                })
        }
        Piece::Digits => {
            let end = remaining
                .bytes()
                .position(|b| !b.is_ascii_digit())
                .unwrap_or(remaining.len());
            (shortest(next, end, |b| b.is_ascii_digit())..=end)
                .rev()
                .filter(|&len| can_end(len))
                .any(|len| match_from(rest, text, at + len, name))
        }
        // Every end of one character or more, longest first.
        Piece::Any => remaining
            .char_indices()
            .rev()
            .map(|(i, c)| i + c.len_utf8())
            .filter(|&len| can_end(len))
            .any(|len| match_from(rest, text, at + len, name)),
    }
}

/// Whether `text` as a whole is what a `{name}` matches (a letter or `_`, then letters,
/// digits, `_` or `-`), checked by bytes: no byte of a character past ASCII passes.
#[cfg(feature = "client")]
pub(crate) fn is_name(text: &str) -> bool {
    name_prefix(text) == Some(text.len())
}

/// The length of the longest `{name}` `text` starts with; `None` when it starts with none.
fn name_prefix(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    if !bytes.first().is_some_and(|&b| is_name_start(b)) {
        return None;
    }
    let end = bytes.iter().position(|&b| !is_name_byte(b));
    Some(end.unwrap_or(bytes.len()))
}

/// Whether a `{name}` can start with a byte.
fn is_name_start(b: u8) -> bool {
    NAME_BYTES[usize::from(b)] == NAME_START
}

/// Whether a byte can be part of a `{name}`.
fn is_name_byte(b: u8) -> bool {
    NAME_BYTES[usize::from(b)] != 0
}

/// What each byte can be in a `{name}`, looked up rather than compared: a name is scanned
/// byte by byte in every title a call is sent.
static NAME_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_alphabetic() || byte == b'_' {
            NAME_START
        } else if byte.is_ascii_digit() || byte == b'-' {
            NAME_INNER
        } else {
            0
        };
        b += 1;
    }
    table
};
/// A byte a `{name}` can start with (and hold).
const NAME_START: u8 = 1;
/// A byte a `{name}` can hold but not start with.
const NAME_INNER: u8 = 2;

/// The shortest match worth trying of a placeholder whose longest is `end` bytes of
/// characters `takes`: when the next piece cannot start with such a character (the end of
/// the text, or literal text such as `: `), a shorter match would leave one before it.
fn shortest(next: Option<Piece<'_>>, end: usize, takes: impl Fn(u8) -> bool) -> usize {
    match next {
        None => end.max(1),
        Some(Piece::Text(literal)) if !literal.bytes().next().is_some_and(takes) => end.max(1),
        Some(_) => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_of_more_pieces_than_held_on_the_stack_matches_as_any_other() {
        // Ten pieces: past the eight held on the stack, the match goes on over all of them.
        let long = Pattern("a{digits}b{digits}c{digits}d{digits}e{name}");
        assert_eq!(long.matches("a1b22c3d44eread"), Some(Some("read")));
        assert_eq!(long.matches("a1b22c3d44e"), None);
        assert_eq!(long.matches("a1b22c3d44e7"), None);
        assert!(long.names_tool());
    }

    /// Over every text of up to six characters drawn from those the patterns below turn
    /// on, a compiled pattern says what the pattern says: its quick checks turn away no
    /// text that matches, repeated literals and literals that overlap a `{name}` included.
    #[cfg(feature = "client")]
    #[test]
    fn a_compiled_pattern_agrees_on_every_short_text() {
        const ALPHABET: [char; 6] = ['a', '_', '1', ':', ' ', '`'];
        let patterns = [
            "{name}__{name}_{digits}_{digits}",
            "{name}_{digits}",
            "{name}: {any}",
            "{any}: {name}",
            "a{any}`",
            "`{any}`",
            "_{digits}_",
            "{digits}:{digits}",
            "{name}",
        ]
        .map(|pattern| (Pattern(pattern), Pattern(pattern).compile()));
        let mut texts = vec![String::new()];
        let mut matched = 0;
        for _ in 0..6 {
            texts = texts
                .iter()
                .flat_map(|text| ALPHABET.map(|c| format!("{text}{c}")))
                .collect();
            for text in &texts {
                for (pattern, compiled) in &patterns {
                    let expected = pattern.matches(text);
                    matched += usize::from(expected.is_some());
                    assert_eq!(compiled.matches(text), expected, "{pattern:?} on {text:?}");
                }
            }
        }
        // Not a comparison of rejections only.
        assert!(matched > 1_000, "{matched} matches");
    }

    #[cfg(feature = "client")]
    #[test]
    fn a_compiled_pattern_matches_what_the_pattern_matches() {
        let texts = [
            "read_file__read_file_1796316480558_0",
            "read_file__glob_1796316480558_0",
            "ReadFile: README.md",
            "View Image a.png",
            "a1b22c3d44eread",
            "",
        ];
        for pattern in [
            "{name}__{name}_{digits}_{digits}",
            "{name}: {any}",
            "View Image {any}",
            "a{digits}b{digits}c{digits}d{digits}e{name}",
        ] {
            let pattern = Pattern(pattern);
            for text in texts {
                assert_eq!(
                    pattern.compile().matches(text),
                    pattern.matches(text),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn a_placeholder_may_end_before_text_that_starts_like_it() {
        // The literal after the placeholder starts with a character the placeholder takes:
        // every shorter match is tried.
        assert_eq!(Pattern("{digits}1").matches("1231"), Some(None));
        assert_eq!(Pattern("{name}-x").matches("read-x"), Some(Some("read")));
        assert_eq!(
            Pattern("{name}_{digits}").matches("read_file_12"),
            Some(Some("read_file"))
        );
        // It does not: only the longest match can be followed by it.
        assert_eq!(
            Pattern("{name}: {any}").matches("Read: a.md"),
            Some(Some("Read"))
        );
        assert_eq!(Pattern("{name}: {any}").matches("Read a: b"), None);
        assert_eq!(Pattern("{digits}.{digits}").matches("12.5"), Some(None));
    }

    /// The lookup table says of every byte what the character classes say.
    #[test]
    fn the_name_byte_table_is_the_character_classes() {
        for b in 0..=u8::MAX {
            let start = b.is_ascii_alphabetic() || b == b'_';
            assert_eq!(super::is_name_start(b), start, "{b}");
            let inner = start || b.is_ascii_digit() || b == b'-';
            assert_eq!(super::is_name_byte(b), inner, "{b}");
        }
    }

    #[test]
    fn patterns_match_whole_strings() {
        let gemini = Pattern("{name}__{name}_{digits}_{digits}");
        assert_eq!(
            gemini.matches("run_shell_command__run_shell_command_1796316480793_12"),
            Some(Some("run_shell_command"))
        );
        for id in [
            "read_file__read_file_x_0",
            "read_file__read_file_1796316480558",
            "read_file__glob_1796316480558_0",
            "call_b813747ee0a445b4",
            "toolu_01__x",
            "",
        ] {
            assert_eq!(gemini.matches(id), None, "{id}");
        }
        let kimi = Pattern("{name}: {any}");
        assert_eq!(kimi.matches("ReadFile: README.md"), Some(Some("ReadFile")));
        assert_eq!(kimi.matches("Shell: ls: no such file"), Some(Some("Shell")));
        assert_eq!(kimi.matches("ReadFile: "), None);
        assert_eq!(kimi.matches("Read File: a"), None);
        assert_eq!(
            Pattern("{name}").matches("ReadFile"),
            Some(Some("ReadFile"))
        );
        assert_eq!(Pattern("{name}").matches("README.md"), None);
        assert_eq!(Pattern("{name}").matches("3d"), None);
        assert_eq!(Pattern("View Image {any}").matches("View Image "), None);
        assert_eq!(
            Pattern("View Image {any}").matches("View Image ü"),
            Some(None)
        );
        assert_eq!(Pattern("a{b}c").matches("a{b}c"), Some(None));
        assert_eq!(Pattern("é{any}").matches("éé"), Some(None));
        assert_eq!(Pattern("{any}é").matches("éé"), Some(None));
        assert_eq!(Pattern("{any}é").matches("é"), None);
        assert_eq!(Pattern("").matches(""), Some(None));
        assert_eq!(Pattern("{").matches("{"), Some(None));
    }

    #[test]
    fn a_pattern_names_the_tool_when_it_has_a_name_placeholder() {
        assert!(Pattern("{name}__{name}_{digits}_{digits}").names_tool());
        assert!(Pattern("x{name}").names_tool());
        assert!(!Pattern("View Image {any}").names_tool());
        assert!(!Pattern("{nam}").names_tool());
    }
}
