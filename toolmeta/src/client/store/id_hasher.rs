//! [`IdHasher`]: how the index hashes the `toolCallId`s and session ids a stream sends.
//!
//! Whoever writes the log or runs the agent chooses the ids: a hash they could predict
//! would let them send ids that all collide. std's SipHash resists that at about 200
//! instructions per id; foldhash costs a fraction of it (`docs/performance.md`, "Where the
//! time goes") and resists it while its seeds are secret, so both are drawn from the
//! operating system's randomness (through std's `RandomState`): the shared one once per
//! process, the other once per index. The ledger never shows a hash nor a table's order,
//! so a stream cannot learn the seeds; and the index holds at most the retained calls and
//! their tombstones, which bounds what any collision could cost.

use std::hash::{BuildHasher, RandomState};
use std::sync::OnceLock;

use foldhash::SharedSeed;
use foldhash::fast::{FoldHasher, SeedableRandomState};

/// foldhash with secret seeds, one per index.
#[derive(Clone)]
pub(super) struct IdHasher(SeedableRandomState);

impl Default for IdHasher {
    fn default() -> IdHasher {
        static SHARED: OnceLock<SharedSeed> = OnceLock::new();
        let shared = SHARED.get_or_init(|| SharedSeed::from_u64(random_u64()));
        IdHasher(SeedableRandomState::with_seed(random_u64(), shared))
    }
}

impl BuildHasher for IdHasher {
    type Hasher = FoldHasher<'static>;

    fn build_hasher(&self) -> FoldHasher<'static> {
        self.0.build_hasher()
    }
}

/// 64 bits no stream can predict: SipHash of a fixed value under a secret key. std keys each
/// thread's first `RandomState` from the operating system's randomness and varies the key
/// for each one made after it.
fn random_u64() -> u64 {
    RandomState::new().hash_one(0u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_index_hashes_with_its_own_seed() {
        let (a, b) = (IdHasher::default(), IdHasher::default());
        let ids = ["call_1", "call_2", "toolu_01ABC"];
        assert!(
            ids.iter().any(|id| a.hash_one(id) != b.hash_one(id)),
            "two indexes hashed every id alike"
        );
        assert_eq!(a.hash_one("call_1"), a.clone().hash_one("call_1"));
    }
}
