//! The rules by the labels their `label` selector names, so that a decision tests only the
//! rules that can select one of the call's labels, in their order (DESIGN §8, "Selectors";
//! the selection itself is [`Selectors`](super::selectors::Selectors)' own, only the
//! skipping of rules that name none of the call's labels is shared).

use super::rule::Rule;
use super::verdict::Decision;

/// One side's rules (deny and ask, or allow) by label.
#[derive(Debug, Clone, Default)]
struct Side {
    /// Each label some rule names, sorted, with those rules' indices in order.
    by_label: Vec<(String, Vec<usize>)>,
    /// The rules without a `label` selector, in order.
    unlabelled: Vec<usize>,
}

impl Side {
    fn add(&mut self, i: usize, rule: &Rule) {
        let Some(labels) = &rule.selectors.label else {
            self.unlabelled.push(i);
            return;
        };
        for label in labels {
            match self
                .by_label
                .binary_search_by(|(have, _)| have.as_str().cmp(label))
            {
                Ok(at) => {
                    let rules = &mut self.by_label[at].1;
                    // A label named twice in one rule lists the rule once.
                    if rules.last() != Some(&i) {
                        rules.push(i);
                    }
                }
                Err(at) => self.by_label.insert(at, (label.clone(), vec![i])),
            }
        }
    }

    /// The rules a call with `labels` can be selected by, in order, each once.
    fn candidates<'a>(&self, labels: impl IntoIterator<Item = &'a str>, out: &mut Vec<usize>) {
        out.clear();
        out.extend_from_slice(&self.unlabelled);
        let mut merged = Vec::new();
        for label in labels {
            if let Ok(at) = self
                .by_label
                .binary_search_by(|(have, _)| have.as_str().cmp(label))
            {
                merge(out, &self.by_label[at].1, &mut merged);
                std::mem::swap(out, &mut merged);
            }
        }
    }
}

/// Into `out`: the indices of `a` and `b` (each in order, each once) in order, each once.
fn merge(a: &[usize], b: &[usize], out: &mut Vec<usize>) {
    out.clear();
    out.reserve(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

/// A policy's deny and ask rules, and its allow rules, by label.
#[derive(Debug, Clone, Default)]
pub(crate) struct LabelIndex {
    deny: Side,
    allow: Side,
}

impl LabelIndex {
    /// The index of `rules` (rule `i` of the slice is rule `i` of the index).
    pub(crate) fn new(rules: &[Rule]) -> LabelIndex {
        let mut index = LabelIndex::default();
        for (i, rule) in rules.iter().enumerate() {
            if rule.decision == Decision::Allow {
                index.allow.add(i, rule);
            } else {
                index.deny.add(i, rule);
            }
        }
        index
    }

    /// Into `out`: the deny and ask rules that can select a call whose identities have
    /// `labels`, in order.
    pub(crate) fn deny_candidates<'a>(
        &self,
        labels: impl IntoIterator<Item = &'a str>,
        out: &mut Vec<usize>,
    ) {
        self.deny.candidates(labels, out);
    }

    /// Into `out`: the allow rules that can select an identity labelled `label`, in order.
    pub(crate) fn allow_candidates(&self, label: &str, out: &mut Vec<usize>) {
        self.allow.candidates([label], out);
    }
}

#[cfg(test)]
mod tests {
    use super::merge;

    #[test]
    fn merging_keeps_the_order_and_each_rule_once() {
        let mut out = Vec::new();
        merge(&[0, 3, 4, 9], &[1, 3, 10], &mut out);
        assert_eq!(out, [0, 1, 3, 4, 9, 10]);
        merge(&[], &[2], &mut out);
        assert_eq!(out, [2]);
        merge(&[5], &[], &mut out);
        assert_eq!(out, [5]);
    }
}
