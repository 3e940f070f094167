#!/bin/sh
# The ledger against the validation floor, whole processes over one generated log file,
# release build. Each round runs the floor, the ledger and the extraction bound (the fields
# the ledger reads, through serde_json's derive, borrowed, nothing kept: `ledger-log bound`)
# back to back, in an order that rotates, under /usr/bin/time; reports the median over rounds
# of each round's wall-clock ratio to the floor, the CPU time (user + system) ratio, and each
# one's peak RSS.
# Each process reads the log PASSES times (10 by default), long enough for time's 10 ms.
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
echo "log: $log, read $passes times per process, $(wc -l <"$log") lines, $(($(wc -c <"$log") / 1048576)) MiB"
"$bin" floor "$log"; "$bin" ledger "$log"; "$bin" bound "$log"
out=$(mktemp)
run() { /usr/bin/time -f "$1 %e %U %S %M" -a -o "$out" "$bin" "$1" "$log" "$passes" >/dev/null; }
i=0
while [ $i -lt "$rounds" ]; do
    case $((i % 3)) in
        0) run floor; run ledger; run bound ;;
        1) run ledger; run bound; run floor ;;
        *) run bound; run floor; run ledger ;;
    esac
    i=$((i + 1))
done
awk '
    { i = n[$1] + 0; wall[$1, i] = $2; cpu[$1, i] = $3 + $4; rss[$1] = $5 > rss[$1] ? $5 : rss[$1]; n[$1]++ }
    function median(a, k,   i, j, t) {
        for (i = 1; i < k; i++) for (j = i; j > 0 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return k % 2 ? a[int(k / 2)] : (a[k / 2 - 1] + a[k / 2]) / 2
    }
    function report(side,   i, k, all) {
        k = n["floor"]
        for (i = 0; i < k; i++) { w[i] = wall[side, i] / wall["floor", i]; c[i] = cpu[side, i] / cpu["floor", i] }
        all = ""; for (i = 0; i < k; i++) all = all sprintf(" %.3f", w[i])
        printf "%s / floor, wall clock per round:%s\n", side, all
        printf "%s / floor, wall clock: %.3f (median)\n", side, median(w, k)
        printf "%s / floor, CPU time:   %.3f\n", side, median(c, k)
    }
    END {
        printf "rounds: %d\n", n["floor"]
        report("ledger"); report("bound")
        printf "peak RSS: floor %d KiB, ledger %d KiB, bound %d KiB\n", rss["floor"], rss["ledger"], rss["bound"]
    }' "$out"
rm "$out"
