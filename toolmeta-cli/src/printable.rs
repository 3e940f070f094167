//! The one escaping function for everything the programs print from the traffic.

use std::borrow::Cow;

/// `text` safe to show on a terminal: every character that could forge or hide output is
/// written as a Rust escape (`\u{1b}`, `\n`, `\u{202e}`); everything else is kept.
///
/// Escaped: control characters (C0, DEL and C1, so an escape sequence, a CSI or an OSC
/// title cannot reach the terminal, and a newline cannot forge a row), the line and
/// paragraph separators (U+2028, U+2029), and every bidirectional-text control that
/// reorders what is shown (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). A
/// backslash is escaped too, so an escape in the output always means an escaped character.
///
/// ```
/// use toolmeta_cli::printable;
/// assert_eq!(printable("src/main.rs"), "src/main.rs");
/// assert_eq!(printable("a\u{1b}[2Jb"), r"a\u{1b}[2Jb");
/// assert_eq!(printable("\u{202e}txt.exe"), r"\u{202e}txt.exe");
/// assert_eq!(printable(r"C:\dir"), r"C:\\dir");
/// ```
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\\' => shown.push_str(r"\\"),
            '\n' => shown.push_str(r"\n"),
            '\r' => shown.push_str(r"\r"),
            '\t' => shown.push_str(r"\t"),
            c if needs_escape(c) => shown.extend(c.escape_unicode()),
            c => shown.push(c),
        }
    }
    Cow::Owned(shown)
}

fn needs_escape(c: char) -> bool {
    c == '\\'
        || c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn every_deceiving_code_point_is_escaped() {
        // Written from the Unicode tables: C0, DEL, C1 (U+0085 NEL and U+009B CSI among
        // them), the separators and every bidi control (UAX #9's explicit formatting
        // characters, ALM included).
        let deceiving = (0..0x20u32)
            .chain([0x7f])
            .chain(0x80..0xa0)
            .chain([0x061c, 0x200e, 0x200f, 0x2028, 0x2029])
            .chain(0x202a..=0x202e)
            .chain(0x2066..=0x2069);
        for code in deceiving {
            let c = char::from_u32(code).unwrap();
            let shown = printable(&c.to_string()).into_owned();
            assert!(shown.starts_with('\\'), "U+{code:04X} shown as {shown:?}");
            assert!(shown.is_ascii(), "U+{code:04X} shown as {shown:?}");
        }
    }

    #[test]
    fn ordinary_text_is_borrowed_unchanged() {
        for text in [
            "",
            "src/main.rs",
            "grep -n 'fn main' *.rs",
            "naïve — 日本語 ✓",
        ] {
            assert!(matches!(printable(text), std::borrow::Cow::Borrowed(t) if t == text));
        }
    }

    #[test]
    fn an_escape_in_the_output_cannot_be_forged_by_the_input() {
        // The six characters `\u{1b}` typed literally are not an escape character.
        assert_eq!(printable(r"\u{1b}"), r"\\u{1b}");
        assert_ne!(printable(r"\u{1b}"), printable("\u{1b}"));
    }
}
