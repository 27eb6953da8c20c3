import Foundation
import Testing

/// The programs in examples/ build (the test target depends on them) and print what their comments say.
@Suite struct ExamplesTests {
    /// The folder with the built executables, where the test runner itself is.
    static var productsDirectory: URL {
        #if os(macOS)
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!
        return bundle.bundleURL.deletingLastPathComponent()
        #else
        return Bundle.main.executableURL!.deletingLastPathComponent()
        #endif
    }

    static func run(_ name: String) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(name)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (output, process.terminationStatus)
    }

    @Test func routeCargo() throws {
        let (output, status) = try Self.run("route-cargo")
        #expect(status == 0)
        #expect(output == """
            Hong Kong to Stockholm, ready 2026-03-01, due 2026-04-15:
              2026-03-02 → 2026-04-05, 34 days, 1 transshipment(s): AE1-0100W HKHKG→NLRTM, NF-0310N NLRTM→SESTO
              2026-03-09 → 2026-04-12, 34 days, 1 transshipment(s): AE1-0200W HKHKG→NLRTM, NF-0320N NLRTM→SESTO
            If feeder NF-0310N is cancelled:
              2026-03-02 → 2026-04-06, 35 days, 1 transshipment(s): AE1-0100W HKHKG→DEHAM, BF-0410E DEHAM→SESTO

            """)
    }
}
