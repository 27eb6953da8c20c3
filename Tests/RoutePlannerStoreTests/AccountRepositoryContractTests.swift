import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerStore
import RoutePlannerTestSupport
import Testing

/// What every account repository promises (see `AccountRepository`), on one that starts empty; the customer ACME
/// is registered first.
func checkAccountRepositoryContract(
    _ accounts: any AccountRepository, customers: any CustomerRepository, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    try await customers.save(Customer(id: "ACME", name: "Acme Shipping")!)
    #expect(try await accounts.hasUsers() == false, sourceLocation: sourceLocation)
    let alice = StoredUser(account: UserAccount(name: "alice", role: .planner)!, passwordHash: "hash-a")
    let bob = StoredUser(account: UserAccount(name: "bob", role: .customer("ACME"))!, passwordHash: "hash-b")
    #expect(try await accounts.add(bob), sourceLocation: sourceLocation)
    #expect(try await accounts.add(alice), sourceLocation: sourceLocation)
    #expect(try await accounts.add(alice) == false, "a name is taken once", sourceLocation: sourceLocation)
    #expect(try await accounts.hasUsers(), sourceLocation: sourceLocation)
    #expect(try await accounts.allUsers() == [alice.account, bob.account], sourceLocation: sourceLocation)
    #expect(try await accounts.user(named: "bob") == bob, sourceLocation: sourceLocation)
    #expect(try await accounts.user(named: "carol") == nil, sourceLocation: sourceLocation)

    // Tokens: found by their hash only, listed by user, revoked once.
    let made = Date(timeIntervalSince1970: 1_780_000_000)
    try await accounts.add(AccessToken(id: "0123456789ab", userName: "bob", label: "import", createdAt: made), secretHash: "t1")
    try await accounts.add(AccessToken(id: "ba9876543210", userName: "alice", label: "", createdAt: made), secretHash: "t2")
    #expect(try await accounts.user(tokenHash: "t1") == bob.account, sourceLocation: sourceLocation)
    #expect(try await accounts.user(tokenHash: "t3") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.tokens(ofUser: nil).map(\.id) == ["ba9876543210", "0123456789ab"], sourceLocation: sourceLocation)
    #expect(try await accounts.tokens(ofUser: "bob").map(\.label) == ["import"], sourceLocation: sourceLocation)
    #expect(try await accounts.revokeToken(id: "ba9876543210"), sourceLocation: sourceLocation)
    #expect(try await accounts.revokeToken(id: "ba9876543210") == false, sourceLocation: sourceLocation)
    #expect(try await accounts.user(tokenHash: "t2") == nil, sourceLocation: sourceLocation)

    // Sessions: found by their hash, touched, ended alone or with every idle one.
    try await accounts.add(Session(userName: "bob", formToken: "f1", createdAt: made, lastSeen: made), idHash: "s1")
    try await accounts.add(Session(userName: "alice", formToken: "f2", createdAt: made, lastSeen: made), idHash: "s2")
    try await accounts.add(Session(userName: "alice", formToken: "f3", createdAt: made, lastSeen: made), idHash: "s3")
    #expect(try await accounts.session(idHash: "s1")?.user == bob.account, sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s1")?.session.formToken == "f1", sourceLocation: sourceLocation)
    try await accounts.touchSession(idHash: "s2", at: made + 600)
    #expect(try await accounts.session(idHash: "s2")?.session.lastSeen == made + 600, sourceLocation: sourceLocation)
    try await accounts.removeSession(idHash: "s3", andIdleSince: made + 300)
    #expect(try await accounts.session(idHash: "s3") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s1") == nil, "idle since before the time", sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s2") != nil, sourceLocation: sourceLocation)

    // A new password ends the user's sessions; removing a user ends its sessions and revokes its tokens.
    try await accounts.add(Session(userName: "bob", formToken: "f4", createdAt: made, lastSeen: made + 600), idHash: "s4")
    #expect(try await accounts.setPasswordHash("hash-a2", ofUser: "alice"), sourceLocation: sourceLocation)
    #expect(try await accounts.user(named: "alice")?.passwordHash == "hash-a2", sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s2") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s4") != nil, sourceLocation: sourceLocation)
    #expect(try await accounts.setPasswordHash("x", ofUser: "carol") == false, sourceLocation: sourceLocation)
    #expect(try await accounts.removeUser(named: "bob"), sourceLocation: sourceLocation)
    #expect(try await accounts.removeUser(named: "bob") == false, sourceLocation: sourceLocation)
    #expect(try await accounts.session(idHash: "s4") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.user(tokenHash: "t1") == nil, sourceLocation: sourceLocation)
    #expect(try await accounts.tokens(ofUser: nil).isEmpty, sourceLocation: sourceLocation)
    #expect(try await accounts.allUsers() == [alice.account], sourceLocation: sourceLocation)

    // Failed logins: counted per key, up to the limit; older ones forgotten; a success forgets the account's and
    // its own attempt under the address.
    let keys = ["user alice", "address 192.0.2.7"]
    for (index, attempt) in ["a1", "a2", "a3"].enumerated() {
        let counted = try await accounts.countLoginAttempt(attempt, under: keys, at: made + Double(index), since: made - 900, limit: 3)
        #expect(counted.map(\.count) == [index, index], sourceLocation: sourceLocation)
    }
    #expect(
        try await accounts.countLoginAttempt("a4", under: keys, at: made + 5, since: made - 900, limit: 3) == [
            [made, made + 1, made + 2], [made, made + 1, made + 2],
        ], "at the limit: counted, not recorded", sourceLocation: sourceLocation)
    #expect(
        try await accounts.countLoginAttempt("b1", under: ["address 192.0.2.7"], at: made + 6, since: made + 1.5, limit: 9) == [[made + 2]],
        "failures before `since` are forgotten", sourceLocation: sourceLocation)
    try await accounts.forgetLoginAttempt("b1", andEveryFailureUnder: "user alice")
    #expect(
        try await accounts.countLoginAttempt("c1", under: keys, at: made + 7, since: made - 900, limit: 9).map(\.count) == [0, 1],
        sourceLocation: sourceLocation)
}

@Suite struct AccountRepositoryContractTests {
    @Test func inMemory() async throws {
        try await checkAccountRepositoryContract(InMemoryAccountRepository(), customers: InMemoryCustomerRepository())
    }

    @Test func sqlite() async throws {
        try await SQLiteRepositoryContractTests.withStore { path in
            let store = try CargoStore(path: path)
            try await checkAccountRepositoryContract(store.accountRepository, customers: store.customerRepository)
            #expect(try store.integrityCheck() == ["ok"])
        }
    }
}
