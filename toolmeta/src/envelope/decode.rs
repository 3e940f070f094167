//! Strict decoding of the envelope's fields, with errors that name the field.
//!
//! serde reports a value of the wrong type as `invalid type: string "1", expected u32`,
//! without saying which field held it. These deserializers (used through
//! `#[serde(deserialize_with)]` on [`ToolMeta`]) accept exactly what the
//! plain types accept but say which field they were reading in the `expected` part, so
//! serde_json reports `invalid type: string "1", expected \`version\`: an unsigned 32-bit
//! integer at line 1 column 14`.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Unexpected, Visitor};
use serde_json::Value;

use crate::{Namespace, ToolKind, ToolMeta};

/// Strict, and only from an object.
impl<'de> Deserialize<'de> for ToolMeta {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(EnvelopeVisitor)
    }
}

struct EnvelopeVisitor;

impl<'de> Visitor<'de> for EnvelopeVisitor {
    type Value = ToolMeta;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a tool-identity envelope object")
    }

    /// Decodes the fields, then refuses a label that contradicts a known kind (DESIGN §2: a
    /// known kind fixes the label; only `other`, and an unknown kind read as it, is free).
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ToolMeta, A::Error> {
        let meta = ToolMeta::deserialize(de::value::MapAccessDeserializer::new(map))?;
        if meta.kind != ToolKind::Other && meta.label != meta.kind.label() {
            return Err(de::Error::custom(format_args!(
                "`label` \"{}\" contradicts `kind` `{}`, whose label is \"{}\": a known kind fixes the label",
                meta.label,
                meta.kind,
                meta.kind.label()
            )));
        }
        Ok(meta)
    }
}

pub(crate) fn version<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    deserializer.deserialize_u32(VersionVisitor)
}

pub(crate) fn name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    deserializer.deserialize_string(StringVisitor("name"))
}

pub(crate) fn kind<'de, D: Deserializer<'de>>(deserializer: D) -> Result<ToolKind, D::Error> {
    deserializer.deserialize_str(KindVisitor)
}

pub(crate) fn namespace<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Namespace, D::Error> {
    deserializer.deserialize_str(NamespaceVisitor)
}

pub(crate) fn label<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Cow<'static, str>, D::Error> {
    deserializer
        .deserialize_string(StringVisitor("label"))
        .map(Cow::Owned)
}

pub(crate) fn read_only<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    deserializer.deserialize_bool(ReadOnlyVisitor)
}

pub(crate) fn input<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    deserializer.deserialize_option(InputVisitor)
}

struct VersionVisitor;

impl Visitor<'_> for VersionVisitor {
    type Value = u32;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("`version`: an unsigned 32-bit integer")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &self))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
    }

    /// An integral number written with a fraction or an exponent (`1.0`, `1e0`) is that
    /// integer, as JSON Schema's `integer` says.
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u32, E> {
        if v.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&v) {
            // Exact: an integral value within u32's range.
            Ok(v as u32)
        } else {
            Err(E::invalid_value(Unexpected::Float(v), &self))
        }
    }
}

struct StringVisitor(&'static str);

impl Visitor<'_> for StringVisitor {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: a string", self.0)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        Ok(v.to_owned())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
        Ok(v)
    }
}

struct KindVisitor;

impl Visitor<'_> for KindVisitor {
    type Value = ToolKind;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("`kind`: a tool kind string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<ToolKind, E> {
        Ok(ToolKind::parse(v))
    }
}

struct NamespaceVisitor;

impl Visitor<'_> for NamespaceVisitor {
    type Value = Namespace;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("`namespace`: a first-party namespace or an extension namespace `_name`")
    }

    /// An unknown namespace's error says why and what would be right (did you mean
    /// `grok_build`, write `_forge`, ...).
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Namespace, E> {
        v.parse()
            .map_err(|error| E::custom(format_args!("`namespace`: {error}")))
    }
}

struct ReadOnlyVisitor;

impl Visitor<'_> for ReadOnlyVisitor {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("`read_only`: a boolean")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<bool, E> {
        Ok(v)
    }
}

/// `input`: a JSON object, or `null` (read as absent). Any other JSON type is an error,
/// since the contract says `input` is an object and the projection only ever writes one.
struct InputVisitor;

impl<'de> Visitor<'de> for InputVisitor {
    type Value = Option<Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("`input`: a JSON object or null")
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        Value::deserialize(de::value::MapAccessDeserializer::new(map)).map(Some)
    }
}
