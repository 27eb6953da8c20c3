#!/usr/bin/env bash
# Measures the cargo lifecycle through the release `route-planner` and its SQLite store, whole processes:
# booking + routing + assigning one cargo (hyperfine, median of many runs), then booking 10,000 cargo from a
# file and assigning them all under capacity with `assign --store`. Files go to Benchmarks/.data/lifecycle.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-30}
command -v hyperfine >/dev/null || { echo "lifecycle.sh: hyperfine is needed (apt-get install -y hyperfine)" >&2; exit 2; }
swift build -c release --product route-planner >/dev/null
rp="$(swift build -c release --show-bin-path)/route-planner"
work=Benchmarks/.data/lifecycle
rm -rf "$work" && mkdir -p "$work"
export ROUTE_PLANNER_STORE="$work/one.sqlite"
# The bundled schedule as its files lay it out, from 2026-01-05, which the dates below are in.
export ROUTE_PLANNER_FIRST_WEEK=2026-01-05
"$rp" customer ACME "Acme Shipping" >/dev/null

echo "== One cargo: book, route (k = 3), assign option 1; each a separate process on the bundled network"
book="$rp book --as-of 2026-03-01 --from CNSHA --to NLRTM --ready 2026-03-02 --deadline 2026-04-30 --teu 2 --customer ACME --quiet"
hyperfine --warmup 3 --runs "$runs" --export-json "$work/one.json" \
    -n "book + route + assign-route" "id=\$($book) && $rp route \$id -k 3 >/dev/null && $rp assign-route \$id 1 >/dev/null" \
    -n "book" "$book" \
    -n "route RP000001 -k 3" "$rp route RP000001 -k 3" \
    -n "assign-route RP000001 1" "$rp assign-route RP000001 1" \
    -n "track RP000001" "$rp track RP000001"

echo "== 10,000 cargo: the bundled bookings three times over (distinct booking references), the first 10,000"
python3 - "$work/bookings.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open("Data/linerlib-worldsmall/bookings.csv")))
out = [rows[0]] + [[f"{row[0]}-{copy}"] + row[1:] for copy in range(3) for row in rows[1:]]
csv.writer(open(sys.argv[1], "w", newline="")).writerows(out[:10_001])
PY
export ROUTE_PLANNER_STORE="$work/many.sqlite"
"$rp" customer ACME "Acme Shipping" >/dev/null
/usr/bin/time -f "book --bookings (10,000 rows): %e s wall, %M KiB peak" "$rp" book --as-of 2026-03-01 --bookings "$work/bookings.csv" --customer ACME --quiet | wc -l
/usr/bin/time -f "assign --store (10,000 cargo): %e s wall, %M KiB peak" "$rp" assign --store "$ROUTE_PLANNER_STORE" > "$work/assign.txt"
grep -E "^(Carried|Revenue|Solver|Model):" "$work/assign.txt"
sqlite3 "$ROUTE_PLANNER_STORE" "SELECT COUNT(*) || ' cargo, ' || (SELECT COUNT(DISTINCT trackingId) FROM itineraryLeg) || ' routed' FROM cargo"
