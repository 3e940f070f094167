//! `toolmeta touched`.

// Crafted or unlucky logs cannot make the report omit or relabel a path, or hide a gap.
mod crafted_logs;
// Every path and command the real recordings carry, call by call.
mod recordings;
// The text report: heading, one line per verb and path, legend.
mod text;
