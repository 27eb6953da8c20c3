#!/usr/bin/env bash
# Regenerates Sources/DCSACommercialSchedules/Generated from the vendored DCSA Commercial Schedules 1.0.3
# specification (docs/dcsa/CS_v1.0.3.yaml) with swift-openapi-generator, whose version is GENERATOR_VERSION.
#
# The generated code is committed rather than made by the generator's build plugin on every build: the plugin
# builds the generator and its OpenAPIKit and Yams dependencies first, which takes about 2.5 minutes on a
# 2-core machine and would be paid by every clean build (CI builds clean each run).
#
# One change is made to the specification on the way in: its `format: date-time` annotations are dropped, so
# that those fields are generated as String rather than Foundation.Date. The standard asks for "the local date
# and time" of each event, with the port's offset (2025-01-14T09:21:00+01:00); a Date keeps only the instant,
# so the port's offset would be lost. RouteDocument writes each time with its call's offset, and the tests
# validate every response against the unchanged specification, where the format is checked.
#
# usage: Tools/generate_dcsa_types.sh      (from the repository; builds the generator in a temporary folder)
set -euo pipefail
GENERATOR_VERSION=1.14.3
cd "$(dirname "$0")/.."
repository=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tool/Sources/tool"
cat > "$work/tool/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "tool",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "$GENERATOR_VERSION")],
    targets: [.executableTarget(name: "tool")]
)
SWIFT
echo "" > "$work/tool/Sources/tool/main.swift"
swift build -c release --package-path "$work/tool" --product swift-openapi-generator
generator="$work/tool/.build/release/swift-openapi-generator"
sed -E 's/^( *)format: date-time$/\1# format: date-time (generated as String: see Tools\/generate_dcsa_types.sh)/' \
    docs/dcsa/CS_v1.0.3.yaml > "$work/CS_v1.0.3.yaml"
output="$repository/Sources/DCSACommercialSchedules/Generated"
rm -rf "$output"
"$generator" generate "$work/CS_v1.0.3.yaml" \
    --config "$repository/Sources/DCSACommercialSchedules/openapi-generator-config.yaml" --output-directory "$output"
echo "generated $(ls "$output" | wc -l) files in Sources/DCSACommercialSchedules/Generated"
