//! Output assembled as Rust source text, with tokens spliced in where a span matters.
//!
//! Why not `quote!` throughout: in a debug build a derive runs unoptimized (Cargo builds
//! proc macros at `opt-level = 0` by default), and every token `quote!` pushes, and every
//! group it closes, crosses the proc-macro bridge on its own. Measured with callgrind on 200
//! tool structs, building the impls that way cost more than parsing the input. Source text
//! crosses the bridge once and is tokenized by the (optimized) compiler.
//!
//! Text tokens get `Span::call_site()`, as the literal tokens of `quote!` do, so the output
//! means the same. Tokens that must point at the user's code (a field's type, a `with`
//! path, generics, a `crate` override) are spliced in as tokens, keeping their spans.

use std::fmt;

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use quote::ToTokens;

/// A token stream under construction: pending text plus the tokens before it.
#[derive(Default)]
pub struct Source {
    tokens: TokenStream,
    text: String,
}

impl Source {
    /// Appends source text. Text between two splices must be a whole run of tokens: its
    /// delimiters balanced (a group holding spliced tokens is built with [`Source::group`]).
    pub fn text(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    /// Appends `tokens` as they are, spans included.
    pub fn tokens(&mut self, tokens: impl ToTokens) -> &mut Self {
        self.flush();
        tokens.to_tokens(&mut self.tokens);
        self
    }

    /// Appends everything `other` holds.
    pub fn append(&mut self, other: Source) -> &mut Self {
        self.tokens(other.tokens).text(&other.text)
    }

    /// Appends a group delimited by `delimiter` around `inner`.
    pub fn group(&mut self, delimiter: Delimiter, inner: Source) -> &mut Self {
        let group = Group::new(delimiter, inner.into_tokens());
        self.tokens(TokenTree::Group(group))
    }

    /// The finished tokens.
    pub fn into_tokens(mut self) -> TokenStream {
        self.flush();
        self.tokens
    }

    fn flush(&mut self) {
        if self.text.is_empty() {
            return;
        }
        let text = std::mem::take(&mut self.text);
        // The text is built from identifiers of the input and `{:?}`-escaped strings, so it
        // always lexes; should that ever fail, say so rather than panic.
        let tokens = lex(&text).unwrap_or_else(|error| {
            let message = format!(
                "toolmeta-derive produced source that does not lex ({error}); please report this bug"
            );
            syn::Error::new(Span::call_site(), message).to_compile_error()
        });
        // As one stream: `extend(tokens)` would push the trees one by one.
        self.tokens.extend(std::iter::once(tokens));
    }
}

/// Tokenizes `text`: by the compiler inside a proc macro. (`proc_macro2`'s `FromStr` first
/// re-lexes the text itself to validate it, which in an unoptimized build costs several
/// times what the compiler's lexer does.)
fn lex(text: &str) -> Result<TokenStream, String> {
    if proc_macro::is_available() {
        text.parse::<proc_macro::TokenStream>()
            .map(TokenStream::from)
            .map_err(|error| error.to_string())
    } else {
        text.parse::<TokenStream>()
            .map_err(|error| error.to_string())
    }
}

/// `write!` appends text.
impl fmt::Write for Source {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.text.push_str(text);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::Delimiter;
    use quote::quote;

    use super::Source;

    #[test]
    fn text_tokens_and_groups_make_one_stream_in_order() {
        let mut body = Source::default();
        body.text("let a = 1 +").tokens(quote!(b)).text("; a");
        let mut out = Source::default();
        out.text("fn f() -> u8")
            .group(Delimiter::Brace, body)
            .text("const C: u8 = 2;");
        assert_eq!(
            out.into_tokens().to_string(),
            quote!(
                fn f() -> u8 {
                    let a = 1 + b;
                    a
                }
                const C: u8 = 2;
            )
            .to_string()
        );
    }

    #[test]
    fn append_keeps_both_sources_in_order_with_pending_text() {
        let mut tail = Source::default();
        tail.tokens(quote!(b)).text(". c ()");
        let mut out = Source::default();
        out.text("a").append(tail).text(". d");
        assert_eq!(out.into_tokens().to_string(), quote!(a b.c().d).to_string());
    }

    #[test]
    fn text_that_does_not_lex_becomes_a_compile_error_not_a_panic() {
        let mut out = Source::default();
        out.text("fn f() { ");
        let tokens = out.into_tokens().to_string();
        assert!(tokens.contains("compile_error"), "{tokens}");
        assert!(tokens.contains("please report this bug"), "{tokens}");
    }
}
