import Foundation
import RoutePlanner

/// The cargo of a repository with each one's delivery as the schedule now sails, kept current in memory for the cargo
/// list and its counts, which filter, sort and search every cargo on each request.
///
/// A status, ETA or standing is worked out once per write of a cargo and once per schedule, never per request:
/// - Each read asks the repository only for the cargo written since the last (`CargoRepository.cargoWritten(after:)`),
///   in this process or another, and works out their deliveries.
/// - When the schedule's network is another one (carriers' events moved it, or it was loaded again), every cargo is
///   read again and worked out over it, as a fresh read would restore it.
///
/// One index serves every principal of a composition; who sees which cargo is decided as it is read
/// (``cargo(seenBy:)``), by `Principal.sees(_:)`.
public actor CargoIndex {
    /// A cargo as the list finds it: its summary as the schedule now sails, and what a search matches.
    ///
    /// A class, so that the lists a request filters and sorts from every entry hold references rather than copies of
    /// the cargo and their summaries.
    public final class Entry: Sendable {
        public let summary: CargoSummary
        let cargo: Cargo
        /// The mark of the write it was read at.
        let mark: Int
        /// The tracking id, booking reference, voyages and ports, in lower case, as UTF-8 with a line break after each.
        let searchText: [UInt8]
        /// The customer's id in lower case, as a list matches it.
        let customerKey: String?

        init(_ cargo: Cargo, mark: Int, over network: ScheduleNetwork?) {
            self.cargo = cargo
            self.mark = mark
            summary = CargoSummary(cargo, over: network)
            let specification = cargo.specification
            var keys = [cargo.trackingId.rawValue, specification.origin.rawValue, specification.destination.rawValue]
            if let reference = cargo.bookingReference { keys.append(reference) }
            for leg in cargo.itinerary?.legs ?? [] {
                keys += [leg.voyage.number.rawValue, leg.loadLocation.code.rawValue, leg.unloadLocation.code.rawValue]
            }
            searchText = Array(Set(keys.map { $0.lowercased() })).sorted().flatMap { Array($0.utf8) + [0x0A] }
            customerKey = cargo.customerId?.rawValue.lowercased()
        }

        /// Whether the text, in lower case as UTF-8 without a line break, is part of its tracking id, booking reference,
        /// a voyage or a port.
        func matches(_ search: [UInt8]) -> Bool {
            guard !search.isEmpty else { return true }
            guard searchText.count >= search.count else { return false }
            return searchText.withUnsafeBufferPointer { text in
                search.withUnsafeBufferPointer { wanted in
                    (0...(text.count - wanted.count)).contains { start in
                        var offset = 0
                        while offset < wanted.count, text[start + offset] == wanted[offset] { offset += 1 }
                        return offset == wanted.count
                    }
                }
            }
        }
    }

    private let repository: any CargoRepository
    private let voyages: (any VoyageRepository)?
    /// Every cargo read, cancelled ones too, so that an older write read late never brings one back.
    private var entries: [TrackingId: Entry] = [:]
    /// The greatest mark to read after that a read returned (``CargoWrites/mark``).
    private var mark = 0
    /// The network the entries were worked out over.
    private var network: ScheduleNetwork?
    /// The open cargo in tracking id order, until a write or another schedule changes them.
    private var listed: [Entry]?

    /// - Parameters:
    ///   - cargo: The cargo, read whoever the principal is; ``cargo(seenBy:)`` keeps to what a principal sees.
    ///   - voyages: The schedule as it now sails, which tells a disrupted cargo; without it, each as planned.
    public init(cargo: any CargoRepository, voyages: (any VoyageRepository)?) {
        repository = cargo
        self.voyages = voyages
    }

    /// The open cargo that a principal sees, in tracking id order, each as the schedule now sails.
    public func cargo(seenBy principal: Principal) async throws -> [Entry] {
        try await current().filter { principal.sees($0.cargo) }
    }

    /// Every open cargo, whoever sees it: for what all cargo take together, such as the room on the voyages.
    public func openCargo() async throws -> [Cargo] { try await current().map(\.cargo) }

    /// The open cargo, brought up to date first.
    private func current() async throws -> [Entry] {
        let network = try await voyages?.network()
        let again = !holds(network)
        let written = try await repository.cargoWritten(after: again ? 0 : mark)
        // Another request may have moved to this network meanwhile, from every cargo too.
        if again, !holds(network) {
            self.network = network
            entries = [:]
            mark = 0
        }
        apply(written)
        if let listed { return listed }
        let open = entries.values.filter { !$0.cargo.isCancelled }.sorted { $0.summary.trackingId < $1.summary.trackingId }
        listed = open
        return open
    }

    /// Whether the entries were worked out over this network (the same build: `ScheduleNetwork.isIdentical(to:)`).
    private func holds(_ network: ScheduleNetwork?) -> Bool {
        guard let network else { return true }
        return self.network.map(network.isIdentical(to:)) ?? false
    }

    /// Keeps each cargo written later than the one held, and the mark to read after next.
    ///
    /// Reads that overlap may come back in any order: each one's entries are kept, so what neither read is after
    /// the greater of their marks.
    private func apply(_ written: CargoWrites) {
        for write in written.cargo where write.mark > entries[write.cargo.trackingId]?.mark ?? -1 {
            entries[write.cargo.trackingId] = Entry(write.cargo, mark: write.mark, over: network)
            listed = nil
        }
        mark = max(mark, written.mark)
    }
}
