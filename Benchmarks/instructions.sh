#!/usr/bin/env bash
# Counts the instructions of a fixed routing workload under callgrind and compares them with the committed
# baseline, Benchmarks/instructions-baseline.txt: a measure this shared, noisy machine does not move.
#
#   Benchmarks/instructions.sh            # print the counts and their change against the baseline
#   Benchmarks/instructions.sh --update   # write the counts as the new baseline (commit it with the change)
#
# The workload is InstructionBenchmark on the small standard instance (generated into Benchmarks/.data
# once): its import from CSV and from DCSA vessel schedules (dcsa_instance.py), 400 earliest arrivals (without and with
# cut-offs on 80% of the calls), 100 candidate searches (k = 5, 60 days) with fixed queries, 40 of them with cost and CO2e
# as criteria over the instance with costs and CO2e (BenchmarkSupport's withCosts), and the assignment of 300 bookings (assign_instance.py, seed 1) on its capacities congested as the benchmark
# kit defines them, solved to proven optimality.
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is needed (apt-get install -y valgrind)" >&2; exit 2; }
bench=${BENCH_DIR:-reference}   # the benchmark kit's generator (Benchmarks/reference)
mkdir -p .data
[ -f .data/small/schedule.csv ] || python3 "$bench/gen_schedule.py" --ports 200 --services 100 --weeks 26 --seed 1 --out .data/small >/dev/null
[ -f .data/small/vessel-schedules.json ] || python3 dcsa_instance.py .data/small >/dev/null
[ -f .data/small-bookings-300.csv ] || python3 assign_instance.py --schedule .data/small --cargos 300 --seed 1 --window-days 60 \
    --out .data/small-bookings-300.csv >/dev/null
swift build -c release --product InstructionBenchmark >/dev/null
# Valgrind 3.19 cannot read the debug information of Swift 6.3's binaries ("possibly corrupted debuginfo file"): it runs
# a copy without it. The symbol table stays, which is all --toggle-collect reads.
bin=.data/InstructionBenchmark.stripped
strip --strip-debug -o "$bin" "$(swift build -c release --show-bin-path)/InstructionBenchmark"
baseline=instructions-baseline.txt
report=""
for measure in import dcsa earliest cutoffs candidates criteria assign; do
    out=.data/callgrind.$measure
    bookings=(); [ "$measure" = assign ] && bookings=(.data/small-bookings-300.csv)
    # The functions are measureImport, measureDCSA, measureEarliest, measureCutoffs, measureCandidates, measureCriteria and measureAssign (their
    # mangled names hold them).
    # Deterministic hashing: sets and dictionaries iterate in the same order every run.
    function=${measure^}; [ "$measure" = dcsa ] && function=DCSA
    answer=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no --toggle-collect="*measure${function}*" \
        --callgrind-out-file="$out" "$bin" .data/small "$measure" "${bookings[@]}" 2>/dev/null)
    count=$(awk '/^totals:/ { print $2 }' "$out")
    report+="$measure $count ${answer#checksum }"$'\n'
done
if [ "${1:-}" = "--update" ]; then
    printf '%s' "$report" > "$baseline"
    echo "wrote $baseline:"; cat "$baseline"
    exit 0
fi
printf '%s' "$report" | while read -r measure count checksum; do
    read -r _ base basesum < <(grep "^$measure " "$baseline" || echo "$measure 0 -")
    change=$(awk -v a="$count" -v b="$base" 'BEGIN { if (b > 0) printf "%+.2f%%", (a - b) * 100 / b; else print "no baseline" }')
    note=""; [ "$checksum" = "$basesum" ] || note="  (answers differ from the baseline's: checksum $checksum, was $basesum)"
    printf '%-10s %'"'"'15d instructions  baseline %'"'"'15d  %s%s\n' "$measure" "$count" "$base" "$change" "$note"
done
