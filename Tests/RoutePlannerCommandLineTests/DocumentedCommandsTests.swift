import Foundation
import Testing

/// Every ```` ```sh ```` block of README.md and of examples/*/README.md runs as shown: each document's blocks in
/// order, line by line, in a fresh temporary directory (so on a fresh store: `ROUTE_PLANNER_STORE` is unset), where
/// the repository's files are linked so that the paths the documents name resolve. Each command must exit 0, or the
/// status its comment documents (`# exits 1: …`).
///
/// A line is run by `bash` as written, except that:
/// - `swift run NAME` runs the product already built beside the tests (`route-planner`, `route-cargo`, …), as the
///   other command-line tests do;
/// - `swift test` is skipped: it is the test run itself;
/// - a line that uses PostgreSQL (a `postgres://` store, `createdb`, `dropdb`) runs only when
///   `ROUTE_PLANNER_TEST_POSTGRES` names a server, as the PostgreSQL store's tests do (`.ci/run` starts one), and is
///   skipped otherwise;
/// - `… serve …` starts the server on a free loopback port for the rest of its block (and stops it with SIGTERM at
///   the block's end, which must exit 0), and a `curl` line asks that port instead of the documented one and fails
///   on an HTTP error (`--fail`).
@Suite(.serialized) struct DocumentedCommandsTests {
    /// The repository's root, read from the source tree.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every examples/*/README.md, relative to the root.
    static var documents: [String] {
        let examples = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("examples").path)) ?? []
        return ["README.md"]
            + examples.sorted().map { "examples/\($0)/README.md" }.filter {
                FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
            }
    }

    /// The lines of each ```` ```sh ```` block, in the document's order; blank lines and whole-line comments left out.
    static func shellBlocks(of markdown: String) -> [[String]] {
        var blocks: [[String]] = [], block: [String]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if block == nil {
                if trimmed == "```sh" { block = [] }
            } else if trimmed.hasPrefix("```") {
                blocks.append(block!)
                block = nil
            } else if !trimmed.isEmpty && !trimmed.hasPrefix("#") {
                block!.append(trimmed)
            }
        }
        return blocks
    }

    /// What the test does with a documented line.
    enum Step: Equatable {
        /// Run the command with `bash`, expecting the exit status.
        case run(String, status: Int32)
        /// Start `route-planner serve` with these arguments; the documented port, which later lines name, is given.
        case serve([String], documentedPort: String)
        /// Do not run the line, for the reason given.
        case skip(reason: String)
        /// A line the test does not know how to run: a failure.
        case unknown(reason: String)
    }

    /// The step for a documented line. `products` is the folder of the built executables.
    static func step(for line: String, products: URL, postgres: Bool = ProcessInfo.processInfo.environment["ROUTE_PLANNER_TEST_POSTGRES"] != nil) -> Step {
        let (command, comment) = split(line)
        if command == "swift test" || command.hasPrefix("swift test ") { return .skip(reason: "it is the test run itself") }
        if !postgres && (command.contains("postgres://") || command.hasPrefix("createdb ") || command.hasPrefix("dropdb ")) {
            return .skip(reason: "no PostgreSQL server: ROUTE_PLANNER_TEST_POSTGRES names none")
        }
        var expected: Int32 = 0
        if let match = comment.firstMatch(of: /^exits ([0-9]+)/), let status = Int32(match.1) { expected = status }
        var words = command.split(separator: " ").map(String.init)
        if words.count >= 3, words[0] == "swift", words[1] == "run" {
            let product = products.appendingPathComponent(words[2]).path
            words.replaceSubrange(0...2, with: ["'\(product)'"])
            if words.count >= 2, words[1] == "serve" {
                var arguments = Array(words.dropFirst(2)), port = "8080"
                if let flag = arguments.firstIndex(of: "--port"), flag + 1 < arguments.count {
                    port = arguments[flag + 1]
                    arguments.removeSubrange(flag...flag + 1)
                }
                return .serve(arguments, documentedPort: port)
            }
        } else if words.first == "swift" {
            return .unknown(reason: "a swift command other than `swift run` and `swift test`")
        }
        if words.first == "curl" { words.insert(contentsOf: ["--fail", "--silent", "--show-error"], at: 1) }
        return .run(words.joined(separator: " "), status: expected)
    }

    /// A line's command and its trailing comment (after ` # `), each trimmed.
    static func split(_ line: String) -> (command: String, comment: String) {
        guard let mark = line.range(of: " #") else { return (line.trimmingCharacters(in: .whitespaces), "") }
        return (
            line[..<mark.lowerBound].trimmingCharacters(in: .whitespaces),
            line[mark.upperBound...].trimmingCharacters(in: .whitespaces)
        )
    }

    /// Runs a command with `bash` in a folder, without `ROUTE_PLANNER_STORE`.
    static func bash(_ command: String, in folder: URL) async throws -> (output: String, error: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        var environment = ExamplesTests.environment
        environment["ROUTE_PLANNER_STORE"] = nil
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Standard error is read on another thread, so that neither pipe fills while the other is read.
        let errorHandle = error.fileHandleForReading
        let errorText = Task.detached { String(decoding: errorHandle.readDataToEndOfFile(), as: UTF8.self) }
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = await errorText.value
        process.waitUntilExit()
        return (out, err, process.terminationStatus)
    }

    /// A fresh folder holding a link to each of the repository's top-level files and folders.
    static func workingFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("documented-commands-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for entry in try FileManager.default.contentsOfDirectory(atPath: root.path) where !entry.hasPrefix(".") {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(entry), withDestinationURL: root.appendingPathComponent(entry))
        }
        return folder
    }

    @Test func theDocumentsAreFoundAndHaveShellBlocks() throws {
        #expect(Self.documents.contains("README.md") && Self.documents.contains("examples/dcsa/README.md"))
        for document in Self.documents {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            #expect(!Self.shellBlocks(of: text).isEmpty, "\(document) has no sh block")
        }
    }

    @Test func aDocumentedLineBecomesItsStep() {
        let products = URL(fileURLWithPath: "/p")
        #expect(
            Self.step(for: "swift run route-planner route --from CNSHA   # options", products: products)
                == .run("'/p/route-planner' route --from CNSHA", status: 0))
        #expect(Self.step(for: "swift run reroute-cargo", products: products) == .run("'/p/reroute-cargo'", status: 0))
        #expect(Self.step(for: "swift test                # run the tests", products: products) == .skip(reason: "it is the test run itself"))
        #expect(
            Self.step(for: "swift run route-planner serve --port 9000 --schedule s.json  # another", products: products)
                == .serve(["--schedule", "s.json"], documentedPort: "9000"))
        #expect(
            Self.step(for: "curl 'http://127.0.0.1:8080/health'", products: products)
                == .run("curl --fail --silent --show-error 'http://127.0.0.1:8080/health'", status: 0))
        #expect(
            Self.step(for: "swift run route-planner route --from XXXXX --to NLRTM   # exits 1: no such port", products: products)
                == .run("'/p/route-planner' route --from XXXXX --to NLRTM", status: 1))
        #expect(Self.step(for: "swift build", products: products) == .unknown(reason: "a swift command other than `swift run` and `swift test`"))
        #expect(
            Self.step(for: "createdb -h 127.0.0.1 demo", products: products, postgres: false)
                == .skip(reason: "no PostgreSQL server: ROUTE_PLANNER_TEST_POSTGRES names none"))
        #expect(
            Self.step(for: "swift run route-planner cargo --store postgres://p@h/d", products: products, postgres: true)
                == .run("'/p/route-planner' cargo --store postgres://p@h/d", status: 0))
    }

    @Test(arguments: documents) func everyShellBlockRunsAsShown(_ document: String) async throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let folder = try Self.workingFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = ContinuousClock.now
        for block in Self.shellBlocks(of: text) {
            var server: ServeCommandTests.Server?
            var port: (documented: String, actual: Int)?
            defer { if let server, server.process.isRunning { server.process.terminate() } }
            for line in block {
                switch Self.step(for: line, products: ExamplesTests.productsDirectory) {
                case .skip(let reason):
                    print("\(document): skipped `\(line)`: \(reason)")
                case .unknown(let reason):
                    Issue.record("\(document): `\(line)` cannot be run: \(reason)")
                case .serve(let arguments, let documentedPort):
                    let launched = try ServeCommandTests.Server(arguments, in: folder)
                    server = launched
                    let actual = try #require(try await launched.port(), "\(document): `\(line)` did not start: \(launched.standardError)")
                    port = (documentedPort, actual)
                case .run(var command, let expected):
                    if let port { command = command.replacingOccurrences(of: "127.0.0.1:\(port.documented)", with: "127.0.0.1:\(port.actual)") }
                    let (_, error, status) = try await Self.bash(command, in: folder)
                    #expect(status == expected, "\(document): `\(line)` exited \(status), not \(expected): \(error.suffix(2_000))")
                }
            }
            if let server {
                kill(server.process.processIdentifier, SIGTERM)
                server.process.waitUntilExit()
                #expect(server.process.terminationStatus == 0, "\(document): the server exited \(server.process.terminationStatus) on SIGTERM")
            }
        }
        print("\(document): every shell block ran in \(ContinuousClock.now - started)")
    }
}
