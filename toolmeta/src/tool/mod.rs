//! The traits the derive implements: [`ToolIdentity`] (a tool struct) and [`ToolDispatch`]
//! (an enum of tools), with [`Projection`], the canonical input an [`Envelope`] carries.

mod remote;
mod tagged;

pub(crate) use remote::remote_projection;
pub use remote::{ToolFor, ToolView};
pub(crate) use tagged::Tagging;
pub use tagged::{TaggedTool, TaggedVariant};

use crate::{Envelope, Identity, ToolMeta};
use serde::ser::SerializeMap;
use serde_json::Value;

/// Projects raw JSON arguments by deserializing them into a tool type first: `None` when they
/// do not deserialize, else the typed projection (itself `None` for no input).
#[doc(hidden)]
pub type TypedProjection = fn(&Value) -> Option<Option<Value>>;

/// The canonical input of a value an [`Envelope`] carries: which canonical (and extra) keys
/// it projects.
///
/// Every [`ToolIdentity`] type has it, through its own [`ToolIdentity::has_input`] and
/// [`ToolIdentity::project`] (a tool struct is one impl: rustc checks each derived impl,
/// so one per struct is less compile time than two). An enum of tools implements it beside
/// [`ToolDispatch`] (`#[derive(ToolIdentity)]` on the enum does).
///
/// A type that implements both this trait and `ToolIdentity` — any tool — has two methods
/// of each name: call them as `ToolIdentity::project(&tool, map)` when both traits are in
/// scope.
pub trait Projection {
    /// Whether this value carries an `input` at all (`false` for `no_input` tools and the
    /// dynamic variant of a tool enum). Defaults to `true`, so the derive only emits it for
    /// the exceptions.
    fn has_input(&self) -> bool {
        true
    }

    /// Writes the projected entries, canonical keys first, then extra keys.
    fn project<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error>;
}

/// A tool's projection is the one its [`ToolIdentity`] impl defines.
impl<T: ToolIdentity + ?Sized> Projection for T {
    #[inline]
    fn has_input(&self) -> bool {
        ToolIdentity::has_input(self)
    }

    #[inline]
    fn project<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        ToolIdentity::project(self, map)
    }
}

/// The unit projection: nothing.
impl Projection for () {
    fn has_input(&self) -> bool {
        false
    }

    fn project<M: SerializeMap>(&self, _map: &mut M) -> Result<(), M::Error> {
        Ok(())
    }
}

/// One projected field, as recorded by the derive: where it comes from in the raw JSON
/// arguments and where it goes in the canonical input.
///
/// The raw side follows serde: `wire` and `aliases` are every key serde reads the field
/// from, `optional` says it may be absent (an `Option`, or `#[serde(default)]`),
/// `converted` says the raw value cannot be projected as it is, and `raw` which JSON values
/// the field's type deserializes from (the raw projection takes no other).
///
/// Build one by hand with [`InputField::new`] and the `const` methods below. Its fields are
/// public, and it is not `#[non_exhaustive]`, because the derive writes each entry as a
/// struct literal (`InputField { key, wire, ..BASE }`: fewer tokens for rustc than a chain
/// of calls, measured); a field added here comes with a new release of the
/// `toolmeta`/`toolmeta-derive` pair, which must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InputField {
    /// The key in the canonical input (a canonical key, or an extra key when `extra`).
    pub key: &'static str,
    /// The field's key in the raw JSON arguments, after `#[serde(rename)]`/`rename_all`;
    /// empty for a key computed from the whole tool (`#[tool(compute(...))]`), which has none.
    pub wire: &'static str,
    /// The field's other keys in the raw JSON arguments: its `#[serde(alias)]`es, tried
    /// after `wire`.
    pub aliases: &'static [&'static str],
    /// Whether `key` is a harness-specific extra key rather than a canonical one.
    pub extra: bool,
    /// Whether the field may be absent from the raw arguments: an `Option`, or a field
    /// with `#[serde(default)]` (then the raw projection omits the key).
    pub optional: bool,
    /// Whether the raw value needs a Rust conversion before it can be projected — a
    /// `#[tool(with)]` function, a `#[serde(deserialize_with)]`/`#[serde(with)]`, a
    /// flattened field, or a key computed from the whole tool — so that the raw projection
    /// skips it (a [`ToolEntry::deserialized`](crate::ToolEntry::deserialized) entry
    /// projects it through the typed value).
    pub converted: bool,
    /// Whether the source counts `offset` from 0 (`#[tool(zero_based)]`): the projection
    /// adds one.
    pub zero_based: bool,
    /// Whether the field is the inclusive last line of a range starting at the tool's
    /// `offset` (`#[tool(last_line)]`), projected as the `limit` that counts its lines
    /// ([`line_count`](crate::convert::line_count)).
    pub last_line: bool,
    /// The JSON values the field's Rust type deserializes from: a raw value of another
    /// type, or an integer out of the type's range, is not projected (it is treated as
    /// absent), since the typed field could not have held it.
    pub raw: RawType,
}

/// The JSON values a projected field's Rust type deserializes from, recorded by the derive
/// so that the raw projection never emits a value the typed field could not have held
/// (`1000` for an `Option<u8>` `limit`, an array for a `bool` extra).
///
/// The derive reads it from the field's type: a primitive integer, `bool`, or a string or
/// path type spelled by name (`u8`, `String`, `PathBuf`, ...), and for any other spelling
/// (a type alias, `Cow<str>`, `Box<Path>`, ...) asks the type system, through the key's
/// trait, so that it is exact either way. A primitive name shadowed by an alias of another
/// type (`type u8 = u32;`) is taken at its word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RawType {
    /// Whatever the key's type carries: a string for a path or text key, an integer within
    /// JSON's `i64::MIN..=u64::MAX` for `offset` and `limit`, and a string, such an integer
    /// or a bool for an extra key. The default of [`InputField::new`], for a field
    /// recorded by hand; the derive records the exact type.
    OfKey,
    /// A JSON string (`String`, `&str`, `PathBuf`, `Cow<str>`, ...).
    String,
    /// A JSON integer within `min..=max`: a primitive integer type's range, within JSON's
    /// `i64::MIN..=u64::MAX` (the values a JSON reader agrees on, and all `serde_json`
    /// holds).
    Integer {
        /// The smallest value the type holds (`i64::MIN` for `i128`).
        min: i64,
        /// The largest value the type holds (`u64::MAX` for `u128`; `0` or more).
        max: u64,
    },
    /// A JSON bool.
    Bool,
    /// No JSON value the raw projection could take as it is: `OsString` and `&OsStr`
    /// deserialize from serde's platform enum (`{"Unix": [..]}`), not from a string.
    Unreadable,
    /// A JSON array of strings, an argv, projected as one command line
    /// ([`Argv`](crate::convert::Argv)).
    Argv,
    /// A JSON string, kept as it is, or an array of strings, an argv projected as one
    /// command line ([`CommandLine`](crate::convert::CommandLine)).
    CommandLine,
}

impl RawType {
    /// The range of a primitive integer type, from its bounds, clipped to JSON's.
    pub const fn integer(min: i128, max: u128) -> RawType {
        RawType::Integer {
            min: if min < i64::MIN as i128 {
                i64::MIN
            } else {
                min as i64
            },
            max: if max > u64::MAX as u128 {
                u64::MAX
            } else {
                max as u64
            },
        }
    }
}

impl InputField {
    /// A required field read from `wire` and projected under the canonical `key`; the other
    /// properties are set with the methods below.
    pub const fn new(key: &'static str, wire: &'static str) -> InputField {
        InputField {
            key,
            wire,
            aliases: &[],
            extra: false,
            optional: false,
            converted: false,
            zero_based: false,
            last_line: false,
            raw: RawType::OfKey,
        }
    }

    /// The same field, whose Rust type deserializes from the JSON values `raw`.
    pub const fn raw(self, raw: RawType) -> InputField {
        InputField { raw, ..self }
    }

    /// The same field projected under a harness-specific extra key.
    pub const fn extra(self) -> InputField {
        InputField {
            extra: true,
            ..self
        }
    }

    /// The same field, which may be absent from the raw arguments.
    pub const fn optional(self) -> InputField {
        InputField {
            optional: true,
            ..self
        }
    }

    /// The same field, also read from `aliases`.
    pub const fn aliases(self, aliases: &'static [&'static str]) -> InputField {
        InputField { aliases, ..self }
    }

    /// The same field, whose raw value cannot be projected as it is (skipped on the raw path).
    pub const fn converted(self) -> InputField {
        InputField {
            converted: true,
            ..self
        }
    }

    /// The same field, an `offset` counted from 0.
    pub const fn zero_based(self) -> InputField {
        InputField {
            zero_based: true,
            ..self
        }
    }

    /// The same field, the inclusive last line of a range from the tool's `offset`,
    /// projected as `limit`.
    pub const fn last_line(self) -> InputField {
        InputField {
            last_line: true,
            ..self
        }
    }

    /// The conversion applied to the raw value on top of its key's own rules, by its name
    /// in the closed list ([`Conversion`](crate::convert::Conversion)); `None` when the
    /// value is projected as it is — or when it needs a Rust function the record cannot
    /// name ([`converted`](InputField::converted)).
    ///
    /// ```
    /// use toolmeta::convert::Conversion;
    /// use toolmeta::{InputField, RawType};
    /// let offset = InputField::new("offset", "line").zero_based();
    /// assert_eq!(offset.conversion(), Some(Conversion::ZeroBased));
    /// let command = InputField::new("command", "argv").raw(RawType::Argv);
    /// assert_eq!(command.conversion(), Some(Conversion::CommandLine));
    /// assert_eq!(InputField::new("path", "file").conversion(), None);
    /// ```
    pub const fn conversion(&self) -> Option<crate::convert::Conversion> {
        use crate::convert::Conversion;
        if self.converted {
            None
        } else if self.zero_based {
            Some(Conversion::ZeroBased)
        } else if self.last_line {
            Some(Conversion::LastLine)
        } else if matches!(self.raw, RawType::Argv | RawType::CommandLine) {
            Some(Conversion::CommandLine)
        } else {
            None
        }
    }
}

/// A tool-argument type with a compile-time identity and its projection: what
/// `#[derive(ToolIdentity)]` gives a struct. Implementing it by hand is possible but gives
/// up the compile-time checks of the wire contract.
///
/// ```
/// use toolmeta::ToolIdentity;
///
/// #[derive(ToolIdentity)]
/// #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
/// struct ReadFile {
///     #[tool(project)]
///     path: String,
///     #[tool(project)]
///     offset: Option<i64>,
/// }
///
/// let read = ReadFile { path: "src/main.rs".into(), offset: Some(0) };
/// assert_eq!(
///     serde_json::to_string(&read.envelope()).unwrap(),
///     r#"{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"src/main.rs","offset":1}}"#
/// );
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tool: it does not implement `ToolIdentity`",
    label = "not a tool",
    note = "derive it: #[derive(ToolIdentity)] with #[tool(name = \"...\", namespace = \"...\", kind = \"...\")]"
)]
pub trait ToolIdentity {
    /// Who the tool is.
    const IDENTITY: Identity;

    /// The projected fields with their raw wire keys, in projection order; empty for a
    /// `no_input` tool.
    const INPUT_FIELDS: &'static [InputField];

    /// Set by the derive when some key is converted in Rust (`with`, `compute`, serde's
    /// `deserialize_with`, `flatten`, `from`, ...), which raw JSON cannot run: a toolset
    /// ([`ToolEntry::of`](crate::ToolEntry::of)) then projects raw arguments by deserializing
    /// them into the type, so that every key reaches the envelope. `None` (the default):
    /// through the recorded wire keys.
    #[doc(hidden)]
    const TYPED_PROJECTION: Option<TypedProjection> = None;

    /// Whether this value carries an `input` at all (`false` for a `no_input` tool, and for
    /// one whose every projected field is absent). Defaults to `true`, so the derive only
    /// emits it for the exceptions. The tool's [`Projection::has_input`].
    fn has_input(&self) -> bool {
        true
    }

    /// Writes the projected entries, canonical keys first, then extra keys: the tool's
    /// [`Projection::project`].
    fn project<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error>;

    /// The borrowing envelope of this value (see [`Envelope`]): serialize it, stamp it into
    /// an event's `_meta` with [`Envelope::stamp`], rename it at run time with
    /// [`Envelope::with_name`]. The identity-only envelope of the first `tool_call`, sent
    /// before the arguments are parsed, is [`Self::IDENTITY`]`.envelope()`
    /// ([`Identity::envelope`]).
    fn envelope(&self) -> Envelope<'_, Self> {
        Envelope::new(Self::IDENTITY, self)
    }

    /// The owned envelope: identity and projected input.
    fn tool_meta(&self) -> ToolMeta {
        self.envelope().to_tool_meta()
    }
}

/// An enum of tool inputs (one newtype variant per tool, plus a dynamic catch-all):
/// identity and projection chosen per value by dispatch. What `#[derive(ToolIdentity)]`
/// gives an enum.
pub trait ToolDispatch: Projection {
    /// The identity of this value's tool; `None` for the dynamic catch-all.
    fn identity(&self) -> Option<Identity>;

    /// The borrowing envelope; `None` for the dynamic catch-all, which carries none (an
    /// event of it is left unstamped).
    fn envelope(&self) -> Option<Envelope<'_, Self>> {
        self.identity()
            .map(|identity| Envelope::new(identity, self))
    }
}
