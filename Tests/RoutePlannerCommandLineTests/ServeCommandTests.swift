import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `route-planner serve` as a process: it listens on loopback, reloads its schedule on SIGHUP (keeping the old
/// one when the new one fails to load) and stops cleanly on SIGTERM.
@Suite(.serialized) struct ServeCommandTests {
    /// A running server, with what it has written on standard error so far.
    final class Server: Sendable {
        /// Text written from another thread.
        final class Output: Sendable {
            let text = Mutex("")
            /// Whether the pipe has reached its end: everything the process wrote is in `text`.
            let ended = Mutex(false)
        }

        let process: Process
        private let errors = Output()

        /// Starts `serve` with the arguments, in a folder (the tests' own by default), where its relative paths resolve.
        init(_ arguments: [String], environment: [String: String] = ExamplesTests.environment, in folder: URL? = nil) throws {
            process = Process()
            process.executableURL = ExamplesTests.productsDirectory.appendingPathComponent("route-planner")
            process.environment = environment
            if let folder { process.currentDirectoryURL = folder }
            // A budget that a search on a machine busy with the other tests keeps.
            process.arguments = ["serve", "--port", "0", "--search-budget", "300000"] + arguments
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
            pipe.fileHandleForReading.readabilityHandler = { [errors] handle in
                let data = handle.availableData
                guard !data.isEmpty else {
                    handle.readabilityHandler = nil
                    errors.ended.withLock { $0 = true }
                    return
                }
                errors.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            try process.run()
        }

        var standardError: String { errors.text.withLock { $0 } }

        /// Waits until standard error holds a text, for up to 60 seconds. Once the process has exited, it waits
        /// for the pipe to be read to its end (for up to 10 seconds more) before it concludes that the text is
        /// not there: the process can exit before the last thing it wrote has been read.
        func wait(for text: String) async throws -> Bool {
            var afterExit = 0
            for _ in 0..<12_000 {
                if standardError.contains(text) { return true }
                if !process.isRunning {
                    if errors.ended.withLock({ $0 }) || afterExit == 2_000 { return standardError.contains(text) }
                    afterExit += 1
                }
                try await Task.sleep(for: .milliseconds(5))
            }
            return false
        }

        /// The port it listens on, once it says.
        func port() async throws -> Int? {
            guard try await wait(for: "listening on http://127.0.0.1:") else { return nil }
            let line = standardError.split(separator: "\n").first { $0.contains("listening on http://127.0.0.1:") } ?? ""
            return line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }
        }
    }

    /// The status and body of a GET.
    static func get(_ port: Int, _ path: String) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A form posted as a browser posts it; the redirection after it is followed, as a browser follows it.
    static func post(_ port: Int, _ path: String, _ body: String) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func theDeskKeepsItsCargoInTheStoreTheCommandLineReads() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("desk.sqlite").path
        let server = try Server(["--store", store, "--as-of", "2026-03-01"])
        defer { if server.process.isRunning { server.process.terminate() } }
        let port = try #require(try await server.port(), "\(server.standardError)")
        let home = try await Self.get(port, "/")
        #expect(home.status == 200 && home.body.contains("The planner&apos;s desk"))
        #expect(try await Self.post(port, "/customers", "id=ACME&name=Acme+Shipping").status == 200)
        let booked = try await Self.post(port, "/book", "customer=ACME&from=CNSHA&to=NLRTM&ready=2026-03-02&deadline=2026-04-30&teu=2")
        #expect(booked.status == 200 && booked.body.contains("Cargo RP000001"), "\(booked.body)")
        // The desk logs what was done, not who or what for.
        #expect(server.standardError.contains("desk action") && server.standardError.contains("action=book"))
        #expect(!server.standardError.contains("Acme"))
        kill(server.process.processIdentifier, SIGTERM)
        server.process.waitUntilExit()
        let listed = try CommandLineTests.run(["cargo", "--store", store])
        #expect(listed.status == 0 && listed.output.contains("RP000001"), "\(listed.error)")
    }

    @Test func anAsOfThatIsNoDateIsRefused() throws {
        let result = try CommandLineTests.run(["serve", "--as-of", "soon"])
        #expect(result.status == 64 && result.error.contains("--as-of"))
    }

    @Test func itReloadsOnHangUpAndStopsOnTerminate() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locations = folder.appendingPathComponent("locations.csv"), schedule = folder.appendingPathComponent("schedule.csv")
        try "unlocode,name\nNLRTM,Rotterdam\nCNSHA,Shanghai\n".write(to: locations, atomically: true, encoding: .utf8)
        let header = "voyage,from,to,departure,arrival\n"
        try (header + "V1,CNSHA,NLRTM,2026-03-02T00:00:00Z,2026-04-01T00:00:00Z\n").write(to: schedule, atomically: true, encoding: .utf8)
        let server = try Server(["--schedule", schedule.path, "--locations", locations.path])
        defer { if server.process.isRunning { server.process.terminate() } }
        let port = try #require(try await server.port(), "\(server.standardError)")
        let query = "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-03-01"
        #expect(try await Self.get(port, "/health").body.contains(#""generation":1"#))
        #expect(try await Self.get(port, query).body.contains(#""carrierExportVoyageNumber":"V1""#))

        try (header + "V2,CNSHA,NLRTM,2026-03-03T00:00:00Z,2026-03-30T00:00:00Z\n").write(to: schedule, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(try await server.wait(for: "schedule reloaded"))
        #expect(try await Self.get(port, "/health").body.contains(#""generation":2"#))
        #expect(try await Self.get(port, query).body.contains(#""carrierExportVoyageNumber":"V2""#))

        try "voyage,from,to\nV3,CNSHA\n".write(to: schedule, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(try await server.wait(for: "schedule reload failed"))
        #expect(server.standardError.contains("schedule.csv:1:1: error: missing required column"))
        let health = try await Self.get(port, "/health")
        #expect(health.status == 200 && health.body.contains(#""generation":2"#))
        #expect(try await Self.get(port, query).body.contains(#""carrierExportVoyageNumber":"V2""#))
        // One log line per request, with its id, path, status and duration.
        #expect(server.standardError.contains("hb.request.id="))
        #expect(server.standardError.contains("path=/v1/point-to-point-routes") && server.standardError.contains("status=200"))
        #expect(server.standardError.contains("duration_ms="))

        kill(server.process.processIdentifier, SIGTERM)
        #expect(try await server.wait(for: "stopped"))
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    /// `serve --haulage`: the DCSA API routes from a factory's store door by truck, barge and vessel
    /// (examples/inland), its trucks as `OtherTransport` legs.
    @Test func theServerRoutesDoorToDoorWithItsHaulageTable() async throws {
        let server = try Server(["schedule", "locations", "haulage"].flatMap { ["--\($0)", "examples/inland/\($0).csv"] })
        defer { if server.process.isRunning { server.process.terminate() } }
        let port = try #require(try await server.port(), "\(server.standardError)")
        let (status, body) = try await Self.get(
            port,
            "/v1/point-to-point-routes?placeOfReceipt=CNJGJ&placeOfDelivery=DEDTM&departureStartDate=2026-03-01&arrivalEndDate=2026-05-01"
                + "&receiptTypeAtOrigin=SD&deliveryTypeAtDestination=SD")
        #expect(status == 200 && body.contains(#""modeOfTransport":"TRUCK""#) && body.contains(#""modeOfTransport":"BARGE""#), "\(body)")
    }

    /// Without a first week asked for, the bundled schedule starts in the current week: a DCSA client asking for
    /// routings from today, with no dates, finds them.
    @Test func theBundledScheduleSailsFromThisWeek() async throws {
        var environment = ExamplesTests.environment
        environment["ROUTE_PLANNER_FIRST_WEEK"] = nil
        let server = try Server([], environment: environment)
        defer { if server.process.isRunning { server.process.terminate() } }
        let port = try #require(try await server.port(), "\(server.standardError)")
        let (status, body) = try await Self.get(port, "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&limit=1")
        #expect(status == 200 && body.hasPrefix("[{"), "\(body)")
    }

    /// A request being answered when SIGTERM arrives is answered before the server exits. (The signal is sent once
    /// the server has logged the request's arrival, and its search takes about 50 ms in a debug build; were the
    /// connections closed at once, the request would fail.)
    @Test func aRequestInFlightAtTerminateIsAnswered() async throws {
        let server = try Server(["--log-level", "debug"])
        defer { if server.process.isRunning { server.process.terminate() } }
        let port = try #require(try await server.port(), "\(server.standardError)")
        async let answer = Self.get(
            port,
            "/v1/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&departureStartDate=2026-01-05&arrivalEndDate=2026-07-01&limit=100")
        #expect(try await server.wait(for: "path=/v1/point-to-point-routes [RoutePlannerServer] request received"))
        kill(server.process.processIdentifier, SIGTERM)
        let (status, body) = try await answer
        #expect(status == 200 && body.hasPrefix("[{"))
        #expect(try await server.wait(for: "stopped"))
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    /// A log reader that stops reading costs log lines, never answers: with standard error on a pipe that is read
    /// only until the server says where it listens, every one of 2,000 requests is answered, and `/metrics` counts
    /// the lines dropped. Once the pipe is read again, a line says how many were dropped.
    @Test func aStalledLogReaderCostsLinesNotAnswers() async throws {
        let process = Process()
        process.executableURL = ExamplesTests.productsDirectory.appendingPathComponent("route-planner")
        process.environment = ExamplesTests.environment
        process.arguments = ["serve", "--port", "0"]
        let errors = Pipe(), output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reader = errors.fileHandleForReading
        var read = ""
        while !read.contains("/health, /metrics)") {
            let data = reader.availableData
            try #require(!data.isEmpty, "the server exited: \(read)")
            read += String(decoding: data, as: UTF8.self)
        }
        let line = try #require(read.split(separator: "\n").first { $0.contains("listening on http://127.0.0.1:") })
        let port = try #require(line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })

        let session = URLSession(configuration: .ephemeral)
        func status(_ path: String) async throws -> Int {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.timeoutInterval = 10
            return (try await session.data(for: request).1 as? HTTPURLResponse)?.statusCode ?? 0
        }
        var answered = 0
        for index in 0..<2_000 {
            let path = index.isMultiple(of: 2) ? "/health" : "/v1/port-schedules?UNLocationCode=NLRTM&date=bad"
            let code = try await status(path)
            #expect(code == (index.isMultiple(of: 2) ? 200 : 400), "request \(index + 1)")
            if code == 0 { break }
            answered += 1
        }
        #expect(answered == 2_000)
        #expect(try await status("/health") == 200)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/metrics")!)
        request.timeoutInterval = 10
        let metrics = String(decoding: try await session.data(for: request).0, as: UTF8.self)
        let dropped = metrics.split(separator: "\n").first { $0.hasPrefix("log_lines_dropped_total ") }.flatMap { Int($0.split(separator: " ")[1]) }
        #expect((dropped ?? 0) > 0, "\(metrics)")

        // Read again, to the end: the writer catches up, says what it dropped, and the server stops cleanly.
        kill(process.processIdentifier, SIGTERM)
        read += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(read.contains("log lines dropped") && read.contains("dropped="), "\(read.suffix(2_000))")
        #expect(read.contains("stopped"))
        #expect(process.terminationStatus == 0)
    }

    @Test func aScheduleWithErrorsStopsItBeforeItListens() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locations = folder.appendingPathComponent("locations.csv"), schedule = folder.appendingPathComponent("schedule.csv")
        try "unlocode,name\nNLRTM,Rotterdam\n".write(to: locations, atomically: true, encoding: .utf8)
        try "voyage,from,to,departure,arrival\nV1,CNSHA,NLRTM,2026-03-02T00:00:00Z,soon\n".write(to: schedule, atomically: true, encoding: .utf8)
        let server = try Server(["--schedule", schedule.path, "--locations", locations.path])
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 1)
        #expect(try await server.wait(for: "schedule.csv:2:"))
        #expect(!server.standardError.contains("listening"))
    }

    @Test func aBadFlagIsNamed() throws {
        let result = try CommandLineTests.run(["serve", "--port", "70000"])
        #expect(result.status == 64)
        #expect(result.error.contains("--port"))
        let budget = try CommandLineTests.run(["serve", "--search-budget", "0"])
        #expect(budget.status == 64 && budget.error.contains("--search-budget"))
    }
}
