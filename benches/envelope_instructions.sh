#!/bin/sh
# Instructions per stamp, the derive (or the toolset) against the hand-written way, counted
# by callgrind over 1000 stamps of each case, without and with dropping the stamped map
# (criterion times the stamp only). Pass `--features preserve_order` for that configuration:
#   sh benches/envelope_instructions.sh
#   sh benches/envelope_instructions.sh --features preserve_order
set -eu
cd "$(dirname "$0")/.."
bench=$(cargo bench -p toolmeta-benches --bench envelope --no-run "$@" 2>&1 |
    sed -n 's/.*Executable .*(\(.*\))$/\1/p')
out=$(mktemp -d)
count() { # case, function pattern
    ENVELOPE_BENCH_ONCE=$1 valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect="*envelope::$2*" --callgrind-out-file="$out/cg" "$bench" 2>&1 |
        sed -n 's/.*Collected : //p'
}
echo "configuration: ${*:-preserve_order off}"
echo "case       what        ours  by hand  ratio"
for case in read_file bash raw; do
    if [ "$case" = raw ]; then ours=raw_stamp_toolset; hand=raw_stamp_by_hand; else ours=stamp_derive; hand=stamp_by_hand; fi
    a=$(count "$case" "$ours"); b=$(count "$case" "$hand")
    c=$(count "$case" dropped_derive); d=$(count "$case" dropped_by_hand)
    awk -v n="$case" -v a="$a" -v b="$b" -v c="$c" -v d="$d" 'BEGIN {
        printf "%-10s stamp     %6.0f   %6.0f  %.2fx\n", n, a / 1000, b / 1000, b / a
        printf "%-10s +drop     %6.0f   %6.0f  %.2fx\n", n, c / 1000, d / 1000, d / c }'
done
rm -r "$out"
