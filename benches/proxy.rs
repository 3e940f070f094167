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
//! - `proxy-bench drive-export ENDPOINT -- CMD [ARGS…]`: `drive`, with every argument
//!   `ENDPOINT` replaced by the endpoint of the collector in this process (`live`) or of a
//!   port nothing listens on (`dead`).
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
        ["drive", "--", command @ ..] if !command.is_empty() => drive(command),
        ["stamp", log] => stamp(log),
        ["endless", lines] => endless(parse(lines)),
        ["long-line", bytes] => long_line(parse(bytes)),
        ["latency-export", toolmeta, log] => latency_export(toolmeta, log, 20_000),
        ["latency-export", toolmeta, log, lines] => latency_export(toolmeta, log, parse(lines)),
        [
            "drive-export",
            which @ ("live" | "dead"),
            "--",
            command @ ..,
        ] if !command.is_empty() => {
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
            drive(&command)
        }
        _ => {
            eprintln!(
                "usage: proxy-bench latency TOOLMETA LOG [LINES] | drive -- CMD [ARGS...] | stamp LOG | endless LINES | long-line BYTES | latency-export TOOLMETA LOG [LINES] | drive-export live|dead -- CMD [ARGS...]"
            );
            std::process::exit(2);
        }
    }
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
        let mut child = Command::new(command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
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
    let added = |with: &[Duration]| -> Vec<Duration> {
        with.iter()
            .zip(&times[0])
            .map(|(with, without)| with.saturating_sub(*without))
            .collect()
    };
    let added_live = added(&times[1]);
    let added_dead = added(&times[2]);
    println!("messages: {}", sample.len());
    let [without, live_times, dead_times] = times;
    for (what, times) in [
        ("proxy, no export", without),
        ("proxy --otlp to a live collector", live_times),
        ("proxy --otlp to a dead endpoint", dead_times),
        ("added by export to a live collector (paired)", added_live),
        ("added by export to a dead endpoint (paired)", added_dead),
    ] {
        let (median, p99) = percentiles(times);
        println!(
            "{what}: median {:.1} µs, p99 {:.1} µs",
            micros(median),
            micros(p99)
        );
    }
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
    let added: Vec<Duration> = proxied
        .iter()
        .zip(&direct)
        .map(|(proxied, direct)| proxied.saturating_sub(*direct))
        .collect();
    println!("messages: {}", sample.len());
    for (what, times) in [
        ("round trip through cat (floor)", direct),
        ("round trip through the proxy and cat", proxied),
        ("added by the proxy (per message, paired)", added),
    ] {
        let (median, p99) = percentiles(times);
        println!(
            "{what}: median {:.1} µs, p99 {:.1} µs",
            micros(median),
            micros(p99)
        );
    }
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

fn micros(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}

fn drive(command: &[&str]) -> io::Result<()> {
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
    loop {
        let read = output.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        bytes += read;
        lines += memchr_count(&buffer[..read]);
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
            let sample = || {
                let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
                let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
                line.split_whitespace().nth(1)?.parse::<u64>().ok()
            };
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
