#!/usr/bin/env bash
# Starts the built server on loopback and runs schemathesis (from PyPI) against the vendored DCSA Commercial
# Schedules 1.0.3 specification: a bounded number of examples per operation, failing on any 5xx, any response
# that violates the specification, and any request outside the specification that is not refused with a 4xx.
# Then stops the server with SIGTERM, which must drain and exit 0.
#
# usage: Tools/check_server_contract.sh [--binary PATH] [EXAMPLES]
#   --binary PATH   the route-planner to check (default: the release build's, built here)
#   EXAMPLES        examples per operation, 100 unless given
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/server.sh
binary=""
if [ "${1:-}" = "--binary" ]; then binary=$2; shift 2; fi
examples=${1:-100}
python3 -c 'import schemathesis' 2>/dev/null || python3 -m pip install --quiet 'schemathesis>=4,<5' \
    || python3 -m pip install --quiet --break-system-packages 'schemathesis>=4,<5'
[ -n "$binary" ] || binary=$(release_binary)
log=$(mktemp)
server=""
trap '[ -n "$server" ] && kill -TERM $server 2>/dev/null; rm -f "$log"' EXIT
start_server "$log" check_server_contract "$binary"
python3 -m schemathesis.cli run docs/dcsa/CS_v1.0.3.yaml --url "http://127.0.0.1:$port" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection \
    --phases examples,coverage,fuzzing --max-examples "$examples" --generation-deterministic --request-timeout 10 --no-color
stop_server "$log" check_server_contract
