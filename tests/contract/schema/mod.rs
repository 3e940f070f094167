//! The envelope's JSON Schemas: toolmeta's published one and the reference one.

// Strict decoding and the published schema accept exactly the same envelopes.
mod decoding;
// The published schema (`toolmeta/schema/`) is the types', and the catalog's schema too.
mod published;
// Conformance with the reference schema of the harness that defined the envelope.
mod reference;
