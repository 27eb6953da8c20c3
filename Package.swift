// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "route-planner",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RoutePlanner", targets: ["RoutePlanner"]),
        .executable(name: "route-cargo", targets: ["route-cargo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // The routing core: domain, compiled network and route search. Pure Swift, no C.
        .target(
            name: "RoutePlanner",
            dependencies: [.product(name: "HeapModule", package: "swift-collections")]
        ),
        // Named sample data, a random network generator and a brute-force oracle; tests only.
        .target(
            name: "RoutePlannerTestSupport",
            dependencies: ["RoutePlanner"]
        ),
        .executableTarget(
            name: "route-cargo",
            dependencies: ["RoutePlanner"],
            path: "examples/route-cargo"
        ),
        .testTarget(
            name: "RoutePlannerTests",
            dependencies: ["RoutePlanner", "RoutePlannerTestSupport", "route-cargo"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
