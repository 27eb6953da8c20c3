import Foundation
import Testing

/// The store shared by `route-planner` processes that are killed mid-write or write at the same time: a write
/// is one transaction, so nothing is half written, and no process's change is lost.
@Suite(.serialized) struct StoreProcessTests {
    /// The first `count` bundled bookings, each booking reference prefixed so that files do not overlap.
    static func bookings(_ count: Int, prefix: String) throws -> URL {
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/linerlib-worldsmall/bookings.csv")
        let lines = try String(contentsOf: bundled, encoding: .utf8).split(separator: "\n")
        let rows = lines.dropFirst().prefix(count).map { prefix + $0 }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-\(UUID().uuidString)-bookings.csv")
        try (([String(lines[0])] + rows).joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// `sqlite3`'s answer to a query on the store.
    static func sqlite(_ store: URL, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [store.path, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func cargoCount(_ store: URL) throws -> Int {
        #expect(try sqlite(store, "PRAGMA integrity_check") == "ok")
        return Int(try sqlite(store, "SELECT COUNT(*) FROM cargo")) ?? -1
    }

    /// Starts `route-planner` on the store, its output discarded.
    static func start(_ store: URL, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = ExamplesTests.productsDirectory.appendingPathComponent("route-planner")
        process.environment = ExamplesTests.environment
        process.arguments = arguments + ["--store", store.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func remove(_ files: [URL]) {
        for file in files {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        }
    }

    @Test func aProcessKilledAtAnyMomentOfABookingWritesAllOfItOrNothing() throws {
        let store = LifecycleCommandTests.temporaryStore()
        let rows = 1_500
        var files: [URL] = []
        defer { Self.remove([store] + files) }
        #expect(try LifecycleCommandTests.run(store, ["customer", "ACME", "Acme"]).status == 0)

        // A run left alone, timed.
        files.append(try Self.bookings(rows, prefix: "T-"))
        let started = Date()
        let whole = try Self.start(store, ["book", "--as-of", "2026-03-01", "--bookings", files[0].path, "--customer", "ACME"])
        whole.waitUntilExit()
        let duration = Date().timeIntervalSince(started)
        #expect(whole.terminationStatus == 0)
        var count = try Self.cargoCount(store)
        #expect(count == rows)

        // Killed from a fifth of that time to past its end: before, during and after the write (when the write
        // falls depends on the machine's load, so which kill lands where is not asserted, only that none
        // leaves part of a file).
        var outcomes: [String] = []
        for step in 0..<10 {
            let delay = duration * (0.2 + 0.1 * Double(step))
            files.append(try Self.bookings(rows, prefix: "K\(step)-"))
            let process = try Self.start(store, ["book", "--as-of", "2026-03-01", "--bookings", files.last!.path, "--customer", "ACME"])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try Self.cargoCount(store)
            #expect(after == count || after == count + rows, "killed after \(delay) s of \(duration) s: \(after - count) of \(rows) cargo written")
            outcomes.append(after == count ? "nothing" : "all")
            count = after
        }
        #expect(outcomes.contains("nothing"), "\(outcomes)")
        // After all those kills the store takes a whole file again.
        files.append(try Self.bookings(rows, prefix: "F-"))
        let last = try Self.start(store, ["book", "--as-of", "2026-03-01", "--bookings", files.last!.path, "--customer", "ACME"])
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        let final = try Self.cargoCount(store)
        #expect(final == count + rows)
        count = final
        // The store still takes writes, and the tracking ids of killed runs are not reused.
        let ids = try Self.sqlite(store, "SELECT COUNT(DISTINCT trackingId), COUNT(DISTINCT bookingReference) FROM cargo")
        #expect(ids == "\(count)|\(count)")
    }

    @Test func twoProcessesBookingAtOnceBothBookEverything() throws {
        let store = LifecycleCommandTests.temporaryStore()
        let files = [try Self.bookings(1_000, prefix: "A-"), try Self.bookings(1_000, prefix: "B-")]
        defer { Self.remove([store] + files) }
        #expect(try LifecycleCommandTests.run(store, ["customer", "ACME", "Acme"]).status == 0)
        let processes = try files.map { try Self.start(store, ["book", "--as-of", "2026-03-01", "--bookings", $0.path, "--customer", "ACME"]) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        #expect(try Self.cargoCount(store) == 2_000)
        #expect(try Self.sqlite(store, "SELECT COUNT(DISTINCT trackingId) FROM cargo WHERE bookingReference LIKE 'A-%'") == "1000")
    }

    @Test func twoProcessesBookingTheSameFileBookItOnce() throws {
        let store = LifecycleCommandTests.temporaryStore()
        let file = try Self.bookings(1_000, prefix: "S-")
        defer { Self.remove([store, file]) }
        #expect(try LifecycleCommandTests.run(store, ["customer", "ACME", "Acme"]).status == 0)
        for round in 0..<3 {
            let processes = try (0..<2).map { _ in try Self.start(store, ["book", "--as-of", "2026-03-01", "--bookings", file.path, "--customer", "ACME"]) }
            for process in processes { process.waitUntilExit() }
            let statuses = processes.map(\.terminationStatus).sorted()
            #expect(statuses == (round == 0 ? [0, 1] : [1, 1]), "round \(round)")
            #expect(try Self.cargoCount(store) == 1_000)
        }
    }

    @Test func twoProcessesHandlingTheSameCargoLoseNoEvent() throws {
        let store = LifecycleCommandTests.temporaryStore()
        let bookings = try Self.bookings(50, prefix: "H-")
        var reports: [URL] = []
        defer { Self.remove([store, bookings] + reports) }
        #expect(try LifecycleCommandTests.run(store, ["customer", "ACME", "Acme"]).status == 0)
        #expect(try LifecycleCommandTests.run(store, ["book", "--as-of", "2026-03-01", "--bookings", bookings.path, "--customer", "ACME"]).status == 0)
        let cargo = try Self.sqlite(store, "SELECT trackingId || ',' || origin FROM cargo ORDER BY trackingId").split(separator: "\n")
        #expect(cargo.count == 50)
        var registered = 0
        for round in 0..<4 {
            // Each process reports an event for every cargo: in one transaction, or not at all when another
            // process changed a cargo since this one read it.
            let pair = try (0..<2).map { writer in
                let time = "2026-04-01T\(String(format: "%02d", round * 2 + writer)):00:00Z"  // after every booking is ready
                let rows = cargo.map { "\($0.split(separator: ",")[0]),customs,\($0.split(separator: ",")[1]),,\(time)" }
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-\(UUID().uuidString)-report.csv")
                try (["tracking_id,event,location,voyage,completion_time"] + rows).joined(separator: "\n").appending("\n")
                    .write(to: file, atomically: true, encoding: .utf8)
                reports.append(file)
                return file
            }
            let processes = try pair.map { try Self.start(store, ["handle", "--events", $0.path]) }
            for process in processes { process.waitUntilExit() }
            let succeeded = processes.filter { $0.terminationStatus == 0 }.count
            #expect(processes.allSatisfy { [0, 1].contains($0.terminationStatus) })
            #expect(succeeded >= 1, "round \(round): one of two writers always gets through")
            registered += succeeded
            let perCargo = try Self.sqlite(store, "SELECT DISTINCT COUNT(*) FROM cargo LEFT JOIN handlingEvent USING (trackingId) GROUP BY trackingId")
            #expect(perCargo == "\(registered)", "round \(round): every cargo has the events of every process that succeeded, and no others")
        }
    }
}
