// swift-tools-version: 6.1
import PackageDescription

// The coverage-guided fuzz target, in its own package so that its compiler flags never reach route-planner's
// users. Build and run it with Fuzz/run.sh (libFuzzer through `-sanitize=fuzzer`). Its sources are links to
// RoutePlannerTestSupport's FuzzInput and sample network, which the seeded mutation test also runs.
let package = Package(
    name: "route-planner-fuzz",
    dependencies: [
        .package(name: "route-planner", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "FuzzRoutePlanner",
            dependencies: [
                .product(name: "RoutePlanner", package: "route-planner"),
                .product(name: "RoutePlannerApplication", package: "route-planner"),
                .product(name: "RoutePlannerFormats", package: "route-planner"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library", "-sanitize=fuzzer"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
