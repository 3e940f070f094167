//! `toolmeta proxy` measured as a whole process, against `cat` as the floor and `toolmeta
//! inspect` (the ledger alone) as the reference. `benches/proxy.sh` runs it.
//!
//! - `proxy-bench latency TOOLMETA LOG [LINES]`: what the proxy adds per message. One
//!   echoing agent (`cat`) is run directly and one behind `toolmeta proxy`; each line of the
//!   log is written to one, read back, then to the other, alternately, one line in flight at
//!   a time: the round trip through `cat` is the floor, through the proxy it crosses the
//!   proxy twice (client→agent passed on, agent→client read by the ledger and stamped when
//!   it is a tool call without an envelope). Prints the median and the 99th percentile of
//!   each, and of the difference.
//! - `proxy-bench drive -- CMD [ARGS…]`: runs CMD with its input held open (as a client
//!   does), reads its output to the end, then closes its input; prints the lines and bytes
//!   read and the wall-clock seconds from start to exit. The throughput runs are this around
//!   `cat LOG…`, `toolmeta proxy -- cat LOG…` and `toolmeta inspect LOG…`.
//! - `proxy-bench stamp LOG`: the proxy's work on each agent line in-process, without the
//!   pipes and threads (`Stamper::stamp`, a fresh stamper as at a session's start): the
//!   median, p99 and largest time per line, and the lines per second.
//! - `proxy-bench endless LINES`: writes LINES lines of the generated session log, the calls
//!   numbered on so that no two repeats share an id: an endless agent, for peak memory.
//! - `proxy-bench long-line BYTES`: writes one line of BYTES bytes (a tool call whose
//!   `rawInput` holds them), for the memory a line too long to read whole takes.
//! - `proxy-bench latency-export TOOLMETA LOG [LINES]`: what the OpenTelemetry export
//!   (`--otlp`, a build with the `otel` feature) adds per message: `toolmeta proxy -- cat`
//!   without export, with export to a collector in this process (it answers every request
//!   at once), and with export to a port nothing listens on, each line through each in
//!   turn (the order rotating), one in flight; the median and p99 of each, and of what each
//!   export adds to the round trip without it (paired).
//! - `proxy-bench drive-export live|dead [--at N,N…] -- CMD [ARGS…]`: `drive`, with every
//!   argument `ENDPOINT` replaced by the endpoint of the collector in this process (`live`)
//!   or of a port nothing listens on (`dead`). With `--at` (here and in `drive`), the
//!   process's resident set (`VmRSS`) and its peak so far (`VmHWM`) are printed when its
//!   output has reached each of those line counts: whether memory stops rising.
//! - `proxy-bench latency-policy TOOLMETA LOG POLICY… [-- LINES]`: what a permission policy
//!   (`--policy`, DESIGN §8) adds. The agent is this program's own (`proxy-bench agent`),
//!   run alone, behind `toolmeta proxy`, and behind `toolmeta proxy --policy POLICY…`, each
//!   message through each in turn (the order rotating), one in flight. Ordinary messages
//!   (the log's tool-call updates) are echoed by the agent: the median and p99 round trip,
//!   and what each proxy adds to the agent alone, and the policy to the proxy without it
//!   (paired). The log's permission requests are sent by the agent itself, in turn as they
//!   are (an edit under `src/`, allowed), on `.env` (denied) and on `build.rs` (asked): the
//!   agent times each from writing the request to reading its answer, whether the policy
//!   answered it or the client (this program answers every request it is sent at once).
//! - `proxy-bench write-policy FILE`: writes the 200-rule policy of the policy bench
//!   (`toolmeta_benches::policy_200_rules`) to FILE.
//! - `proxy-bench agent`: that agent. It answers `initialize` and `session/new`, echoes
//!   every other line, and for a `_bench/ask` notification sends the request it carries,
//!   waits for the answer, and reports the time in a `_bench/answered` notification.
#![forbid(unsafe_code)]

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["latency", toolmeta, log] => latency(toolmeta, log, 20_000),
        ["latency", toolmeta, log, lines] => latency(toolmeta, log, parse(lines)),
        ["drive", "--", command @ ..] if !command.is_empty() => drive(command, &[]),
        ["drive", "--at", at, "--", command @ ..] if !command.is_empty() => {
            drive(command, &checkpoints(at))
        }
        ["agent"] => agent(),
        ["write-policy", path] => std::fs::write(path, toolmeta_benches::policy_200_rules()),
        ["latency-policy", toolmeta, log, rest @ ..] if !rest.is_empty() => {
            let (policies, lines) = match rest.iter().position(|arg| *arg == "--") {
                Some(at) => (&rest[..at], rest.get(at + 1).map_or(20_000, |n| parse(n))),
                None => (rest, 20_000),
            };
            latency_policy(toolmeta, log, policies, lines)
        }
        ["stamp", log] => stamp(log),
        ["endless", lines] => endless(parse(lines)),
        ["long-line", bytes] => long_line(parse(bytes)),
        ["latency-export", toolmeta, log] => latency_export(toolmeta, log, 20_000),
        ["latency-export", toolmeta, log, lines] => latency_export(toolmeta, log, parse(lines)),
        ["drive-export", which @ ("live" | "dead"), rest @ ..] => {
            let (at, command) = match rest {
                ["--at", at, "--", command @ ..] if !command.is_empty() => {
                    (checkpoints(at), command)
                }
                ["--", command @ ..] if !command.is_empty() => (Vec::new(), command),
                _ => usage(),
            };
            let endpoint = endpoint(which)?;
            let command: Vec<&str> = command
                .iter()
                .map(|arg| {
                    if *arg == "ENDPOINT" {
                        endpoint.as_str()
                    } else {
                        arg
                    }
                })
                .collect();
            drive(&command, &at)
        }
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: proxy-bench latency TOOLMETA LOG [LINES] | drive [--at N,N...] -- CMD [ARGS...] | stamp LOG | endless LINES | long-line BYTES | latency-export TOOLMETA LOG [LINES] | drive-export live|dead [--at N,N...] -- CMD [ARGS...] | latency-policy TOOLMETA LOG POLICY... [-- LINES] | write-policy FILE | agent"
    );
    std::process::exit(2);
}

/// `200000,2000000`: line counts, in order.
fn checkpoints(list: &str) -> Vec<usize> {
    let mut at: Vec<usize> = list.split(',').map(parse).collect();
    at.sort_unstable();
    at
}

fn parse(number: &str) -> usize {
    number.parse().unwrap_or_else(|_| {
        eprintln!("not a number: {number}");
        std::process::exit(2)
    })
}

/// An echoing agent with its input and output.
struct Echo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    line: Vec<u8>,
}

impl Echo {
    fn start(command: &[&str]) -> io::Result<Echo> {
        Echo::start_with(command, Stdio::inherit())
    }

    /// [`Echo::start`] with the command's standard error sent to `stderr`.
    fn start_with(command: &[&str], stderr: Stdio) -> io::Result<Echo> {
        let mut child = Command::new(command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Echo {
            child,
            input,
            output,
            line: Vec::new(),
        })
    }

    /// Sends one line and waits for it to come back; returns the round trip.
    fn round_trip(&mut self, line: &[u8]) -> io::Result<Duration> {
        let started = Instant::now();
        self.input.write_all(line)?;
        self.line.clear();
        self.output.read_until(b'\n', &mut self.line)?;
        let took = started.elapsed();
        if self.line.is_empty() {
            return Err(io::Error::other("the agent closed its output"));
        }
        Ok(took)
    }

    fn stop(mut self) -> io::Result<()> {
        drop(self.input);
        self.child.wait().map(drop)
    }
}

/// The endpoint of a collector in this process that answers every request at once with
/// an empty success (`live`), or of a port nothing listens on (`dead`).
fn endpoint(which: &str) -> io::Result<String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    let port = listener.local_addr()?.port();
    if which == "dead" {
        drop(listener);
    } else {
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                std::thread::spawn(move || collect(stream));
            }
        });
    }
    Ok(format!("http://127.0.0.1:{port}"))
}

/// Answers each OTLP/HTTP request on `stream` 200, its body read and dropped.
fn collect(stream: std::net::TcpStream) {
    let mut reader = BufReader::new(&stream);
    let mut line = String::new();
    loop {
        let mut length = 0usize;
        loop {
            line.clear();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        if io::copy(&mut (&mut reader).take(length as u64), &mut io::sink()).is_err() {
            return;
        }
        let answer =
            b"HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\ncontent-length: 0\r\n\r\n";
        if (&stream).write_all(answer).is_err() {
            return;
        }
    }
}

fn latency_export(toolmeta: &str, log: &str, lines: usize) -> io::Result<()> {
    let text = std::fs::read_to_string(log)?;
    let sample: Vec<String> = text
        .lines()
        .take(lines)
        .map(|line| format!("{line}\n"))
        .collect();
    let live = endpoint("live")?;
    let dead = endpoint("dead")?;
    let mut proxies = [
        Echo::start(&[toolmeta, "proxy", "--", "cat"])?,
        Echo::start(&[toolmeta, "proxy", "--otlp", &live, "--", "cat"])?,
        Echo::start(&[toolmeta, "proxy", "--otlp", &dead, "--", "cat"])?,
    ];
    for line in sample.iter().take(1_000) {
        for proxy in &mut proxies {
            proxy.round_trip(line.as_bytes())?;
        }
    }
    let mut times: [Vec<Duration>; 3] = Default::default();
    for (i, line) in sample.iter().enumerate() {
        // Rotate which goes first, so none always runs on a warmer cache.
        for k in 0..3 {
            let which = (i + k) % 3;
            times[which].push(proxies[which].round_trip(line.as_bytes())?);
        }
    }
    for proxy in proxies {
        proxy.stop()?;
    }
    let added_live = paired_difference(&times[1], &times[0]);
    let added_dead = paired_difference(&times[2], &times[0]);
    println!("messages: {}", sample.len());
    let [without, live_times, dead_times] = times;
    print_latencies([
        ("proxy, no export", without),
        ("proxy --otlp to a live collector", live_times),
        ("proxy --otlp to a dead endpoint", dead_times),
        ("added by export to a live collector (paired)", added_live),
        ("added by export to a dead endpoint (paired)", added_dead),
    ]);
    Ok(())
}

fn latency(toolmeta: &str, log: &str, lines: usize) -> io::Result<()> {
    let text = std::fs::read_to_string(log)?;
    let sample: Vec<String> = text
        .lines()
        .take(lines)
        .map(|line| format!("{line}\n"))
        .collect();
    let mut floor = Echo::start(&["cat"])?;
    let mut proxy = Echo::start(&[toolmeta, "proxy", "--", "cat"])?;
    // Warm up both (page faults, the ledger's first allocations).
    for line in sample.iter().take(1_000) {
        floor.round_trip(line.as_bytes())?;
        proxy.round_trip(line.as_bytes())?;
    }
    let mut direct = Vec::with_capacity(sample.len());
    let mut proxied = Vec::with_capacity(sample.len());
    for (i, line) in sample.iter().enumerate() {
        // Alternate which goes first, so neither always runs on a warmer cache.
        if i % 2 == 0 {
            direct.push(floor.round_trip(line.as_bytes())?);
            proxied.push(proxy.round_trip(line.as_bytes())?);
        } else {
            proxied.push(proxy.round_trip(line.as_bytes())?);
            direct.push(floor.round_trip(line.as_bytes())?);
        }
    }
    floor.stop()?;
    proxy.stop()?;
    let added = paired_difference(&proxied, &direct);
    println!("messages: {}", sample.len());
    print_latencies([
        ("round trip through cat (floor)", direct),
        ("round trip through the proxy and cat", proxied),
        ("added by the proxy (per message, paired)", added),
    ]);
    Ok(())
}

fn stamp(log: &str) -> io::Result<()> {
    let text = std::fs::read_to_string(log)?;
    let mut stamper = toolmeta_cli::proxy::Stamper::new(None, false);
    let mut times = Vec::new();
    let mut stamped = 0;
    let started = Instant::now();
    for line in text.lines() {
        let begun = Instant::now();
        let now = std::time::SystemTime::now();
        stamped += usize::from(stamper.stamp(line.as_bytes(), now).is_some());
        times.push(begun.elapsed());
    }
    let took = started.elapsed();
    let lines = times.len();
    let max = times.iter().max().copied().unwrap_or_default();
    let (median, p99) = percentiles(times);
    println!(
        "{lines} lines, {stamped} stamped: median {:.2} µs, p99 {:.2} µs, max {:.1} µs per line; {:.0} lines/s",
        micros(median),
        micros(p99),
        micros(max),
        lines as f64 / took.as_secs_f64()
    );
    Ok(())
}

fn percentiles(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    let at = |fraction: f64| times[((times.len() - 1) as f64 * fraction).round() as usize];
    (at(0.5), at(0.99))
}

/// Each `with` time less the `without` time measured beside it.
fn paired_difference(with: &[Duration], without: &[Duration]) -> Vec<Duration> {
    with.iter()
        .zip(without)
        .map(|(with, without)| with.saturating_sub(*without))
        .collect()
}

/// One line per row: its median and 99th percentile.
fn print_latencies<const N: usize>(rows: [(&str, Vec<Duration>); N]) {
    for (what, times) in rows {
        let (median, p99) = percentiles(times);
        println!(
            "{what}: median {:.1} µs, p99 {:.1} µs",
            micros(median),
            micros(p99)
        );
    }
}

fn micros(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}

fn drive(command: &[&str], at: &[usize]) -> io::Result<()> {
    let started = Instant::now();
    let mut child = Command::new(command[0])
        .args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()?;
    // Held open until the output has ended, as a client keeps its end open.
    let input = child.stdin.take();
    let mut output = child.stdout.take().expect("piped");
    let peak = PeakRss::watch(child.id());
    let mut buffer = vec![0; 1 << 16];
    let (mut lines, mut bytes) = (0usize, 0usize);
    let mut at = at.iter().peekable();
    loop {
        let read = output.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        bytes += read;
        lines += memchr_count(&buffer[..read]);
        while at.next_if(|&&checkpoint| lines >= checkpoint).is_some() {
            let kib = |key| memory(child.id(), key).map_or("?".to_owned(), |kib| kib.to_string());
            println!(
                "  at {lines} lines, {:.1} s: RSS {} KiB, peak RSS {} KiB",
                started.elapsed().as_secs_f64(),
                kib("VmRSS:"),
                kib("VmHWM:")
            );
        }
    }
    let peak = peak.stop();
    drop(input);
    let status = child.wait()?;
    let took = started.elapsed();
    println!(
        "{lines} lines, {bytes} bytes, {:.3} s, {status}, peak RSS {} KiB",
        took.as_secs_f64(),
        peak.map_or("?".to_owned(), |kib| kib.to_string())
    );
    Ok(())
}

/// The peak resident set size of one process (its own, not its children's: `VmHWM` in
/// `/proc/PID/status`, Linux only), sampled every 20 ms until its output ends.
struct PeakRss {
    stop: std::sync::mpsc::Sender<()>,
    sampler: std::thread::JoinHandle<Option<u64>>,
}

impl PeakRss {
    fn watch(pid: u32) -> PeakRss {
        let (stop, stopped) = std::sync::mpsc::channel();
        let sampler = std::thread::spawn(move || {
            let sample = || memory(pid, "VmHWM:");
            let mut peak = None;
            loop {
                peak = peak.max(sample());
                if stopped.recv_timeout(Duration::from_millis(20)).is_ok() {
                    // Once more at the end of the output (the process may be gone).
                    return peak.max(sample());
                }
            }
        });
        PeakRss { stop, sampler }
    }

    fn stop(self) -> Option<u64> {
        let _ = self.stop.send(());
        self.sampler.join().ok().flatten()
    }
}

/// A memory figure of process `pid` in KiB (`VmHWM:`, `VmRSS:` of `/proc/PID/status`).
fn memory(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok()
}

fn memchr_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

fn endless(lines: usize) -> io::Result<()> {
    let stream = toolmeta_benches::stream();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut written = 0;
    for round in 0.. {
        for line in &stream {
            if written == lines {
                return out.flush();
            }
            // `call_000123` becomes `call_r7_000123`: every round's calls are new calls.
            let line = line.replace("\"call_", &format!("\"call_r{round}_"));
            out.write_all(line.as_bytes())?;
            out.write_all(b"\n")?;
            written += 1;
        }
    }
    out.flush()
}

fn long_line(bytes: usize) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    let head = br#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"big","title":"read","rawInput":{"text":""#;
    out.write_all(head)?;
    let chunk = vec![b'x'; 1 << 16];
    let mut left = bytes.saturating_sub(head.len() + 6);
    while left > 0 {
        let n = left.min(chunk.len());
        out.write_all(&chunk[..n])?;
        left -= n;
    }
    out.write_all(b"\"}}}}\n")?;
    out.flush()
}

/// The first bytes of the notification that has the bench's agent send a permission
/// request: its `params` are the request.
const ASK: &[u8] = br#"{"jsonrpc":"2.0","method":"_bench/ask","params":"#;

/// The first bytes of the requests the bench's agent answers itself (`initialize`,
/// `session/new`).
const SETUP: &[u8] = br#"{"jsonrpc":"2.0","id":"bench-"#;

/// The bench's agent: see the module documentation.
fn agent() -> io::Result<()> {
    let mut input = io::stdin().lock();
    let mut out = io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if let Some(request) = line.strip_prefix(ASK) {
            let request = request.trim_ascii_end();
            let request = request.strip_suffix(b"}").unwrap_or(request);
            // From before the write: the client (or the proxy) may answer before this
            // process runs again.
            let sent = Instant::now();
            out.write_all(request)?;
            out.write_all(b"\n")?;
            out.flush()?;
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                return Ok(());
            }
            let took = sent.elapsed();
            let answer = std::str::from_utf8(line.trim_ascii_end()).unwrap_or("null");
            writeln!(
                out,
                r#"{{"jsonrpc":"2.0","method":"_bench/answered","params":{{"nanos":{},"answer":{answer}}}}}"#,
                took.as_nanos()
            )?;
        } else if line.starts_with(SETUP) {
            let request: serde_json::Value = serde_json::from_slice(&line)?;
            let id = request["id"].as_str().unwrap_or_default();
            let result = match request["method"].as_str() {
                Some("initialize") => {
                    serde_json::json!({"protocolVersion": 1, "agentInfo": {"name": "proxy-bench", "version": "1"}})
                }
                // `bench-sess-0` opens `sess-0`, a session of the generated log.
                _ => serde_json::json!({"sessionId": id.trim_start_matches("bench-")}),
            };
            let answer = serde_json::json!({"jsonrpc": "2.0", "id": id, "result": result});
            writeln!(out, "{answer}")?;
        } else {
            out.write_all(&line)?;
        }
        out.flush()?;
    }
}

/// What the policy bench sends: a line to echo, or a permission request for the agent to
/// send, with the verdict the bench's policy is meant to give it.
enum Message {
    Echo(String),
    Ask { request: String, meant: Meant },
}

/// The verdict a permission request of the bench is meant to get from the policy
/// (`examples/policy.toml`: `edit-sources` allows an edit under `src/`, `secrets` denies
/// `.env`, and nothing allows `build.rs`, so the default asks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meant {
    Allow,
    Deny,
    Ask,
}

const MEANT: [Meant; 3] = [Meant::Allow, Meant::Deny, Meant::Ask];

/// How a permission request went, as the agent and the client saw it.
struct Asked {
    /// From the agent's writing the request to its reading the answer (the agent's clock).
    agent_wait: Duration,
    /// Whether the client was sent the request (and answered it).
    forwarded: bool,
    /// The answer's `optionId`, if it selected one.
    option: Option<String>,
}

impl Echo {
    /// Sends the bench's agent `request` to send, answers it if it is forwarded, and reads
    /// the agent's report.
    fn ask(&mut self, request: &str, meant: Meant) -> io::Result<Asked> {
        writeln!(
            self.input,
            "{}{request}}}",
            std::str::from_utf8(ASK).expect("ASCII")
        )?;
        let mut forwarded = false;
        loop {
            self.line.clear();
            if self.output.read_until(b'\n', &mut self.line)? == 0 {
                return Err(io::Error::other("the agent closed its output"));
            }
            let message: serde_json::Value = serde_json::from_slice(&self.line)?;
            match message["method"].as_str() {
                Some("session/request_permission") => {
                    forwarded = true;
                    let option = if meant == Meant::Deny {
                        "reject"
                    } else {
                        "allow"
                    };
                    let answer = serde_json::json!({"jsonrpc": "2.0", "id": message["id"],
                        "result": {"outcome": {"outcome": "selected", "optionId": option}}});
                    writeln!(self.input, "{answer}")?;
                }
                Some("_bench/answered") => {
                    let params = &message["params"];
                    let nanos = params["nanos"].as_u64().unwrap_or(u64::MAX);
                    let option = params["answer"]["result"]["outcome"]["optionId"]
                        .as_str()
                        .map(str::to_owned);
                    return Ok(Asked {
                        agent_wait: Duration::from_nanos(nanos),
                        forwarded,
                        option,
                    });
                }
                _ => {
                    return Err(io::Error::other(format!(
                        "unexpected while asking: {}",
                        String::from_utf8_lossy(&self.line)
                    )));
                }
            }
        }
    }

    /// `initialize` and a `session/new` (in `cwd`) for each session of the generated log.
    fn set_up(&mut self, cwd: &str) -> io::Result<()> {
        let mut requests = vec![
            r#"{"jsonrpc":"2.0","id":"bench-init","method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{}}}"#.to_owned(),
        ];
        for session in 0..3 {
            requests.push(format!(
                r#"{{"jsonrpc":"2.0","id":"bench-sess-{session}","method":"session/new","params":{{"cwd":{},"mcpServers":[]}}}}"#,
                serde_json::Value::from(cwd)
            ));
        }
        for request in requests {
            self.round_trip(format!("{request}\n").as_bytes())?;
        }
        Ok(())
    }
}

/// The policy bench's traffic from the generated log: its permission requests become
/// requests the agent sends (in turn as they are, on `.env`, on `build.rs`), the client's
/// answers recorded in the log are left out, and every other line is echoed.
fn policy_traffic(lines: &[&str]) -> Vec<Message> {
    let mut asked = 0;
    lines
        .iter()
        // The client's answers the log recorded: the bench's client answers for itself.
        .filter(|line| !line.contains(r#""result":{"outcome""#) || line.contains(r#""method""#))
        .map(|line| {
            if line.contains(r#""method":"session/request_permission""#) {
                let meant = MEANT[asked % MEANT.len()];
                asked += 1;
                let request = match meant {
                    Meant::Allow => (*line).to_owned(),
                    Meant::Deny => line.replace("src/config.rs", ".env"),
                    Meant::Ask => line.replace("src/config.rs", "build.rs"),
                };
                Message::Ask { request, meant }
            } else {
                Message::Echo(format!("{line}\n"))
            }
        })
        .collect()
}

fn latency_policy(toolmeta: &str, log: &str, policies: &[&str], lines: usize) -> io::Result<()> {
    let text = std::fs::read_to_string(log)?;
    let all: Vec<&str> = text.lines().collect();
    let sample = policy_traffic(&all[..lines.min(all.len())]);
    // Warm-up: ordinary lines from past the sample (their own calls).
    let warm_up: Vec<String> = all
        .iter()
        .skip(lines)
        .take(1_000)
        .filter(|line| line.contains(r#""method":"session/update""#))
        .map(|line| format!("{line}\n"))
        .collect();
    let me = std::env::current_exe()?;
    let me = me.to_str().expect("a UTF-8 path");
    let mut with_policy = vec![toolmeta, "proxy"];
    for policy in policies {
        with_policy.extend(["--policy", policy]);
    }
    with_policy.extend(["--", me, "agent"]);
    // The policy's one line per decision on standard error goes where an editor's agent
    // log would: not to this terminal.
    let mut arms = [
        Echo::start_with(&[me, "agent"], Stdio::null())?,
        Echo::start_with(&[toolmeta, "proxy", "--", me, "agent"], Stdio::null())?,
        Echo::start_with(&with_policy, Stdio::null())?,
    ];
    let cwd = "/home/dev/proj";
    for arm in &mut arms {
        arm.set_up(cwd)?;
        for line in &warm_up {
            arm.round_trip(line.as_bytes())?;
        }
    }
    const NAMES: [&str; 3] = [
        "the agent alone",
        "toolmeta proxy",
        "toolmeta proxy --policy",
    ];
    let mut echoed: [Vec<Duration>; 3] = Default::default();
    // Per arm, per meant verdict: the agent's waits, how many were forwarded, and the
    // options answered.
    let mut waits: [[Vec<Duration>; 3]; 3] = Default::default();
    let mut forwarded = [[0usize; 3]; 3];
    let mut options: [[Vec<Option<String>>; 3]; 3] = Default::default();
    for (i, message) in sample.iter().enumerate() {
        for k in 0..3 {
            let arm = (i + k) % 3;
            match message {
                Message::Echo(line) => echoed[arm].push(arms[arm].round_trip(line.as_bytes())?),
                Message::Ask { request, meant } => {
                    let asked = arms[arm].ask(request, *meant)?;
                    let m = *meant as usize;
                    waits[arm][m].push(asked.agent_wait);
                    forwarded[arm][m] += usize::from(asked.forwarded);
                    options[arm][m].push(asked.option);
                }
            }
        }
    }
    for arm in arms {
        arm.stop()?;
    }
    let show = |what: &str, times: Vec<Duration>| {
        let count = times.len();
        let (median, p99) = percentiles(times);
        println!(
            "{what}: median {:.1} µs, p99 {:.1} µs ({count})",
            micros(median),
            micros(p99)
        );
    };
    let asks: usize = waits[0].iter().map(Vec::len).sum();
    println!(
        "messages: {} echoed, {asks} permission requests; policies: {}",
        echoed[0].len(),
        policies.join(" ")
    );
    println!("-- ordinary messages (echoed by the agent), round trip");
    for (arm, name) in NAMES.iter().enumerate() {
        show(name, echoed[arm].clone());
    }
    show(
        "added by toolmeta proxy (paired with the agent alone)",
        paired_difference(&echoed[1], &echoed[0]),
    );
    show(
        "added by toolmeta proxy --policy (paired with the agent alone)",
        paired_difference(&echoed[2], &echoed[0]),
    );
    show(
        "added by the policy (paired with toolmeta proxy)",
        paired_difference(&echoed[2], &echoed[1]),
    );
    println!("-- permission requests: the agent's wait from its request to the answer");
    for meant in MEANT {
        let m = meant as usize;
        for (arm, name) in NAMES.iter().enumerate() {
            let count = waits[arm][m].len();
            let by = if forwarded[arm][m] == count {
                "answered by the client".to_owned()
            } else if forwarded[arm][m] == 0 {
                let allowed = options[arm][m]
                    .iter()
                    .filter(|option| option.as_deref() == Some("allow"))
                    .count();
                let rejected = options[arm][m]
                    .iter()
                    .filter(|option| option.as_deref() == Some("reject"))
                    .count();
                format!("answered by the policy: {allowed} allow, {rejected} reject")
            } else {
                format!(
                    "{} of {count} answered by the client, the rest by the policy",
                    forwarded[arm][m]
                )
            };
            show(&format!("{meant:?} ({by}), {name}"), waits[arm][m].clone());
        }
    }
    Ok(())
}
