//! A shell line read as bash reads it, with `brush-parser` (the parser of the brush shell):
//! the plain simple commands an allow may accept, and every simple command anywhere that a
//! deny or ask looks at.

use std::panic::{AssertUnwindSafe, catch_unwind};

use brush_parser::ast::{
    self, Command, CommandPrefixOrSuffixItem, CompoundCommand, CompoundList, ExtendedTestExpr,
    IoFileRedirectKind, IoFileRedirectTarget, IoRedirect, Pipeline, SeparatorOperator,
};
use brush_parser::word::WordPiece;
use brush_parser::{Parser, ParserOptions};

use super::wrappers;

/// How deep shells inside shells are followed (`sh -c "bash -c '…'"`) before the rest is read
/// only as words: deeper than anyone writes, shallow enough that no input exhausts the stack.
const MAX_DEPTH: usize = 8;

fn options() -> ParserOptions {
    ParserOptions {
        // `bash -c` runs without extglob; with it off, `@(…)` is not a pattern.
        enable_extended_globbing: false,
        ..ParserOptions::default()
    }
}

/// Parses `line` as a bash program, or `None` when bash would not accept it (or the parser
/// gives up on it in any way, a panic included).
fn parse(line: &str) -> Option<ast::Program> {
    let options = options();
    catch_unwind(AssertUnwindSafe(|| {
        Parser::new(line.as_bytes(), &options).parse_program().ok()
    }))
    .ok()
    .flatten()
}

/// A word after bash's quote removal, with what else it holds.
#[derive(Debug, Default)]
struct WordReading {
    /// The word's value after quote removal; an expansion contributes its source text.
    value: String,
    /// Whether the word is only literal text (no expansion of any kind).
    literal: bool,
    /// The command substitutions inside it (`$(…)`, `` `…` ``), as lines.
    substitutions: Vec<String>,
    /// Text bash would expand that the parser gives as text (parameter and arithmetic
    /// expansions, which may nest substitutions): read as words by deny and ask.
    opaque: Vec<String>,
}

/// The characters that make bash's reading of a word differ from its text: quoting,
/// expansions of every kind, pathname patterns and brace expansion (extglob is off).
fn is_word_special(c: char) -> bool {
    matches!(
        c,
        '$' | '`' | '\'' | '"' | '\\' | '~' | '{' | '*' | '?' | '['
    )
}

fn read_word(raw: &str) -> WordReading {
    // A word with none of them is one literal text piece to the parser: its value is its
    // text. Said here, it spares the parser's word cache, which copies the word, the options
    // and the pieces on every call.
    if !raw.contains(is_word_special) {
        return WordReading {
            value: raw.to_owned(),
            literal: true,
            ..WordReading::default()
        };
    }
    read_word_parsed(raw)
}

/// A word as brush-parser's word parser reads it.
fn read_word_parsed(raw: &str) -> WordReading {
    let mut reading = WordReading {
        literal: true,
        ..WordReading::default()
    };
    let options = options();
    let pieces = catch_unwind(AssertUnwindSafe(|| {
        brush_parser::word::parse(raw, &options)
    }));
    match pieces {
        Ok(Ok(pieces)) => {
            for piece in &pieces {
                read_piece(
                    raw,
                    &piece.piece,
                    piece.start_index,
                    piece.end_index,
                    false,
                    &mut reading,
                );
            }
        }
        _ => {
            reading.literal = false;
            reading.value = raw.to_owned();
            reading.opaque.push(raw.to_owned());
        }
    }
    reading
}

fn read_piece(
    raw: &str,
    piece: &WordPiece,
    start: usize,
    end: usize,
    quoted: bool,
    reading: &mut WordReading,
) {
    let source = raw.get(start..end).unwrap_or("");
    match piece {
        WordPiece::Text(text) => {
            if !quoted && has_unquoted_expansion(text) {
                reading.literal = false;
            }
            reading.value.push_str(text);
        }
        WordPiece::SingleQuotedText(text) => reading.value.push_str(text),
        WordPiece::AnsiCQuotedText(text) => {
            // `$'…'` is bash's own quoting with escapes: not literal text to an allow.
            reading.literal = false;
            reading.value.push_str(text);
        }
        WordPiece::DoubleQuotedSequence(inner) | WordPiece::GettextDoubleQuotedSequence(inner) => {
            if matches!(piece, WordPiece::GettextDoubleQuotedSequence(_)) {
                reading.literal = false;
            }
            for inner in inner {
                read_piece(
                    raw,
                    &inner.piece,
                    inner.start_index,
                    inner.end_index,
                    true,
                    reading,
                );
            }
        }
        WordPiece::EscapeSequence(escape) => {
            let escaped = escape.strip_prefix('\\').unwrap_or(escape);
            // A backslash before a newline joins lines; it adds nothing to the word.
            if escaped != "\n" {
                reading.value.push_str(escaped);
            }
        }
        WordPiece::TildeExpansion(_) => {
            reading.literal = false;
            reading.value.push_str(source);
        }
        WordPiece::ParameterExpansion(_) | WordPiece::ArithmeticExpression(_) => {
            reading.literal = false;
            reading.value.push_str(source);
            reading.opaque.push(source.to_owned());
        }
        WordPiece::CommandSubstitution(line) | WordPiece::BackquotedCommandSubstitution(line) => {
            reading.literal = false;
            reading.value.push_str(source);
            reading.substitutions.push(line.clone());
        }
    }
}

/// Whether unquoted text would be expanded by bash: a pathname pattern or a brace expansion.
fn has_unquoted_expansion(text: &str) -> bool {
    if text.contains(['*', '?', '[']) {
        return true;
    }
    if text.contains('{') {
        let options = options();
        let braces = catch_unwind(AssertUnwindSafe(|| {
            brush_parser::word::parse_brace_expansions(text, &options)
        }));
        return match braces {
            Ok(Ok(Some(parts))) => parts
                .iter()
                .any(|part| !matches!(part, brush_parser::word::BraceExpressionOrText::Text(_))),
            Ok(Ok(None)) => false,
            _ => true,
        };
    }
    false
}

/// The simple commands of a line an allow may accept: `Some` only when the line is nothing
/// but simple commands of literal words joined by `&&`, `||`, `;`, `|` or newlines, with no
/// redirection other than from or to `/dev/null` and `2>&1`. Each command is its words after
/// quote removal.
pub(crate) fn plain_commands(line: &str) -> Option<Vec<Vec<String>>> {
    plain_program(&parse(line)?)
}

/// A line read once for every rule: the simple commands an allow may accept (as
/// [`plain_commands`]) and everything a deny or ask looks at (as [`everything`]), from one
/// parse.
pub(crate) fn read_line(line: &str) -> (Option<Vec<Vec<String>>>, Everything) {
    let mut all = Everything::default();
    let plain = match parse(line) {
        Some(program) => {
            for complete in &program.complete_commands {
                collect_list(complete, 0, &mut all);
            }
            plain_program(&program)
        }
        None => {
            all.unparsed.push(line.to_owned());
            None
        }
    };
    all.index();
    (plain, all)
}

fn plain_program(program: &ast::Program) -> Option<Vec<Vec<String>>> {
    let mut commands = Vec::new();
    for complete in &program.complete_commands {
        plain_list(complete, &mut commands)?;
    }
    if commands.is_empty() {
        return None;
    }
    Some(commands)
}

fn plain_list(list: &CompoundList, out: &mut Vec<Vec<String>>) -> Option<()> {
    for ast::CompoundListItem(and_or, separator) in &list.0 {
        if matches!(separator, SeparatorOperator::Async) {
            return None;
        }
        for (_, pipeline) in and_or.iter() {
            plain_pipeline(pipeline, out)?;
        }
    }
    Some(())
}

fn plain_pipeline(pipeline: &Pipeline, out: &mut Vec<Vec<String>>) -> Option<()> {
    if pipeline.timed.is_some() || pipeline.bang {
        return None;
    }
    for command in &pipeline.seq {
        let Command::Simple(simple) = command else {
            return None;
        };
        let mut words = Vec::new();
        if let Some(prefix) = &simple.prefix {
            for item in &prefix.0 {
                match item {
                    CommandPrefixOrSuffixItem::IoRedirect(redirect) if harmless(redirect) => {}
                    _ => return None,
                }
            }
        }
        let program = simple.word_or_name.as_ref()?;
        words.push(literal(&program.value)?);
        if let Some(suffix) = &simple.suffix {
            for item in &suffix.0 {
                match item {
                    CommandPrefixOrSuffixItem::Word(word) => words.push(literal(&word.value)?),
                    CommandPrefixOrSuffixItem::IoRedirect(redirect) if harmless(redirect) => {}
                    _ => return None,
                }
            }
        }
        out.push(words);
    }
    Some(())
}

fn literal(raw: &str) -> Option<String> {
    let reading = read_word(raw);
    reading.literal.then_some(reading.value)
}

/// A redirection an allow accepts: from or to `/dev/null`, and `2>&1`.
fn harmless(redirect: &IoRedirect) -> bool {
    match redirect {
        IoRedirect::File(fd, kind, target) => match (kind, target) {
            (
                IoFileRedirectKind::Read
                | IoFileRedirectKind::Write
                | IoFileRedirectKind::Append
                | IoFileRedirectKind::Clobber,
                IoFileRedirectTarget::Filename(word),
            ) => literal(&word.value).is_some_and(|target| target == "/dev/null"),
            (IoFileRedirectKind::DuplicateOutput, IoFileRedirectTarget::Fd(1)) => *fd == Some(2),
            (IoFileRedirectKind::DuplicateOutput, IoFileRedirectTarget::Duplicate(word)) => {
                *fd == Some(2) && literal(&word.value).is_some_and(|target| target == "1")
            }
            _ => false,
        },
        IoRedirect::OutputAndError(word, _) => {
            literal(&word.value).is_some_and(|target| target == "/dev/null")
        }
        IoRedirect::HereDocument(..) | IoRedirect::HereString(..) => false,
    }
}

/// Everything a deny or ask looks at in a line: every simple command anywhere in it (inside
/// substitutions, subshells, compound commands, shells' `-c` strings and heredocs fed to a
/// shell), and the text that could not be parsed, to be read as words.
#[derive(Debug, Default)]
pub(crate) struct Everything {
    /// Each simple command's words after quote removal (expansions as written).
    pub(crate) commands: Vec<Vec<String>>,
    /// Lines or words that did not parse or that bash would expand in ways the parser gives
    /// only as text: a deny or ask matches when its prefix appears in them as words.
    pub(crate) unparsed: Vec<String>,
    /// `unparsed` split into words (see [`loose_words`]).
    pub(crate) loose: Vec<Vec<String>>,
    /// Every word a prefix could start at: each program position of each command, each
    /// loose word.
    starts: Vec<Start>,
}

/// A word a prefix could start at.
#[derive(Debug, Clone, Copy)]
struct Start {
    /// In `commands` (or `loose`), which.
    loose: bool,
    list: usize,
    /// The word's position in it.
    at: usize,
}

impl Everything {
    /// Records a simple command whose program positions are `positions`.
    fn push_command(&mut self, words: Vec<String>, positions: &[usize]) {
        let list = self.commands.len();
        self.starts.extend(positions.iter().map(|&at| Start {
            loose: false,
            list,
            at,
        }));
        self.commands.push(words);
    }

    /// Fills the loose words (and their starts) from `unparsed`.
    fn index(&mut self) {
        self.loose = self
            .unparsed
            .iter()
            .map(|text| loose_words(text).into_iter().map(str::to_owned).collect())
            .collect();
        for (list, words) in self.loose.iter().enumerate() {
            self.starts.extend((0..words.len()).map(|at| Start {
                loose: true,
                list,
                at,
            }));
        }
    }

    /// For every word a prefix could start at, the words from it on: each program position
    /// of each simple command (after wrappers), each word of text that did not parse.
    pub(crate) fn starts(&self) -> impl Iterator<Item = &[String]> + '_ {
        self.starts.iter().map(|start| {
            let words = if start.loose {
                &self.loose[start.list]
            } else {
                &self.commands[start.list]
            };
            &words[start.at..]
        })
    }
}

/// What a program word is compared by: its basename, ASCII-lowercased.
pub(crate) fn program_name(word: &str) -> String {
    wrappers::basename(word).to_ascii_lowercase()
}

/// The words of text bash could not parse, or would expand, for the deny side's last resort:
/// split at blanks, quotes and shell operators, so a prefix that appears in it as words is
/// found wherever it stands. (Never used to allow anything.)
fn loose_words(text: &str) -> Vec<&str> {
    text.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                ';' | '&' | '|' | '(' | ')' | '<' | '>' | '`' | '\'' | '"' | '$' | '{' | '}' | '\\'
            )
    })
    .filter(|word| !word.is_empty())
    .collect()
}

/// Every simple command of an argv: the argv itself, and what the shells it runs are given.
pub(crate) fn everything_of_argv(argv: &[String]) -> Everything {
    let mut all = Everything::default();
    simple_command(argv.to_vec(), None, 0, &mut all);
    all.index();
    all
}

fn collect_line(line: &str, depth: usize, all: &mut Everything) {
    if depth > MAX_DEPTH {
        all.unparsed.push(line.to_owned());
        return;
    }
    match parse(line) {
        Some(program) => {
            for complete in &program.complete_commands {
                collect_list(complete, depth, all);
            }
        }
        None => all.unparsed.push(line.to_owned()),
    }
}

fn collect_list(list: &CompoundList, depth: usize, all: &mut Everything) {
    for ast::CompoundListItem(and_or, _) in &list.0 {
        for (_, pipeline) in and_or.iter() {
            for command in &pipeline.seq {
                collect_command(command, depth, all);
            }
        }
    }
}

fn collect_words(word: &ast::Word, depth: usize, all: &mut Everything) -> String {
    let reading = read_word(&word.value);
    for line in &reading.substitutions {
        collect_line(line, depth + 1, all);
    }
    all.unparsed.extend(reading.opaque);
    reading.value
}

fn collect_redirect(redirect: &IoRedirect, depth: usize, all: &mut Everything) -> Option<String> {
    match redirect {
        IoRedirect::File(_, _, target) => match target {
            IoFileRedirectTarget::Filename(word) | IoFileRedirectTarget::Duplicate(word) => {
                collect_words(word, depth, all);
            }
            IoFileRedirectTarget::ProcessSubstitution(_, subshell) => {
                collect_list(&subshell.list, depth + 1, all);
            }
            IoFileRedirectTarget::Fd(_) => {}
        },
        IoRedirect::OutputAndError(word, _) => {
            collect_words(word, depth, all);
        }
        IoRedirect::HereDocument(_, heredoc) => {
            // An unquoted delimiter expands the body: its substitutions run.
            if heredoc.requires_expansion {
                let options = options();
                if let Ok(Ok(pieces)) = catch_unwind(AssertUnwindSafe(|| {
                    brush_parser::word::parse_heredoc(&heredoc.doc.value, &options)
                })) {
                    let mut reading = WordReading::default();
                    for piece in &pieces {
                        read_piece(
                            &heredoc.doc.value,
                            &piece.piece,
                            piece.start_index,
                            piece.end_index,
                            true,
                            &mut reading,
                        );
                    }
                    for line in &reading.substitutions {
                        collect_line(line, depth + 1, all);
                    }
                    all.unparsed.extend(reading.opaque);
                }
            }
            return Some(heredoc.doc.value.clone());
        }
        IoRedirect::HereString(_, word) => return Some(collect_words(word, depth, all)),
    }
    None
}

fn collect_command(command: &Command, depth: usize, all: &mut Everything) {
    match command {
        Command::Simple(simple) => {
            let mut words = Vec::new();
            let mut stdin_text = None;
            for item in simple.prefix.iter().flat_map(|prefix| prefix.0.iter()) {
                collect_item(item, true, &mut words, &mut stdin_text, depth, all);
            }
            if let Some(program) = &simple.word_or_name {
                words.push(collect_words(program, depth, all));
            }
            for item in simple.suffix.iter().flat_map(|suffix| suffix.0.iter()) {
                collect_item(item, false, &mut words, &mut stdin_text, depth, all);
            }
            simple_command(words, stdin_text, depth, all);
        }
        Command::Compound(compound, redirects) => {
            collect_compound(compound, depth, all);
            for redirect in redirects.iter().flat_map(|list| list.0.iter()) {
                collect_redirect(redirect, depth, all);
            }
        }
        Command::Function(function) => {
            collect_compound(&function.body.0, depth, all);
        }
        Command::ExtendedTest(test, _) => collect_test(&test.expr, depth, all),
    }
}

fn collect_item(
    item: &CommandPrefixOrSuffixItem,
    in_prefix: bool,
    words: &mut Vec<String>,
    stdin_text: &mut Option<String>,
    depth: usize,
    all: &mut Everything,
) {
    match item {
        CommandPrefixOrSuffixItem::IoRedirect(redirect) => {
            if let Some(text) = collect_redirect(redirect, depth, all) {
                *stdin_text = Some(text);
            }
        }
        CommandPrefixOrSuffixItem::Word(word) => words.push(collect_words(word, depth, all)),
        CommandPrefixOrSuffixItem::AssignmentWord(_, word) => {
            // An assignment before the program only sets its environment; one after it is
            // an argument (`export X=1`).
            let value = collect_words(word, depth, all);
            if !in_prefix {
                words.push(value);
            }
        }
        CommandPrefixOrSuffixItem::ProcessSubstitution(_, subshell) => {
            collect_list(&subshell.list, depth + 1, all);
        }
    }
}

fn collect_test(expr: &ExtendedTestExpr, depth: usize, all: &mut Everything) {
    match expr {
        ExtendedTestExpr::And(a, b) | ExtendedTestExpr::Or(a, b) => {
            collect_test(a, depth, all);
            collect_test(b, depth, all);
        }
        ExtendedTestExpr::Not(a) | ExtendedTestExpr::Parenthesized(a) => {
            collect_test(a, depth, all)
        }
        ExtendedTestExpr::UnaryTest(_, word) => {
            collect_words(word, depth, all);
        }
        ExtendedTestExpr::BinaryTest(_, a, b) => {
            collect_words(a, depth, all);
            collect_words(b, depth, all);
        }
    }
}

fn collect_compound(compound: &CompoundCommand, depth: usize, all: &mut Everything) {
    match compound {
        CompoundCommand::Arithmetic(arithmetic) => all.unparsed.push(arithmetic.expr.value.clone()),
        CompoundCommand::ArithmeticForClause(for_clause) => {
            for expr in [
                &for_clause.initializer,
                &for_clause.condition,
                &for_clause.updater,
            ]
            .into_iter()
            .flatten()
            {
                all.unparsed.push(expr.value.clone());
            }
            collect_list(&for_clause.body.list, depth, all);
        }
        CompoundCommand::BraceGroup(group) => collect_list(&group.list, depth, all),
        CompoundCommand::Subshell(subshell) => collect_list(&subshell.list, depth, all),
        CompoundCommand::ForClause(for_clause) => {
            for word in for_clause.values.iter().flatten() {
                collect_words(word, depth, all);
            }
            collect_list(&for_clause.body.list, depth, all);
        }
        CompoundCommand::CaseClause(case) => {
            collect_words(&case.value, depth, all);
            for item in &case.cases {
                for pattern in &item.patterns {
                    collect_words(pattern, depth, all);
                }
                if let Some(list) = &item.cmd {
                    collect_list(list, depth, all);
                }
            }
        }
        CompoundCommand::IfClause(if_clause) => {
            collect_list(&if_clause.condition, depth, all);
            collect_list(&if_clause.then, depth, all);
            for clause in if_clause.elses.iter().flatten() {
                if let Some(condition) = &clause.condition {
                    collect_list(condition, depth, all);
                }
                collect_list(&clause.body, depth, all);
            }
        }
        CompoundCommand::WhileClause(clause) | CompoundCommand::UntilClause(clause) => {
            collect_list(&clause.0, depth, all);
            collect_list(&clause.1.list, depth, all);
        }
        CompoundCommand::Coprocess(coprocess) => collect_command(&coprocess.body, depth, all),
    }
}

/// Records a simple command and follows what it hands to a shell: the `-c` string of a shell
/// at any program position (after wrappers), the text fed to a shell's standard input by a
/// heredoc or here-string, and `eval`'s arguments.
fn simple_command(
    words: Vec<String>,
    stdin_text: Option<String>,
    depth: usize,
    all: &mut Everything,
) {
    let positions = wrappers::program_positions(&words);
    for &position in &positions {
        let program = wrappers::basename(&words[position]);
        if wrappers::is_shell(program) {
            match wrappers::shell_command_string(&words[position + 1..]) {
                wrappers::ShellInput::String(line) => collect_line(line, depth + 1, all),
                wrappers::ShellInput::Stdin => {
                    if let Some(text) = &stdin_text {
                        collect_line(text, depth + 1, all);
                    }
                }
                wrappers::ShellInput::Script => {}
            }
        } else if program == "eval" {
            collect_line(&words[position + 1..].join(" "), depth + 1, all);
        }
    }
    if !words.is_empty() {
        all.push_command(words, &positions);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The characters a word from bash's tokenizer may hold unquoted besides the special
    /// ones (operators and blanks end a word; extglob is off).
    const PLAIN: &[char] = &[
        'a', 'Z', '0', '9', '-', '_', '.', '/', '=', ':', ',', '+', '@', '%', '^', '!', '#', ']',
        '}', 'é', 'ß', '中',
    ];

    #[test]
    fn a_word_without_quoting_or_expansions_reads_as_the_parser_reads_it() {
        // Every word of up to three plain characters, and longer ones from a fixed walk.
        let mut words: Vec<String> = Vec::new();
        for a in PLAIN {
            words.push(a.to_string());
            for b in PLAIN {
                words.push(format!("{a}{b}"));
                for c in PLAIN {
                    words.push(format!("{a}{b}{c}"));
                }
            }
        }
        let mut state = 7usize;
        for _ in 0..500 {
            let len = 4 + state % 20;
            let word: String = (0..len)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    PLAIN[(state >> 33) % PLAIN.len()]
                })
                .collect();
            words.push(word);
        }
        words.extend(
            [
                "--all", "a=b", "HOME=x", "-p", "toolmeta", "x!y", "#x", "a#b",
            ]
            .map(String::from),
        );
        for word in &words {
            assert!(!word.contains(is_word_special));
            let fast = read_word(word);
            let parsed = read_word_parsed(word);
            assert_eq!(
                (&fast.value, fast.literal, &fast.substitutions, &fast.opaque),
                (
                    &parsed.value,
                    parsed.literal,
                    &parsed.substitutions,
                    &parsed.opaque
                ),
                "{word:?}"
            );
        }
    }

    #[test]
    fn quoting_and_expansions_are_still_read_by_the_parser() {
        // Quote removal: the value is what bash passes on, and quoted text is literal.
        for (word, value, literal) in [
            ("'x y'", "x y", true),
            ("\"a\"b", "ab", true),
            ("a\\b", "ab", true),
            ("$HOME", "$HOME", false),
            ("~/x", "~/x", false),
            ("*.rs", "*.rs", false),
            ("{a,b}", "{a,b}", false),
            ("$'a'", "a", false),
        ] {
            let reading = read_word(word);
            assert_eq!(
                (reading.value.as_str(), reading.literal),
                (value, literal),
                "{word}"
            );
        }
    }
}
