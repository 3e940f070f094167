//! Tolerant decoding: a value of the wrong JSON type reads as absent instead of failing.
//!
//! Every object the client side reads is decoded through [`Loose`], whose visitor accepts
//! any JSON value and keeps it only when it has the expected shape. Values it does not keep
//! are skipped with [`IgnoredAny`], so nothing is built for them. The ledger reads JSON text
//! only (an already-parsed message is read as its text), so strings and raw values borrow
//! from the line.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};

/// A type that can be read from some JSON shapes; every other shape reads as `None`.
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

    /// Reads an object; the default skips it.
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    /// Reads an array; the default skips it.
    fn from_seq<A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

/// Any JSON value: `Some` when it has a shape `T` reads, `None` otherwise (`null` included).
///
/// Fails only where the input is not JSON at all.
pub(crate) struct Loose<T>(pub(crate) Option<T>);

impl<'de, T: Tolerant<'de>> Deserialize<'de> for Loose<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_any(LooseVisitor(PhantomData))
            .map(Loose)
    }
}

struct LooseVisitor<T>(PhantomData<T>);

impl<'de, T: Tolerant<'de>> Visitor<'de> for LooseVisitor<T> {
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
        // Only strings with escapes get here from a `&str` input: they must be copied.
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

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        T::from_seq(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        T::from_map(map)
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

impl<'de> Tolerant<'de> for serde_json::Map<String, serde_json::Value> {
    fn from_map<A: MapAccess<'de>>(map: A) -> Result<Option<Self>, A::Error> {
        Self::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Some)
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

/// Reads the value of the current entry into `slot` when it has the right shape; a value of
/// the wrong shape is skipped and leaves `slot` as it was.
pub(crate) fn read_into<'de, A: MapAccess<'de>, T: Tolerant<'de>>(
    map: &mut A,
    slot: &mut Option<T>,
) -> Result<(), A::Error> {
    if let Loose(Some(value)) = map.next_value::<Loose<T>>()? {
        *slot = Some(value);
    }
    Ok(())
}

/// Skips the value of the current entry without building it.
pub(crate) fn skip_value<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value::<IgnoredAny>().map(drop)
}

/// An object read field by field into a value that already exists.
///
/// The objects a line is read into are a few hundred bytes; returning one by value through
/// each level of the visitors copies it at every level, which cost more than reading the
/// keys. Read in place ([`read_fields_into`]), it is written once, where it stays.
pub(crate) trait Fields<'de>: Default {
    /// Reads the value of the current entry, of key `key`, when `key` is one of the fields;
    /// says whether it was (the caller skips the value of any other key).
    fn read_field<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error>;

    /// Reads every entry of `map` into `self`.
    fn read_fields<A: MapAccess<'de>>(&mut self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = next_key(&mut map)? {
            if !self.read_field(&key, &mut map)? {
                skip_value(&mut map)?;
            }
        }
        Ok(())
    }
}

/// Reads the value of the current entry into `slot`, in place, when it is an object (a later
/// object replaces an earlier one, as [`read_into`] does); any other value is skipped and
/// leaves `slot` as it was.
pub(crate) fn read_fields_into<'de, A: MapAccess<'de>, T: Fields<'de>>(
    map: &mut A,
    slot: &mut Option<T>,
) -> Result<(), A::Error> {
    map.next_value_seed(InPlace(slot))
}

/// The seed and visitor of [`read_fields_into`].
struct InPlace<'s, T>(&'s mut Option<T>);

impl<'de, T: Fields<'de>> DeserializeSeed<'de> for InPlace<'_, T> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, T: Fields<'de>> Visitor<'de> for InPlace<'_, T> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        self.0.insert(T::default()).read_fields(map)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_none<E>(self) -> Result<(), E> {
        Ok(())
    }
}
