//! The effect keys of `#[tool(...)]` (`destructive`, `idempotent`, `open_world`, beside
//! `read_only`) and `title`: checked against the tool's read-only-ness, and written as the
//! identity's `with_*` calls. Each kind's defaults are the runtime's (`Identity::new`), so
//! only what the declaration says is emitted.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{LitBool, LitStr};

use crate::attr;
use crate::contract;
use crate::ctxt::Ctxt;

/// What a declaration says of its effects and title, beyond its kind's defaults.
#[derive(Default)]
pub struct Declared {
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
    pub title: Option<String>,
}

/// Checks the effect keys and the title; `None` when one of them is wrong.
pub fn check(cx: &Ctxt, attrs: &attr::Container, kind: &contract::Kind) -> Option<Declared> {
    let destructive = read_only_is_never_destructive_rule(cx, attrs, kind);
    let idempotent = read_only_is_always_idempotent_rule(cx, attrs, kind);
    let title = title_rule(cx, attrs);
    Some(Declared {
        destructive: destructive?,
        idempotent: idempotent?,
        open_world: attrs.open_world.as_ref().map(LitBool::value),
        title: title?,
    })
}

/// **A read-only tool is never destructive.**
fn read_only_is_never_destructive_rule(
    cx: &Ctxt,
    attrs: &attr::Container,
    kind: &contract::Kind,
) -> Option<Option<bool>> {
    let Some(destructive) = &attrs.destructive else {
        return Some(None);
    };
    if destructive.value && is_read_only(attrs, kind) {
        cx.error_spanned_by(
            destructive,
            format!(
                "a read-only tool is never destructive: {}; if it changes what is there, {}",
                why_read_only(attrs, kind),
                not_read_only(attrs, kind)
            ),
        );
        return None;
    }
    Some(Some(destructive.value))
}

/// **A read-only tool is always idempotent**: calling it again changes nothing either.
fn read_only_is_always_idempotent_rule(
    cx: &Ctxt,
    attrs: &attr::Container,
    kind: &contract::Kind,
) -> Option<Option<bool>> {
    let Some(idempotent) = &attrs.idempotent else {
        return Some(None);
    };
    if !idempotent.value && is_read_only(attrs, kind) {
        cx.error_spanned_by(
            idempotent,
            format!(
                "a read-only tool is always idempotent (calling it again changes nothing): {}; if a second call changes something, {}",
                why_read_only(attrs, kind),
                not_read_only(attrs, kind)
            ),
        );
        return None;
    }
    Some(Some(idempotent.value))
}

/// **A title has text**: it is shown to people in place of the tool's name.
fn title_rule(cx: &Ctxt, attrs: &attr::Container) -> Option<Option<String>> {
    let Some(title) = &attrs.title else {
        return Some(None);
    };
    if title.value().trim().is_empty() {
        cx.error_spanned_by(
            title,
            "`title` cannot be empty: it is shown to people in place of the tool's name, such as \"Read File\"; leave it out to show the name",
        );
        return None;
    }
    Some(Some(title.value()))
}

fn is_read_only(attrs: &attr::Container, kind: &contract::Kind) -> bool {
    attrs
        .read_only
        .as_ref()
        .map_or(kind.read_only, LitBool::value)
}

fn why_read_only(attrs: &attr::Container, kind: &contract::Kind) -> String {
    match attrs.read_only {
        Some(_) => "`read_only` says this tool only reads".to_owned(),
        None => format!(
            "kind `{}` is read-only unless the tool says otherwise",
            kind.wire
        ),
    }
}

/// How to say the tool is not read-only after all.
fn not_read_only(attrs: &attr::Container, kind: &contract::Kind) -> &'static str {
    match (&attrs.read_only, kind.read_only) {
        (Some(_), false) => "remove `read_only`",
        (Some(_), true) => "say `read_only = false` instead",
        (None, _) => "say `read_only = false` too",
    }
}

/// The identity's `with_*` calls for what the declaration says, after `with_read_only`.
pub fn tokens(declared: &Declared) -> TokenStream {
    let mut tokens = TokenStream::new();
    if let Some(destructive) = declared.destructive {
        tokens.extend(quote!(.with_destructive(#destructive)));
    }
    if let Some(idempotent) = declared.idempotent {
        tokens.extend(quote!(.with_idempotent(#idempotent)));
    }
    if let Some(open_world) = declared.open_world {
        tokens.extend(quote!(.with_open_world(#open_world)));
    }
    if let Some(title) = &declared.title {
        let title = LitStr::new(title, proc_macro2::Span::call_site());
        tokens.extend(quote!(.with_title(#title)));
    }
    tokens
}
