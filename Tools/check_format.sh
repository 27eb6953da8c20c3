#!/usr/bin/env bash
# The Swift sources are formatted as .swift-format says: the toolchain's swift-format, lint mode, strict (a finding is
# an error). The generated DCSA types are left as the generator writes them. `Tools/check_format.sh --fix` formats them.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.swift' | grep -v '/Generated/')
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --configuration .swift-format "${files[@]}"
else
    swift format lint --strict --configuration .swift-format "${files[@]}"
    echo "check_format: ${#files[@]} Swift files formatted as .swift-format says"
fi
