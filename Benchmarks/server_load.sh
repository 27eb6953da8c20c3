#!/usr/bin/env bash
# Measures `route-planner serve` (release) on loopback with wrk: point-to-point queries on the bundled network
# (as fast as they are answered, then paced at about 1,000 requests/s) and on the large instance (throughput and
# latency at a fixed concurrency), then a soak on the bundled network with the server's resident memory sampled
# every 10 s.
#
# usage: Benchmarks/server_load.sh [SECONDS-PER-RUN [SOAK-SECONDS [CONNECTIONS]]]   (defaults 30, 300, 8)
# Needs wrk (apt-get install wrk). The queries are 200 port pairs drawn with a fixed seed, ready on 2026-03-02,
# five options each, taken round-robin.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-30}
soak=${2:-300}
connections=${3:-8}
# The bundled schedule as its files lay it out, from 2026-01-05, which the queries' dates are in.
export ROUTE_PLANNER_FIRST_WEEK=2026-01-05
command -v wrk >/dev/null || { echo "server_load.sh: wrk is missing: apt-get install wrk" >&2; exit 2; }
[ -f .data/large/schedule.csv ] || python3 reference/gen_schedule.py --ports 1200 --services 1500 --weeks 52 --seed 3 --out .data/large
(cd .. && swift build -c release --product route-planner >/dev/null)
binary="$(cd .. && swift build -c release --show-bin-path)/route-planner"
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

# The wrk script of a locations file: 200 pairs of ports DCSA's code pattern accepts.
queries() {
    python3 - "$1" "${2:-0}" > "$work/queries.lua" <<'PY'
import csv, random, re, sys
codes = [row["unlocode"] for row in csv.DictReader(open(sys.argv[1])) if re.fullmatch(r"[A-Z]{2}[A-Z2-9]{3}", row["unlocode"])]
rng = random.Random(11)
pairs = [rng.sample(codes, 2) for _ in range(200)]
print("paths = {")
for a, b in pairs:
    print(f'  "/v1/point-to-point-routes?placeOfReceipt={a}&placeOfDelivery={b}&departureStartDate=2026-03-02&limit=5",')
print("}\ni = 0")
if int(sys.argv[2]) > 0:
    print(f"delay = function()\n  return {sys.argv[2]}\nend")
print("request = function()\n  i = i % #paths + 1\n  return wrk.format(\"GET\", paths[i])\nend")
print("done = function(summary, latency, requests)\n  io.write(string.format(\"requests %d errors %d non2xx %d\\n\", summary.requests, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.errors.status))\nend")
PY
}

# Starts the server on a schedule; sets $server and $port.
start() {
    "$binary" serve --port 0 --log-level warning "$@" 2>"$work/server.log" &
    server=$!
    port=""
    for _ in $(seq 1 1200); do
        port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$work/server.log")
        [ -n "$port" ] && return
        sleep 0.1
    done
    cat "$work/server.log"; exit 1
}

stop() { kill -TERM "$server"; wait "$server" || true; }

rss() { awk '/VmRSS/ { print $2 }' "/proc/$1/status"; }

echo "== bundled WorldSmall network: $connections connections, ${seconds} s"
queries ../Data/linerlib-worldsmall/locations.csv
start
wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$work/queries.lua" "http://127.0.0.1:$port" | grep -E "Requests/sec|50%|90%|99%|requests|Latency"
echo "server RSS after the run: $(rss "$server") kB"
echo "== bundled WorldSmall network, paced at about 1,000 requests/s: 16 connections, each waiting 14 ms after an answer, ${seconds} s"
queries ../Data/linerlib-worldsmall/locations.csv 14
wrk -t2 -c16 -d"${seconds}s" --latency -s "$work/queries.lua" "http://127.0.0.1:$port" | grep -E "Requests/sec|50%|90%|99%|requests|Latency"
stop

echo "== large instance (1,200 ports, 52 weeks): $connections connections, ${seconds} s"
queries .data/large/locations.csv
start --schedule .data/large/schedule.csv --locations .data/large/locations.csv
echo "server RSS after loading: $(rss "$server") kB"
wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$work/queries.lua" "http://127.0.0.1:$port" | grep -E "Requests/sec|50%|90%|99%|requests|Latency"
echo "server RSS after the run: $(rss "$server") kB"
stop

echo "== soak, bundled network: $connections connections, ${soak} s, resident memory every 10 s (kB)"
queries ../Data/linerlib-worldsmall/locations.csv
start
wrk -t2 -c"$connections" -d"${soak}s" --latency -s "$work/queries.lua" "http://127.0.0.1:$port" > "$work/soak.txt" &
load=$!
samples=()
for _ in $(seq 1 $((soak / 10))); do
    sleep 10
    samples+=("$(rss "$server")")
done
wait "$load" || true
grep -E "Requests/sec|50%|99%|requests" "$work/soak.txt"
echo "samples: ${samples[*]}"
python3 - "${samples[@]}" <<'PY'
import sys
samples = [int(s) for s in sys.argv[1:]]
steady = samples[3:] or samples  # after 30 s of warm-up
low, high = min(steady), max(steady)
print(f"after warm-up: {low} to {high} kB, spread {100 * (high - low) / low:.1f}% (first {steady[0]}, last {steady[-1]})")
PY
stop
