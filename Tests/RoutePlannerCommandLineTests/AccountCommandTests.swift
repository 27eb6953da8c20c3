import Foundation
import Testing

/// `user` and `token`, and `--user`, across separate processes on one store: passwords from standard input only,
/// every problem named, a customer's user held to its own cargo.
@Suite struct AccountCommandTests {
    /// Runs the command on a store with `input` on its standard input; standard output, standard error, exit status.
    static func run(_ store: URL, _ arguments: [String], input: String = "") throws -> (output: String, error: String, status: Int32) {
        let process = Process()
        process.executableURL = ExamplesTests.productsDirectory.appendingPathComponent("route-planner")
        process.environment = ExamplesTests.environment
        process.arguments = arguments + ["--store", store.path]
        let stdin = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = error
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (out, err, process.terminationStatus)
    }

    @Test func usersAndTokensAreKeptAndACustomersUserSeesItsOwnCargo() throws {
        let store = LifecycleCommandTests.temporaryStore()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) } }
        func run(_ arguments: String..., input: String = "") throws -> String {
            let (output, error, status) = try Self.run(store, arguments, input: input)
            #expect(status == 0, "route-planner \(arguments.joined(separator: " ")): \(error)")
            return output
        }
        _ = try run("customer", "ACME", "Acme Shipping")
        _ = try run("customer", "GLOBEX", "Globex")
        for customer in ["ACME", "GLOBEX"] {
            _ = try run(
                "book", "--as-of", "2026-03-01", "--from", "CNSHA", "--to", "NLRTM", "--ready", "2026-03-02", "--deadline", "2026-04-30", "--customer", customer
            )
        }
        #expect(try run("user", "add", "Alice", "--role", "planner", input: "correct horse battery\n") == "User alice: planner.\n")
        #expect(try run("user", "add", "bob", "--role", "customer", "--customer", "acme", input: "correct horse battery\r\n") == "User bob: customer ACME.\n")
        #expect(try run("user", "list") == "alice: planner\nbob: customer ACME\n")

        // Every problem at once, each named as the command line names it; nothing is added.
        let wrong = try Self.run(store, ["user", "add", "<b>", "--role", "admin"], input: "short\n")
        #expect(wrong.status == 64)
        #expect(
            wrong.error == "error: <name>: A user name is 1 to 64 letters, digits, \".\", \"_\", \"-\" or \"@\", starting with a letter or digit.\n"
                + "error: the password (standard input): Choose a password of at least 12 characters.\n"
                + "error: --role: Enter planner or customer.\n")
        let nothing = try Self.run(store, ["user", "add", "carol", "--role", "planner"])
        #expect(nothing.status == 64 && nothing.error.hasPrefix("error: no password on standard input"))
        #expect(
            try Self.run(store, ["user", "add", "carol", "--role", "customer", "--customer", "INITECH"], input: "correct horse battery\n").error
                == "error: There is no customer INITECH; register it first (route-planner customer INITECH NAME).\n")
        #expect(try run("user", "list") == "alice: planner\nbob: customer ACME\n")

        // A token is shown once and listed by its id; the store keeps its hash alone.
        let made = try run("token", "create", "bob", "--label", "Acme's system").split(separator: "\n")
        let token = try #require(made.last.map(String.init))
        #expect(token.hasPrefix("rp_") && made.first?.hasSuffix("it is shown this once, keep it secret:") == true)
        let id = String(token.dropFirst(3).prefix(12))
        #expect(try run("token", "list").hasPrefix("\(id): bob, made "))
        #expect(try run("token", "list", "--of", "bob").contains("(Acme's system)"))
        let dump = try String(contentsOf: store, encoding: .isoLatin1)
        #expect(!dump.contains(token) && !dump.contains("correct horse battery"))
        #expect(try run("token", "revoke", id) == "Token \(id) is revoked.\n")
        #expect(try Self.run(store, ["token", "revoke", id]).error == "error: There is no token \(id).\n")

        // --user: the command line acting as a user of the store, with its role.
        #expect(try run("cargo", "--user", "bob", "--format", "csv").split(separator: "\n").count == 2)
        #expect(try run("cargo", "--format", "csv").split(separator: "\n").count == 3)
        let other = try Self.run(store, ["track", "RP000002", "--user", "bob"])
        #expect(other.status == 1 && other.error == "error: There is no cargo with tracking id RP000002.\n")
        let handling = try Self.run(
            store, ["handle", "RP000001", "--event", "receive", "--location", "CNSHA", "--time", "2026-03-02T02:00:00Z", "--user", "bob"])
        #expect(handling.status == 1 && handling.error == "error: Your account may not register handling events; a planner may.\n")
        #expect(try Self.run(store, ["user", "list", "--user", "bob"]).error == "error: Your account may not keep the accounts; a planner may.\n")
        #expect(try Self.run(store, ["cargo", "--user", "mallory"]).error.hasPrefix("error: --user mallory: there is no such user in"))

        #expect(try run("user", "password", "bob", input: "another good password\n") == "The password of bob is changed; its sessions are ended.\n")
        #expect(try run("user", "remove", "bob") == "User bob is removed, with its tokens and sessions.\n")
        #expect(try run("user", "list") == "alice: planner\n")
    }
}
