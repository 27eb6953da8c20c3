#!/usr/bin/env bash
# Measures the lifecycle API's writes (`route-planner serve --store`, release) on loopback with wrk, as a planner's
# program calls it: bookings (POST /api/v1/cargo) as fast as they are answered, then handling events (POST
# /api/v1/cargo/{id}/events, a receive on each cargo booked, each a write), with CONNECTIONS concurrent clients.
#
# usage: Benchmarks/lifecycle_load.sh [SECONDS-PER-RUN [CONNECTIONS [STORE]]]   (defaults 20, 8 and a new SQLite file)
# ROUTE_PLANNER_BINARY runs another build (one kept from before a change, for runs taken in turn) instead of this one's.
# Needs wrk (apt-get install wrk). STORE may be an empty PostgreSQL database, postgres://USER@HOST/DATABASE (its
# password in PGPASSWORD; psql counts what was written). The server plans as of 2026-03-20 on the bundled schedule as
# its files lay it out.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-20}
connections=${2:-8}
store=${3:-}
export ROUTE_PLANNER_FIRST_WEEK=2026-01-05
command -v wrk >/dev/null || { echo "lifecycle_load.sh: wrk is missing: apt-get install wrk" >&2; exit 2; }
binary=${ROUTE_PLANNER_BINARY:-}
if [ -z "$binary" ]; then
    (cd .. && swift build -c release --product route-planner >/dev/null)
    binary="$(cd .. && swift build -c release --show-bin-path)/route-planner"
fi
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
store=${store:-$work/store.sqlite}
# Counts rows of the store: with psql for PostgreSQL, sqlite3 for a file.
count() {
    case "$store" in
        postgres://* | postgresql://*) psql "$store" -tAc "$1" 2>/dev/null || echo "?" ;;
        *) sqlite3 "$store" "$1" 2>/dev/null || echo "?" ;;
    esac
}
"$binary" customer ACME "Acme Shipping" --store "$store" >/dev/null
printf 'correct horse battery\n' | "$binary" user add alice --role planner --store "$store" >/dev/null
export TOKEN=$("$binary" token create alice --label lifecycle_load --store "$store" | tail -n 1)
"$binary" serve --store "$store" --port 0 --as-of 2026-03-20 --log-level warning 2>"$work/serve.log" &
port=""
for _ in $(seq 1 600); do
    port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$work/serve.log")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { cat "$work/serve.log"; exit 1; }

cat > "$work/book.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
wrk.body = '{"origin": "CNSHA", "destination": "NLRTM", "ready": "2026-03-21", "deadline": "2026-05-30", "customer": "ACME", "teu": 2}'
LUA
# Each of wrk's threads takes every other cargo, so that every event is the first of its cargo: a write.
cat > "$work/events.lua" <<'LUA'
local threads = {}
function setup(thread)
    thread:set("tid", #threads)
    table.insert(threads, thread)
end
function init(args)
    counter = 0
    headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. os.getenv("TOKEN") }
    body = '{"event": "RECEIVE", "location": "CNSHA", "completionTime": "2026-03-21T08:00:00Z", "registrationTime": "2026-03-21T09:00:00Z"}'
end
function request()
    local number = counter * 2 + tid + 1
    counter = counter + 1
    return wrk.format("POST", string.format("/api/v1/cargo/RP%06d/events", number), headers, body)
end
LUA

echo "== bookings: POST /api/v1/cargo, $connections clients, ${seconds} s"
wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$work/book.lua" "http://127.0.0.1:$port/api/v1/cargo" | tee "$work/book.txt"
booked=$(count 'SELECT COUNT(*) FROM cargo')
echo "cargo in the store: $booked"
# Events for half the time at most, so that each request finds a cargo not yet received.
echo "== events: POST /api/v1/cargo/{id}/events, $connections clients, $((seconds / 2)) s"
wrk -t2 -c"$connections" -d"$((seconds / 2))s" --latency -s "$work/events.lua" "http://127.0.0.1:$port" | tee "$work/events.txt"
received=$(count 'SELECT COUNT(*) FROM handlingEvent')
echo "events in the store: $received"
if grep -q "Non-2xx" "$work/book.txt" "$work/events.txt"; then
    echo "lifecycle_load.sh: some requests failed (Non-2xx above)" >&2
    exit 1
fi
