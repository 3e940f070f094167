//! Support for the code `#[derive(ToolIdentity)]` generates. Not public API: nothing here
//! is covered by semver.
//!
//! The derive checks at compile time that each projected field's type can carry its key:
//! its `project` body writes each field as one [`Projector`] call with the value converted
//! by the key's trait, named at the user's type (`.text("command", <String as
//! ProjectCommand>::some(&self.command))`, `::optional(..)` for an `Option`), so an unfit
//! type is reported there, in the user's terms, by the `#[diagnostic::on_unimplemented]`
//! message of the key's trait (the fallback impl beside other errors names `::value`). The
//! traits are sealed: a type that does not fit a key is converted with
//! `#[tool(with = "...")]` instead. Each trait's `RAW` says which JSON values the type
//! deserializes from, for the raw projection ([`RawType`]); `INPUT_FIELDS` entries are
//! struct literals filled from [`FIELD`] or one of its typed variants (`FIELD_U8`, ...).
//!
//! The derive imports all of this as `toolmeta_derive_0_2_needs_toolmeta_0_2` (see that
//! module), so a mismatched release pair fails with one error naming the versions.
//!
//! Every projected value serializes infallibly (strings, lossily-converted paths,
//! integers that saturate at the JSON integer range, bools), which
//! [`Envelope::to_value`](crate::Envelope::to_value) relies on.

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::mem::ManuallyDrop;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use serde::{Serialize, Serializer};

pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Ok};
pub use serde::ser::SerializeMap;

// Everything the generated code names, under the one path it imports (`use ::toolmeta::__private
// as __toolmeta;`): short paths are fewer tokens to build, parse and resolve per derived type.
pub use crate::{
    Identity, InputField, IntoToolEntry, Namespace, Projection, RawType, TaggedTool, TaggedVariant,
    ToolDispatch, ToolEntry, ToolFor, ToolIdentity, ToolKind, TypedProjection,
};
pub use core::primitive::{bool, str};
pub use serde::de::DeserializeOwned;

/// Stops the build when a wire name given by a constant (`name = ReadFile::NAME`) is empty.
pub const fn check_wire_name(name: &str, message: &'static str) {
    if name.is_empty() {
        panic!("{}", message);
    }
}

/// A tool whose raw arguments a toolset projects by deserializing them, because a key of
/// it is converted in Rust: the derive names it at the conversion, so a tool that does not
/// implement `Deserialize` is told so there.
#[diagnostic::on_unimplemented(
    message = "`{Self}` converts a key in Rust, so a toolset projects its raw arguments by deserializing them into `{Self}`, which does not implement `Deserialize`",
    label = "raw JSON arguments cannot run this conversion",
    note = "derive it: #[derive(serde::Deserialize, ToolIdentity)] (raw arguments cannot run `with`, `compute`, or serde's `deserialize_with`, `flatten`, `from`, `try_from` or `transparent`)"
)]
pub trait DeserializedTool {
    /// Deserializes an object of arguments and projects it.
    const PROJECTION: TypedProjection;
    /// Deserializes arguments of any JSON type (a `#[serde(transparent)]` tool's) and
    /// projects them.
    const TRANSPARENT: TypedProjection;
}

#[diagnostic::do_not_recommend]
impl<T: ToolIdentity + serde::de::DeserializeOwned> DeserializedTool for T {
    const PROJECTION: TypedProjection = crate::toolset::typed_projection::<T>;
    const TRANSPARENT: TypedProjection = crate::toolset::transparent_projection::<T>;
}

/// [`DeserializedTool`] for a tool declared for another type (`#[tool(remote = "T")]`): its
/// raw arguments are deserialized into `T`, whose fields the definition mirrors.
#[diagnostic::on_unimplemented(
    message = "a tool declared with `remote = \"{T}\"` projects raw arguments by deserializing them into `{T}`, which does not implement `Deserialize`",
    label = "raw arguments of this tool are a `{T}`",
    note = "derive `Deserialize` for `{T}`, the argument type the harness deserializes its calls into"
)]
pub trait DeserializedRemote<T> {
    /// Deserializes an object of arguments into `T` and projects it as this tool.
    const PROJECTION: TypedProjection;
}

#[diagnostic::do_not_recommend]
impl<D: crate::ToolFor<T>, T: serde::de::DeserializeOwned> DeserializedRemote<T> for D {
    const PROJECTION: TypedProjection = crate::tool::remote_projection::<D, T>;
}

/// [`DeserializedTool`] for a serde-tagged enum of tools.
#[diagnostic::on_unimplemented(
    message = "`{Self}` converts a key in Rust, so a toolset projects its raw arguments by deserializing them into `{Self}`, which does not implement `Deserialize`",
    label = "raw JSON arguments cannot run this conversion",
    note = "derive it: #[derive(serde::Deserialize, ToolIdentity)]"
)]
pub trait DeserializedTaggedTool {
    /// Deserializes an object of arguments and projects the variant it holds.
    const PROJECTION: TypedProjection;
}

#[diagnostic::do_not_recommend]
impl<T: ToolDispatch + serde::de::DeserializeOwned> DeserializedTaggedTool for T {
    const PROJECTION: TypedProjection = crate::toolset::tagged_projection::<T>;
}

/// Everything in `__private`, under the name the derive imports it by (`use
/// ::toolmeta::__private::toolmeta_derive_0_2_needs_toolmeta_0_2 as __toolmeta;`).
///
/// The name states the release pair that fits: a `toolmeta-derive` of another release
/// (0.x: another minor version) names another module, so a mismatched pair fails with one
/// error at the derive — ``unresolved import `toolmeta::__private::toolmeta_derive_0_3_needs_toolmeta_0_3` `` —
/// that says which versions to align, instead of errors about generated code. Bumping the
/// version renames it (a unit test keeps it in step with `CARGO_PKG_VERSION`).
pub mod toolmeta_derive_0_2_needs_toolmeta_0_2 {
    pub use super::*;
}

/// The defaults of a recorded field (required, canonical, read as is, no alias): the derive
/// writes `InputField { key, wire, ..__toolmeta::FIELD }` with only what differs, fewer tokens per
/// field for the compiler to parse.
///
/// A `static`, not a `const`, though only ever read in a `const` (`INPUT_FIELDS`): the
/// remaining fields of a struct literal are then copied out of one place, where a `const`
/// base is a separate constant for each of them, and the `INPUT_FIELDS` array, no longer
/// promotable, is not also a promoted constant that rustc lints by evaluating it. Measured:
/// 85 M of rustc's 15.27 G instructions on 200 derived structs.
pub static FIELD: InputField = InputField::new("", "");

/// [`FIELD`] with the JSON values of a string type, for an extra key from a field the
/// derive sees is a string (a canonical string key's [`FIELD`] already says so).
pub static FIELD_STRING: InputField = FIELD.raw(RawType::String);

/// [`FIELD`] with the JSON values of `bool`.
pub static FIELD_BOOL: InputField = FIELD.raw(RawType::Bool);

/// [`FIELD`] with the range of each primitive integer type: the derive writes
/// `..__toolmeta::FIELD_U8` for a `u8` field, no more tokens than `..__toolmeta::FIELD`.
macro_rules! integer_fields {
    ($($name:ident: $ty:ty),*) => {
        $(
            #[doc = concat!("[`FIELD`] with the range of `", stringify!($ty), "`.")]
            pub static $name: InputField =
                FIELD.raw(RawType::integer(<$ty>::MIN as i128, <$ty>::MAX as u128));
        )*
    };
}

integer_fields!(
    FIELD_I8: i8, FIELD_I16: i16, FIELD_I32: i32, FIELD_I64: i64, FIELD_I128: i128,
    FIELD_ISIZE: isize, FIELD_U8: u8, FIELD_U16: u16, FIELD_U32: u32, FIELD_U64: u64,
    FIELD_U128: u128, FIELD_USIZE: usize
);

use crate::convert::one_based_offset;
use crate::normalize_offset;

/// Writes the entries of a derived `project`, keeping the first error and skipping the rest.
///
/// The generated body is one chain, `Projector::new(map).text(..).integer(..)..finish()`:
/// each call takes the projector by value, so the body has no `?` to desugar, no
/// temporaries to drop and no unwind paths to clean up, which keeps the compiler's work per
/// derived type small. Each method takes the field's value already converted, as an
/// `Option`: `<FieldType as ProjectKey>::some(&field)`, or `::optional` for an optional
/// field, named by the derive at the user's type.
///
/// The outcome is held in a `ManuallyDrop`, so that a `Projector` has no drop glue whatever
/// the serializer's error type: otherwise every call in the chain gets an unwind path that
/// drops the projector, and the derived body drop flags to track it (measured: 30 M of
/// rustc's 15.3 G instructions on 200 derived structs). [`Projector::finish`] takes the outcome out; a projector that
/// is never finished (only if a conversion panics midway) leaks the error it holds, if any.
#[must_use = "the projection's outcome is returned by `finish`"]
pub struct Projector<'a, M: SerializeMap> {
    map: &'a mut M,
    result: ManuallyDrop<Result<(), M::Error>>,
}

impl<'a, M: SerializeMap> Projector<'a, M> {
    /// Starts writing into `map`.
    #[inline]
    pub fn new(map: &'a mut M) -> Self {
        Projector {
            map,
            result: ManuallyDrop::new(Ok(())),
        }
    }

    /// Writes `key: value` when there is a value (an absent optional field is omitted),
    /// unless an earlier entry failed.
    #[inline]
    fn write<V: Serialize + ?Sized>(mut self, key: &'static str, value: Option<&V>) -> Self {
        if let (Some(value), Ok(())) = (value, &*self.result) {
            // The `Ok(())` replaced has nothing to drop.
            self.result = ManuallyDrop::new(self.map.serialize_entry(key, value));
        }
        self
    }

    /// Writes a string key whose value may be converted lossily (paths).
    #[inline]
    pub fn lossy(self, key: &'static str, value: Option<Cow<'_, str>>) -> Self {
        self.write(key, value.as_deref())
    }

    /// Writes a string key.
    #[inline]
    pub fn text(self, key: &'static str, value: Option<&str>) -> Self {
        self.write(key, value)
    }

    /// Writes an integer key, saturating at the JSON integer range (see [`Integer`]).
    #[inline]
    pub fn integer(self, key: &'static str, value: Option<i128>) -> Self {
        self.write(key, value.map(Integer).as_ref())
    }

    /// Writes `offset`, normalized: a negative offset has no 1-based equivalent and is
    /// dropped (see [`normalize_offset`]).
    #[inline]
    pub fn offset(self, value: Option<i128>) -> Self {
        self.write(
            crate::keys::OFFSET,
            value.and_then(normalize_offset).as_ref(),
        )
    }

    /// Writes `offset` from a source that counts from 0 (`#[tool(zero_based)]`): shifted by
    /// one (see [`one_based_offset`]).
    #[inline]
    pub fn offset_from_zero(self, value: Option<i128>) -> Self {
        self.write(
            crate::keys::OFFSET,
            value.and_then(one_based_offset).as_ref(),
        )
    }

    /// Writes an extra key.
    #[inline]
    pub fn extra(self, key: &'static str, value: Option<Extra<'_>>) -> Self {
        self.write(key, value.as_ref())
    }

    /// The outcome: the first error, if any.
    #[inline]
    pub fn finish(self) -> Result<(), M::Error> {
        ManuallyDrop::into_inner(self.result)
    }
}

/// Whether `tool` projects at least one entry: the derived `has_input` of a tool whose every
/// key may be absent at run time (all `Option`, a dropped negative `offset`, a `with` that
/// returns `None`), so that an empty projection omits `input` rather than writing `{}`.
///
/// It runs the projection itself into a map that only counts keys, so it agrees with what
/// `project` writes by construction; values are never serialized.
pub fn projects_any<T: Projection + ?Sized>(tool: &T) -> bool {
    let mut counter = KeyCounter(0);
    // Counting never fails; a projection that failed anyway has nothing to show.
    tool.project(&mut counter).is_ok() && counter.0 > 0
}

/// A map that counts the keys written into it.
struct KeyCounter(usize);

/// The error of [`KeyCounter`], which never fails (serde requires an error type).
#[derive(Debug)]
struct CounterError;

impl std::fmt::Display for CounterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("counting projected keys failed")
    }
}

impl std::error::Error for CounterError {}

impl serde::ser::Error for CounterError {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        CounterError
    }
}

impl SerializeMap for KeyCounter {
    type Ok = ();
    type Error = CounterError;

    fn serialize_key<K: Serialize + ?Sized>(&mut self, _: &K) -> Result<(), CounterError> {
        self.0 += 1;
        Ok(())
    }

    fn serialize_value<V: Serialize + ?Sized>(&mut self, _: &V) -> Result<(), CounterError> {
        Ok(())
    }

    fn end(self) -> Result<(), CounterError> {
        Ok(())
    }
}

mod sealed {
    /// Only the types listed in `__private` fit a key.
    pub trait Sealed {}
}
use sealed::Sealed;

/// A field read by `project` through [`checked`]: its key's `checked` trait when the type
/// fits the key, else [`Unfit`] (see the derive's `as_is`).
pub struct Field<'a, T: ?Sized>(pub &'a T);

/// What `project` reads a field through when its type does not fit its key: never run,
/// because the key trait's `RAW` in `INPUT_FIELDS` then fails the build, naming the type;
/// it keeps `project` from failing a second time on the same type.
///
/// Implemented for `&Field`, one reference further than the `checked` traits, so method
/// lookup on a `&Field` finds it only when the key's own trait does not apply.
pub trait Unfit {
    /// Nothing: the build has already failed.
    #[inline]
    fn some<T>(&self) -> Option<T> {
        None
    }
}
impl<T: ?Sized> Unfit for &Field<'_, T> {}

macro_rules! checked_trait {
    ($checked:ident: $trait:ident -> $ret:ty) => {
        /// The key trait of the same row, on a [`Field`](super::Field) of a type that fits.
        pub trait $checked<'a> {
            /// The value of the field.
            fn some(&self) -> Option<$ret>;
        }
        impl<'a, T: super::$trait + ?Sized> $checked<'a> for super::Field<'a, T> {
            #[inline]
            fn some(&self) -> Option<$ret> {
                Some(self.0.value())
            }
        }
    };
}

/// For each key, named as its row of the key table (`checked::OFFSET`), the key trait
/// read by method call on a [`Field`], returning what the field's reference borrows.
#[allow(non_camel_case_types)]
pub mod checked {
    use super::*;

    /// The `checked` traits of the key table's rows.
    macro_rules! checked_traits {
        ($( $(#[$doc:meta])* $name:ident {
            key: $key:literal, carries: $takes:ident, project_trait: $trait:ident, $($more:tt)*
        } )*) => {
            $( checked_trait!($name: $trait -> borrowed_key_value!($takes)); )*
        };
    }

    /// What the `checked` trait of a key that takes `$takes` returns: its key trait's value,
    /// borrowing from the field for `'a`.
    macro_rules! borrowed_key_value {
        (Path) => { Cow<'a, str> };
        (Text) => { &'a str };
        (Integer) => { i128 };
    }

    crate::contract::shared::keys::key_table!(checked_traits);
    checked_trait!(EXTRA: ProjectExtra -> Extra<'a>);
}

macro_rules! key_trait {
    ($(#[$doc:meta])* $trait:ident -> $ret:ty, $message:literal, $label:literal, $note:literal) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $message, label = $label, note = $note)]
        pub trait $trait: Sealed {
            /// The JSON values the type deserializes from (see [`RawType`]).
            const RAW: RawType;

            /// The value to project.
            fn value(&self) -> $ret;

            /// The value of a required field.
            #[inline]
            fn some(&self) -> Option<$ret> {
                Some(self.value())
            }

            /// The value of an optional field, if present.
            #[inline]
            fn optional(field: &Option<Self>) -> Option<$ret>
            where
                Self: Sized,
            {
                match field {
                    Some(value) => Some(value.value()),
                    None => None,
                }
            }
        }
    };
}

key_trait!(
    /// A type that can be projected under an `extra` key.
    ProjectExtra -> Extra<'_>,
    "`{Self}` cannot be projected under an extra key: extra values are strings, paths, integers or bools",
    "cannot be projected under an extra key",
    "an extra key accepts the string and path types of `path`, the primitive integers and bool (or an Option of one); convert other types with #[tool(with = \"...\")]"
);

/// The output of a `with` function (or a computed key): `$value` for a key the label's shape
/// requires (the function returns the value itself), `$option` for an optional one (it
/// returns an `Option`). Each checks the function's output type with a message that says
/// what the function must look like, then converts it as the key's trait does.
macro_rules! with_traits {
    ($base:ident -> $ret:ty, $value:ident, $value_message:literal, $option:ident, $option_message:literal, $note:literal) => {
        #[doc = concat!("The output of a `with` function for a required key of [`", stringify!($base), "`].")]
        #[diagnostic::on_unimplemented(
            message = $value_message,
            label = "this function returns `{Self}`",
            note = $note
        )]
        pub trait $value {
            /// The value to project.
            fn project(&self) -> Option<$ret>;
        }

        // Not recommended: the error names what the function returns, not the key's trait.
        #[diagnostic::do_not_recommend]
        impl<T: $base + ?Sized> $value for T {
            #[inline]
            fn project(&self) -> Option<$ret> {
                Some(self.value())
            }
        }

        #[doc = concat!("The output of a `with` function for an optional key of [`", stringify!($base), "`].")]
        #[diagnostic::on_unimplemented(
            message = $option_message,
            label = "this function returns `{Self}`",
            note = $note
        )]
        pub trait $option {
            /// The value to project, if any.
            fn project(&self) -> Option<$ret>;
        }

        #[diagnostic::do_not_recommend]
        impl<T: $base> $option for Option<T> {
            #[inline]
            fn project(&self) -> Option<$ret> {
                self.as_ref().map(|value| value.value())
            }
        }
    };
}

with_traits!(
    ProjectPath -> Cow<'_, str>,
    WithPathValue,
    "a `with` function for a path key the tool always carries (`path`, `directory` or `cwd`) returns the value itself: `fn(&FieldType) -> String` (or another string or path type), not `{Self}`",
    WithPathOption,
    "a `with` function for an optional path key returns an `Option`: `fn(&FieldType) -> Option<String>` (or an Option of another string or path type), not `{Self}`; `None` omits the key",
    "a key the label's shape requires is in every envelope of the tool, so its `with` function returns the value; for an optional key it returns an `Option` (a function of `compute(...)` takes the whole tool: `fn(&Self) -> ...`)"
);
with_traits!(
    ProjectCommand -> &str,
    WithTextValue,
    "a `with` function for a text key the tool always carries (such as `command` or `pattern`) returns the value itself: `fn(&FieldType) -> String` (or another string type), not `{Self}`",
    WithTextOption,
    "a `with` function for an optional text key returns an `Option`: `fn(&FieldType) -> Option<String>` (or an Option of another string type), not `{Self}`; `None` omits the key",
    "a key the label's shape requires is in every envelope of the tool, so its `with` function returns the value; for an optional key it returns an `Option` (a function of `compute(...)` takes the whole tool: `fn(&Self) -> ...`)"
);
with_traits!(
    ProjectLimit -> i128,
    WithIntegerValue,
    "a `with` function for an integer key the tool always carries returns the value itself: `fn(&FieldType) -> u64` (or another primitive integer), not `{Self}`",
    WithIntegerOption,
    "a `with` function for `offset` or `limit` returns an `Option`: `fn(&FieldType) -> Option<u64>` (or an Option of another primitive integer), not `{Self}`; `None` omits the key",
    "`offset` and `limit` are optional in every label shape, so their `with` function returns an `Option`; a function of `compute(...)` takes the whole tool: `fn(&Self) -> Option<u64>`"
);
with_traits!(
    ProjectExtra -> Extra<'_>,
    WithExtraValue,
    "a `with` function for an extra key returns an `Option`: `fn(&FieldType) -> Option<String>` (or an Option of an integer or bool), not `{Self}`",
    WithExtraOption,
    "a `with` function for an extra key returns an `Option`: `fn(&FieldType) -> Option<String>` (or an Option of another string, path or integer type, or bool), not `{Self}`; `None` omits the key",
    "extra keys are never required, so their `with` function returns an `Option`"
);

/// Implements `$trait` for the string types, and `&T` of each.
macro_rules! text_impls {
    ($trait:ident, $ret:ty, |$s:ident| $text:expr) => {
        text_impls!(@one $trait, $ret, |$s| $text, str, String, Cow<'_, str>, Box<str>, Arc<str>, Rc<str>);
    };
    (@one $trait:ident, $ret:ty, |$s:ident| $text:expr, $($ty:ty),*) => {
        $(
            impl $trait for $ty {
                const RAW: RawType = RawType::String;
                fn value(&self) -> $ret {
                    let $s: &str = self;
                    $text
                }
            }
            impl $trait for &$ty {
                const RAW: RawType = RawType::String;
                fn value(&self) -> $ret {
                    let $s: &str = self;
                    $text
                }
            }
        )*
    };
}

/// Implements `$trait` for the path types (beyond the string ones), and `&T` of each.
macro_rules! path_impls {
    ($trait:ident, $ret:ty, |$s:ident| $path:expr) => {
        path_impls!(@one $trait, $ret, |$s| $path, RawType::String, Path, PathBuf, Cow<'_, Path>, Box<Path>, Arc<Path>, Rc<Path>);
        // serde reads an `OsString` from its platform enum (`{"Unix": [..]}`), never from a
        // JSON string: a raw string is not what the typed field holds.
        path_impls!(@one $trait, $ret, |$s| $path, RawType::Unreadable, OsStr, OsString);
    };
    (@one $trait:ident, $ret:ty, |$s:ident| $path:expr, $raw:expr, $($ty:ty),*) => {
        $(
            impl $trait for $ty {
                const RAW: RawType = $raw;
                fn value(&self) -> $ret {
                    let $s: &Path = AsRef::<Path>::as_ref(self);
                    $path
                }
            }
            impl $trait for &$ty {
                const RAW: RawType = $raw;
                fn value(&self) -> $ret {
                    let $s: &Path = AsRef::<Path>::as_ref(*self);
                    $path
                }
            }
        )*
    };
}

/// Implements `$trait` for the primitive integers, and `&T` of each.
macro_rules! integer_impls {
    ($trait:ident, $ret:ty, |$n:ident| $int:expr) => {
        integer_impls!(@one $trait, $ret, |$n| $int, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
    };
    (@one $trait:ident, $ret:ty, |$n:ident| $int:expr, $($ty:ty),*) => {
        $(
            impl $trait for $ty {
                const RAW: RawType = RawType::integer(<$ty>::MIN as i128, <$ty>::MAX as u128);
                fn value(&self) -> $ret {
                    // Only a u128 beyond i128::MAX fails; it saturates (see `Integer`).
                    let $n = i128::try_from(*self).unwrap_or(i128::MAX);
                    $int
                }
            }
            impl $trait for &$ty {
                const RAW: RawType = RawType::integer(<$ty>::MIN as i128, <$ty>::MAX as u128);
                fn value(&self) -> $ret {
                    let $n = i128::try_from(**self).unwrap_or(i128::MAX);
                    $int
                }
            }
        )*
    };
}

/// The traits of the canonical keys, from the rows of the key table
/// (`contract/shared/keys.rs`): for each key, its trait (named by the derive at the user's
/// field type), what values it takes (`Path`: the string and path types; `Text`: the string
/// types; `Integer`: the primitive integers), and its `on_unimplemented` message, label and
/// note.
macro_rules! key_traits {
    ($( $(#[$doc:meta])* $name:ident {
        key: $key:literal, carries: $takes:ident, project_trait: $trait:ident, write: $write:ident $(/ $zero_based:ident)?,
        message: $message:literal, label: $label:literal, note: $note:literal, $($more:tt)*
    } )*) => {
        $(
            key_trait!(#[doc = concat!("A type that can be projected as `", $key, "`.")] $trait -> key_value!($takes), $message, $label, $note);
            key_impls!($takes, $trait);
        )*
    };
}

/// What the trait of a key that takes `$takes` converts a value to.
macro_rules! key_value {
    (Path) => { Cow<'_, str> };
    (Text) => { &str };
    (Integer) => { i128 };
}

/// The impls of the trait of a key that takes `$takes`.
macro_rules! key_impls {
    (Path, $trait:ident) => {
        text_impls!($trait, Cow<'_, str>, |s| Cow::Borrowed(s));
        path_impls!($trait, Cow<'_, str>, |p| p.to_string_lossy());
    };
    (Text, $trait:ident) => {
        text_impls!($trait, &str, |s| s);
    };
    (Integer, $trait:ident) => {
        integer_impls!($trait, i128, |n| n);
    };
}

crate::contract::shared::keys::key_table!(key_traits);

/// Seals every type that fits some key.
macro_rules! sealed {
    ($($ty:ty),*) => { $( impl Sealed for $ty {} impl Sealed for &$ty {} )* };
}
sealed!(str, String, Cow<'_, str>, Box<str>, Arc<str>, Rc<str>);
sealed!(
    Path,
    PathBuf,
    Cow<'_, Path>,
    Box<Path>,
    Arc<Path>,
    Rc<Path>,
    OsStr,
    OsString
);
sealed!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, bool
);

/// `command` also takes the command types of [`convert`](crate::convert), which hold the
/// command line an argv stands for.
macro_rules! command_impls {
    ($($ty:ty => $raw:expr),*) => {
        $(
            impl Sealed for $ty {}
            impl Sealed for &$ty {}
            impl ProjectCommand for $ty {
                const RAW: RawType = $raw;
                fn value(&self) -> &str {
                    self.as_str()
                }
            }
            impl ProjectCommand for &$ty {
                const RAW: RawType = $raw;
                fn value(&self) -> &str {
                    self.as_str()
                }
            }
        )*
    };
}
command_impls!(
    crate::convert::Argv => RawType::Argv,
    crate::convert::CommandLine => RawType::CommandLine
);

/// The `limit` of a `#[tool(last_line)]` field: the lines from the tool's first line (its
/// `offset` field's value, `first_zero_based` when that field counts from 0) through `last`.
#[inline]
pub fn last_line_limit(
    first: Option<i128>,
    first_zero_based: bool,
    last: Option<i128>,
) -> Option<i128> {
    let first = if first_zero_based {
        first.and_then(one_based_offset)
    } else {
        first.and_then(normalize_offset)
    };
    crate::convert::line_count(first, last?).map(i128::from)
}

text_impls!(ProjectExtra, Extra<'_>, |s| Extra::Text(Cow::Borrowed(s)));
path_impls!(ProjectExtra, Extra<'_>, |p| Extra::Text(
    p.to_string_lossy()
));
integer_impls!(ProjectExtra, Extra<'_>, |n| Extra::Integer(Integer(n)));

impl ProjectExtra for bool {
    const RAW: RawType = RawType::Bool;
    fn value(&self) -> Extra<'_> {
        Extra::Bool(*self)
    }
}

impl ProjectExtra for &bool {
    const RAW: RawType = RawType::Bool;
    fn value(&self) -> Extra<'_> {
        Extra::Bool(**self)
    }
}

/// A projected integer. JSON readers only agree on integers within `i64::MIN..=u64::MAX`,
/// so values beyond that range (only `i128`/`u128` have them) saturate at its ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Integer(pub i128);

impl Serialize for Integer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match u64::try_from(self.0) {
            Ok(n) => serializer.serialize_u64(n),
            Err(_) if self.0 < 0 => {
                serializer.serialize_i64(i64::try_from(self.0).unwrap_or(i64::MIN))
            }
            Err(_) => serializer.serialize_u64(u64::MAX),
        }
    }
}

/// A projected extra value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Extra<'a> {
    /// A string or a lossily-converted path.
    Text(Cow<'a, str>),
    /// An integer.
    Integer(Integer),
    /// A bool.
    Bool(bool),
}

impl Serialize for Extra<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Extra::Text(text) => serializer.serialize_str(text),
            Extra::Integer(integer) => integer.serialize(serializer),
            Extra::Bool(flag) => serializer.serialize_bool(*flag),
        }
    }
}

// The tests declare tools with the derive.
#[cfg(all(test, feature = "derive"))]
mod tests {
    use crate::ToolIdentity;

    /// The module the derive imports is named after this crate's release, as the derive
    /// names it from its own (`toolmeta-derive`'s `expand::private_module`).
    #[test]
    fn the_versioned_module_is_named_after_this_release() {
        let major: u32 = env!("CARGO_PKG_VERSION_MAJOR").parse().unwrap();
        let minor = env!("CARGO_PKG_VERSION_MINOR");
        let version = match major {
            0 => format!("0_{minor}"),
            major => major.to_string(),
        };
        let expected = format!("toolmeta_derive_{version}_needs_toolmeta_{version}");
        let path = std::any::type_name::<super::toolmeta_derive_0_2_needs_toolmeta_0_2::Integer>();
        assert_eq!(path, "toolmeta::__private::Integer");
        // The module's name is only in the source: read it from there.
        let source = include_str!("__private.rs");
        assert!(
            source.contains(&format!("pub mod {expected} {{")),
            "__private must declare `pub mod {expected}` for release {}",
            env!("CARGO_PKG_VERSION")
        );
    }

    /// Inside toolmeta itself (the catalog), the derive is pointed at `crate`.
    #[derive(ToolIdentity)]
    #[tool(
        crate = "crate",
        name = "Read",
        namespace = "claude_code",
        kind = "read"
    )]
    struct Read {
        #[tool(project = "path")]
        file_path: String,
        #[tool(project)]
        offset: Option<i64>,
    }

    #[test]
    fn derive_inside_the_runtime_crate() {
        let read = Read {
            file_path: "a.rs".into(),
            offset: Some(-1),
        };
        assert_eq!(
            serde_json::to_string(&read.envelope()).unwrap(),
            r#"{"version":1,"name":"Read","kind":"read","namespace":"claude_code","label":"Read","read_only":true,"input":{"path":"a.rs"}}"#
        );
    }

    /// A map that records the keys written and fails on `fail_on`.
    struct Recorder {
        keys: Vec<String>,
        fail_on: &'static str,
    }

    #[derive(Debug, PartialEq)]
    struct Refused(String);

    impl std::fmt::Display for Refused {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "refused `{}`", self.0)
        }
    }

    impl std::error::Error for Refused {}

    impl serde::ser::Error for Refused {
        fn custom<T: std::fmt::Display>(message: T) -> Self {
            Refused(message.to_string())
        }
    }

    impl super::SerializeMap for Recorder {
        type Ok = ();
        type Error = Refused;

        fn serialize_key<K: serde::Serialize + ?Sized>(&mut self, key: &K) -> Result<(), Refused> {
            let key = serde_json::to_value(key)
                .unwrap()
                .as_str()
                .unwrap()
                .to_owned();
            if key == self.fail_on {
                return Err(Refused(key));
            }
            self.keys.push(key);
            Ok(())
        }

        fn serialize_value<V: serde::Serialize + ?Sized>(&mut self, _: &V) -> Result<(), Refused> {
            Ok(())
        }

        fn end(self) -> Result<(), Refused> {
            Ok(())
        }
    }

    #[derive(ToolIdentity)]
    #[tool(
        crate = "crate",
        name = "bash",
        namespace = "grok_build",
        kind = "execute"
    )]
    struct Bash {
        #[tool(project)]
        command: String,
        #[tool(project)]
        description: Option<String>,
        #[tool(project)]
        cwd: String,
    }

    #[test]
    fn a_failing_entry_is_the_result_and_the_entries_after_it_are_skipped() {
        let bash = Bash {
            command: "ls".into(),
            description: Some("list".into()),
            cwd: "/".into(),
        };
        let mut map = Recorder {
            keys: Vec::new(),
            fail_on: "description",
        };
        assert_eq!(bash.project(&mut map), Err(Refused("description".into())));
        assert_eq!(map.keys, ["command"]);

        let mut map = Recorder {
            keys: Vec::new(),
            fail_on: "none",
        };
        assert_eq!(bash.project(&mut map), Ok(()));
        assert_eq!(map.keys, ["command", "description", "cwd"]);
    }

    #[test]
    fn integers_saturate_at_the_json_range() {
        use super::Integer;
        let json = |n: i128| serde_json::to_string(&Integer(n)).unwrap();
        assert_eq!(json(i128::MAX), u64::MAX.to_string());
        assert_eq!(json(i128::MIN), i64::MIN.to_string());
        assert_eq!(json(-1), "-1");
        assert_eq!(json(u64::MAX as i128), u64::MAX.to_string());
    }
}
