#!/usr/bin/env bash
# Runs the import and routing benchmarks on a standard instance (small, medium or large; default large) of the
# benchmark kit in Benchmarks/reference beside its compiled connection-scan anchor, in one run. Generated files
# go to Benchmarks/.data. BENCH_DIR may name another copy of the kit.
set -euo pipefail
cd "$(dirname "$0")"
instance=${1:-large}
window=${2:-60}
bench=$(cd "${BENCH_DIR:-reference}" && pwd)
case $instance in
    small) flags="--ports 200 --services 100 --weeks 26 --seed 1" ;;
    medium) flags="--ports 600 --services 500 --weeks 26 --seed 2" ;;
    large) flags="--ports 1200 --services 1500 --weeks 52 --seed 3" ;;
    *) echo "usage: $0 [small|medium|large] [candidate-window-days]" >&2; exit 2 ;;
esac
mkdir -p .data
if [ ! -f ".data/$instance/schedule.csv" ]; then
    python3 "$bench/gen_schedule.py" $flags --out ".data/$instance"
fi
if [ ! -f ".data/$instance.bin" ]; then
    python3 -c "import numpy" 2>/dev/null || python3 -m pip install --quiet numpy \
        || python3 -m pip install --quiet --break-system-packages numpy   # export_bin.py needs numpy
    (cd "$bench" && python3 export_bin.py "$OLDPWD/.data/$instance" "$OLDPWD/.data/$instance.bin" --queries 1000 --seed 7)
fi
cc -O2 -march=native -o .data/csa_scan "$bench/csa_scan.c"
swift build -c release --product ImportBenchmark
swift build -c release --product RoutingBenchmark
bin=$(swift build -c release --show-bin-path)
"$bin/ImportBenchmark" ".data/$instance"
if [ ! -f ".data/$instance/vessel-schedules.json" ]; then python3 dcsa_instance.py ".data/$instance"; fi
"$bin/ImportBenchmark" ".data/$instance" dcsa
"$bin/RoutingBenchmark" ".data/$instance" ".data/$instance.bin" .data/csa_scan "$window"
