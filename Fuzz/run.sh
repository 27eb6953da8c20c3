#!/usr/bin/env bash
# Builds the libFuzzer target with coverage instrumentation in route-planner's own modules too, and runs it
# from the seed corpus (the test fixtures, written by `corpus`) for a fixed number of executions (default
# 1,000,000). A crash leaves its input as crash-* in Fuzz/.data; replay it with `run.sh <file>`.
set -euo pipefail
cd "$(dirname "$0")"
runs=${RUNS:-1000000}
swift build -c release -Xswiftc -sanitize=fuzzer --product FuzzRoutePlanner
bin="$(swift build -c release -Xswiftc -sanitize=fuzzer --show-bin-path)/FuzzRoutePlanner"
if [ $# -gt 0 ]; then exec "$bin" "$@"; fi
mkdir -p .data/corpus
fixtures=../Tests/RoutePlannerFormatsTests/Fixtures
# One seed per reader, each led by the byte that chooses it (see FuzzInput).
{ printf '\x00'; cat "$fixtures/valid/locations.csv"; printf '\xff'; cat "$fixtures/valid/schedule.csv"; } > .data/corpus/schedule
{ printf '\x00'; cat "$fixtures/invalid-schedule/locations.csv"; printf '\xff'; cat "$fixtures/invalid-schedule/schedule.csv"; } > .data/corpus/broken-schedule
{ printf '\x01'; cat "$fixtures/valid/bookings.csv"; } > .data/corpus/bookings
{ printf '\x01'; cat "$fixtures/invalid-bookings/bookings.csv"; } > .data/corpus/broken-bookings
printf '\x02tracking_id,event,location,voyage,completion_time\nA,load,HKHKG,AE1-0100W,2026-03-02T00:00:00Z\n' > .data/corpus/report
{ printf '\x04'; cat "$fixtures/dcsa/vessel-schedules.json"; printf '\xff'; cat "$fixtures/dcsa/capacities.csv"; } > .data/corpus/dcsa
printf '\x03cAE1-0100W\npSGSIN@2026-03-01..2026-03-07\ndAE1-0200W:48@SGSIN\nkNF-0310N=500\n' > .data/corpus/what-if
cd .data
"$bin" -runs="$runs" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 corpus
