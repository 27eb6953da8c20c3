#!/usr/bin/env bash
# Starts the built server on loopback and runs schemathesis (from PyPI) against the vendored DCSA Commercial
# Schedules 1.0.3 specification: a bounded number of examples per operation, failing on any 5xx, any response
# that violates the specification, and any request outside the specification that is not refused with a 4xx.
# Then stops the server with SIGTERM, which must drain and exit 0.
#
# usage: Tools/check_server_contract.sh [EXAMPLES]     (EXAMPLES per operation, 100 unless given)
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-100}
python3 -c 'import schemathesis' 2>/dev/null || python3 -m pip install --quiet 'schemathesis>=4,<5' \
    || python3 -m pip install --quiet --break-system-packages 'schemathesis>=4,<5'
swift build --product route-planner
binary="$(swift build --show-bin-path)/route-planner"
log=$(mktemp)
"$binary" serve --port 0 2>"$log" &
server=$!
trap 'kill -TERM $server 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 1 600); do
    port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log")
    [ -n "$port" ] && break
    kill -0 $server 2>/dev/null || { cat "$log"; echo "check_server_contract: the server exited before listening" >&2; exit 1; }
    sleep 0.1
done
[ -n "$port" ] || { cat "$log"; echo "check_server_contract: the server did not listen within 60 s" >&2; exit 1; }
echo "server on 127.0.0.1:$port"
python3 -m schemathesis.cli run docs/dcsa/CS_v1.0.3.yaml --url "http://127.0.0.1:$port" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection \
    --phases examples,coverage,fuzzing --max-examples "$examples" --generation-deterministic --request-timeout 10 --no-color
kill -TERM $server
status=0
wait $server || status=$?
trap 'rm -f "$log"' EXIT
if [ "$status" -ne 0 ] || ! grep -q "stopped" "$log"; then
    cat "$log"
    echo "check_server_contract: the server did not stop cleanly on SIGTERM (status $status)" >&2
    exit 1
fi
echo "check_server_contract: passed; the server drained and exited 0 on SIGTERM"
