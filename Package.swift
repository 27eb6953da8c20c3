// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "route-planner",
    // The oldest systems that run what the code uses: UseCaseViewModel's `isolated deinit` needs the Swift 6.1
    // runtime, first in macOS 15.4 and iOS 18.4 (the compiler refuses it for older deployment targets). That also
    // covers @Observable (Observation: macOS 14, iOS 17), the Swift 6 runtime that typed throws may need (macOS 15,
    // iOS 18) and Duration/ContinuousClock (macOS 13, iOS 16). Linux needs no entry; other Apple platforms are not declared.
    platforms: [.macOS("15.4"), .iOS("18.4")],
    products: [
        .library(name: "RoutePlanner", targets: ["RoutePlanner"]),
        .library(name: "BundledData", targets: ["BundledData"]),
        .library(name: "RoutePlannerApplication", targets: ["RoutePlannerApplication"]),
        .library(name: "RoutePlannerAssignment", targets: ["RoutePlannerAssignment"]),
        .library(name: "RoutePlannerStore", targets: ["RoutePlannerStore"]),
        .library(name: "RoutePlannerPictures", targets: ["RoutePlannerPictures"]),
        .executable(name: "route-planner", targets: ["route-planner"]),
        .executable(name: "route-cargo", targets: ["route-cargo"]),
        .executable(name: "reroute-cargo", targets: ["reroute-cargo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The routing core: domain, compiled network and route search. Pure Swift, no C.
        .target(name: "RoutePlanner"),
        // The data in Data/, derived from LINER-LIB and UN/LOCODE by Tools/derive_data.py.
        .target(
            name: "BundledData",
            dependencies: ["RoutePlanner"],
            path: "Data",
            exclude: ["README.md"],
            sources: ["BundledData.swift"],
            resources: [.copy("linerlib-worldsmall"), .copy("unlocode")]
        ),
        // The application layer: use cases, repositories, controllers, presenters, coordinators, view models.
        .target(
            name: "RoutePlannerApplication",
            dependencies: ["RoutePlanner"]
        ),
        // The cargo store: SQLite through GRDB, behind the application's repository protocols.
        .target(
            name: "RoutePlannerStore",
            dependencies: ["RoutePlanner", "RoutePlannerApplication", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Pictures of the application's responses: itinerary timelines, route maps, capacity heat maps, as SVG and HTML.
        .target(
            name: "RoutePlannerPictures",
            dependencies: ["RoutePlanner", "RoutePlannerApplication"]
        ),
        // GLPK, the GNU Linear Programming Kit (GPL-3.0), as a system library: `apt-get install libglpk-dev`.
        .systemLibrary(name: "CGLPK", providers: [.apt(["libglpk-dev"]), .brew(["glpk"])]),
        // Capacity-constrained assignment of bookings to itineraries; the only target that sees GLPK. The
        // application's solver port is adapted to it in the composition root (the command line), so neither
        // depends on the other.
        .target(
            name: "RoutePlannerAssignment",
            dependencies: ["CGLPK", "RoutePlanner"]
        ),
        // The command line: a thin view over the coordinators.
        .executableTarget(
            name: "route-planner",
            dependencies: [
                "RoutePlanner", "BundledData", "RoutePlannerApplication", "RoutePlannerAssignment", "RoutePlannerStore",
                "RoutePlannerPictures", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Named sample data, a random network generator and a brute-force oracle; tests only.
        .target(
            name: "RoutePlannerTestSupport",
            dependencies: ["RoutePlanner", "BundledData", "RoutePlannerApplication"]
        ),
        .executableTarget(
            name: "route-cargo",
            dependencies: ["RoutePlanner", "BundledData"],
            path: "examples/route-cargo"
        ),
        .executableTarget(
            name: "reroute-cargo",
            dependencies: ["RoutePlannerApplication", "BundledData"],
            path: "examples/reroute-cargo"
        ),
        // Tests by layer: the core and the application (with the store) build and test without GLPK.
        .testTarget(
            name: "RoutePlannerCoreTests",
            dependencies: ["RoutePlanner", "BundledData", "RoutePlannerTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "RoutePlannerApplicationTests",
            dependencies: [
                "RoutePlanner", "RoutePlannerApplication", "RoutePlannerStore", "RoutePlannerTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "RoutePlannerAssignmentTests",
            dependencies: ["RoutePlanner", "RoutePlannerApplication", "RoutePlannerAssignment", "RoutePlannerTestSupport"]
        ),
        .testTarget(
            name: "RoutePlannerPicturesTests",
            dependencies: ["RoutePlanner", "BundledData", "RoutePlannerApplication", "RoutePlannerPictures", "RoutePlannerTestSupport"]
        ),
        .testTarget(
            name: "RoutePlannerCommandLineTests",
            dependencies: ["route-cargo", "reroute-cargo", "route-planner"],
            // The command's snapshots are read from the source tree (#filePath), so that they can be re-recorded.
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
