#!/bin/sh
# The ledger side by side with the validation floor, the extraction bound and a Node.js peer:
# whole processes over one generated log file, release build.
#
# - floor:  `ledger-log floor`, validating each line (`IgnoredAny`);
# - bound:  `ledger-log bound`, the fields the ledger read on 2026-12-05 through serde_json's
#           derive, borrowed, nothing kept (`toolmeta_benches::BoundLine`, frozen);
# - ledger: `ledger-log ledger`, `Ledger::read_lines`;
# - node:   `node benches/ledger_peer.mjs`, what a client author writes by hand (JSON.parse,
#           a Map by session and toolCallId) — run when `node` is on the PATH.
#
# Each round runs them back to back, in an order that rotates, under /usr/bin/time; the
# report is the median over rounds of each round's ratio (wall clock, and CPU time = user +
# system), against the floor and the ledger against the bound and the peer; the ratio of
# each side's fastest run (CPU time: on a shared machine, the run least disturbed by other
# tenants); and each one's peak RSS. Each process reads the log PASSES times (10 by
# default), long enough for time's 10 ms resolution.
#   sh benches/ledger_log.sh [ROUNDS [PASSES]]   # 7 rounds by default
#   FEATURES="--features preserve_order" sh benches/ledger_log.sh
set -eu
cd "$(dirname "$0")/.."
rounds=${1:-7}
passes=${2:-10}
cargo build --release -q -p toolmeta-benches --bin ledger-log ${FEATURES:-}
bin=target/release/ledger-log
log=${LEDGER_LOG:-target/ledger-bench.jsonl}
[ -f "$log" ] || "$bin" generate "$log"
sides="floor bound ledger"
if command -v node >/dev/null 2>&1; then sides="$sides node"; fi
echo "log: $log, read $passes times per process, $(wc -l <"$log") lines, $(($(wc -c <"$log") / 1048576)) MiB; $(node --version 2>/dev/null || echo 'no node')"
"$bin" floor "$log"; "$bin" ledger "$log"; "$bin" bound "$log"
if [ "${sides#*node}" != "$sides" ]; then node benches/ledger_peer.mjs "$log"; fi
out=$(mktemp)
run() {
    case $1 in
        node) /usr/bin/time -f "node %e %U %S %M" -a -o "$out" node benches/ledger_peer.mjs "$log" "$passes" >/dev/null ;;
        *) /usr/bin/time -f "$1 %e %U %S %M" -a -o "$out" "$bin" "$1" "$log" "$passes" >/dev/null ;;
    esac
}
# The sides rotated left by $1, so that no side always runs first (or after the same one).
rotated() {
    by=$1
    set -- $sides
    k=$((by % $#)) j=0 head=""
    for side in "$@"; do [ $j -lt $k ] && head="$head $side"; j=$((j + 1)); done
    shift $k
    echo "$* $head"
}
i=0
while [ $i -lt "$rounds" ]; do
    for side in $(rotated $i); do run "$side"; done
    i=$((i + 1))
done
awk '
    { i = n[$1] + 0; wall[$1, i] = $2; cpu[$1, i] = $3 + $4; rss[$1] = $5 > rss[$1] ? $5 : rss[$1]; n[$1]++ }
    function median(a, k,   i, j, t) {
        for (i = 1; i < k; i++) for (j = i; j > 0 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return k % 2 ? a[int(k / 2)] : (a[k / 2 - 1] + a[k / 2]) / 2
    }
    function report(side, base,   i, k, all, fast_side, fast_base) {
        k = n[base]
        fast_side = cpu[side, 0]; fast_base = cpu[base, 0]
        for (i = 0; i < k; i++) {
            w[i] = wall[side, i] / wall[base, i]; c[i] = cpu[side, i] / cpu[base, i]
            if (cpu[side, i] < fast_side) fast_side = cpu[side, i]
            if (cpu[base, i] < fast_base) fast_base = cpu[base, i]
        }
        all = ""; for (i = 0; i < k; i++) all = all sprintf(" %.3f", w[i])
        printf "%-6s / %-6s wall clock %.3f (median; rounds%s), CPU time %.3f, fastest runs %.3f\n", side, base, median(w, k), all, median(c, k), fast_side / fast_base
    }
    END {
        printf "rounds: %d\n", n["floor"]
        report("bound", "floor"); report("ledger", "floor"); report("ledger", "bound")
        if (n["node"]) report("node", "ledger")
        printf "peak RSS: floor %d KiB, bound %d KiB, ledger %d KiB", rss["floor"], rss["bound"], rss["ledger"]
        if (n["node"]) printf ", node %d KiB", rss["node"]
        printf "\n"
    }' "$out"
rm "$out"
