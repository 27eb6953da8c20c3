# Starting and stopping `route-planner serve` for the contract checks; sourced, not run.
#
#     release_binary                           # builds route-planner as it ships (release) and prints its path
#     start_server LOG NAME BINARY [ARGS...]   # serve on a free loopback port: sets $server (its pid) and $port
#     stop_server LOG NAME                     # SIGTERM; fails unless it drains and exits 0
#
# NAME is the calling script's, for its messages; LOG receives the server's standard error.

release_binary() {
    swift build -c release --product route-planner >&2
    echo "$(swift build -c release --show-bin-path)/route-planner"
}

start_server() {
    local log=$1 name=$2 binary=$3
    shift 3
    "$binary" serve --port 0 "$@" 2>"$log" &
    server=$!
    port=""
    for _ in $(seq 1 600); do
        port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log")
        [ -n "$port" ] && break
        kill -0 "$server" 2>/dev/null || { cat "$log"; echo "$name: the server exited before listening" >&2; exit 1; }
        sleep 0.1
    done
    [ -n "$port" ] || { cat "$log"; echo "$name: the server did not listen within 60 s" >&2; exit 1; }
    echo "server on 127.0.0.1:$port"
}

stop_server() {
    local log=$1 name=$2 status=0
    kill -TERM "$server"
    wait "$server" || status=$?
    server=""
    if [ "$status" -ne 0 ] || ! grep -q "stopped" "$log"; then
        cat "$log"
        echo "$name: the server did not stop cleanly on SIGTERM (status $status)" >&2
        exit 1
    fi
    echo "$name: passed; the server drained and exited 0 on SIGTERM"
}
