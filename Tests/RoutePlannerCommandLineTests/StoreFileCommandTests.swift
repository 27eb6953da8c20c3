import Foundation
import Testing

/// The lifecycle commands on a store file as it is found: written by a newer version, read-only, or empty.
@Suite struct StoreFileCommandTests {
    static func remove(_ store: URL) {
        chmod(store.path, 0o644)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }
    }

    /// A store with customer ACME and its cargo RP000001.
    static func bookedStore() throws -> URL {
        let store = LifecycleCommandTests.temporaryStore()
        #expect(try LifecycleCommandTests.run(store, ["customer", "ACME", "Acme"]).status == 0)
        let booking = [
            "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer", "ACME",
        ]
        #expect(try LifecycleCommandTests.run(store, booking).status == 0)
        return store
    }

    @Test func aStoreOfANewerVersionIsRefusedByReadsAndWritesAlike() throws {
        let store = try Self.bookedStore()
        defer { Self.remove(store) }
        _ = try StoreProcessTests.sqlite(store, "PRAGMA user_version = 20")
        let before = try Data(contentsOf: store)
        for arguments in [["cargo"], ["track", "RP000001"], ["customer", "OTHER", "Other"]] {
            let result = try LifecycleCommandTests.run(store, arguments)
            #expect(result.status == 1 && result.output.isEmpty, "\(arguments)")
            #expect(
                result.error
                    == "error: --store \(store.path) was written by a newer route-planner (store version 20), and this one knows store versions up to 19; it was left as it is: use the route-planner that wrote it\n"
            )
        }
        #expect(try Data(contentsOf: store) == before)
        #expect(try StoreProcessTests.sqlite(store, "PRAGMA user_version") == "20")
    }

    @Test func aReadOnlyStoreAnswersReadsAndRefusesWrites() throws {
        let store = try Self.bookedStore()
        defer { Self.remove(store) }
        #expect(chmod(store.path, 0o444) == 0)
        let before = try Data(contentsOf: store)
        let cargo = try LifecycleCommandTests.run(store, ["cargo"])
        #expect(cargo.status == 0 && cargo.output.contains("RP000001") && cargo.error.isEmpty)
        let tracked = try LifecycleCommandTests.run(store, ["track", "RP000001", "--format", "json"])
        #expect(tracked.status == 0 && tracked.output.contains("\"trackingId\" : \"RP000001\""))
        for arguments in [["customer", "OTHER", "Other"], ["route", "RP000001"]] {
            let write = try LifecycleCommandTests.run(store, arguments)
            #expect(write.status == 1, "\(arguments)")
            #expect(
                write.error.hasSuffix("\(store.path) is read-only: reading works, writing does not; make the file writable, or name another store\n"),
                "\(arguments): \(write.error)")
        }
        #expect(try Data(contentsOf: store) == before)
    }

    @Test func anEmptyFileIsNotMadeAStoreByAReadingCommand() throws {
        let store = LifecycleCommandTests.temporaryStore()
        defer { Self.remove(store) }
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data()))
        for arguments in [["cargo"], ["track", "RP000001"]] {
            let result = try LifecycleCommandTests.run(store, arguments)
            #expect(result.status == 1 && result.output.isEmpty)
            #expect(
                result.error
                    == "error: --store \(store.path) is an empty file, not a store; `route-planner customer` or `route-planner book` makes it one, or name another with --store\n"
            )
        }
        #expect(try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int == 0)
        #expect(try LifecycleCommandTests.run(store, ["customer", "ACME", "Acme"]).status == 0)
        #expect(try LifecycleCommandTests.run(store, ["cargo"]).status == 0)
    }
}
