#!/bin/sh
# Instructions per decision of the 200-rule policy (benches/policy.rs), counted by callgrind
# over 1000 decisions of each call shape: a measure the machine's load does not move, beside
# criterion's wall-clock percentiles.
#   sh benches/policy_instructions.sh
set -eu
cd "$(dirname "$0")/.."
bench=$(cargo bench -p toolmeta-benches --bench policy --no-run "$@" 2>&1 |
    sed -n 's/.*Executable .*(\(.*\))$/\1/p')
out=$(mktemp -d)
echo "shape          instructions/decision"
for shape in "shell line" "nested shell" "argv" "two paths" "url"; do
    n=$(POLICY_BENCH_ONCE=$shape valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect="*policy::decide_once*" --callgrind-out-file="$out/cg" "$bench" 2>&1 |
        sed -n 's/.*Collected : //p')
    awk -v s="$shape" -v n="$n" 'BEGIN { printf "%-14s %8.0f\n", s, n / 1000 }'
done
rm -r "$out"
