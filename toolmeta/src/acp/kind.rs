//! The envelope's [`ToolKind`] mapped onto ACP's own, coarser `ToolKind`: each kind's ACP
//! kind is a column of the kind table (`contract/kind.rs`), by ACP's wire name; this module
//! maps those names onto ACP's type.

use agent_client_protocol_schema::v1::ToolKind as AcpToolKind;

use crate::ToolKind;

impl ToolKind {
    /// The ACP `ToolKind` for this kind, for harnesses that want the event's own `kind` to
    /// agree with the envelope. ACP's kinds drive icons and UI treatment in clients; the
    /// envelope's `kind` and `label` stay the precise identity. The mapping, with the reason
    /// for each kind, is the "ACP kind" column of [the kind table](ToolKind#the-kinds).
    ///
    /// ```
    /// use toolmeta::ToolKind;
    /// use toolmeta::acp::schema::v1::ToolKind as AcpToolKind;
    /// assert_eq!(ToolKind::ListDir.to_acp(), AcpToolKind::Read);
    /// assert_eq!(ToolKind::ExitPlan.to_acp(), AcpToolKind::SwitchMode);
    /// assert_eq!(AcpToolKind::from(ToolKind::WebSearch), AcpToolKind::Fetch);
    /// ```
    pub const fn to_acp(self) -> AcpToolKind {
        match acp_kind_named(self.acp_kind()) {
            Some(kind) => kind,
            // Never taken: `EVERY_ACP_KIND_IS_ACPS` below holds at compile time.
            None => AcpToolKind::Other,
        }
    }
}

/// ACP's `ToolKind` by its wire name (ACP writes it in snake_case).
const fn acp_kind_named(name: &str) -> Option<AcpToolKind> {
    Some(match name.as_bytes() {
        b"read" => AcpToolKind::Read,
        b"edit" => AcpToolKind::Edit,
        b"delete" => AcpToolKind::Delete,
        b"move" => AcpToolKind::Move,
        b"search" => AcpToolKind::Search,
        b"execute" => AcpToolKind::Execute,
        b"think" => AcpToolKind::Think,
        b"fetch" => AcpToolKind::Fetch,
        b"switch_mode" => AcpToolKind::SwitchMode,
        b"other" => AcpToolKind::Other,
        _ => return None,
    })
}

/// Every row of the kind table names one of ACP's kinds: a misspelled ACP kind stops the
/// build here instead of mapping to `other` unnoticed.
const EVERY_ACP_KIND_IS_ACPS: () = {
    let mut i = 0;
    while i < ToolKind::ALL.len() {
        assert!(
            acp_kind_named(ToolKind::ALL[i].acp_kind()).is_some(),
            "a row of the kind table names an ACP kind that ACP does not have"
        );
        i += 1;
    }
};

// Evaluated when the crate is compiled, whether or not anything names it.
const _: () = EVERY_ACP_KIND_IS_ACPS;

/// See the "ACP kind" column of [the kind table](ToolKind#the-kinds).
impl From<ToolKind> for AcpToolKind {
    fn from(kind: ToolKind) -> AcpToolKind {
        kind.to_acp()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the kind table are ACP's own: each maps to the ACP kind that serializes
    /// to that name.
    #[test]
    fn each_kinds_acp_kind_serializes_to_the_name_in_its_row() {
        for &kind in ToolKind::ALL {
            assert_eq!(
                serde_json::to_value(kind.to_acp()).unwrap(),
                kind.acp_kind(),
                "{kind}"
            );
        }
    }
}
