#!/bin/sh
# The ledger against the validation floor, whole processes over one generated log file,
# release build. Each round runs the two back to back (the order alternating), under
# /usr/bin/time; reports the median over rounds of each round's wall-clock ratio, the CPU
# time (user + system) ratio, and each side's peak RSS.
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
"$bin" floor "$log"; "$bin" ledger "$log"
out=$(mktemp)
run() { /usr/bin/time -f "$1 %e %U %S %M" -a -o "$out" "$bin" "$1" "$log" "$passes" >/dev/null; }
i=0
while [ $i -lt "$rounds" ]; do
    if [ $((i % 2)) -eq 0 ]; then run floor; run ledger; else run ledger; run floor; fi
    i=$((i + 1))
done
awk '
    { i = n[$1] + 0; wall[$1, i] = $2; cpu[$1, i] = $3 + $4; rss[$1] = $5 > rss[$1] ? $5 : rss[$1]; n[$1]++ }
    function median(a, k,   i, j, t) {
        for (i = 1; i < k; i++) for (j = i; j > 0 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return k % 2 ? a[int(k / 2)] : (a[k / 2 - 1] + a[k / 2]) / 2
    }
    END {
        for (i = 0; i < n["floor"]; i++) { w[i] = wall["ledger", i] / wall["floor", i]; c[i] = cpu["ledger", i] / cpu["floor", i] }
        all = ""; for (i = 0; i < n["floor"]; i++) all = all sprintf(" %.3f", w[i])
        k = n["floor"]
        printf "rounds: %d\n", k
        printf "ledger / floor, wall clock per round:%s\n", all
        printf "ledger / floor, wall clock: %.3f (median)\n", median(w, k)
        printf "ledger / floor, CPU time:   %.3f\n", median(c, k)
        printf "peak RSS: floor %d KiB, ledger %d KiB\n", rss["floor"], rss["ledger"]
    }' "$out"
rm "$out"
