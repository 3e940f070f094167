//! The one escaping function for everything the programs print from the traffic.

use std::borrow::Cow;

use unicode_general_category::{GeneralCategory, get_general_category};

/// `text` safe to show on a terminal: every character that could forge or hide output is
/// written as a Rust escape (`\u{1b}`, `\n`, `\u{202e}`); everything else is kept.
///
/// Escaped: control characters (C0, DEL and C1, so an escape sequence, a CSI or an OSC
/// title cannot reach the terminal, and a newline cannot forge a row), the line and
/// paragraph separators (U+2028, U+2029), every format character (general category Cf:
/// the bidirectional-text controls that reorder what is shown, U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069, and the invisible ones, U+00AD, U+180E, U+200B–U+200D,
/// U+2060–U+2064, U+FEFF, the tags…), and every other default-ignorable code point (the
/// variation selectors, the Hangul fillers, U+034F…), which a terminal draws as nothing:
/// `.env` followed by a zero-width space is not `.env`. A backslash is escaped too, so an
/// escape in the output always means an escaped character. JSON output keeps JSON's own
/// escaping instead.
///
/// ```
/// use toolmeta_cli::printable;
/// assert_eq!(printable("src/main.rs"), "src/main.rs");
/// assert_eq!(printable("a\u{1b}[2Jb"), r"a\u{1b}[2Jb");
/// assert_eq!(printable("\u{202e}txt.exe"), r"\u{202e}txt.exe");
/// assert_eq!(printable(".env\u{200b}"), r".env\u{200b}");
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
    if c.is_ascii() {
        return c == '\\' || c.is_ascii_control();
    }
    c.is_control()
        || matches!(
            get_general_category(c),
            GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        )
        || is_default_ignorable(c)
}

/// Whether `c` is a `Default_Ignorable_Code_Point`.
fn is_default_ignorable(c: char) -> bool {
    let code = u32::from(c);
    DEFAULT_IGNORABLE
        .binary_search_by(|&(first, last)| {
            if last < code {
                std::cmp::Ordering::Less
            } else if first > code {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Unicode's `Default_Ignorable_Code_Point`, range by range, as
/// `DerivedCoreProperties.txt` of Unicode 15.0.0 lists it (its Cf ranges are escaped as
/// format characters anyway; the others are marks, Hangul fillers and reserved code points
/// kept for future invisible characters).
const DEFAULT_IGNORABLE: &[(u32, u32)] = &[
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180D),
    (0x180E, 0x180E),
    (0x180F, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x2064),
    (0x2065, 0x2065),
    (0x2066, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0000),
    (0xE0001, 0xE0001),
    (0xE0002, 0xE001F),
    (0xE0020, 0xE007F),
    (0xE0080, 0xE00FF),
    (0xE0100, 0xE01EF),
    (0xE01F0, 0xE0FFF),
];

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

    /// Every code point whose general category (the crate's Unicode tables) is a control,
    /// a format character or a line or paragraph separator, and every default-ignorable
    /// one, is shown escaped, in ASCII; the walk covers all of Unicode.
    #[test]
    fn every_invisible_or_format_code_point_is_escaped() {
        use unicode_general_category::{GeneralCategory, get_general_category};
        let mut escaped = 0;
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let category = get_general_category(c);
            let must = matches!(
                category,
                GeneralCategory::Control
                    | GeneralCategory::Format
                    | GeneralCategory::LineSeparator
                    | GeneralCategory::ParagraphSeparator
            ) || super::is_default_ignorable(c);
            let shown = printable(&c.to_string()).into_owned();
            if must {
                assert!(
                    shown.starts_with('\\') && shown.is_ascii(),
                    "U+{:04X} ({}) shown as {shown:?}",
                    u32::from(c),
                    category.abbreviation()
                );
                escaped += 1;
            } else if c != '\\' {
                assert_eq!(shown, c.to_string(), "U+{:04X}", u32::from(c));
            }
        }
        // 65 controls, 2 separators, the format characters and the default-ignorables:
        // the block E0000–E0FFF alone holds 4096 of them.
        assert!(escaped > 4_096 + 65 + 2 + 50, "{escaped}");
        // The ones the issue names, from the Unicode charts.
        for code in (0x200B..=0x200F)
            .chain(0x2060..=0x2064)
            .chain([0xFEFF, 0x00AD, 0x180E, 0xFE0F, 0x3164, 0xE0041])
        {
            let c = char::from_u32(code).unwrap();
            assert!(
                printable(&c.to_string()).starts_with("\\u{"),
                "U+{code:04X}"
            );
        }
    }

    /// The default-ignorable table is sorted and disjoint, and its format characters are
    /// the crate's: the two Unicode sources agree.
    #[test]
    fn the_default_ignorable_table_agrees_with_the_general_categories() {
        use unicode_general_category::{GeneralCategory, get_general_category};
        let table = super::DEFAULT_IGNORABLE;
        for pair in table.windows(2) {
            assert!(pair[0].1 < pair[1].0, "{pair:x?}");
        }
        for &(first, last) in table {
            assert!(first <= last);
        }
        // The data file lists its code points as Cf, Mn (U+034F, the variation
        // selectors), Lo (the Hangul fillers) or Cn (reserved): so does the crate, of a
        // later Unicode. The Cf that are not default-ignorable are the visible ones
        // (U+0600–U+0605 and the other prepended concatenation marks, U+FFF9–U+FFFB, the
        // Egyptian format controls), escaped as Cf all the same.
        for &(first, last) in table {
            for c in (first..=last).filter_map(char::from_u32) {
                let category = get_general_category(c);
                assert!(
                    matches!(
                        category,
                        GeneralCategory::Format
                            | GeneralCategory::NonspacingMark
                            | GeneralCategory::OtherLetter
                            | GeneralCategory::Unassigned
                    ),
                    "U+{:04X} is {}",
                    u32::from(c),
                    category.abbreviation()
                );
            }
        }
        for c in [
            '\u{00ad}',
            '\u{180e}',
            '\u{200b}',
            '\u{2060}',
            '\u{feff}',
            '\u{e0001}',
        ] {
            assert!(super::is_default_ignorable(c));
            assert_eq!(get_general_category(c), GeneralCategory::Format);
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
