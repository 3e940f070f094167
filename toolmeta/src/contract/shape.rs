//! Label shapes: which canonical keys a projecting tool of a given label must and may carry.

/// The keys a projecting tool of one label must carry and may carry.
///
/// ```
/// use toolmeta::LabelShape;
/// let read = LabelShape::of("Read");
/// assert_eq!(read.required, &["path"]);
/// assert!(read.allows("offset"));
/// assert!(!read.allows("command"));
/// // A label with no shape of its own accepts any canonical key.
/// assert!(LabelShape::of("Plan").allows("command"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct LabelShape {
    /// The label this shape is for (`"*"` for the open shape of every other label).
    pub label: &'static str,
    /// Keys that must be projected, from non-optional fields.
    pub required: &'static [&'static str],
    /// Keys that may be projected besides the required ones.
    pub optional: &'static [&'static str],
    /// Whether any canonical key is allowed (labels without a shape of their own).
    pub open: bool,
}

impl LabelShape {
    /// The shapes of the labels that have one, as in the wire contract.
    pub const ALL: &'static [LabelShape] = ALL;

    /// The open shape of every label not in [`LabelShape::ALL`]: nothing required, any
    /// canonical key allowed.
    pub const OPEN: LabelShape = LabelShape {
        label: "*",
        required: &[],
        optional: crate::keys::CANONICAL,
        open: true,
    };

    const fn closed(
        label: &'static str,
        required: &'static [&'static str],
        optional: &'static [&'static str],
    ) -> LabelShape {
        LabelShape {
            label,
            required,
            optional,
            open: false,
        }
    }

    /// The shape of `label`: its own if it has one, else [`LabelShape::OPEN`].
    pub fn of(label: &str) -> LabelShape {
        LabelShape::ALL
            .iter()
            .find(|shape| shape.label == label)
            .copied()
            .unwrap_or(LabelShape::OPEN)
    }

    /// Whether a canonical `key` may be projected by a tool of this shape.
    pub fn allows(&self, key: &str) -> bool {
        self.required.contains(&key) || self.optional.contains(&key)
    }
}

/// The runtime's reading of the shape table (`shared/shapes.rs`).
macro_rules! shapes {
    ($( $label:literal { required: [$($required:literal),*], optional: [$($optional:literal),*] $($more:tt)* } )*) => {
        const ALL: &[LabelShape] = &[$(LabelShape::closed($label, &[$($required),*], &[$($optional),*])),*];
    };
}
super::shared::shapes::shape_table!(shapes);
