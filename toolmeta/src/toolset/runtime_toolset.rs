//! [`Toolset`]: a toolset built at run time, with duplicate wire names rejected as errors.

use std::collections::HashMap;
use std::fmt;

use super::{RegisteredTool, StaticToolset, ToolEntry};

/// A toolset built at run time (tools from configuration, MCP servers, renames read from
/// settings). Inserting a wire name that is already registered is an error.
///
/// ```
/// use toolmeta::{Identity, Namespace, ToolEntry, ToolKind, Toolset};
///
/// const BASH: ToolEntry =
///     ToolEntry::new(Identity::new("bash", ToolKind::Execute, Namespace::GrokBuild), &[]);
///
/// let mut tools = Toolset::new();
/// tools.insert(BASH).unwrap();
/// // The same tool again under a name chosen at run time:
/// tools.insert_as(format!("{}_v2", "bash"), BASH).unwrap();
/// let err = tools.insert(BASH).unwrap_err();
/// assert_eq!(err.name(), "bash");
/// assert_eq!(tools.get("bash_v2").unwrap().tool_meta(None).name, "bash_v2");
/// ```
#[derive(Debug, Clone, Default)]
pub struct Toolset {
    names: HashMap<Box<str>, usize>,
    tools: Vec<(Box<str>, ToolEntry)>,
}

impl Toolset {
    /// An empty toolset.
    pub fn new() -> Toolset {
        Toolset::default()
    }

    /// Registers `entry` under its own wire name.
    ///
    /// # Errors
    ///
    /// [`DuplicateToolName`] when the name is already registered; the toolset is unchanged.
    pub fn insert(&mut self, entry: ToolEntry) -> Result<(), DuplicateToolName> {
        self.insert_as(entry.name(), entry)
    }

    /// Registers `entry` under the wire name `name` (a runtime rename).
    ///
    /// # Errors
    ///
    /// [`DuplicateToolName`] when the name is already registered; the toolset is unchanged.
    pub fn insert_as(
        &mut self,
        name: impl Into<Box<str>>,
        entry: ToolEntry,
    ) -> Result<(), DuplicateToolName> {
        let name = name.into();
        if self.names.contains_key(&name) {
            return Err(DuplicateToolName(name.into()));
        }
        self.names.insert(name.clone(), self.tools.len());
        self.tools.push((name, entry));
        Ok(())
    }

    /// The tool registered under the wire name `name`; `None` when there is none (an
    /// event of an unknown tool is left unstamped).
    pub fn get(&self, name: &str) -> Option<RegisteredTool<'_>> {
        let (name, entry) = &self.tools[*self.names.get(name)?];
        Some(RegisteredTool::new(name, entry))
    }

    /// Every registered tool, in registration order.
    pub fn tools(&self) -> impl Iterator<Item = RegisteredTool<'_>> {
        self.tools
            .iter()
            .map(|(name, entry)| RegisteredTool::new(name, entry))
    }

    /// The number of registered tools.
    pub fn len(&self) -> usize {
        self.tools.len()
    }

    /// Whether no tool is registered.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }
}

/// A static toolset's tools, to extend at run time (its names are already unique).
impl From<StaticToolset> for Toolset {
    fn from(toolset: StaticToolset) -> Toolset {
        let mut tools = Toolset::new();
        for entry in toolset.entries() {
            tools.names.insert(entry.name().into(), tools.tools.len());
            tools.tools.push((entry.name().into(), *entry));
        }
        tools
    }
}

/// The error of registering a wire name twice in a [`Toolset`].
///
/// ```
/// # use toolmeta::{Identity, Namespace, ToolEntry, ToolKind, Toolset};
/// # const READ: ToolEntry = ToolEntry::new(Identity::new("read", ToolKind::Read, Namespace::OpenCode), &[]);
/// let mut tools = Toolset::new();
/// tools.insert(READ).unwrap();
/// let err = tools.insert(READ).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "duplicate wire name `read`: each wire name in a toolset maps to exactly one tool"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateToolName(String);

impl DuplicateToolName {
    /// The wire name that was already registered.
    pub fn name(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for DuplicateToolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "duplicate wire name `{}`: each wire name in a toolset maps to exactly one tool",
            self.0
        )
    }
}

impl std::error::Error for DuplicateToolName {}
