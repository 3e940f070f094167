//! OpenTelemetry export of tool calls (DESIGN §8, docs/telemetry.md).
//!
//! - [`Args`]: `--otlp [ENDPOINT]` and `--otlp-input`, parsed in every build.
//! - [`Settings::resolve`]: whether export is on (the flag, or the standard
//!   `OTEL_EXPORTER_OTLP_ENDPOINT` / `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, unless
//!   `OTEL_SDK_DISABLED=true`), where to and in which protocol.
//! - [`names`]: every span and attribute name, with the convention version they follow.
//! - With the `otel` feature: `Tracer` turns what a ledger saw into spans (a prompt turn's
//!   `invoke_agent`, a call's `execute_tool {name}`), and `Exporter` sends them from a
//!   thread of its own through a bounded queue. Both are fed line by line, so `inspect`
//!   (a log after the fact) and the proxy (live, as calls finish, through a `Tap`) share
//!   them.

use std::fmt;

pub mod names;

#[cfg(feature = "otel")]
mod export;
#[cfg(feature = "otel")]
mod http_client;
#[cfg(feature = "otel")]
mod messages;
#[cfg(feature = "otel")]
mod tap;
#[cfg(feature = "otel")]
mod tracer;

#[cfg(feature = "otel")]
pub use export::{
    CONNECT_TIMEOUT, Delivery, ExportReport, Exporter, LIVE_FLUSH_WAIT, LOG_FLUSH_WAIT,
};
#[cfg(feature = "otel")]
pub use tap::{Tap, TapReport};
#[cfg(feature = "otel")]
pub use tracer::Tracer;

/// The standard variable of the base endpoint (`/v1/traces` is appended).
pub const ENDPOINT_VAR: &str = "OTEL_EXPORTER_OTLP_ENDPOINT";
/// The standard variable of the traces endpoint (used as it is).
pub const TRACES_ENDPOINT_VAR: &str = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT";
/// The standard variable of the protocol.
pub const PROTOCOL_VAR: &str = "OTEL_EXPORTER_OTLP_PROTOCOL";
/// The standard variable of the traces' protocol (wins over [`PROTOCOL_VAR`]).
pub const TRACES_PROTOCOL_VAR: &str = "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL";
/// The standard switch that turns the export off (`true`).
pub const DISABLED_VAR: &str = "OTEL_SDK_DISABLED";

/// The endpoint when neither the flag nor the environment names one (the OTLP/HTTP default).
pub const DEFAULT_ENDPOINT: &str = "http://localhost:4318";

/// What the path of a base endpoint gets for traces over HTTP.
const TRACES_PATH: &str = "/v1/traces";

/// How to get export into a build without it.
pub const NOT_BUILT: &str = "this toolmeta was built without OpenTelemetry export; install it with the `otel` feature: cargo install --path toolmeta-cli --features otel";

/// The export options of `inspect` and `proxy`.
#[derive(Debug, Clone, Default, clap::Args)]
#[group(id = "otlp_export")]
#[command(next_help_heading = "OpenTelemetry export")]
pub struct Args {
    /// Export the tool calls as OpenTelemetry traces (OTLP over HTTP) to ENDPOINT, a base URL
    /// (`/v1/traces` is appended); without ENDPOINT, the standard OTEL_EXPORTER_OTLP_*
    /// variables, else http://localhost:4318. The variables alone also switch it on;
    /// OTEL_SDK_DISABLED=true switches it off
    #[arg(long, value_name = "ENDPOINT", num_args = 0..=1, default_missing_value = "")]
    pub otlp: Option<String>,
    /// With the export, also send each call's raw arguments (`gen_ai.tool.call.arguments`)
    /// and canonical input (`toolmeta.input`): they may hold secrets, so never by default
    #[arg(long)]
    pub otlp_input: bool,
}

/// The OTLP protocols the export speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// `http/protobuf` (the default).
    HttpProtobuf,
    /// `http/json`.
    HttpJson,
}

impl Protocol {
    /// The standard name (`http/protobuf`, `http/json`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Protocol::HttpProtobuf => "http/protobuf",
            Protocol::HttpJson => "http/json",
        }
    }
}

/// Where and how to export, once export is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The full URL spans are posted to (the traces endpoint).
    pub traces_endpoint: String,
    /// The protocol.
    pub protocol: Protocol,
    /// Whether raw arguments and canonical input go along (`--otlp-input`).
    pub include_input: bool,
}

/// A setting that cannot be used: the command line or the environment must change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsError(pub String);

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Settings {
    /// The export settings from the command line and the environment (`env` reads a
    /// variable): `None` when export is off. A value that cannot be used is an error that
    /// says what to write instead.
    pub fn resolve(
        args: &Args,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Option<Settings>, SettingsError> {
        let set = |name: &str| env(name).filter(|value| !value.trim().is_empty());
        if set(DISABLED_VAR).is_some_and(|value| value.trim().eq_ignore_ascii_case("true")) {
            return Ok(None);
        }
        let traces_endpoint = match args.otlp.as_deref() {
            Some(base) if !base.is_empty() => traces_url(base, "--otlp")?,
            _ => match (set(TRACES_ENDPOINT_VAR), set(ENDPOINT_VAR)) {
                (Some(traces), _) => {
                    check_url(traces.trim(), TRACES_ENDPOINT_VAR)?;
                    traces.trim().to_owned()
                }
                (None, Some(base)) => traces_url(&base, ENDPOINT_VAR)?,
                (None, None) if args.otlp.is_some() => traces_url(DEFAULT_ENDPOINT, "--otlp")?,
                (None, None) => {
                    if args.otlp_input {
                        return Err(SettingsError(
                            "--otlp-input needs the export: add --otlp [ENDPOINT] or set OTEL_EXPORTER_OTLP_ENDPOINT".into(),
                        ));
                    }
                    return Ok(None);
                }
            },
        };
        let protocol = match set(TRACES_PROTOCOL_VAR)
            .map(|value| (TRACES_PROTOCOL_VAR, value))
            .or_else(|| set(PROTOCOL_VAR).map(|value| (PROTOCOL_VAR, value)))
        {
            None => Protocol::HttpProtobuf,
            Some((var, value)) => match value.trim() {
                "http/protobuf" => Protocol::HttpProtobuf,
                "http/json" => Protocol::HttpJson,
                "grpc" => {
                    return Err(SettingsError(format!(
                        "{var}=grpc is not supported: write {var}=http/protobuf (or http/json) and point the endpoint at the collector's OTLP/HTTP port (4318)"
                    )));
                }
                other => {
                    return Err(SettingsError(format!(
                        "{var}={other:?} is not a protocol: write http/protobuf or http/json"
                    )));
                }
            },
        };
        Ok(Some(Settings {
            traces_endpoint,
            protocol,
            include_input: args.otlp_input,
        }))
    }
}

/// The traces URL of a base endpoint: `/v1/traces` appended to its path.
fn traces_url(base: &str, from: &str) -> Result<String, SettingsError> {
    let base = base.trim();
    check_url(base, from)?;
    Ok(format!("{}{TRACES_PATH}", base.trim_end_matches('/')))
}

/// An endpoint must be an `http://` or `https://` URL with a host; its full parsing is the
/// exporter's (the `http` crate's URI parser).
fn check_url(url: &str, from: &str) -> Result<(), SettingsError> {
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"));
    match rest {
        Some(rest) if !rest.is_empty() && !rest.starts_with('/') => Ok(()),
        _ => Err(SettingsError(format!(
            "{from}: `{url}` is not an endpoint: write an http:// or https:// URL such as http://127.0.0.1:4318 (to use the default endpoint, write --otlp last or as --otlp=)"
        ))),
    }
}

/// The process's environment, as [`Settings::resolve`] reads it.
pub fn process_env(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(
        otlp: Option<&str>,
        vars: &[(&str, &str)],
    ) -> Result<Option<Settings>, SettingsError> {
        let args = Args {
            otlp: otlp.map(str::to_owned),
            otlp_input: false,
        };
        let env = |name: &str| {
            vars.iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        };
        Settings::resolve(&args, &env)
    }

    fn endpoint(otlp: Option<&str>, vars: &[(&str, &str)]) -> Option<String> {
        resolve(otlp, vars)
            .unwrap()
            .map(|settings| settings.traces_endpoint)
    }

    #[test]
    fn export_is_off_unless_the_flag_or_an_endpoint_variable_says() {
        assert_eq!(endpoint(None, &[]), None);
        assert_eq!(endpoint(None, &[(PROTOCOL_VAR, "http/json")]), None);
        assert_eq!(
            endpoint(Some(""), &[]).as_deref(),
            Some("http://localhost:4318/v1/traces")
        );
        assert_eq!(
            endpoint(None, &[(ENDPOINT_VAR, "https://otel.example:4318/")]).as_deref(),
            Some("https://otel.example:4318/v1/traces")
        );
        // The traces variable is used as it is, and wins over the base one.
        assert_eq!(
            endpoint(
                None,
                &[
                    (ENDPOINT_VAR, "http://a:1"),
                    (TRACES_ENDPOINT_VAR, "http://b:2/t")
                ]
            )
            .as_deref(),
            Some("http://b:2/t")
        );
        // The flag's endpoint wins over the variables.
        assert_eq!(
            endpoint(
                Some("http://127.0.0.1:9/base"),
                &[(TRACES_ENDPOINT_VAR, "http://b:2/t")]
            )
            .as_deref(),
            Some("http://127.0.0.1:9/base/v1/traces")
        );
    }

    #[test]
    fn sdk_disabled_turns_off_even_the_flag() {
        assert_eq!(endpoint(Some(""), &[(DISABLED_VAR, "true")]), None);
        assert_eq!(
            endpoint(
                None,
                &[(DISABLED_VAR, "TRUE"), (ENDPOINT_VAR, "http://a:1")]
            ),
            None
        );
        assert!(endpoint(Some(""), &[(DISABLED_VAR, "false")]).is_some());
    }

    #[test]
    fn protocols_are_protobuf_by_default_json_on_request_and_nothing_else() {
        let protocol = |vars: &[(&str, &str)]| resolve(Some(""), vars).map(|s| s.unwrap().protocol);
        assert_eq!(protocol(&[]), Ok(Protocol::HttpProtobuf));
        assert_eq!(
            protocol(&[(PROTOCOL_VAR, "http/json")]),
            Ok(Protocol::HttpJson)
        );
        assert_eq!(
            protocol(&[
                (PROTOCOL_VAR, "http/json"),
                (TRACES_PROTOCOL_VAR, "http/protobuf")
            ]),
            Ok(Protocol::HttpProtobuf)
        );
        let grpc = protocol(&[(PROTOCOL_VAR, "grpc")]).unwrap_err();
        assert!(grpc.0.contains("http/protobuf"), "{grpc}");
        assert!(protocol(&[(PROTOCOL_VAR, "thrift")]).is_err());
    }

    #[test]
    fn an_endpoint_that_is_not_an_http_url_says_what_to_write() {
        let error = resolve(Some("session.jsonl"), &[]).unwrap_err();
        assert!(error.0.contains("--otlp="), "{error}");
        assert!(resolve(Some("ftp://x"), &[]).is_err());
        assert!(resolve(None, &[(ENDPOINT_VAR, "localhost:4318")]).is_err());
    }

    #[test]
    fn otlp_input_without_export_is_an_error_not_ignored() {
        let args = Args {
            otlp: None,
            otlp_input: true,
        };
        assert!(Settings::resolve(&args, &|_| None).is_err());
    }
}
