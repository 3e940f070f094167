//! The exporter: finished spans in, OTLP batches out, from a thread of its own.
//!
//! A producer (`inspect` reading a log, or the proxy forwarding a session) hands each
//! finished span to [`Exporter::send`], which never does I/O: the span goes into a bounded
//! queue, and the export thread posts batches of them to the collector (the official OTLP
//! exporter, over [`BlockingClient`]). The queue is ours rather than the SDK's batch
//! processor so that its bound is one number and every span it drops is counted. At the
//! end, [`Exporter::finish`] waits for the last batch at most the time it is given
//! ([`LIVE_FLUSH_WAIT`], about 100 ms, for the proxy; [`LOG_FLUSH_WAIT`] for `inspect`) and
//! reports what was delivered, what was dropped, and why.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use opentelemetry::Value;
use opentelemetry_otlp::{Protocol as OtlpProtocol, RetryPolicy, WithExportConfig, WithHttpConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::{SpanData, SpanExporter as _};

use super::http_client::{BlockingClient, LastError};
use super::names;
use super::{Protocol, Settings, SettingsError};

/// How many spans wait for the export thread at most; past that, [`Delivery::DropWhenFull`]
/// drops them (counted).
pub const QUEUE_SPANS: usize = 2048;

/// How many spans one request carries at most.
const BATCH_SPANS: usize = 512;

/// How long a span waits for others to share its request.
const BATCH_DELAY: Duration = Duration::from_millis(200);

/// How long one request may take, answer included (the OTLP exporters' default timeout).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// How long finding the collector and connecting to it may take (name resolution, then the
/// TCP connection and TLS handshake, each): a collector that has not taken the connection
/// by then is down, and the request fails there rather than at [`REQUEST_TIMEOUT`]. Long
/// enough for a lost SYN's first retransmission (1 s) and a handshake across the world.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// How long a live producer (the proxy) waits for the last spans when it ends (DESIGN §8:
/// about 100 ms, so that it leaves as fast as its agent).
pub const LIVE_FLUSH_WAIT: Duration = Duration::from_millis(100);

/// How long `inspect` waits for its last request: nobody waits on it, and a collector one
/// network round trip away must not make every run fail; still bounded, by the request's
/// own timeout. A collector that is down ends it sooner: refused at once, or not connected
/// within [`CONNECT_TIMEOUT`], the request fails, and `inspect` stops exporting there.
pub const LOG_FLUSH_WAIT: Duration = REQUEST_TIMEOUT;

/// What a producer does when the queue is full, and after a failed request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// Live (the proxy): never wait; drop a span the queue has no room for, and keep
    /// exporting after a failure (the collector may come back).
    DropWhenFull,
    /// After the fact (`inspect`): wait for room, and stop at the first failed request (the
    /// run fails anyway; the rest is counted as not delivered).
    WaitForRoom,
}

/// What became of the spans, once the exporter has finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportReport {
    /// Spans the collector accepted.
    pub exported: u64,
    /// Spans not delivered: dropped for lack of room, in a failed request, or still
    /// waiting when the time to finish ran out.
    pub dropped: u64,
    /// Why the export failed (the first failure), if it did.
    pub error: Option<String>,
}

impl ExportReport {
    /// Whether every span was delivered.
    pub fn is_complete(&self) -> bool {
        self.dropped == 0 && self.error.is_none()
    }
}

/// Counts shared by the producer and the export thread.
#[derive(Debug, Default)]
struct Counts {
    /// Taken into the queue.
    queued: AtomicU64,
    /// Of those, accepted by the collector.
    exported: AtomicU64,
    /// Of those, not delivered: in a failed request, or discarded after one.
    lost: AtomicU64,
    /// Never queued: no room (or the thread had ended).
    refused: AtomicU64,
    first_error: Mutex<Option<String>>,
}

impl Counts {
    fn fail(&self, spans: u64, error: String) {
        self.lost.fetch_add(spans, Ordering::Relaxed);
        if let Ok(mut first) = self.first_error.lock() {
            first.get_or_insert(error);
        }
    }
}

/// The export of one run: spans in through [`Exporter::send`], a report out of
/// [`Exporter::finish`].
#[derive(Debug)]
pub struct Exporter {
    queue: SyncSender<SpanData>,
    delivery: Delivery,
    counts: Arc<Counts>,
    done: Receiver<()>,
}

impl Exporter {
    /// Starts the export thread for `settings`. The resource is the standard one
    /// (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`), named `toolmeta` when they name no
    /// service; `OTEL_EXPORTER_OTLP_HEADERS` is read by the OTLP exporter. An error is a
    /// setting the exporter cannot use.
    pub fn start(settings: &Settings, delivery: Delivery) -> Result<Exporter, SettingsError> {
        let protocol = match settings.protocol {
            Protocol::HttpProtobuf => OtlpProtocol::HttpBinary,
            Protocol::HttpJson => OtlpProtocol::HttpJson,
        };
        // One attempt per batch: a retry would hold the queue behind a collector that is
        // down, and the next batch is the next attempt anyway.
        let cause = LastError::default();
        let mut exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_http_client(BlockingClient::new(
                REQUEST_TIMEOUT,
                CONNECT_TIMEOUT,
                cause.clone(),
            ))
            .with_retry_policy(RetryPolicy::disabled())
            .with_endpoint(settings.traces_endpoint.clone())
            .with_protocol(protocol)
            .with_timeout(REQUEST_TIMEOUT)
            .build()
            .map_err(|error| {
                SettingsError(format!(
                    "cannot export to {}: {error}",
                    settings.traces_endpoint
                ))
            })?;
        exporter.set_resource(&resource());
        let (queue, spans) = mpsc::sync_channel(QUEUE_SPANS);
        let (finished, done) = mpsc::sync_channel(1);
        let counts = Arc::new(Counts::default());
        let thread_counts = Arc::clone(&counts);
        let endpoint = settings.traces_endpoint.clone();
        thread::Builder::new()
            .name("toolmeta-otlp".into())
            .spawn(move || {
                export_loop(
                    &exporter,
                    &spans,
                    &thread_counts,
                    delivery,
                    &endpoint,
                    &cause,
                );
                let _ = exporter.shutdown();
                let _ = finished.send(());
            })
            .map_err(|error| SettingsError(format!("cannot start the export thread: {error}")))?;
        Ok(Exporter {
            queue,
            delivery,
            counts,
            done,
        })
    }

    /// Hands a finished span to the export thread; never does I/O. With
    /// [`Delivery::DropWhenFull`] it never waits either: a span the queue has no room for is
    /// dropped and counted.
    pub fn send(&self, span: SpanData) {
        let sent = match self.delivery {
            Delivery::DropWhenFull => match self.queue.try_send(span) {
                Ok(()) => true,
                Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
            },
            Delivery::WaitForRoom => self.queue.send(span).is_ok(),
        };
        let count = if sent {
            &self.counts.queued
        } else {
            &self.counts.refused
        };
        count.fetch_add(1, Ordering::Relaxed);
    }

    /// Ends the export: the thread sends what is queued, and this waits for it at most
    /// `wait`; spans still waiting then are counted as dropped.
    pub fn finish(self, wait: Duration) -> ExportReport {
        let Exporter {
            queue,
            counts,
            done,
            ..
        } = self;
        drop(queue);
        let finished = done.recv_timeout(wait).is_ok();
        let exported = counts.exported.load(Ordering::Relaxed);
        let lost = counts.lost.load(Ordering::Relaxed);
        let mut dropped = counts.refused.load(Ordering::Relaxed) + lost;
        let mut error = counts
            .first_error
            .lock()
            .ok()
            .and_then(|first| first.clone());
        if !finished {
            // Queued, and neither delivered nor lost yet: still waiting, so not delivered.
            let queued = counts.queued.load(Ordering::Relaxed);
            let waiting = queued.saturating_sub(exported + lost);
            dropped += waiting;
            if waiting > 0 && error.is_none() {
                error = Some(format!(
                    "the collector did not take the last spans within {} ms",
                    wait.as_millis()
                ));
            }
        }
        ExportReport {
            exported,
            dropped,
            error,
        }
    }
}

/// The export thread: batches of at most [`BATCH_SPANS`], each sent [`BATCH_DELAY`] after
/// its first span at the latest, until the producer hangs up.
fn export_loop(
    exporter: &opentelemetry_otlp::SpanExporter,
    spans: &Receiver<SpanData>,
    counts: &Counts,
    delivery: Delivery,
    endpoint: &str,
    cause: &LastError,
) {
    let mut batch = Vec::with_capacity(BATCH_SPANS);
    let mut due: Option<Instant> = None;
    let mut gave_up = false;
    loop {
        let received = match due {
            Some(due) => spans.recv_timeout(due.saturating_duration_since(Instant::now())),
            None => spans.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        let hung_up = match received {
            Ok(span) => {
                batch.push(span);
                due.get_or_insert_with(|| Instant::now() + BATCH_DELAY);
                if batch.len() < BATCH_SPANS {
                    continue;
                }
                false
            }
            Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => true,
        };
        due = None;
        if !batch.is_empty() {
            let spans = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_SPANS));
            let count = spans.len() as u64;
            if gave_up {
                counts.lost.fetch_add(count, Ordering::Relaxed);
            } else {
                match futures_executor::block_on(exporter.export(spans)) {
                    Ok(()) => {
                        counts.exported.fetch_add(count, Ordering::Relaxed);
                    }
                    Err(error) => {
                        let cause = cause.lock().ok().and_then(|mut last| last.take());
                        let why = match cause {
                            Some(cause) => format!("{error} ({cause})"),
                            None => error.to_string(),
                        };
                        counts.fail(count, format!("export to {endpoint} failed: {why}"));
                        gave_up = delivery == Delivery::WaitForRoom;
                    }
                }
            }
        }
        if hung_up {
            return;
        }
    }
}

/// The standard resource, named `toolmeta` when the environment names no service.
fn resource() -> Resource {
    let resource = Resource::builder().build();
    let named = resource
        .get(&opentelemetry::Key::from_static_str("service.name"))
        .is_some_and(|name| !name.as_str().starts_with("unknown_service"));
    if named {
        resource
    } else {
        Resource::builder()
            .with_service_name(Value::from(names::DEFAULT_SERVICE_NAME))
            .build()
    }
}

#[cfg(test)]
mod tests {
    use std::net::TcpListener;
    use std::time::SystemTime;

    use opentelemetry::InstrumentationScope;
    use opentelemetry::trace::{
        SpanContext, SpanId, SpanKind, Status, TraceFlags, TraceId, TraceState,
    };
    use opentelemetry_sdk::trace::{SpanEvents, SpanLinks};

    use super::*;

    fn span(n: u64) -> SpanData {
        SpanData {
            span_context: SpanContext::new(
                TraceId::from(u128::from(n) + 1),
                SpanId::from(n + 1),
                TraceFlags::SAMPLED,
                false,
                TraceState::default(),
            ),
            parent_span_id: SpanId::INVALID,
            parent_span_is_remote: false,
            span_kind: SpanKind::Internal,
            name: "execute_tool Read".into(),
            start_time: SystemTime::now(),
            end_time: SystemTime::now(),
            attributes: Vec::new(),
            dropped_attributes_count: 0,
            events: SpanEvents::default(),
            links: SpanLinks::default(),
            status: Status::Unset,
            instrumentation_scope: InstrumentationScope::builder("test").build(),
        }
    }

    /// A collector that takes connections and never answers.
    fn silent_collector() -> String {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        thread::spawn(move || {
            let mut held = Vec::new();
            for stream in listener.incoming() {
                held.push(stream);
            }
        });
        format!("http://127.0.0.1:{port}/v1/traces")
    }

    #[test]
    fn a_silent_collector_never_blocks_the_live_producer_and_the_end_waits_about_100_ms() {
        let settings = Settings {
            traces_endpoint: silent_collector(),
            protocol: Protocol::HttpProtobuf,
            include_input: false,
        };
        let exporter = Exporter::start(&settings, Delivery::DropWhenFull).unwrap();
        // More than the queue holds while the thread waits on the collector: the rest is
        // dropped, and sending never waits.
        let extra = 100;
        let started = Instant::now();
        for n in 0..(QUEUE_SPANS + BATCH_SPANS + extra) as u64 {
            exporter.send(span(n));
        }
        let sending = started.elapsed();
        assert!(sending < Duration::from_secs(1), "{sending:?}");
        let ending = Instant::now();
        let report = exporter.finish(LIVE_FLUSH_WAIT);
        let ended = ending.elapsed();
        assert!(ended < Duration::from_millis(500), "{ended:?}");
        assert_eq!(report.exported, 0);
        // Every span is accounted for: none was delivered.
        assert_eq!(report.dropped, (QUEUE_SPANS + BATCH_SPANS + extra) as u64);
        assert!(report.error.unwrap().contains("within 100 ms"));
    }
}
