#!/usr/bin/env bash
# Fuzz toolmeta's readers for a bounded time, seeded from the shipped logs.
#   fuzz/run.sh                    every target, 60 s each
#   fuzz/run.sh all SECONDS        every target, SECONDS each
#   fuzz/run.sh TARGET [SECONDS]   one target
#   FUZZ_RUNS=N fuzz/run.sh all    every target for N executions from seed 1: the same
#                                  inputs on every run (what CI does)
# Needs nightly Rust and cargo-fuzz (`cargo install cargo-fuzz --locked`). A crash stops
# the run with the reproducer in fuzz/artifacts/TARGET/; replay it with
# `cargo +nightly fuzz run TARGET fuzz/artifacts/TARGET/<file>`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
TARGETS=(ledger_lines ledger_messages strict_decode loose_decode toolset_raw catalog_synthesis)
if [ $# -ge 1 ] && [ "$1" != all ]; then TARGETS=("$1"); fi
SECONDS_EACH="${2:-60}"

# Seeds from the shipped logs: whole logs for the line reader, single messages for the
# message model, envelopes for the decoders, `rawInput` objects for the projections.
seed() {
  mkdir -p "corpus/$1"
  python3 - "$1" ../tests/data/*.jsonl <<'PY'
import json, sys
target, logs = sys.argv[1], sys.argv[2:]
out = f"corpus/{target}"
def objects(value, key):
    if isinstance(value, dict):
        for k, v in value.items():
            if k == key and isinstance(v, dict):
                yield v
            yield from objects(v, key)
    elif isinstance(value, list):
        for v in value:
            yield from objects(v, key)
seeds = []
for log in logs:
    text = open(log, encoding="utf-8", errors="replace").read()
    if target == "ledger_lines":
        seeds.append(text.encode())
        continue
    for line in text.splitlines():
        if target == "ledger_messages":
            seeds.append(line.encode())
            continue
        try:
            message = json.loads(line)
        except ValueError:
            continue
        key = "x.ai/tool" if target in ("strict_decode", "loose_decode") else "rawInput"
        for found in objects(message, key):
            seed = json.dumps(found).encode()
            # catalog_synthesis reads a harness byte and a tool byte first
            seeds.append(b"\x00\x00" + seed if target == "catalog_synthesis" else seed)
for n, seed in enumerate(dict.fromkeys(seeds)):
    with open(f"{out}/seed-{n}", "wb") as f:
        f.write(seed)
PY
}

for target in "${TARGETS[@]}"; do
  seed "$target"
  if [ -n "${FUZZ_RUNS:-}" ]; then
    echo "==> $target, $FUZZ_RUNS inputs from seed 1"
  else
    echo "==> $target, ${SECONDS_EACH}s"
  fi
  mkdir -p logs
  if [ -n "${FUZZ_RUNS:-}" ]; then
    budget=(-runs="$FUZZ_RUNS" -seed=1)
  else
    budget=(-max_total_time="$SECONDS_EACH")
  fi
  if ! cargo +nightly fuzz run "$target" "corpus/$target" -- \
      "${budget[@]}" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
      -print_final_stats=1 > "logs/$target.log" 2>&1; then
    tail -n 60 "logs/$target.log" >&2
    echo "fuzz target $target failed (a reproducer, if any, is in fuzz/artifacts/$target/)" >&2
    exit 1
  fi
  grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "logs/$target.log"
done
