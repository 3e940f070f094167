//! The HTTP client the OTLP exporter posts through: ureq, blocking, with rustls for HTTPS.
//!
//! The exporter's `HttpClient` trait is async, but its only caller is the export thread,
//! which drives each export to completion (`futures_executor::block_on`): a blocking client
//! there needs no async runtime, and neither does the program.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use http::{Request, Response};
use opentelemetry_http::{HttpClient, HttpError};

/// The largest answer read from a collector (an OTLP answer is a few bytes; this is the
/// limit the exporter's own clients use).
const MAX_RESPONSE_BYTES: u64 = 4 << 20;

/// The transport error of the last failed request, which the exporter's own error reduces
/// to "network error": kept so that a failed export says why (connection refused, timeout).
pub(crate) type LastError = Arc<Mutex<Option<String>>>;

/// A blocking HTTP client for the exporter.
#[derive(Debug)]
pub(crate) struct BlockingClient {
    agent: ureq::Agent,
    last_error: LastError,
}

impl BlockingClient {
    /// A client whose every request, answer included, ends within `timeout`, and fails
    /// within `connect_timeout` when the collector's name does not resolve or its address
    /// does not take the connection (TLS handshake included): a collector that is down is
    /// told apart from one that is slow to answer. It keeps the cause of a failed request in
    /// `last_error`.
    pub(crate) fn new(
        timeout: Duration,
        connect_timeout: Duration,
        last_error: LastError,
    ) -> BlockingClient {
        let config = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            .timeout_resolve(Some(connect_timeout))
            .timeout_connect(Some(connect_timeout))
            // A collector's 4xx/5xx is an answer the exporter judges (and reports), not a
            // transport error.
            .http_status_as_error(false)
            .max_redirects(0)
            .build();
        BlockingClient {
            agent: ureq::Agent::new_with_config(config),
            last_error,
        }
    }
}

#[async_trait]
impl HttpClient for BlockingClient {
    async fn send_bytes(&self, request: Request<Bytes>) -> Result<Response<Bytes>, HttpError> {
        let sent = self.send(request);
        if let (Err(error), Ok(mut last)) = (&sent, self.last_error.lock()) {
            *last = Some(error.to_string());
        }
        sent.map_err(HttpError::from)
    }
}

impl BlockingClient {
    fn send(&self, request: Request<Bytes>) -> Result<Response<Bytes>, ureq::Error> {
        let (parts, body) = request.into_parts();
        let response = self.agent.run(Request::from_parts(parts, body.to_vec()))?;
        let (parts, mut body) = response.into_parts();
        let bytes = body.with_config().limit(MAX_RESPONSE_BYTES).read_to_vec()?;
        Ok(Response::from_parts(parts, Bytes::from(bytes)))
    }
}
