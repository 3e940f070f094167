//! [`Few`]: a short list whose only element, the common case, is kept inline.
//!
//! A call has one claim and one location: kept in a `Vec`, each was an allocation and a free
//! (`docs/performance.md`, "Memory and allocations").

use std::ops::Deref;

/// A list of `T`, inline while it has at most one element.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) enum Few<T> {
    #[default]
    None,
    One(T),
    Several(Vec<T>),
}

impl<T> Few<T> {
    pub(crate) fn push(&mut self, item: T) {
        *self = match std::mem::take(self) {
            Few::None => Few::One(item),
            Few::One(first) => Few::Several(vec![first, item]),
            Few::Several(mut items) => {
                items.push(item);
                Few::Several(items)
            }
        };
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        match self {
            Few::None => &mut [],
            Few::One(item) => std::slice::from_mut(item),
            Few::Several(items) => items,
        }
    }

    /// The bytes it holds on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        match self {
            Few::Several(items) => items.capacity() * size_of::<T>(),
            Few::None | Few::One(_) => 0,
        }
    }
}

impl<T> Deref for Few<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Few::None => &[],
            Few::One(item) => std::slice::from_ref(item),
            Few::Several(items) => items,
        }
    }
}

impl<T> FromIterator<T> for Few<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Few<T> {
        let mut items = items.into_iter();
        let Some(first) = items.next() else {
            return Few::None;
        };
        match items.next() {
            None => Few::One(first),
            Some(second) => {
                let mut all = Vec::with_capacity(2 + items.size_hint().0);
                all.extend([first, second]);
                all.extend(items);
                Few::Several(all)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Few;

    #[test]
    fn holds_what_a_vec_holds() {
        for n in 0..5 {
            let mut pushed = Few::default();
            for i in 0..n {
                pushed.push(i);
            }
            let collected: Few<i32> = (0..n).collect();
            let expected: Vec<i32> = (0..n).collect();
            assert_eq!(*pushed, *expected);
            assert_eq!(*collected, *expected);
            assert_eq!(pushed.heap_bytes() == 0, n <= 1, "{n} inline");
            pushed.as_mut_slice().iter_mut().for_each(|i| *i *= 2);
            assert!(pushed.iter().copied().eq(expected.iter().map(|i| i * 2)));
        }
    }
}
