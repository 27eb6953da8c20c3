import Foundation
import Testing

/// The pictures the command line draws from the bundled data, opened in a real browser: headless Chromium
/// renders each file and takes a screenshot, which must have the window's size and must not be blank.
///
/// `RECORD_SCREENSHOTS=1 swift test --filter PictureCommandTests` keeps the files and the screenshots in
/// docs/pictures, where README.md shows them.
@Suite(.serialized) struct PictureCommandTests {
    /// What to draw: a name, the command's arguments (the file format is the `--format`), the window's size. The
    /// assignments stop after 10 s: a picture needs a plan, not its proof.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var width: Int
        var height: Int?
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "route-timeline", arguments: ["route", "--from", "CNSHA", "--to", "NLRTM", "--format", "svg"], width: 960),
        Case(name: "route", arguments: ["route", "--from", "CNSHA", "--to", "NLRTM", "--format", "html"], width: 1000, height: 1500),
        Case(
            name: "route-compare", arguments: ["route", "--from", "CNSHA", "--to", "NLRTM", "--cancel-voyage", "WS25-W07", "--compare", "--format", "html"],
            width: 1000, height: 1500),
        Case(name: "assign-heatmap", arguments: ["assign", "--time-limit", "10", "--format", "svg"], width: 960),
        Case(name: "assign", arguments: ["assign", "--time-limit", "10", "--format", "html"], width: 1000, height: 1500),
        Case(
            name: "assign-compare", arguments: ["assign", "--time-limit", "10", "--cancel-voyage", "WS24-W09", "--compare", "--format", "html"], width: 1000,
            height: 1200),
    ]

    static let recording = ProcessInfo.processInfo.environment["RECORD_SCREENSHOTS"] == "1"

    static var directory: URL {
        recording
            ? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "docs/pictures")
            : FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-pictures-\(ProcessInfo.processInfo.processIdentifier)")
    }

    @Test(arguments: cases) func rendersInABrowser(_ drawing: Case) throws {
        let (output, error, status) = try CommandLineTests.run(drawing.arguments)
        #expect(status == 0, "route-planner \(drawing.arguments.joined(separator: " ")): \(error)")
        try expectRendered(output, name: drawing.name, format: drawing.arguments.last!, width: drawing.width, height: drawing.height)
    }

    @Test func rendersATrackedCargo() throws {
        let store = LifecycleCommandTests.temporaryStore()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) } }
        for arguments in [
            ["customer", "ACME", "Acme Shipping"],
            [
                "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--teu", "2",
                "--customer", "ACME",
            ],
            ["route", "RP000001", "-k", "3"], ["assign-route", "RP000001", "1"],
            ["handle", "RP000001", "--event", "receive", "--location", "CNSHA", "--time", "2026-03-02T02:00:00Z"],
            ["handle", "RP000001", "--event", "load", "--location", "CNSHA", "--voyage", "WS15-W09", "--time", "2026-03-02T08:00:00Z"],
            ["handle", "RP000001", "--event", "unload", "--location", "MYTPP", "--voyage", "WS15-W09", "--time", "2026-03-08T11:00:00Z"],
        ] {
            let (_, error, status) = try LifecycleCommandTests.run(store, arguments)
            try #require(status == 0, "route-planner \(arguments.joined(separator: " ")): \(error)")
        }
        let (output, error, status) = try LifecycleCommandTests.run(store, ["track", "RP000001", "--format", "html"])
        #expect(status == 0, "\(error)")
        #expect(output.components(separatedBy: "class=\"event\"").count - 1 == 3, "a mark per handling event")
        try expectRendered(output, name: "track", format: "html", width: 1000, height: 1200)
    }

    @Test func picturesNeedACommandThatDrawsThem() throws {
        for arguments in [
            ["route", "--from", "CNSHA", "--to", "NLRTM", "--compare", "--format", "svg"], ["cargo", "--format", "html"], ["reroute", "--format", "svg"],
        ] {
            let (_, error, status) = try CommandLineTests.run(arguments)
            #expect(status == 64 && error.contains("--format"), "route-planner \(arguments.joined(separator: " ")): \(error)")
        }
    }

    // MARK: The browser

    /// Writes the file, has Chromium take a screenshot of it, and checks the screenshot: the window's size
    /// (an SVG file's own size when no height is given), and more than a blank page of that size holds.
    func expectRendered(_ document: String, name: String, format: String, width: Int, height: Int?) throws {
        let directory = Self.directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("\(name).\(format)")
        try document.write(to: file, atomically: true, encoding: .utf8)
        let svgHeight = document.firstMatch(of: /height="([0-9.]+)"/).flatMap { Double($0.1) }
        let windowHeight = try height ?? Int(#require(svgHeight, "the SVG states its height").rounded(.up))
        let screenshot = directory.appendingPathComponent("\(name).png")
        try Self.screenshot(file, to: screenshot, width: width, height: windowHeight)
        let png = try Data(contentsOf: screenshot)
        try #require(png.count > 24 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(screenshot.path) is not a PNG")
        func bigEndian(_ offset: Int) -> Int { png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(bigEndian(16) == width && bigEndian(20) == windowHeight, "the screenshot has the window's size")
        // A blank page of the same size compresses to a few kilobytes; a rendered picture to many more.
        let blank = FileManager.default.temporaryDirectory.appendingPathComponent("blank-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: blank.appendingPathExtension("html"));
            try? FileManager.default.removeItem(at: blank.appendingPathExtension("png"))
        }
        try "<!DOCTYPE html><html><body></body></html>".write(to: blank.appendingPathExtension("html"), atomically: true, encoding: .utf8)
        try Self.screenshot(blank.appendingPathExtension("html"), to: blank.appendingPathExtension("png"), width: width, height: windowHeight)
        let blankSize = try Data(contentsOf: blank.appendingPathExtension("png")).count
        #expect(png.count > 3 * blankSize, "\(name): \(png.count) bytes against \(blankSize) for a blank page")
        if !Self.recording { try? FileManager.default.removeItem(at: file) }
    }

    /// Headless Chromium's screenshot of a file, at a window size.
    static func screenshot(_ file: URL, to png: URL, width: Int, height: Int) throws {
        let browser = try #require(
            ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: FileManager.default.isExecutableFile),
            "headless Chromium is needed to render the pictures: apt-get install -y chromium")
        try? FileManager.default.removeItem(at: png)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars", "--disable-gpu", "--no-first-run", "--force-device-scale-factor=1",
            "--screenshot=\(png.path)", "--window-size=\(width),\(height)", file.absoluteString,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0 && FileManager.default.fileExists(atPath: png.path), "Chromium wrote no screenshot of \(file.lastPathComponent)")
    }
}
