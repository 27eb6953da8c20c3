#!/usr/bin/env bash
# Builds the documentation of every library with a DocC catalog (Sources/X/X.docc), with warnings treated as
# errors: a symbol link that names no symbol, a parameter a comment documents that the function does not have, a
# topic that names nothing fail it.
#
#     Tools/check_docs.sh [OUTPUT]      # the archives go to OUTPUT (default .build/documentation)
#
# The symbol graphs come from `swift package dump-symbol-graph` on the release build with testing enabled, the one
# the tests run on (README's `swift test -c release -Xswiftc -enable-testing`), so after the tests this takes seconds. Each library is converted on its own: a symbol of another library is named
# in code voice (`Itinerary.reference`), not linked, as DocC resolves links within one archive only. `docc` is the
# toolchain's, beside `swift`; no package plugin is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/documentation}
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")

dump=$(swift package -c release -Xswiftc -enable-testing dump-symbol-graph --minimum-access-level public)
graphs=$(printf '%s\n' "$dump" | sed -n 's/^Files written to //p' | tail -n 1)
[ -d "$graphs" ] || { printf '%s\n' "$dump" >&2; echo "error: dump-symbol-graph wrote no symbol graphs" >&2; exit 1; }

rm -rf "$output"
mkdir -p "$output"
for module in RoutePlanner DCSACommercialSchedules RoutePlannerApplication RoutePlannerBcrypt RoutePlannerFormats RoutePlannerStore RoutePlannerPictures \
    RoutePlannerAssignment RoutePlannerDesk RoutePlannerServer; do
    catalog=Sources/$module/$module.docc
    [ -d "$catalog" ] || { echo "error: $catalog is missing" >&2; exit 1; }
    # The module's own graph and the graphs of its extensions to other modules' types (Module@Other).
    mkdir -p "$output/graphs/$module"
    cp "$graphs/$module.symbols.json" "$output/graphs/$module/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$output/graphs/$module/" \;
    "$docc" convert "$catalog" --additional-symbol-graph-dir "$output/graphs/$module" \
        --output-path "$output/$module.doccarchive" --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" --warnings-as-errors
done
# Every catalog is checked: one added under Sources/ without a place in the list above fails here.
for catalog in Sources/*/*.docc; do
    module=$(basename "$catalog" .docc)
    [ -d "$output/$module.doccarchive" ] || { echo "error: $catalog is not in Tools/check_docs.sh's order" >&2; exit 1; }
done
echo "documentation built without warnings: $output"
