//! Reading a tool's arguments off its own `Deserialize` impl: every name serde accepts, which
//! names are aliases of one field, which fields are required, and what JSON each takes. The
//! catalog's argument table ([`Argument`]) is made this way, so it can never drift from the
//! declared struct.
//!
//! serde's derived `Deserialize` is driven with deserializers that answer as a probe would:
//! one that records which `deserialize_*` method a field's type calls (its JSON type), and
//! one that hands every type a valid value (an empty string, `0`, `null` for an `Option`, an
//! empty array or object), so that the struct reports the next field it misses
//! (`missing_field`) or the field two names share (`duplicate_field`).

use std::cell::RefCell;
use std::fmt;

use serde::de::value::StrDeserializer;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess,
    Visitor,
};

/// One argument of a catalog tool, as its `Deserialize` impl reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Argument {
    /// The field's name in the JSON arguments.
    pub(crate) name: &'static str,
    /// Other names serde reads the same field from (`#[serde(alias)]`).
    pub(crate) aliases: Vec<&'static str>,
    /// Whether the arguments must carry it (neither an `Option` nor defaulted).
    pub(crate) required: bool,
    /// The JSON it takes.
    pub(crate) json: JsonType,
}

/// The JSON an argument takes, as its Rust type deserializes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum JsonType {
    /// A string.
    String,
    /// An integer (not a float) within `min..=max`.
    Integer { min: i128, max: i128 },
    /// Any number.
    Number,
    /// `true` or `false`.
    Boolean,
    /// An array whose every item is of `items`.
    Array(Box<JsonType>),
    /// An object (its members are not checked).
    Object,
    /// Any value (a `serde_json::Value`, an untagged enum: the type decides at run time).
    Any,
    /// `null`, or a value of the inner type (an `Option`).
    Nullable(Box<JsonType>),
}

/// The arguments of `T`, in the order of serde's field list; an error names what could not be
/// read (a type the probe cannot give a value, say).
pub(crate) fn arguments<T: DeserializeOwned>() -> Result<Vec<Argument>, String> {
    let names = super::arguments::argument_names::<T>();
    // Which names share a field: the second of two names of one field is a duplicate.
    let mut primary: Vec<&'static str> = names.to_vec();
    for (i, &first) in names.iter().enumerate() {
        for &second in &names[i + 1..] {
            if let Outcome::Duplicate(field) = drive::<T>(&[first, second], Values::Valid) {
                for (name, slot) in names.iter().zip(primary.iter_mut()) {
                    if *name == first || *name == second {
                        *slot = field;
                    }
                }
            }
        }
    }
    let required = required_fields::<T>(names)?;
    let mut arguments: Vec<Argument> = Vec::new();
    for (&name, &field) in names.iter().zip(&primary) {
        if let Some(argument) = arguments.iter_mut().find(|argument| argument.name == field) {
            if name != field {
                argument.aliases.push(name);
            }
            continue;
        }
        let json = json_type::<T>(name)?;
        arguments.push(Argument {
            name: field,
            aliases: if name == field {
                Vec::new()
            } else {
                vec![name]
            },
            required: required.contains(&field),
            json,
        });
    }
    Ok(arguments)
}

/// The fields `T` cannot do without, in the order serde reports them missing.
fn required_fields<T: DeserializeOwned>(
    names: &'static [&'static str],
) -> Result<Vec<&'static str>, String> {
    let mut given: Vec<&'static str> = Vec::new();
    loop {
        match drive::<T>(&given, Values::Valid) {
            Outcome::Accepted => return Ok(given),
            Outcome::Missing(field) if names.contains(&field) && !given.contains(&field) => {
                given.push(field);
            }
            other => {
                return Err(format!(
                    "cannot read which arguments are required (after {given:?}: {other:?})"
                ));
            }
        }
    }
}

/// The JSON the field named `name` takes.
fn json_type<T: DeserializeOwned>(name: &'static str) -> Result<JsonType, String> {
    let steps = RefCell::new(Vec::new());
    let _ = drive::<T>(&[name], Values::Probe(&steps));
    let steps = steps.into_inner();
    let mut json: Option<JsonType> = None;
    for step in steps.into_iter().rev() {
        json = Some(match (step, json) {
            (Step::Leaf(leaf), None) => leaf,
            (Step::Nullable, Some(inner)) => JsonType::Nullable(Box::new(inner)),
            (Step::Array, Some(inner)) => JsonType::Array(Box::new(inner)),
            (step, inner) => {
                return Err(format!(
                    "argument `{name}`: cannot read its type ({step:?} around {inner:?})"
                ));
            }
        });
    }
    json.ok_or_else(|| format!("argument `{name}`: its type asked for nothing"))
}

/// What deserializing `T` from the probe's map said.
#[derive(Debug)]
enum Outcome {
    Accepted,
    Missing(&'static str),
    Duplicate(&'static str),
    Other,
}

/// Deserializes `T` from a map with the keys `keys`, each with a value from `values`.
fn drive<T: DeserializeOwned>(keys: &[&'static str], values: Values<'_>) -> Outcome {
    match T::deserialize(Struct { keys, values }) {
        Ok(_) => Outcome::Accepted,
        Err(Probed::Missing(field)) => Outcome::Missing(field),
        Err(Probed::Duplicate(field)) => Outcome::Duplicate(field),
        Err(Probed::Other) => Outcome::Other,
    }
}

/// The values the probe's map gives its keys.
#[derive(Clone, Copy)]
enum Values<'a> {
    /// A valid value for whatever type asks.
    Valid,
    /// Record what the type asks for, then fail.
    Probe(&'a RefCell<Vec<Step>>),
}

/// One thing a type asked of the probe, outermost first.
#[derive(Debug)]
enum Step {
    Nullable,
    Array,
    Leaf(JsonType),
}

/// The probe's error: what serde reported, as far as the probe cares.
#[derive(Debug)]
enum Probed {
    Missing(&'static str),
    Duplicate(&'static str),
    Other,
}

impl fmt::Display for Probed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for Probed {}

impl de::Error for Probed {
    fn custom<M: fmt::Display>(_message: M) -> Self {
        Probed::Other
    }

    fn missing_field(field: &'static str) -> Self {
        Probed::Missing(field)
    }

    fn duplicate_field(field: &'static str) -> Self {
        Probed::Duplicate(field)
    }
}

/// A deserializer that presents `keys` as the struct's map.
struct Struct<'k, 'v> {
    keys: &'k [&'static str],
    values: Values<'v>,
}

impl<'de> Deserializer<'de> for Struct<'_, '_> {
    type Error = Probed;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_map(Entries {
            keys: self.keys.iter(),
            values: self.values,
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}

struct Entries<'k, 'v> {
    keys: std::slice::Iter<'k, &'static str>,
    values: Values<'v>,
}

impl<'de> MapAccess<'de> for Entries<'_, '_> {
    type Error = Probed;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Probed> {
        match self.keys.next() {
            Some(key) => {
                let key: StrDeserializer<'_, Probed> = key.into_deserializer();
                seed.deserialize(key).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Probed> {
        match self.values {
            Values::Valid => seed.deserialize(Valid),
            Values::Probe(steps) => seed.deserialize(Probe(steps)),
        }
    }
}

/// Gives every type a valid value: the empty or zero value of what it asks for.
struct Valid;

/// `0` for every integer type (each primitive visitor takes a `u64` within its range).
macro_rules! zeros {
    ($($method:ident),*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
                visitor.visit_u64(0)
            }
        )*
    };
}

impl<'de> Deserializer<'de> for Valid {
    type Error = Probed;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_str("")
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_bool(false)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_f64(0.0)
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_f64(0.0)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_none()
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_seq(Empty)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_map(Empty)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Probed> {
        visitor.visit_map(Empty)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_unit()
    }

    zeros!(
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_i128,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_u128
    );

    serde::forward_to_deserialize_any! {
        char str string bytes byte_buf unit_struct newtype_struct tuple tuple_struct enum
        identifier ignored_any
    }
}

/// An empty array or object.
struct Empty;

impl<'de> SeqAccess<'de> for Empty {
    type Error = Probed;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        _seed: S,
    ) -> Result<Option<S::Value>, Probed> {
        Ok(None)
    }
}

impl<'de> MapAccess<'de> for Empty {
    type Error = Probed;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        _seed: K,
    ) -> Result<Option<K::Value>, Probed> {
        Ok(None)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, _seed: S) -> Result<S::Value, Probed> {
        Err(Probed::Other)
    }
}

/// Records what a type asks for, then fails (an `Option` and an array are followed inside).
struct Probe<'a>(&'a RefCell<Vec<Step>>);

impl Probe<'_> {
    fn leaf<T>(&self, json: JsonType) -> Result<T, Probed> {
        self.0.borrow_mut().push(Step::Leaf(json));
        Err(Probed::Other)
    }
}

macro_rules! integers {
    ($($method:ident: $ty:ty),*) => {
        $(
            fn $method<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
                self.leaf(JsonType::Integer { min: <$ty>::MIN as i128, max: <$ty>::MAX as i128 })
            }
        )*
    };
}

impl<'de> Deserializer<'de> for Probe<'_> {
    type Error = Probed;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::Any)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::Any)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::Boolean)
    }

    integers!(
        deserialize_i8: i8, deserialize_i16: i16, deserialize_i32: i32, deserialize_i64: i64,
        deserialize_u8: u8, deserialize_u16: u16, deserialize_u32: u32, deserialize_u64: u64
    );

    fn deserialize_i128<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::Integer {
            min: i128::from(i64::MIN),
            max: i128::from(u64::MAX),
        })
    }

    fn deserialize_u128<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::Integer {
            min: 0,
            max: i128::from(u64::MAX),
        })
    }

    fn deserialize_f32<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::Number)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::Number)
    }

    fn deserialize_char<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::String)
    }

    fn deserialize_str<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::String)
    }

    fn deserialize_string<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::String)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        self.0.borrow_mut().push(Step::Nullable);
        visitor.visit_some(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        self.0.borrow_mut().push(Step::Array);
        visitor.visit_seq(FirstItem(self.0))
    }

    fn deserialize_map<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        self.leaf(JsonType::Object)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Probed> {
        self.leaf(JsonType::Object)
    }

    serde::forward_to_deserialize_any! {
        bytes byte_buf unit unit_struct newtype_struct tuple tuple_struct enum identifier
    }
}

/// An array whose first item is probed.
struct FirstItem<'a>(&'a RefCell<Vec<Step>>);

impl<'de> SeqAccess<'de> for FirstItem<'_> {
    type Error = Probed;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Probed> {
        seed.deserialize(Probe(self.0)).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Exec {
        #[serde(alias = "command")]
        cmd: crate::convert::CommandLine,
        #[serde(alias = "cwd", alias = "dir")]
        workdir: Option<String>,
        timeout_ms: Option<u64>,
        offset: i32,
        argv: Vec<String>,
        env: Option<BTreeMap<String, String>>,
        items: Option<Vec<Option<f64>>>,
        #[serde(default)]
        login: bool,
        extra: serde_json::Value,
    }

    #[test]
    fn arguments_come_from_the_deserialize_impl() {
        let arguments = arguments::<Exec>().unwrap();
        let find = |name: &str| arguments.iter().find(|a| a.name == name).unwrap().clone();
        assert_eq!(arguments.len(), 9);
        let cmd = find("cmd");
        assert_eq!(
            (cmd.aliases, cmd.required, cmd.json),
            (vec!["command"], true, JsonType::Any)
        );
        let workdir = find("workdir");
        assert_eq!(workdir.aliases, ["cwd", "dir"]);
        assert!(!workdir.required);
        assert_eq!(workdir.json, JsonType::Nullable(Box::new(JsonType::String)));
        assert_eq!(
            find("offset").json,
            JsonType::Integer {
                min: i128::from(i32::MIN),
                max: i128::from(i32::MAX)
            }
        );
        assert!(find("offset").required);
        assert_eq!(
            find("argv").json,
            JsonType::Array(Box::new(JsonType::String))
        );
        assert_eq!(
            find("env").json,
            JsonType::Nullable(Box::new(JsonType::Object))
        );
        assert_eq!(
            find("items").json,
            JsonType::Nullable(Box::new(JsonType::Array(Box::new(JsonType::Nullable(
                Box::new(JsonType::Number)
            )))))
        );
        // A defaulted field may be absent, whatever its type.
        assert!(!find("login").required);
        assert_eq!(find("login").json, JsonType::Boolean);
        assert_eq!(find("extra").json, JsonType::Any);
        assert!(find("extra").required);
    }
}
