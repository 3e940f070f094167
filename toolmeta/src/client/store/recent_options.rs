//! [`RecentOptions`]: the store's memo of the latest permission request's options.

use std::sync::Arc;

use crate::client::PermissionOption;
use crate::client::line::PermissionRequest;
use crate::client::permission::Requested;

/// The options of the latest permission request, which the next request that offers the
/// same options shares instead of copying them again.
///
/// Only a short list is remembered: what the ledger holds beyond its calls stays small
/// whatever a peer sends (a list past [`RecentOptions::MAX_BYTES`] is held by its call
/// alone, counted in the byte budget).
#[derive(Default)]
pub(crate) struct RecentOptions(Option<Arc<[PermissionOption]>>);

impl RecentOptions {
    /// The most bytes of option text remembered (a harness's usual list has about 100).
    const MAX_BYTES: usize = 1 << 10;

    /// `request` with its options shared with the latest request's when they are the same.
    pub(crate) fn share(&mut self, request: PermissionRequest<'_>) -> Requested {
        let offered = || {
            request
                .options
                .iter()
                .filter(|sent| sent.option_id.is_some())
        };
        let same = |recent: &[PermissionOption]| {
            recent.len() == offered().count()
                && recent
                    .iter()
                    .zip(offered())
                    .all(|(kept, sent)| kept.is(sent))
        };
        let options = match &self.0 {
            Some(recent) if same(recent) => Arc::clone(recent),
            _ => {
                let options: Arc<[PermissionOption]> =
                    offered().filter_map(PermissionOption::of).collect();
                let bytes: usize = options.iter().map(PermissionOption::text_bytes).sum();
                self.0 = (bytes <= Self::MAX_BYTES).then(|| Arc::clone(&options));
                options
            }
        };
        Requested {
            request_id: request.request_id,
            options,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;
    use std::sync::Arc;

    use super::{PermissionRequest, RecentOptions};
    use crate::client::few::Few;
    use crate::client::line::OptionFields;

    fn request<'a>(options: &[(&'a str, &'a str, &'a str)]) -> PermissionRequest<'a> {
        PermissionRequest {
            request_id: None,
            options: options
                .iter()
                .map(|&(id, name, kind)| OptionFields {
                    option_id: Some(Cow::Borrowed(id)),
                    name: Some(Cow::Borrowed(name)),
                    kind: Some(Cow::Borrowed(kind)),
                })
                .collect::<Few<_>>(),
        }
    }

    /// A request that offers what the latest offered shares its options; one that differs
    /// in any id, name, kind or count gets its own, as sent.
    #[test]
    fn the_same_options_are_shared_and_others_kept_as_sent() {
        let allow = ("allow", "Allow", "allow_once");
        let reject = ("reject", "Reject", "reject_once");
        let mut recent = RecentOptions::default();
        let first = recent.share(request(&[allow, reject])).options;
        let again = recent.share(request(&[allow, reject])).options;
        assert!(Arc::ptr_eq(&first, &again));
        for other in [
            vec![allow],
            vec![allow, reject, ("always", "Always", "allow_always")],
            vec![allow, ("reject", "Reject", "reject_always")],
            vec![allow, ("reject", "No", "reject_once")],
            vec![allow, ("no", "Reject", "reject_once")],
        ] {
            let options = recent.share(request(&other)).options;
            assert!(!Arc::ptr_eq(&options, &first));
            let kept: Vec<(&str, &str, &str)> = options
                .iter()
                .map(|option| (option.id(), option.name(), option.kind()))
                .collect();
            assert_eq!(kept, other);
        }
    }

    /// A long list of options is not remembered: the next request with the same list gets
    /// its own, and the ledger holds nothing of it once its calls are gone.
    #[test]
    fn a_long_list_is_not_remembered() {
        let long = "x".repeat(RecentOptions::MAX_BYTES);
        let mut recent = RecentOptions::default();
        let first = recent
            .share(request(&[("allow", &long, "allow_once")]))
            .options;
        assert!(recent.0.is_none());
        let again = recent
            .share(request(&[("allow", &long, "allow_once")]))
            .options;
        assert!(!Arc::ptr_eq(&first, &again));
        assert_eq!(Arc::strong_count(&first), 1);
    }
}
