//! `--otlp`: the proxy's calls exported live as OpenTelemetry traces (DESIGN §8,
//! docs/telemetry.md), switched on as `inspect`'s export is (the flag, or the standard
//! variables). The agent's environment is passed on unchanged: the variables that switch
//! the proxy's export on reach the agent as they are.
//!
//! With the `otel` feature, an [`otlp::Tap`] takes each line as `--log` records it and never
//! waits; at the end, the export gets about 100 ms ([`otlp::LIVE_FLUSH_WAIT`]) and what it
//! dropped is said on standard error. Without the feature, `--otlp` says how to get it.

use std::io::Write;
use std::time::SystemTime;

use crate::HarnessArg;
use crate::log::Direction;
use crate::otlp;

/// The proxy's export, when it is on.
#[derive(Clone)]
pub(super) struct Telemetry {
    #[cfg(feature = "otel")]
    tap: otlp::Tap,
    #[cfg(feature = "otel")]
    endpoint: String,
}

impl Telemetry {
    /// The export `args` and the environment ask for: `Ok(None)` when off; `Err` with the
    /// exit code when the settings cannot be used (said on `err`).
    pub(super) fn start(
        args: &otlp::Args,
        harness: Option<&HarnessArg>,
        err: &mut dyn Write,
    ) -> Result<Option<Telemetry>, u8> {
        let settings = match otlp::Settings::resolve(args, &otlp::process_env) {
            Ok(Some(settings)) => settings,
            Ok(None) => return Ok(None),
            Err(error) => {
                let _ = writeln!(err, "toolmeta proxy: {error}");
                return Err(crate::exit::USAGE);
            }
        };
        Telemetry::with(&settings, args, harness, err)
    }

    #[cfg(feature = "otel")]
    fn with(
        settings: &otlp::Settings,
        _args: &otlp::Args,
        harness: Option<&HarnessArg>,
        err: &mut dyn Write,
    ) -> Result<Option<Telemetry>, u8> {
        match otlp::Tap::start(settings, harness) {
            Ok(tap) => Ok(Some(Telemetry {
                tap,
                endpoint: settings.traces_endpoint.clone(),
            })),
            Err(error) => {
                let _ = writeln!(err, "toolmeta proxy: {error}");
                Err(crate::exit::USAGE)
            }
        }
    }

    #[cfg(not(feature = "otel"))]
    fn with(
        _settings: &otlp::Settings,
        args: &otlp::Args,
        _harness: Option<&HarnessArg>,
        err: &mut dyn Write,
    ) -> Result<Option<Telemetry>, u8> {
        if args.otlp.is_some() || args.otlp_input {
            let _ = writeln!(err, "toolmeta proxy: --otlp: {}", otlp::NOT_BUILT);
            return Err(crate::exit::USAGE);
        }
        // Only the environment asked (it may be meant for the agent): the session runs,
        // without export, said once.
        let _ = writeln!(
            err,
            "toolmeta proxy: OTEL_EXPORTER_OTLP_* is set, but {}",
            otlp::NOT_BUILT
        );
        Ok(None)
    }

    /// Takes one line the proxy read at `time` (or its own answer); never waits.
    pub(super) fn line(&self, dir: Direction, time: SystemTime, line: &[u8]) {
        #[cfg(feature = "otel")]
        self.tap.line(dir, time, line);
        #[cfg(not(feature = "otel"))]
        let _ = (dir, time, line);
    }

    /// Takes a policy decision's record (`{"dir":"policy",…}`), before the proxy's answer
    /// to the request; never waits.
    pub(super) fn policy(&self, record: &[u8]) {
        #[cfg(feature = "otel")]
        self.tap.policy(record);
        #[cfg(not(feature = "otel"))]
        let _ = record;
    }

    /// Ends the export (at most about 100 ms) and says on `err` what was not delivered.
    pub(super) fn finish(self, err: &mut dyn Write) {
        #[cfg(feature = "otel")]
        {
            let report = self.tap.finish(otlp::LIVE_FLUSH_WAIT);
            let prefix = "toolmeta proxy: OpenTelemetry export";
            if report.untraced_lines > 0 {
                let _ = writeln!(
                    err,
                    "{prefix}: {} lines not traced (the tracer fell behind; their calls' spans may be incomplete)",
                    report.untraced_lines
                );
            }
            match report.export {
                Some(export) if export.dropped > 0 || export.error.is_some() => {
                    let why = export
                        .error
                        .map(|error| format!(": {error}"))
                        .unwrap_or_default();
                    let _ = writeln!(
                        err,
                        "{prefix}: {} spans dropped ({} exported) to {}{why}",
                        export.dropped, export.exported, self.endpoint
                    );
                }
                Some(_) => {}
                None => {
                    let _ = writeln!(
                        err,
                        "{prefix}: the last spans were not sent within {} ms (to {})",
                        otlp::LIVE_FLUSH_WAIT.as_millis(),
                        self.endpoint
                    );
                }
            }
        }
        #[cfg(not(feature = "otel"))]
        let _ = err;
    }
}
