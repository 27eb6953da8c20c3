import Foundation
import RoutePlanner
import RoutePlannerFormats
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct ImportBookingsTests {
    @Test func theRequestNeedsAFile() throws {
        #expect(
            ImportBookingsRequest.create(ImportBookingsForm(file: " ", customer: "ACME"))
                == .failure(
                    ValidationError(fields: [
                        .file: "Enter the path of a bookings CSV file."
                    ])))
        let request = try ImportBookingsRequest.create(ImportBookingsForm(file: " /tmp/b.csv ", customer: " ACME ")).get()
        #expect(request.file.path == "/tmp/b.csv")
        #expect(request.customerId == "ACME")
        #expect(try ImportBookingsRequest.create(ImportBookingsForm(file: "/tmp/b.csv", customer: "  ")).get().customerId == nil)
    }

    @Test func thePresenterWritesTheCountAndEachBooking() throws {
        let cargo = try Cargo(
            trackingId: "RP000007", teu: 3, specification: Sample.specification, customerId: "ACME", bookingReference: "BK-1")
        #expect(
            ImportBookingsPresenter().content(for: ImportBookingsResponse(cargo: [CargoSummary(cargo)])).lines == [
                "Booked 1 cargo, 3 TEU.",
                "BK-1 → RP000007: 3 TEU for ACME, HKHKG → SESTO, due Wed 15 Apr 2026, 00:00 UTC",
            ])
        #expect(ImportBookingsPresenter().content(for: ImportBookingsResponse(cargo: [])).lines == ["Booked 0 cargo."])
    }

    /// A bookings file with a header and rows, removed by the caller.
    static func bookings(_ rows: [String], header: String = "booking,origin,destination,ready,deadline,teu,revenue_per_teu,customer") throws -> URL {
        let url = Sample.temporaryFile("bookings.csv")
        try (([header] + rows).joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func interactor(_ repository: InMemoryCargoRepository) async -> ImportBookingsInteractor {
        let customers = InMemoryCustomerRepository()
        try! await customers.save(Customer(id: "ACME", name: "Acme Shipping")!)
        try! await customers.save(Customer(id: "GLOBEX", name: "Globex")!)
        return ImportBookingsInteractor(cargo: repository, customers: customers, voyages: Sample.schedule, files: CSVPlannerFileReader(), now: Sample.asOf)
    }

    @Test func theInteractorBooksEveryRowUnderNewTrackingIds() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo("RP000002")])
        let file = try Self.bookings([
            "BK-1,HKHKG,SESTO,2026-03-01,2026-04-15,2,1250,",
            "BK-2,hkhkg,NLRTM,2026-03-01T08:00:00Z,2026-04-01,5,,GLOBEX",
        ])
        defer { try? FileManager.default.removeItem(at: file) }
        let response = try await Self.interactor(repository).execute(ImportBookingsRequest(file: file, customerId: "ACME")).get()
        #expect(response.cargo.map(\.trackingId) == ["RP000001", "RP000003"])
        #expect(response.cargo.map(\.bookingReference) == ["BK-1", "BK-2"])
        #expect(response.cargo.map(\.customerId) == ["ACME", "GLOBEX"])
        let second = try #require(try await repository.cargo("RP000003"))
        #expect(second.teu == 5 && second.revenuePerTEU == nil && second.specification.destination == "NLRTM")
        #expect(second.specification.readyTime == SampleVoyages.day(3, 1, hour: 8))
        #expect(try await repository.cargo("RP000001")?.revenuePerTEU == 1_250)
        #expect(try await repository.allCargo().count == 3)
    }

    @Test func theInteractorBooksNothingWhenARowIsWrongAndReportsEveryProblem() async throws {
        let repository = InMemoryCargoRepository([
            try Cargo(trackingId: "RP000001", teu: 1, specification: Sample.specification, customerId: "ACME", bookingReference: "OLD")
        ])
        let file = try Self.bookings([
            "NEW,HKHKG,SESTO,2026-03-01,2026-04-15,2,,",
            "OLD,HKHKG,SESTO,2026-03-01,2026-04-15,2,,",
            "BIG,HKHKG,SESTO,2026-03-01,2026-04-15,100001,,NOBODY",
            "XX,HKHKG,SESTO,2026-03-01,2026-04-15,0,,",
            "NONE,HKHKG,XXXXX,2026-03-01,2026-04-15,1,,",
        ])
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await Self.interactor(repository).execute(ImportBookingsRequest(file: file, customerId: "ACME"))
        guard case .failure(.fileErrors(let diagnostics, omitted: 0)) = result else { Issue.record("\(result)"); return }
        // The file's format and what the rows it lets through mean, all in one run, in the file's order.
        #expect(diagnostics.filter { $0.severity == .error }.map(\.line) == [3, 4, 4, 5, 6])
        #expect(diagnostics.allSatisfy { $0.file.hasSuffix("bookings.csv") })
        let lookups = diagnostics.filter { $0.line <= 4 }
        #expect(lookups.map(\.column) == [1, 39, 47])
        #expect(
            lookups.map(\.message) == [
                "booking OLD is already booked as cargo RP000001",
                "teu 100001 is more than one booking may hold (100000)",
                "no customer has id NOBODY; register the customer first",
            ])
        #expect(try await repository.allCargo().count == 1)
    }

    /// Customer ids in the file and the request are matched without regard to case; the cargo names the customer
    /// by the id it was registered under, and a booking booked before is found whatever the case of its customer.
    @Test func customerIdsAreMatchedWhateverTheCase() async throws {
        let repository = InMemoryCargoRepository()
        let file = try Self.bookings(["BK-1,HKHKG,SESTO,2026-03-01,2026-04-15,2,,", "BK-2,HKHKG,SESTO,2026-03-01,2026-04-15,1,,globex"])
        defer { try? FileManager.default.removeItem(at: file) }
        let interactor = await Self.interactor(repository)
        let response = try await interactor.execute(ImportBookingsRequest(file: file, customerId: "Acme")).get()
        #expect(response.cargo.map(\.customerId) == ["ACME", "GLOBEX"])
        let again = await interactor.execute(ImportBookingsRequest(file: file, customerId: "acme"))
        guard case .failure(.fileErrors(let diagnostics, omitted: 0)) = again else { Issue.record("\(again)"); return }
        #expect(diagnostics.map(\.message) == ["booking BK-1 is already booked as cargo RP000001", "booking BK-2 is already booked as cargo RP000002"])
    }

    /// A file with its header and no rows, and a TEU too large to represent, say so.
    @Test func anEmptyFileAndAHugeSizeSaySo() async throws {
        let repository = InMemoryCargoRepository()
        let empty = try Self.bookings([])
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = await Self.interactor(repository).execute(ImportBookingsRequest(file: empty, customerId: "ACME"))
        guard case .failure(.fileErrors(let diagnostics, omitted: 0)) = none else { Issue.record("\(none)"); return }
        #expect(diagnostics.map(\.description) == ["\(empty.relativePath):1:1: error: no bookings: the file has its header and no rows"])
        let huge = try Self.bookings(["BK-1,HKHKG,SESTO,2026-03-01,2026-04-15,1e400,,", "BK-2,HKHKG,SESTO,2026-03-01,2026-04-15,99999999999999999999,,"])
        defer { try? FileManager.default.removeItem(at: huge) }
        let large = await Self.interactor(repository).execute(ImportBookingsRequest(file: huge, customerId: "ACME"))
        guard case .failure(.fileErrors(let errors, omitted: 0)) = large else { Issue.record("\(large)"); return }
        #expect(
            errors.map(\.message) == [
                "teu \"1e400\" is too large to represent: a booking holds at most 2147483647 TEU",
                "teu \"99999999999999999999\" is too large to represent: a booking holds at most 2147483647 TEU",
            ])
        #expect(try await repository.allCargo().isEmpty)
    }

    @Test func aRowWhoseDeadlineHasPassedIsAnError() async throws {
        let repository = InMemoryCargoRepository()
        let file = try Self.bookings(["NEW,HKHKG,SESTO,2026-03-01,2026-04-15,2,,", "LATE,HKHKG,SESTO,2026-01-01,2026-01-31,2,,"])
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await Self.interactor(repository).execute(ImportBookingsRequest(file: file, customerId: "ACME"))
        guard case .failure(.fileErrors(let diagnostics, omitted: 0)) = result else { Issue.record("\(result)"); return }
        #expect(diagnostics.map(\.line) == [3])
        #expect(diagnostics.map(\.message) == ["the deadline 2026-01-31T23:59:59Z has passed (it is 2026-02-01T00:00:00Z)"])
        #expect(try await repository.allCargo().isEmpty)
    }

    @Test func everyRowNeedsACustomer() async throws {
        let file = try Self.bookings(["BK-1,HKHKG,SESTO,2026-03-01,2026-04-15,2"], header: "booking,origin,destination,ready,deadline,teu")
        defer { try? FileManager.default.removeItem(at: file) }
        let repository = InMemoryCargoRepository()
        let result = await Self.interactor(repository).execute(ImportBookingsRequest(file: file, customerId: nil))
        guard case .failure(.fileErrors(let diagnostics, omitted: 0)) = result else { Issue.record("\(result)"); return }
        #expect(
            diagnostics.map(\.description) == [
                "\(file.relativePath):2:41: error: no customer: give the file a customer column, or a customer for every row"
            ])
        #expect(try await repository.allCargo().isEmpty)
    }

    @Test func aFileThatCannotBeReadIsNamed() async throws {
        let result = await Self.interactor(InMemoryCargoRepository()).execute(
            ImportBookingsRequest(file: URL(fileURLWithPath: "/nonexistent/bookings.csv"), customerId: "ACME"))
        guard case .failure(.invalidOperation(let message)) = result else { Issue.record("\(result)"); return }
        #expect(message.hasPrefix("/nonexistent/bookings.csv: "))
    }
}
