import Foundation
import RoutePlanner
import RoutePlannerFormats
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct ImportHandlingReportTests {
    @Test func theRequestNeedsAFile() throws {
        #expect(
            ImportHandlingReportRequest.create(ImportHandlingReportForm(file: "  "))
                == .failure(
                    ValidationError(fields: [
                        .file: "Enter the path of a handling report CSV file."
                    ])))
        #expect(try ImportHandlingReportRequest.create(ImportHandlingReportForm(file: " /tmp/report.csv ")).get().file.path == "/tmp/report.csv")
    }

    @Test func thePresenterWritesTheCountsAndEachCargo() throws {
        let response = ImportHandlingReportResponse(
            rows: 4, registered: 2, outOfOrder: 1, duplicates: 2,
            cargo: [
                CargoSummary(try Sample.cargo("A", events: [Sample.receive, Sample.loadInHongKong])),
                CargoSummary(try Sample.cargo("B", events: [Sample.receive, Sample.loadInHongKong, Sample.unloadInHamburg])),
            ])
        #expect(
            ImportHandlingReportPresenter().content(for: response).lines == [
                "4 rows: 2 events registered (1 out of order), 2 already known.",
                "A: on board carrier, on track",
                "B: in port, misdirected",
            ])
        let one = ImportHandlingReportResponse(rows: 1, registered: 1, outOfOrder: 0, duplicates: 0, cargo: [])
        #expect(ImportHandlingReportPresenter().content(for: one).lines == ["1 row: 1 event registered."])
    }

    /// A report file with a header and rows, removed after the test.
    static func report(_ rows: [String]) throws -> URL {
        let url = Sample.temporaryFile("report.csv")
        let text = (["tracking_id,event,location,voyage,completion_time,registration_time"] + rows).joined(separator: "\n") + "\n"
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func interactor(_ repository: InMemoryCargoRepository) -> ImportHandlingReportInteractor {
        ImportHandlingReportInteractor(cargo: repository, voyages: Sample.schedule, files: CSVPlannerFileReader(), now: { SampleVoyages.day(11, 1) })
    }

    @Test func theInteractorRegistersEveryRow() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo("A", events: [Sample.receive]), try Sample.cargo("B")])
        let file = try Self.report([
            "B,load,HKHKG,AE1-0100W,2026-03-02T00:00:00Z,",
            "B,receive,HKHKG,,2026-03-01T00:00:00Z,",
            "A,load,HKHKG,AE1-0100W,2026-03-02T00:00:00Z,",
            "A,unload,NLRTM,AE1-0100W,2026-03-30T00:00:00Z,2026-03-30T06:00:00Z",
            "A,receive,HKHKG,,2026-03-01T00:00:00Z,",
        ])
        defer { try? FileManager.default.removeItem(at: file) }
        let response = try await Self.interactor(repository).execute(ImportHandlingReportRequest(file: file)).get()
        #expect(response.rows == 5)
        #expect(response.registered == 4)
        // The rows are registered in completion order: B's receive, listed after its load, is not out of order.
        #expect(response.outOfOrder == 0)
        #expect(response.duplicates == 1)
        #expect(response.cargo.map(\.trackingId) == ["A", "B"])
        let a = try #require(try await repository.cargo("A"))
        #expect(a.handlingEvents.map(\.kind) == [.receive, .load, .unload])
        #expect(a.handlingEvents[2].registrationTime == SampleVoyages.day(3, 30, hour: 6))
        #expect(a.handlingEvents[1].registrationTime == SampleVoyages.day(11, 1))
        #expect(try await repository.cargo("B")?.handlingEvents.map(\.kind) == [.receive, .load])
    }

    /// An unload from a voyage the cargo never boarded is refused in a report too, in its voyage column, naming
    /// the last load; nothing of the report is registered.
    @Test func anUnloadFromAVoyageNeverBoardedIsAnError() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo("A", events: [Sample.receive, Sample.loadInHongKong])])
        let file = try Self.report(["A,unload,SESTO,NF-0310N,2026-04-03T00:00:00Z,"])
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await Self.interactor(repository).execute(ImportHandlingReportRequest(file: file))
        guard case .failure(.fileErrors(let diagnostics, omitted: 0)) = result else { Issue.record("\(result)"); return }
        #expect(
            diagnostics.map(\.message) == [
                "cargo A: the cargo was never loaded onto NF-0310N, so it cannot be unloaded from it: its last recorded load is load at HKHKG on AE1-0100W, 2026-03-02T00:00:00Z"
            ])
        #expect(diagnostics.map(\.column) == [16])
        #expect(try await repository.cargo("A")?.handlingEvents == [Sample.receive, Sample.loadInHongKong])
    }

    /// A report may list a cargo's unload before its load: the rows are registered in completion order.
    @Test func anUnloadListedBeforeItsLoadIsRegistered() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo("A", events: [Sample.receive])])
        let file = try Self.report(["A,unload,SESTO,NF-0310N,2026-04-05T00:00:00Z,", "A,load,NLRTM,NF-0310N,2026-04-01T00:00:00Z,"])
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await Self.interactor(repository).execute(ImportHandlingReportRequest(file: file))
        #expect(throws: Never.self, "\(result)") { try result.get() }
        #expect(try await repository.cargo("A")?.handlingEvents.map(\.kind) == [.receive, .load, .unload])
    }

    @Test func theInteractorRegistersNothingWhenARowIsWrong() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo("A"), try Sample.cargo("C", events: [Sample.receive, Sample.claim])])
        let file = try Self.report([
            "A,receive,HKHKG,,2026-03-01T00:00:00Z,",
            "NOBODY,receive,HKHKG,,2026-03-01T00:00:00Z,",
            "A,load,HKHKG,XX-1,2026-03-02T00:00:00Z,",
            "C,customs,SESTO,,2026-04-07T00:00:00Z,",
        ])
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await Self.interactor(repository).execute(ImportHandlingReportRequest(file: file))
        guard case .failure(.fileErrors(let diagnostics, omitted: 0)) = result else { Issue.record("\(result)"); return }
        #expect(diagnostics.map(\.line) == [3, 4, 5])
        #expect(diagnostics.map(\.severity) == [.error, .error, .error])
        #expect(diagnostics[0].column == 1)
        #expect(diagnostics[0].message == "no cargo has tracking id NOBODY")
        #expect(diagnostics[1].column == 14)  // the voyage field
        #expect(diagnostics[1].message == "Voyage XX-1 is not in the schedule.")
        #expect(diagnostics[2].message == "cargo C: the cargo was claimed at 2026-04-06T00:00:00Z; nothing can happen to it afterwards")
        #expect(diagnostics.allSatisfy { $0.file == file.relativePath })
        // All or nothing: the good first row is not registered either.
        #expect(try await repository.cargo("A")?.handlingEvents == [])
    }

    @Test func theInteractorReportsTheFormatOfTheFile() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo("A")])
        let file = try Self.report([
            "A,lost,HKHKG,,2026-03-01T00:00:00Z,",
            "A,load,HKHKG,,2026-03-02,",
        ])
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await Self.interactor(repository).execute(ImportHandlingReportRequest(file: file))
        guard case .failure(.fileErrors(let diagnostics, _)) = result else { Issue.record("\(result)"); return }
        let errors = diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.contains("event \"lost\" is not one of receive, load, unload, customs, claim"))
        #expect(errors.contains("a load needs the voyage"))
        #expect(errors.contains("completion_time \"2026-03-02\" needs a time and a zone, such as 2026-03-02T08:00:00Z"))
        #expect(try await repository.cargo("A")?.handlingEvents == [])
    }

    @Test func theInteractorReportsFormatAndCargoProblemsInOneRun() async throws {
        // A row the format refuses and a row for a cargo nobody booked: both, at once, in line order.
        let repository = InMemoryCargoRepository([try Sample.cargo("A")])
        let file = try Self.report([
            "A,lost,HKHKG,,2026-03-01T00:00:00Z,",
            "NOBODY,receive,HKHKG,,2026-03-01T00:00:00Z,",
            "A,receive,SESTO,,2026-03-01T00:00:00Z,",
        ])
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await Self.interactor(repository).execute(ImportHandlingReportRequest(file: file))
        guard case .failure(.fileErrors(let diagnostics, omitted: 0)) = result else { Issue.record("\(result)"); return }
        #expect(diagnostics.map(\.line) == [2, 3, 4])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
        #expect(
            diagnostics.map(\.message) == [
                "event \"lost\" is not one of receive, load, unload, customs, claim",
                "no cargo has tracking id NOBODY",
                "cargo A: the cargo is received at its origin, HKHKG",
            ])
        #expect(try await repository.cargo("A")?.handlingEvents == [])
    }

    @Test func theInteractorReportsAFileItCannotRead() async {
        let missing = Sample.temporaryFile("missing.csv")
        let result = await Self.interactor(InMemoryCargoRepository()).execute(ImportHandlingReportRequest(file: missing))
        guard case .failure(.invalidOperation(let message)) = result else { Issue.record("\(result)"); return }
        #expect(message.hasPrefix(missing.path + ": "))
    }
}
