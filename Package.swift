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
        .library(name: "RoutePlannerBcrypt", targets: ["RoutePlannerBcrypt"]),
        .library(name: "RoutePlannerAssignment", targets: ["RoutePlannerAssignment"]),
        .library(name: "RoutePlannerStore", targets: ["RoutePlannerStore"]),
        .library(name: "RoutePlannerFormats", targets: ["RoutePlannerFormats"]),
        .library(name: "RoutePlannerPictures", targets: ["RoutePlannerPictures"]),
        .library(name: "DCSACommercialSchedules", targets: ["DCSACommercialSchedules"]),
        .library(name: "RoutePlannerDesk", targets: ["RoutePlannerDesk"]),
        .library(name: "RoutePlannerServer", targets: ["RoutePlannerServer"]),
        .executable(name: "route-planner", targets: ["route-planner"]),
        .executable(name: "route-cargo", targets: ["route-cargo"]),
        .executable(name: "reroute-cargo", targets: ["reroute-cargo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        // The server: Hummingbird and what it already brings (NIO, swift-log, swift-metrics, service lifecycle),
        // and a Prometheus exporter for swift-metrics.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's requests and responses are these types; the server names them itself.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The accounts' secrets: bcrypt for passwords (hummingbird-auth's, which is its C bcrypt alone; RoutePlannerBcrypt)
        // and SHA-256 for tokens and session ids (the application).
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The PostgreSQL store, for several processes over one database.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The routing core: domain, compiled network and route search. Pure Swift, no C.
        .target(name: "RoutePlanner"),
        // The data in Data/, derived from LINER-LIB and UN/LOCODE by Tools/derive_data.py.
        .target(
            name: "BundledData",
            dependencies: ["RoutePlanner", "RoutePlannerFormats"],
            path: "Data",
            exclude: ["README.md"],
            sources: ["BundledData.swift"],
            resources: [.copy("linerlib-worldsmall"), .copy("linerlib-worldsmall-inland"), .copy("unlocode")]
        ),
        // The types of DCSA Commercial Schedules 1.0.3 and its server protocol, generated from docs/dcsa/CS_v1.0.3.yaml
        // by Tools/generate_dcsa_types.sh (swift-openapi-generator) and committed, so that no build runs the generator.
        .target(
            name: "DCSACommercialSchedules",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            exclude: ["openapi-generator-config.yaml"]
        ),
        // The application layer: use cases, repositories, controllers, presenters, coordinators, view models.
        .target(
            name: "RoutePlannerApplication",
            dependencies: ["RoutePlanner", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The accounts' passwords hashed with bcrypt: the application's PasswordHasher port, adapted.
        .target(
            name: "RoutePlannerBcrypt",
            dependencies: ["RoutePlannerApplication", .product(name: "HummingbirdBcrypt", package: "hummingbird-auth")]
        ),
        // The file formats, an adapter around the core and the application as the store and the solver are: the readers
        // of CSV files, DCSA vessel schedules and Track & Trace events; the documents the front ends write from the
        // application's responses (JSON, CSV, DCSA Commercial Schedules, which is why the generated types stop here);
        // and the repositories over files.
        .target(
            name: "RoutePlannerFormats",
            dependencies: ["RoutePlanner", "RoutePlannerApplication", "DCSACommercialSchedules"]
        ),
        // The planner's desk: the web front end's router, screens, presenters and views, as HTML that escapes by
        // construction (RoutePlannerPictures' Markup); no HTTP here, which the server adds.
        .target(
            name: "RoutePlannerDesk",
            dependencies: [
                "RoutePlanner", "RoutePlannerApplication", "RoutePlannerFormats", "RoutePlannerPictures",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The DCSA Commercial Schedules API and the desk over HTTP, on Hummingbird: the route engine behind the standard.
        .target(
            name: "RoutePlannerServer",
            dependencies: [
                "RoutePlanner", "RoutePlannerApplication", "RoutePlannerBcrypt", "RoutePlannerFormats", "DCSACommercialSchedules", "RoutePlannerDesk",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // The cargo store: an SQLite file through GRDB, or a PostgreSQL database through postgres-nio, behind the
        // application's repository protocols.
        .target(
            name: "RoutePlannerStore",
            dependencies: [
                "RoutePlanner", "RoutePlannerApplication", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
            ]
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
                "RoutePlanner", "BundledData", "RoutePlannerApplication", "RoutePlannerBcrypt", "RoutePlannerFormats", "RoutePlannerAssignment",
                "RoutePlannerStore",
                "RoutePlannerPictures", "RoutePlannerServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Named sample data, a random network generator and a brute-force oracle; tests only.
        .target(
            name: "RoutePlannerTestSupport",
            dependencies: ["RoutePlanner", "BundledData", "RoutePlannerApplication", "RoutePlannerBcrypt", "RoutePlannerFormats"]
        ),
        .executableTarget(
            name: "route-cargo",
            dependencies: ["RoutePlanner", "BundledData"],
            path: "examples/route-cargo"
        ),
        .executableTarget(
            name: "reroute-cargo",
            dependencies: ["RoutePlanner", "RoutePlannerApplication", "RoutePlannerBcrypt", "RoutePlannerFormats", "BundledData"],
            path: "examples/reroute-cargo"
        ),
        // Tests by layer: the core and the application (with the store) build and test without GLPK.
        .testTarget(
            name: "RoutePlannerCoreTests",
            dependencies: ["RoutePlanner", "RoutePlannerFormats", "BundledData", "RoutePlannerTestSupport"]
        ),
        // The readers and writers of the file formats, with the fixtures their messages are pinned on.
        .testTarget(
            name: "RoutePlannerFormatsTests",
            dependencies: ["RoutePlanner", "RoutePlannerFormats", "BundledData", "RoutePlannerTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "RoutePlannerApplicationTests",
            dependencies: ["RoutePlanner", "RoutePlannerApplication", "RoutePlannerBcrypt", "RoutePlannerFormats", "RoutePlannerTestSupport"]
        ),
        // What every repository promises, checked on memory, SQLite and PostgreSQL alike, and the stores' own files,
        // migrations and races between processes.
        .testTarget(
            name: "RoutePlannerStoreTests",
            dependencies: [
                "RoutePlanner", "RoutePlannerApplication", "RoutePlannerBcrypt", "RoutePlannerFormats", "RoutePlannerStore", "RoutePlannerTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "RoutePlannerAssignmentTests",
            dependencies: [
                "RoutePlanner", "RoutePlannerApplication", "RoutePlannerBcrypt", "RoutePlannerFormats", "RoutePlannerAssignment", "RoutePlannerTestSupport",
            ]
        ),
        .testTarget(
            name: "RoutePlannerPicturesTests",
            dependencies: ["RoutePlanner", "BundledData", "RoutePlannerApplication", "RoutePlannerPictures", "RoutePlannerTestSupport"]
        ),
        // The desk's presenters and views without HTTP: every state of every view, drawn from fixtures (its previews).
        .testTarget(
            name: "RoutePlannerDeskTests",
            dependencies: ["RoutePlanner", "RoutePlannerApplication", "RoutePlannerDesk", "RoutePlannerPictures", "RoutePlannerTestSupport"]
        ),
        .testTarget(
            name: "RoutePlannerServerTests",
            dependencies: [
                "RoutePlanner", "BundledData", "RoutePlannerServer", "RoutePlannerDesk", "RoutePlannerApplication", "RoutePlannerBcrypt", "RoutePlannerFormats",
                "DCSACommercialSchedules",
                "RoutePlannerTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "RoutePlannerCommandLineTests",
            dependencies: ["route-cargo", "reroute-cargo", "route-planner", "RoutePlannerTestSupport"],
            // The command's snapshots are read from the source tree (#filePath), so that they can be re-recorded.
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
