//! An OTLP/HTTP receiver for the tests: a small HTTP server on 127.0.0.1 that keeps every
//! request and decodes it with the official protobuf messages (`opentelemetry-proto`), from
//! either wire form (`application/x-protobuf` or `application/json`).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::common::v1::any_value::Value as AnyValue;
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message as _;

#[allow(dead_code, reason = "each test file uses its part of the check")]
pub mod recording;

/// One request the receiver got.
#[derive(Debug, Clone)]
pub struct Request {
    pub path: String,
    /// Header names lowercased.
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

impl Request {
    /// The request decoded by its content type.
    pub fn decode(&self) -> ExportTraceServiceRequest {
        match self.headers.get("content-type").map(String::as_str) {
            Some("application/x-protobuf") => {
                ExportTraceServiceRequest::decode(self.body.as_slice()).expect("OTLP protobuf")
            }
            Some("application/json") => serde_json::from_slice(&self.body).expect("OTLP JSON"),
            other => panic!("unexpected content type {other:?}"),
        }
    }
}

/// The receiver: it answers every request 200 with an empty export answer.
pub struct Receiver {
    pub port: u16,
    requests: Arc<Mutex<Vec<Request>>>,
}

impl Receiver {
    pub fn start() -> Receiver {
        Receiver::answering_after(Duration::ZERO)
    }

    /// A receiver that takes each connection at once and answers each request only `delay`
    /// after reading it: a collector that is up, but slow.
    pub fn answering_after(delay: Duration) -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&requests);
        thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let kept = Arc::clone(&kept);
                thread::spawn(move || serve(stream, &kept, delay));
            }
        });
        Receiver { port, requests }
    }

    /// The base endpoint (`--otlp`'s ENDPOINT).
    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn requests(&self) -> Vec<Request> {
        self.requests.lock().unwrap().clone()
    }

    /// Every span received, with its resource's attributes.
    pub fn spans(&self) -> Vec<(Vec<KeyValue>, Span)> {
        let mut spans = Vec::new();
        for request in self.requests() {
            assert_eq!(request.path, "/v1/traces");
            for resource_spans in request.decode().resource_spans {
                let resource = resource_spans
                    .resource
                    .map(|resource| resource.attributes)
                    .unwrap_or_default();
                for scope_spans in resource_spans.scope_spans {
                    let scope = scope_spans.scope.expect("an instrumentation scope");
                    assert_eq!(scope.name, "toolmeta");
                    assert_eq!(
                        scope_spans.schema_url,
                        "https://opentelemetry.io/schemas/1.41.0"
                    );
                    for span in scope_spans.spans {
                        spans.push((resource.clone(), span));
                    }
                }
            }
        }
        spans
    }
}

fn serve(stream: TcpStream, kept: &Mutex<Vec<Request>>, delay: Duration) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    loop {
        let mut request_line = String::new();
        if reader.read_line(&mut request_line).unwrap_or(0) == 0 {
            return;
        }
        let path = request_line
            .split(' ')
            .nth(1)
            .unwrap_or_default()
            .to_owned();
        let mut headers = HashMap::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_owned());
            }
        }
        let length: usize = headers
            .get("content-length")
            .and_then(|length| length.parse().ok())
            .unwrap_or(0);
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let json = headers.get("content-type").map(String::as_str) == Some("application/json");
        kept.lock().unwrap().push(Request {
            path,
            headers,
            body,
        });
        thread::sleep(delay);
        // An empty ExportTraceServiceResponse in the request's own form.
        let (content_type, answer): (&str, &[u8]) = if json {
            ("application/json", b"{}")
        } else {
            ("application/x-protobuf", b"")
        };
        let mut stream = &stream;
        let _ = write!(
            stream,
            "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\n\r\n",
            answer.len()
        );
        let _ = stream.write_all(answer);
        let _ = stream.flush();
    }
}

/// A span's attribute as a string, a bool or JSON of the rest (arrays).
pub fn attribute(attributes: &[KeyValue], key: &str) -> Option<String> {
    let value = attributes
        .iter()
        .find(|kv| kv.key == key)?
        .value
        .as_ref()?
        .value
        .as_ref()?;
    Some(match value {
        AnyValue::StringValue(text) => text.clone(),
        AnyValue::BoolValue(flag) => flag.to_string(),
        AnyValue::IntValue(int) => int.to_string(),
        AnyValue::ArrayValue(array) => {
            let items: Vec<String> = array
                .values
                .iter()
                .filter_map(|item| match &item.value {
                    Some(AnyValue::StringValue(text)) => Some(text.clone()),
                    _ => None,
                })
                .collect();
            serde_json::to_string(&items).unwrap()
        }
        other => format!("{other:?}"),
    })
}

/// The keys of a span's attributes.
pub fn keys(attributes: &[KeyValue]) -> Vec<&str> {
    attributes.iter().map(|kv| kv.key.as_str()).collect()
}
