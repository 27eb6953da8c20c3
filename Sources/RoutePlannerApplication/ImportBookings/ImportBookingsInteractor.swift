import Foundation
import RoutePlanner

/// What an import booked.
public struct ImportBookingsResponse: Hashable, Sendable {
    /// The cargo booked, one per row in the file's order, each with its row's `booking` as its
    /// ``CargoSummary/bookingReference``.
    public let cargo: [CargoSummary]

    public init(cargo: [CargoSummary]) {
        self.cargo = cargo
    }
}

/// Books every row of a bookings CSV file (``PlannerFileReader/bookingRows(of:contents:network:)``, with an optional
/// `customer` column) under new tracking ids, in one transaction, or none: every problem of the file is
/// reported at once, located `file:line:column`, as the rows' format, the network, the customers and the
/// bookings already made find them. Every deadline must be still to come.
///
/// A row's `booking` is kept as the cargo's booking reference, the customer's own, so importing the same file
/// twice books nothing the second time and names the cargo each row was booked as; another customer may use
/// the same references.
public struct ImportBookingsInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let customers: any CustomerRepository
    private let voyages: any VoyageRepository
    private let files: any PlannerFileReader
    private let now: @Sendable () -> Date

    /// Creates the use case over its repositories.
    ///
    /// - Parameters:
    ///   - cargo: Where the booked cargo is stored, all rows in one transaction.
    ///   - customers: The registered customers the rows must name.
    ///   - voyages: The schedule whose ports the rows must name.
    ///   - files: What reads the file.
    ///   - now: The clock the deadlines are checked against: the system's, or a planning date.
    public init(
        cargo: any CargoRepository, customers: any CustomerRepository, voyages: any VoyageRepository, files: any PlannerFileReader,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.files = files
        cargoRepository = cargo
        self.customers = customers
        self.voyages = voyages
        self.now = now
    }

    public func execute(_ request: ImportBookingsRequest) async -> Result<ImportBookingsResponse, DomainError> {
        let network: ScheduleNetwork, read: ImportResult<[BookingRow]>
        do {
            network = try await voyages.network()
        } catch {
            return .failure(.repository(error))
        }
        do {
            // Leniently, so that the rows the format lets through are checked against the customers and the bookings
            // made too, and every problem of the file is reported in one run.
            read = try files.bookingRows(of: request.file, contents: request.contents, network: network)
        } catch let error as ImportError {
            return .failure(.fileErrors(error.diagnostics, omitted: error.omittedErrorCount))
        } catch {
            return .failure(.invalidOperation(String(describing: error)))
        }
        let rows = read.value
        do {
            // Each customer id as registered, whatever the case it was typed in; absent when none is registered.
            var registered: [CustomerId: CustomerId] = [:]
            for customerId in Set(rows.compactMap { $0.customerId ?? request.customerId }) {
                registered[customerId] = try await customers.customer(customerId)?.id
            }
            // A reference is the customer's own: each customer's are looked up among that customer's cargo.
            var booked: [CustomerId: [String: TrackingId]] = [:]
            for (customerId, references) in Dictionary(grouping: rows, by: { ($0.customerId ?? request.customerId).flatMap { registered[$0] } }) {
                guard let customerId else { continue }
                booked[customerId] = try await cargoRepository.trackingIds(bookingReferences: references.map(\.booking.id), customerId: customerId)
            }
            var errors = read.diagnostics.filter { $0.severity == .error }
            let asOf = now()
            for row in rows {
                if row.booking.specification.arrivalDeadline <= asOf {
                    errors.append(
                        row.positions.error(
                            "deadline",
                            "the deadline \(DateText.timestamp(row.booking.specification.arrivalDeadline)) has passed (it is \(DateText.timestamp(asOf)))"))
                }
                if let customerId = (row.customerId ?? request.customerId).flatMap({ registered[$0] }), let trackingId = booked[customerId]?[row.booking.id] {
                    errors.append(row.positions.error("booking", "booking \(row.booking.id) is already booked as cargo \(trackingId)"))
                }
                if row.booking.teu > BookCargoRequest.maximumTEU {
                    errors.append(row.positions.error("teu", "teu \(row.booking.teu) is more than one booking may hold (\(BookCargoRequest.maximumTEU))"))
                } else if let problem = network.roomProblem(for: CargoSpace(row.booking)) {
                    errors.append(row.positions.error("teu", "the cargo cannot be carried: \(problem); book it as several"))
                }
                guard let customerId = row.customerId ?? request.customerId else {
                    errors.append(row.positions.error("customer", "no customer: give the file a customer column, or a customer for every row"))
                    continue
                }
                if registered[customerId] == nil {
                    errors.append(row.positions.error("customer", "no customer has id \(customerId); register the customer first"))
                }
            }
            guard errors.isEmpty else { return .failure(.fileErrors(errors, alsoOmitted: read.omittedErrorCount)) }
            let ids = try await cargoRepository.nextTrackingIds(rows.count)
            let cargo = try zip(rows, ids).map { row, trackingId in
                let booking = row.booking
                return try Cargo(
                    trackingId: trackingId, teu: booking.teu, specification: booking.specification, revenuePerTEU: booking.revenuePerTEU,
                    customerId: (row.customerId ?? request.customerId).flatMap { registered[$0] }, bookingReference: booking.id, weight: booking.weight)
            }
            try await cargoRepository.save(cargo)
            return .success(ImportBookingsResponse(cargo: cargo.map { CargoSummary($0, over: network) }))
        } catch {
            return .failure(.repository(error))
        }
    }
}
