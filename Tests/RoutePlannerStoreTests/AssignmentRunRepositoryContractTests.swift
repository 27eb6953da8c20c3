import Foundation
import RoutePlannerApplication
@testable import RoutePlannerStore
import Testing

/// What every assignment run repository does, in memory, in an SQLite file and in a PostgreSQL database: one run works at
/// a time, however many start at once; a run that stopped saying it is alive no longer holds the others back; its steps,
/// a request to stop it and how it ended are kept, and only the newest runs that ended.
func checkAssignmentRunRepositoryContract(_ runs: any AssignmentRunRepository, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    func at(_ seconds: Int) -> Date { start + Double(seconds) }

    #expect(try await runs.run("a") == nil, sourceLocation: sourceLocation)
    #expect(try await runs.start(AssignmentRunRecord(id: "a", startedAt: at(0)), at: at(0)) == nil, sourceLocation: sourceLocation)
    // Another run while the first is alive: refused, naming the one working.
    #expect(try await runs.start(AssignmentRunRecord(id: "b", startedAt: at(1)), at: at(1))?.id == "a", sourceLocation: sourceLocation)
    #expect(try await runs.run("b") == nil, sourceLocation: sourceLocation)
    // Its steps and heartbeats.
    #expect(try await runs.report("a", progress: "Pricing round 1", at: at(2)) == false, sourceLocation: sourceLocation)
    #expect(try await runs.report("a", progress: nil, at: at(3)) == false, sourceLocation: sourceLocation)
    var a = try #require(try await runs.run("a"), sourceLocation: sourceLocation)
    #expect(
        a.status == .running && a.progress == "Pricing round 1" && a.startedAt == at(0) && a.aliveAt == at(3) && !a.cancellationRequested,
        sourceLocation: sourceLocation)
    // Asked to stop: its next heartbeat learns it.
    #expect(try await runs.requestCancellation("a"), sourceLocation: sourceLocation)
    #expect(try await runs.report("a", progress: nil, at: at(4)), sourceLocation: sourceLocation)
    try await runs.finish("a", status: .cancelled, result: "stopped", summary: "stopped when asked", at: at(5))
    a = try #require(try await runs.run("a"), sourceLocation: sourceLocation)
    #expect(
        a.status == .cancelled && a.result == "stopped" && a.summary == "stopped when asked" && a.progress == "Pricing round 1",
        sourceLocation: sourceLocation)
    // Once ended, a run stays as it ended.
    #expect(try await runs.report("a", progress: "late", at: at(6)) == false, sourceLocation: sourceLocation)
    #expect(try await runs.requestCancellation("a") == false, sourceLocation: sourceLocation)
    try await runs.finish("a", status: .finished, result: "again", summary: "again", at: at(7))
    #expect(try await runs.run("a") == a, sourceLocation: sourceLocation)

    // A run whose process stopped saying it is alive holds no other back once the alive window has passed.
    #expect(try await runs.start(AssignmentRunRecord(id: "b", startedAt: at(10)), at: at(10)) == nil, sourceLocation: sourceLocation)
    let window = Int(AssignmentRunRecord.aliveWindow.components.seconds)
    #expect(try await runs.start(AssignmentRunRecord(id: "c", startedAt: at(10 + window)), at: at(10 + window))?.id == "b", sourceLocation: sourceLocation)
    #expect(try await runs.start(AssignmentRunRecord(id: "c", startedAt: at(11 + window)), at: at(11 + window)) == nil, sourceLocation: sourceLocation)
    #expect(try await runs.run("b")?.isInterrupted(at: at(11 + window)) == true, sourceLocation: sourceLocation)
    // Only a finished run is confirmed, and once: a running, failed or confirmed one stays as it is.
    #expect(try await runs.confirm("c", result: "written", summary: "written", at: at(11 + window)) == false, sourceLocation: sourceLocation)
    #expect(try await runs.confirm("a", result: "written", summary: "written", at: at(11 + window)) == false, sourceLocation: sourceLocation)
    try await runs.finish("c", status: .finished, result: "plan", summary: "A plan.", at: at(12 + window))
    #expect(try await runs.confirm("c", result: "written", summary: "Written.", at: at(12 + window)), sourceLocation: sourceLocation)
    #expect(try await runs.confirm("c", result: "again", summary: "Again.", at: at(12 + window)) == false, sourceLocation: sourceLocation)
    let c = try #require(try await runs.run("c"), sourceLocation: sourceLocation)
    #expect(c.status == .confirmed && c.result == "written" && c.summary == "Written.", sourceLocation: sourceLocation)
    // The list: the last started first, with their summaries and without their results.
    let listed = try await runs.runs()
    #expect(listed.map(\.id) == ["c", "b", "a"] && listed.allSatisfy { $0.result == nil }, sourceLocation: sourceLocation)
    #expect(listed.map(\.summary) == ["Written.", nil, "stopped when asked"], sourceLocation: sourceLocation)
    #expect(listed.map(\.status) == [.confirmed, .running, .cancelled] && listed[2].progress == "Pricing round 1", sourceLocation: sourceLocation)

    // Many starts at once: one works.
    let base = 100 + window
    let started = try await withThrowingTaskGroup(of: Bool.self) { group in
        for index in 0..<8 {
            group.addTask { try await runs.start(AssignmentRunRecord(id: "many-\(index)", startedAt: at(base)), at: at(base)) == nil }
        }
        return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(started == 1, sourceLocation: sourceLocation)

    // The newest runs that ended are kept.
    var time = base + 1_000
    for index in 0..<(AssignmentRunRecord.keptRuns + 3) {
        time += 10 + window
        #expect(try await runs.start(AssignmentRunRecord(id: "kept-\(index)", startedAt: at(time)), at: at(time)) == nil, sourceLocation: sourceLocation)
        try await runs.finish("kept-\(index)", status: .finished, result: "plan \(index)", summary: "plan \(index)", at: at(time + 1))
    }
    let (first, third) = (try await runs.run("a"), try await runs.run("kept-2"))
    #expect(first == nil && third == nil, sourceLocation: sourceLocation)
    #expect(try await runs.run("kept-3")?.result == "plan 3", sourceLocation: sourceLocation)
    #expect(try await runs.run("kept-\(AssignmentRunRecord.keptRuns + 2)")?.status == .finished, sourceLocation: sourceLocation)
    let kept = try await runs.runs().filter { $0.status != .running }
    #expect(kept.count == AssignmentRunRecord.keptRuns && kept.first?.id == "kept-\(AssignmentRunRecord.keptRuns + 2)", sourceLocation: sourceLocation)
}

@Suite struct AssignmentRunRepositoryContractTests {
    @Test func inMemory() async throws {
        try await checkAssignmentRunRepositoryContract(InMemoryAssignmentRunRepository())
    }

    @Test func sqlite() async throws {
        try await SQLiteRepositoryContractTests.withStore { path in
            try await checkAssignmentRunRepositoryContract(try CargoStore(path: path, creating: true).assignmentRunRepository)
        }
    }

    @Test(.enabled(if: TestPostgres.isAvailable, "ROUTE_PLANNER_TEST_POSTGRES names no PostgreSQL server"))
    func postgres() async throws {
        try await TestPostgres.withDatabase { address in
            try await checkAssignmentRunRepositoryContract(try await TestPostgres.store(address).assignmentRunRepository)
        }
    }
}
