//! The `agent` example from the wire.

// Paths that resolve outside the session's working directory are refused.
mod confinement;
// A client byte by byte (`RawAgent`), as a hostile or broken one would be.
mod driver;
// A client that sends what it should not: each gets an answer saying what was wrong.
mod peer_input;
// A client on the official ACP TypeScript SDK (`tests/acp-client`, Node.js).
mod ts_client;
// Turns cancelled, left, or run in several sessions at once.
mod turns;
