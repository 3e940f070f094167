#!/bin/sh
# `toolmeta proxy` as a whole process, release build, over the generated session log
# (`ledger-log generate`, the log of benches/ledger_log.sh), side by side in one run:
#   - latency: one line in flight at a time, echoed by `cat` directly and behind the proxy,
#     alternately (proxy-bench latency): the median and p99 round trips and what the proxy
#     adds to each message;
#   - throughput: `cat LOG×PASSES` (the floor), `toolmeta proxy -- cat LOG×PASSES`, the same
#     with `--log`, and `toolmeta inspect LOG×PASSES` (the ledger alone), each run by
#     proxy-bench drive (input held open, output read to its end) in a rotating order; the
#     median over rounds of each round's wall-clock ratios;
#   - memory: the proxy's peak RSS (its own VmHWM) in front of an endless agent, at two
#     lengths, and in front of an agent that sends one line of 256 MiB;
#   - policy (`--policy`): the bench's own agent alone, behind the proxy, and behind the
#     proxy with examples/policy.toml and a 200-rule policy loaded, alternately
#     (proxy-bench latency-policy): what each adds to an ordinary message, and how long the
#     agent waits for the answer to a permission request the policy allows, denies or
#     forwards, against the same request answered by the client;
#   - export (`--otlp`, the program built with the `otel` feature): the latency without
#     export, with export to a collector that answers at once, and to a port nothing
#     listens on, alternately (proxy-bench latency-export), and the memory of the endless
#     agent's proxy exporting to each over EXPORT_LINES lines (10 000 000 by default),
#     read at 200 000, 1 000 000, 2 000 000, 5 000 000 and the end: whether it stops rising.
#   sh benches/proxy.sh [ROUNDS [PASSES]]    # 5 rounds, 10 passes by default
#   PROXY_BENCH_ONLY=policy|export sh benches/proxy.sh   # only that part
set -eu
cd "$(dirname "$0")/.."
rounds=${1:-5}
passes=${2:-10}
cargo build --release -q -p toolmeta-cli -p toolmeta-benches --features toolmeta-cli/otel --bin toolmeta --bin proxy-bench --bin ledger-log
bin=target/release
log=${LEDGER_LOG:-target/ledger-bench.jsonl}
[ -f "$log" ] || "$bin/ledger-log" generate "$log"
logs=""
i=0
while [ $i -lt "$passes" ]; do logs="$logs $log"; i=$((i + 1)); done
echo "log: $log, $(wc -l <"$log") lines, $(($(wc -c <"$log") / 1048576)) MiB, read $passes times per process"
uptime
only=${PROXY_BENCH_ONLY:-}

if [ -z "$only" ]; then

echo
echo "== latency (20000 messages, one in flight)"
"$bin/proxy-bench" latency "$bin/toolmeta" "$log" 20000

echo
echo "== throughput ($rounds rounds)"
out=$(mktemp)
session_log=$(mktemp)
# shellcheck disable=SC2086 # $logs is the log path, repeated
run() {
    name=$1
    shift
    rm -f "$session_log"
    "$bin/proxy-bench" drive -- "$@" | awk -v name="$name" '{ print name, $5 }' >>"$out"
}
i=0
while [ $i -lt "$rounds" ]; do
    case $((i % 4)) in
        0) run cat cat $logs; run proxy "$bin/toolmeta" proxy -- cat $logs; run proxy_log "$bin/toolmeta" proxy --log "$session_log" --log-limit 64G -- cat $logs; run inspect "$bin/toolmeta" inspect $logs ;;
        1) run proxy "$bin/toolmeta" proxy -- cat $logs; run proxy_log "$bin/toolmeta" proxy --log "$session_log" --log-limit 64G -- cat $logs; run inspect "$bin/toolmeta" inspect $logs; run cat cat $logs ;;
        2) run proxy_log "$bin/toolmeta" proxy --log "$session_log" --log-limit 64G -- cat $logs; run inspect "$bin/toolmeta" inspect $logs; run cat cat $logs; run proxy "$bin/toolmeta" proxy -- cat $logs ;;
        *) run inspect "$bin/toolmeta" inspect $logs; run cat cat $logs; run proxy "$bin/toolmeta" proxy -- cat $logs; run proxy_log "$bin/toolmeta" proxy --log "$session_log" --log-limit 64G -- cat $logs ;;
    esac
    i=$((i + 1))
done
rm -f "$session_log"
awk -v lines="$(($(wc -l <"$log") * passes))" '
    { t[$1, n[$1]++] = $2 }
    function median(a, k,   i, j, x) {
        for (i = 1; i < k; i++) for (j = i; j > 0 && a[j - 1] > a[j]; j--) { x = a[j]; a[j] = a[j - 1]; a[j - 1] = x }
        return k % 2 ? a[int(k / 2)] : (a[k / 2 - 1] + a[k / 2]) / 2
    }
    function ratio(num, den,   i, r) {
        for (i = 0; i < n[num]; i++) r[i] = t[num, i] / t[den, i]
        return median(r, n[num])
    }
    function seconds(name,   i, r) {
        for (i = 0; i < n[name]; i++) r[i] = t[name, i]
        return median(r, n[name])
    }
    END {
        split("cat proxy proxy_log inspect", names, " ")
        for (k = 1; k <= 4; k++)
            printf "%-9s median %.3f s, %.0f lines/s\n", names[k], seconds(names[k]), lines / seconds(names[k])
        printf "proxy / cat:           %.2f\n", ratio("proxy", "cat")
        printf "proxy / inspect:       %.2f\n", ratio("proxy", "inspect")
        printf "proxy --log / inspect: %.2f\n", ratio("proxy_log", "inspect")
    }' "$out"
rm -f "$out"

echo
echo "== memory: the proxy's peak RSS (VmHWM)"
for lines in 200000 2000000; do
    printf "endless agent, %s lines: " "$lines"
    "$bin/proxy-bench" drive -- "$bin/toolmeta" proxy -- "$bin/proxy-bench" endless "$lines" | sed 's/.*peak RSS/peak RSS/'
done
printf "one line of 256 MiB: "
"$bin/proxy-bench" drive -- "$bin/toolmeta" proxy -- "$bin/proxy-bench" long-line 268435456 | sed 's/.*peak RSS/peak RSS/'
fi

if [ -z "$only" ] || [ "$only" = policy ]; then
echo
echo "== policy (--policy examples/policy.toml and 200 rules): one message in flight"
policy200=target/proxy-bench-policy-200.toml
"$bin/proxy-bench" write-policy "$policy200"
"$bin/proxy-bench" latency-policy "$bin/toolmeta" "$log" examples/policy.toml "$policy200" -- "${POLICY_LINES:-40000}"
uptime
fi

if [ -z "$only" ] || [ "$only" = export ]; then
echo
echo "== export (--otlp): latency without, to a live collector, to a dead endpoint (20000 messages, one in flight)"
"$bin/proxy-bench" latency-export "$bin/toolmeta" "$log" 20000

echo
export_lines=${EXPORT_LINES:-10000000}
echo "== export (--otlp): the proxy's memory in front of an endless agent, $export_lines lines"
for collector in live dead; do
    echo "$collector collector:"
    "$bin/proxy-bench" drive-export "$collector" --at 200000,1000000,2000000,5000000 -- "$bin/toolmeta" proxy --otlp ENDPOINT -- "$bin/proxy-bench" endless "$export_lines"
done
uptime
fi
