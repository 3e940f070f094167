//! The `fields!` tables: each object the client reads, declared once as a table of wire
//! keys and fields ([`fields!`]) and read tolerantly — a value of the wrong JSON type is
//! skipped and reads as absent ([`Loose`]); only text that is not JSON is an error.
//!
//! Strings borrow from JSON text when they hold no escapes. Raw JSON values (`rawInput`,
//! `content`, an envelope's `input`) borrow from text too, and are copied from an
//! already-parsed [`Value`](serde_json::Value): the [`Source`] of a reading says which.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::value::RawValue;

use super::few::Few;

/// A raw JSON value: borrowed from the text read, or copied from a parsed value.
pub(crate) type Raw<'de> = Cow<'de, RawValue>;

/// Where a reading's raw JSON values come from.
pub(crate) trait Source<'de> {
    /// Reads the value of the current entry as raw JSON.
    fn raw<A: MapAccess<'de>>(map: &mut A) -> Result<Raw<'de>, A::Error>;
}

/// JSON text: raw values borrow from it.
pub(crate) enum FromText {}

impl<'de> Source<'de> for FromText {
    fn raw<A: MapAccess<'de>>(map: &mut A) -> Result<Raw<'de>, A::Error> {
        map.next_value::<&'de RawValue>().map(Cow::Borrowed)
    }
}

/// A parsed [`Value`](serde_json::Value): raw values are written out of it, one by one.
pub(crate) enum FromValue {}

impl<'de> Source<'de> for FromValue {
    fn raw<A: MapAccess<'de>>(map: &mut A) -> Result<Raw<'de>, A::Error> {
        map.next_value::<Box<RawValue>>().map(Cow::Owned)
    }
}

/// A scalar readable from some JSON shapes; every other shape reads as `None`.
pub(crate) trait Tolerant<'de>: Sized {
    fn from_str(_value: Cow<'de, str>) -> Option<Self> {
        None
    }

    fn from_bool(_value: bool) -> Option<Self> {
        None
    }

    fn from_u64(_value: u64) -> Option<Self> {
        None
    }

    fn from_f64(_value: f64) -> Option<Self> {
        None
    }
}

impl<'de> Tolerant<'de> for Cow<'de, str> {
    fn from_str(value: Cow<'de, str>) -> Option<Self> {
        Some(value)
    }
}

impl Tolerant<'_> for bool {
    fn from_bool(value: bool) -> Option<Self> {
        Some(value)
    }
}

impl Tolerant<'_> for u64 {
    fn from_u64(value: u64) -> Option<Self> {
        Some(value)
    }
}

/// Any JSON value: `Some` when it has a shape `T` reads, `None` otherwise (`null` included).
/// Fails only where the input is not JSON at all.
pub(crate) struct Loose<T>(pub(crate) Option<T>);

impl<'de, T: Tolerant<'de>> Deserialize<'de> for Loose<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_any(ScalarVisitor(PhantomData))
            .map(Loose)
    }
}

struct ScalarVisitor<T>(PhantomData<T>);

impl<'de, T: Tolerant<'de>> Visitor<'de> for ScalarVisitor<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(T::from_bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(u64::try_from(v).ok().and_then(T::from_u64))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(T::from_u64(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(T::from_f64(v))
    }

    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(T::from_str(Cow::Borrowed(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        // Only strings with escapes get here from text: they must be copied.
        Ok(T::from_str(Cow::Owned(v.to_owned())))
    }

    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok(T::from_str(Cow::Owned(v)))
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

/// An object read field by field into a value that already exists (declared with
/// [`fields!`]).
///
/// Read in place, the objects of a line are written once, where they stay: returned by
/// value through each level of the visitors, they would be copied at every level.
pub(crate) trait Fields<'de>: Default {
    /// Reads the value of the current entry, of key `key`, when `key` is one of the
    /// fields; says whether it was (the caller skips the value of any other key).
    fn read_field<S: Source<'de>, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error>;

    /// Whether what was read is worth keeping (an array element without its required
    /// field is dropped).
    fn is_kept(&self) -> bool {
        true
    }

    /// Reads every entry of `map` into `self`.
    fn read_fields<S: Source<'de>, A: MapAccess<'de>>(
        &mut self,
        mut map: A,
    ) -> Result<(), A::Error> {
        while let Some(key) = next_key(&mut map)? {
            if !self.read_field::<S, A>(&key, &mut map)? {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// A boxed object reads as the object: a rare field's room is allocated when it is there.
impl<'de, T: Fields<'de>> Fields<'de> for Box<T> {
    fn read_field<S: Source<'de>, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        (**self).read_field::<S, A>(key, map)
    }

    fn is_kept(&self) -> bool {
        (**self).is_kept()
    }
}

/// Reads the keys of an object, borrowing them from the input when it can.
pub(crate) fn next_key<'de, A: MapAccess<'de>>(
    map: &mut A,
) -> Result<Option<Cow<'de, str>>, A::Error> {
    // JSON keys are always strings; a `None` inside the `Loose` cannot happen but is
    // handled as an empty key rather than trusted.
    Ok(map
        .next_key::<Loose<Cow<'de, str>>>()?
        .map(|Loose(key)| key.unwrap_or_default()))
}

/// Reads a whole JSON value in place: an object into a [`Fields`] value, anything else
/// skipped (`Ok(false)`).
pub(crate) fn read_object<'de, S: Source<'de>, D: Deserializer<'de>, T: Fields<'de>>(
    deserializer: D,
    slot: &mut T,
) -> Result<bool, D::Error> {
    deserializer.deserialize_any(InPlace::<T, S>(slot, PhantomData))
}

/// The readers a [`fields!`] table names for its fields, all of one signature: read the
/// value of the current entry into the field when it has the shape the reader takes,
/// else skip it and leave the field as it was.
pub(crate) mod read {
    use super::*;

    /// A value of the field's type ([`Tolerant`]).
    pub(crate) fn scalar<'de, S: Source<'de>, A: MapAccess<'de>, T: Tolerant<'de>>(
        _: PhantomData<S>,
        map: &mut A,
        slot: &mut Option<T>,
    ) -> Result<(), A::Error> {
        if let Loose(Some(value)) = map.next_value::<Loose<T>>()? {
            *slot = Some(value);
        }
        Ok(())
    }

    /// An object, read in place ([`Fields`]).
    pub(crate) fn object<'de, S: Source<'de>, A: MapAccess<'de>, T: Fields<'de>>(
        _: PhantomData<S>,
        map: &mut A,
        slot: &mut Option<T>,
    ) -> Result<(), A::Error> {
        map.next_value_seed(Slot::<T, S>(slot, PhantomData))
    }

    /// An array of objects: those kept ([`Fields::is_kept`]), in order; an array of none
    /// reads as absent.
    pub(crate) fn objects<'de, S: Source<'de>, A: MapAccess<'de>, T: Fields<'de>>(
        _: PhantomData<S>,
        map: &mut A,
        slot: &mut Option<Few<T>>,
    ) -> Result<(), A::Error> {
        let Loose(kept) = map.next_value_seed(Elements::<T, S>(PhantomData))?;
        if let Some(kept) = kept.filter(|kept| !kept.is_empty()) {
            *slot = Some(kept);
        }
        Ok(())
    }

    /// Any JSON value but `null`, as raw text.
    pub(crate) fn raw<'de, S: Source<'de>, A: MapAccess<'de>>(
        source: PhantomData<S>,
        map: &mut A,
        slot: &mut Option<Raw<'de>>,
    ) -> Result<(), A::Error> {
        raw_where(source, map, slot, |text| text != "null")
    }

    /// A non-empty array, as raw text (`[]` reads as absent: harnesses send it on updates
    /// that do not mean to clear anything).
    pub(crate) fn raw_array<'de, S: Source<'de>, A: MapAccess<'de>>(
        source: PhantomData<S>,
        map: &mut A,
        slot: &mut Option<Raw<'de>>,
    ) -> Result<(), A::Error> {
        raw_where(source, map, slot, |text| {
            text.starts_with('[') && !text[1..].trim_start().starts_with(']')
        })
    }

    /// An object, as raw text.
    pub(crate) fn raw_object<'de, S: Source<'de>, A: MapAccess<'de>>(
        source: PhantomData<S>,
        map: &mut A,
        slot: &mut Option<Raw<'de>>,
    ) -> Result<(), A::Error> {
        raw_where(source, map, slot, |text| text.starts_with('{'))
    }

    /// The value as raw text, kept when `keep` takes its text (which has no leading
    /// whitespace).
    fn raw_where<'de, S: Source<'de>, A: MapAccess<'de>>(
        _: PhantomData<S>,
        map: &mut A,
        slot: &mut Option<Raw<'de>>,
        keep: impl FnOnce(&str) -> bool,
    ) -> Result<(), A::Error> {
        let raw = S::raw(map)?;
        if keep(raw.get()) {
            *slot = Some(raw);
        }
        Ok(())
    }
}

/// The seed of [`read::object`]: reads an object into `slot`, in place.
struct Slot<'s, T, S>(&'s mut Option<T>, PhantomData<S>);

impl<'de, T: Fields<'de>, S: Source<'de>> DeserializeSeed<'de> for Slot<'_, T, S> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        // Read where it stays (a repeated key's object adds to the first one's fields).
        let was_empty = self.0.is_none();
        let value = self.0.get_or_insert_with(T::default);
        if !read_object::<S, D, T>(deserializer, value)? && was_empty {
            *self.0 = None;
        }
        Ok(())
    }
}

/// The seed of [`read::objects`].
struct Elements<T, S>(PhantomData<(T, S)>);

impl<'de, T: Fields<'de>, S: Source<'de>> DeserializeSeed<'de> for Elements<T, S> {
    type Value = Loose<Few<T>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, T: Fields<'de>, S: Source<'de>> Visitor<'de> for Elements<T, S> {
    type Value = Loose<Few<T>>;

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut kept = Few::default();
        loop {
            let mut element = T::default();
            match seq.next_element_seed(Element::<T, S>(&mut element, PhantomData))? {
                Some(true) if element.is_kept() => kept.push(element),
                Some(_) => {}
                None => return Ok(Loose(Some(kept))),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Loose(None))
    }

    scalars_read_as!(Loose(None));
}

/// One element of an array of objects, read in place; says whether it was an object.
pub(crate) struct Element<'s, T, S>(pub(crate) &'s mut T, pub(crate) PhantomData<S>);

impl<'de, T: Fields<'de>, S: Source<'de>> DeserializeSeed<'de> for Element<'_, T, S> {
    type Value = bool;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        read_object::<S, D, T>(deserializer, self.0)
    }
}

/// The visitor of [`read_object`]: an object is read into the value, anything else skipped.
struct InPlace<'s, T, S>(&'s mut T, PhantomData<S>);

impl<'de, T: Fields<'de>, S: Source<'de>> Visitor<'de> for InPlace<'_, T, S> {
    type Value = bool;

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<bool, A::Error> {
        self.0.read_fields::<S, A>(map)?;
        Ok(true)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<bool, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(false)
    }

    scalars_read_as!(false);
}

/// The methods of a visitor that takes no scalar (a boolean, a number, a string, `null`):
/// each reads as `$value`, and `Some` as the value inside.
macro_rules! scalars_read_as {
    ($value:expr) => {
        fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            f.write_str("any JSON value")
        }

        fn visit_some<D>(self, d: D) -> Result<Self::Value, D::Error>
        where
            D: ::serde::de::Deserializer<'de>,
        {
            d.deserialize_any(self)
        }

        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok($value)
        }

        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok($value)
        }

        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
            Ok($value)
        }

        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok($value)
        }

        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
            Ok($value)
        }

        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok($value)
        }

        fn visit_none<E>(self) -> Result<Self::Value, E> {
            Ok($value)
        }
    };
}

pub(crate) use scalars_read_as;

/// Declares an object the client reads (`client/line.rs` has them): one row per field — its
/// wire key, its name and type, and the function that takes its value (one of [`read`], or
/// any function of the same signature); `(kept with field)` keeps an array element only
/// when it has that field. The table is the only list of the keys: it gives the struct
/// (every field `pub(crate)`, `Default`), its [`Fields`] reader and `is_key`.
macro_rules! fields {
    (
        $(#[$attr:meta])*
        $vis:vis struct $name:ident<$lt:lifetime> $( (kept with $kept:ident) )? {
            $(
                $(#[$field_attr:meta])*
                $key:pat => $field:ident: $ty:ty = $read:path,
            )*
        }
    ) => {
        $(#[$attr])*
        #[derive(Default)]
        $vis struct $name<$lt> {
            $( $(#[$field_attr])* pub(crate) $field: $ty, )*
        }

        impl $name<'_> {
            /// Whether `key` is one of the keys read.
            #[allow(dead_code)]
            pub(crate) fn is_key(key: &str) -> bool {
                matches!(key, $($key)|*)
            }
        }

        impl<'de> $crate::client::fields::Fields<'de> for $name<'de> {
            fn read_field<S, A>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error>
            where
                S: $crate::client::fields::Source<'de>,
                A: ::serde::de::MapAccess<'de>,
            {
                match key {
                    $( $key => $read(::std::marker::PhantomData::<S>, map, &mut self.$field)?, )*
                    _ => return Ok(false),
                }
                Ok(true)
            }

            fn is_kept(&self) -> bool {
                true $( && self.$kept.is_some() )?
            }
        }
    };
}

pub(crate) use fields;
