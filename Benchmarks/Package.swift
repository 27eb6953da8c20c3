// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that nothing they need reaches the users of route-planner.
let package = Package(
    name: "route-planner-benchmarks",
    // route-planner's own minimum (its products need macOS 15.4, see ../Package.swift); the benchmarks are
    // command-line tools measured on Linux (CAllocatedBytes reads glibc's mallinfo2), so no iOS.
    platforms: [.macOS("15.4")],
    dependencies: [
        .package(name: "route-planner", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "RoutingBenchmark",
            dependencies: [
                "BenchmarkSupport", "CAllocatedBytes", .product(name: "RoutePlanner", package: "route-planner"),
                .product(name: "RoutePlannerFormats", package: "route-planner"),
            ]
        ),
        .executableTarget(
            name: "InlandBenchmark",
            dependencies: [
                "BenchmarkSupport", .product(name: "RoutePlanner", package: "route-planner"), .product(name: "RoutePlannerFormats", package: "route-planner"),
            ],
        ),
        .executableTarget(
            name: "ImportBenchmark",
            dependencies: [.product(name: "RoutePlanner", package: "route-planner"), .product(name: "RoutePlannerFormats", package: "route-planner")]
        ),
        .executableTarget(
            name: "AssignBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RoutePlanner", package: "route-planner"), .product(name: "RoutePlannerFormats", package: "route-planner"),
                .product(name: "RoutePlannerAssignment", package: "route-planner"),
            ]
        ),
        .executableTarget(
            name: "InstructionBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RoutePlanner", package: "route-planner"), .product(name: "RoutePlannerFormats", package: "route-planner"),
                .product(name: "RoutePlannerAssignment", package: "route-planner"),
            ]
        ),
        .executableTarget(
            name: "DeskBenchmark",
            dependencies: [
                .product(name: "RoutePlanner", package: "route-planner"), .product(name: "BundledData", package: "route-planner"),
                .product(name: "RoutePlannerApplication", package: "route-planner"), .product(name: "RoutePlannerDesk", package: "route-planner"),
                .product(name: "RoutePlannerStore", package: "route-planner"), .product(name: "RoutePlannerFormats", package: "route-planner"),
                .product(name: "RoutePlannerBcrypt", package: "route-planner"),
            ]
        ),
        .executableTarget(
            name: "EventsBenchmark",
            dependencies: [
                .product(name: "RoutePlanner", package: "route-planner"), .product(name: "RoutePlannerApplication", package: "route-planner"),
                .product(name: "RoutePlannerFormats", package: "route-planner"), .product(name: "RoutePlannerStore", package: "route-planner"),
            ]
        ),
        // What more than one benchmark needs: the capacities congested as the benchmark kit defines them, the routing
        // benchmarks' cut-offs, and the benchmark kit's instances with their queries.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "RoutePlanner", package: "route-planner"), .product(name: "RoutePlannerFormats", package: "route-planner")]
        ),
        // glibc's mallinfo2, which the Glibc module does not export, to measure the network's memory.
        .target(name: "CAllocatedBytes"),
    ],
    swiftLanguageModes: [.v6]
)
