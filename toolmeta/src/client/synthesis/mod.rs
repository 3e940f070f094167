//! What the ledger asks the catalog of a call that carries no usable envelope — the one
//! place the `catalog` feature is read.
//!
//! With the feature, [`Catalog`] asks [`catalog::synthesize`](crate::catalog::synthesize)
//! (or the client's own [`Synthesizer`]) and names tools from their arguments; without
//! it, there is no harness to ask about ([`Harness`] has no value) and every question has
//! no answer, so the ledger resolves every call from ACP's own fields.

#[cfg(feature = "catalog")]
mod enabled;
#[cfg(feature = "catalog")]
pub use enabled::Synthesizer;
#[cfg(feature = "catalog")]
pub(crate) use enabled::{Catalog, Harness};

#[cfg(not(feature = "catalog"))]
mod disabled;
#[cfg(not(feature = "catalog"))]
pub(crate) use disabled::{Catalog, Harness};
