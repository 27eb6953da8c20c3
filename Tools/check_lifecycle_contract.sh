#!/usr/bin/env bash
# Starts the built server on loopback over a new store with a planner's token, and runs schemathesis (from PyPI)
# against the lifecycle API's description (docs/api/lifecycle.openapi.json): a bounded number of examples per
# operation, failing on any 5xx, any answer outside the description, any request outside it that is not refused
# with a 4xx, and any operation that answers without the token. Then stops the server with SIGTERM, which must
# drain and exit 0.
#
# usage: Tools/check_lifecycle_contract.sh [--binary PATH] [EXAMPLES]
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
python3 Tools/make_lifecycle_openapi.py --check
[ -n "$binary" ] || binary=$(release_binary)
work=$(mktemp -d)
log="$work/serve.log"
store="$work/store.sqlite"
server=""
trap '[ -n "$server" ] && kill -TERM $server 2>/dev/null; rm -rf "$work"' EXIT
"$binary" customer ACME "Acme Shipping" --store "$store" >/dev/null
printf 'correct horse battery\n' | "$binary" user add alice --role planner --store "$store" >/dev/null
token=$("$binary" token create alice --label schemathesis --store "$store" | tail -n 1)
"$binary" book --from CNSHA --to NLRTM --ready 2026-12-01 --deadline 2027-01-31 --customer ACME --store "$store" >/dev/null
start_server "$log" check_lifecycle_contract "$binary" --store "$store"
python3 -m schemathesis.cli run docs/api/lifecycle.openapi.json --url "http://127.0.0.1:$port" -H "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection,ignored_auth \
    --phases examples,coverage,fuzzing --max-examples "$examples" --generation-deterministic --request-timeout 10 --no-color
stop_server "$log" check_lifecycle_contract
