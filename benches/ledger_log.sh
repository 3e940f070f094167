#!/bin/sh
# The program and the library side by side with the validation floor, the extraction bound
# and a Node.js peer: whole processes, each reading the generated log once, release build.
#
# - floor:   `ledger-log floor`, validating each line (`IgnoredAny`);
# - bound:   `ledger-log bound`, the fields the ledger read on 2026-12-05 through serde_json's
#            derive, borrowed, nothing kept (`toolmeta_benches::BoundLine`, frozen);
# - ledger:  `ledger-log ledger`, the library pass: `Ledger::read_lines`;
# - inspect: `toolmeta inspect`, the program (the same reading, then the table);
# - json:    `toolmeta inspect --json` (the same reading, then one JSON record per call);
# - node:    `node benches/ledger_peer.mjs`, what a client author writes by hand (JSON.parse,
#            a Map by session and toolCallId) — run when `node` is on the PATH.
#
# Each round runs every side once, in an order that rotates. A process's CPU time (user +
# system) and peak RSS are read from `wait4` (microseconds, not /usr/bin/time's 10 ms), by
# python3. The report: per pair, the median over rounds of each round's ratio (wall clock
# and CPU time) and the ratio of the fastest runs (CPU time: on a shared machine, the run
# least disturbed by other tenants); then each side's peak RSS.
#   sh benches/ledger_log.sh [ROUNDS]                    # 11 rounds by default
#   BIN=DIR sh benches/ledger_log.sh                     # prebuilt ledger-log and toolmeta in DIR
#   FEATURES="--features preserve_order" sh benches/ledger_log.sh
set -eu
cd "$(dirname "$0")/.."
rounds=${1:-11}
if [ -z "${BIN:-}" ]; then
    cargo build --release -q -p toolmeta-benches --bin ledger-log ${FEATURES:-}
    cargo build --release -q -p toolmeta-cli --bin toolmeta
    BIN=target/release
fi
log=${LEDGER_LOG:-target/ledger-bench.jsonl}
[ -f "$log" ] || "$BIN/ledger-log" generate "$log"
echo "log: $log, $(wc -l <"$log") lines, $(($(wc -c <"$log") / 1048576)) MiB; $(node --version 2>/dev/null || echo 'no node'); binaries: $BIN"
"$BIN/ledger-log" floor "$log"; "$BIN/ledger-log" ledger "$log"; "$BIN/ledger-log" bound "$log"
exec python3 - "$BIN" "$log" "$rounds" <<'EOF'
import os, shutil, statistics, subprocess, sys, time

bin_dir, log, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
sides = {
    "floor": [f"{bin_dir}/ledger-log", "floor", log],
    "bound": [f"{bin_dir}/ledger-log", "bound", log],
    "ledger": [f"{bin_dir}/ledger-log", "ledger", log],
    "inspect": [f"{bin_dir}/toolmeta", "inspect", log],
    "json": [f"{bin_dir}/toolmeta", "inspect", "--json", log],
}
if shutil.which("node"):
    sides["node"] = ["node", "benches/ledger_peer.mjs", log]
names = list(sides)
runs = {name: [] for name in names}  # (wall, cpu, peak RSS KiB) per round

def run(command):
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{command} failed: {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss

for round in range(rounds):
    k = round % len(names)
    for name in names[k:] + names[:k]:
        runs[name].append(run(sides[name]))

def report(side, base):
    wall = [s[0] / b[0] for s, b in zip(runs[side], runs[base])]
    cpu = [s[1] / b[1] for s, b in zip(runs[side], runs[base])]
    fastest = min(s[1] for s in runs[side]) / min(b[1] for b in runs[base])
    spread = f"{min(cpu):.3f}–{max(cpu):.3f}"
    print(f"{side:>7} / {base:<7} CPU time {statistics.median(cpu):.3f} (median; rounds {spread}), "
          f"fastest runs {fastest:.3f}, wall clock {statistics.median(wall):.3f}")

print(f"rounds: {rounds}")
for side, base in [("bound", "floor"), ("ledger", "bound"), ("inspect", "bound"), ("json", "bound"),
                   ("inspect", "ledger"), ("json", "ledger")]:
    report(side, base)
if "node" in runs:
    report("node", "ledger")
    report("node", "inspect")
    report("node", "json")
print("CPU time, fastest run: " + ", ".join(f"{n} {min(r[1] for r in runs[n]) * 1000:.0f} ms" for n in names))
print("peak RSS: " + ", ".join(f"{n} {max(r[2] for r in runs[n])} KiB" for n in names))
EOF
