import Foundation
import RoutePlanner

/// The raw fields of the cargo list: which cargo to show, in which order.
public struct ListCargoForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case search, status, customer, standing, due, sort, page
    }

    /// Blank for every cargo, or text to find in a tracking id, a booking reference, or a voyage or port of its route
    /// (in any case).
    public var search: String
    /// Blank for every cargo, or a status to show only: `not-routed`, `on-track`, `disrupted`, `misdirected`,
    /// `misrouted` or `claimed`.
    public var status: String
    /// Blank for every customer's cargo, or a customer's id (in any case) to show only theirs.
    public var customer: String
    /// Blank for every cargo, or a standing against the deadline to show only: `late`, `at-risk` or `fine`.
    public var standing: String
    /// Blank for every cargo, or a number of days: only cargo due from now to that many days ahead, not yet claimed.
    public var due: String
    /// The order: `tracking-id` (blank), `deadline`, `slack` (least first) or `eta` (earliest first); cargo
    /// without a slack or an ETA come last.
    public var sort: String
    /// Blank for every cargo at once, or the page to show, from 1, of ``ListCargoRequest/pageSize`` cargo each.
    public var page: String

    public init(
        search: String = "", status: String = "", customer: String = "", standing: String = "", due: String = "", sort: String = "", page: String = ""
    ) {
        self.search = search
        self.status = status
        self.customer = customer
        self.standing = standing
        self.due = due
        self.sort = sort
        self.page = page
    }
}

/// A validated request for the booked cargo.
public struct ListCargoRequest: FormRequest, Hashable {
    /// The orders a list may be sorted in.
    public enum Order: String, Hashable, Sendable, CaseIterable {
        case trackingId = "tracking-id"
        case deadline, slack, eta
    }

    /// The text to find, in lower case, or `nil` for all.
    public let search: String?
    /// The status to show only, or `nil` for all.
    public let status: Delivery.Status?
    /// The customer whose cargo to show only, or `nil` for every customer's.
    public let customerId: CustomerId?
    /// The standing against the deadline to show only, or `nil` for all.
    public let standing: DeadlineStanding?
    /// Only cargo due within this many days from now and not yet claimed, or `nil` for all.
    public let dueWithinDays: Int?
    public let order: Order
    /// The page to show, from 1, or `nil` for every cargo at once.
    public let page: Int?

    /// The cargo a page holds.
    public static let pageSize = 50

    public init(
        status: Delivery.Status?, customerId: CustomerId? = nil, search: String? = nil, standing: DeadlineStanding? = nil, dueWithinDays: Int? = nil,
        order: Order = .trackingId, page: Int? = nil
    ) {
        self.status = status
        self.customerId = customerId
        self.search = search
        self.standing = standing
        self.dueWithinDays = dueWithinDays
        self.order = order
        self.page = page
    }

    /// The statuses a list may show: every one but `cancelled`, since a cancelled booking is never listed.
    public static let listedStatuses = Delivery.Status.allCases.filter { $0 != .cancelled }

    /// A value as a form or an address writes it: `not-routed`, `at-risk`.
    public static func formValue(_ words: String) -> String { words.replacingOccurrences(of: " ", with: "-") }

    /// Validates the form, every field at once: `status` and `standing` blank or one of theirs, `due` blank or a whole
    /// number of days from 1 to 366, `sort` blank or an order, `page` blank or a whole number from 1, `search` at most
    /// 100 characters on one line.
    public static func create(_ form: ListCargoForm) -> Result<ListCargoRequest, ValidationError<ListCargoForm.Field>> {
        var fields: [ListCargoForm.Field: String] = [:]
        func words(_ text: String) -> String { text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: " ") }
        func choices(_ values: [String]) -> String { values.map(formValue).joined(separator: ", ") }
        let status = words(form.status), standing = words(form.standing), sort = form.sort.trimmingCharacters(in: .whitespaces).lowercased()
        let statuses = listedStatuses.map(\.rawValue), standings = DeadlineStanding.allCases.map(\.rawValue)
        if !(status.isEmpty || statuses.contains(status)) { fields[.status] = "Enter one of \(choices(statuses)), or nothing for all." }
        if !(standing.isEmpty || standings.contains(standing)) { fields[.standing] = "Enter one of \(choices(standings)), or nothing for all." }
        if !(sort.isEmpty || Order(rawValue: sort) != nil) { fields[.sort] = "Enter one of \(Order.allCases.map(\.rawValue).joined(separator: ", "))." }
        let search = form.search.trimmingCharacters(in: .whitespaces).lowercased()
        if search.count > 100 || search.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            fields[.search] = "Enter at most 100 characters on one line: part of a tracking id, a booking reference, a voyage or a port."
        }
        let dueText = form.due.trimmingCharacters(in: .whitespaces), due = Int(dueText)
        if !dueText.isEmpty, !(1...366).contains(due ?? 0) { fields[.due] = "Enter a number of days from 1 to 366, or nothing for all." }
        let pageText = form.page.trimmingCharacters(in: .whitespaces), page = Int(pageText)
        if !pageText.isEmpty, !(1...1_000_000).contains(page ?? 0) { fields[.page] = "Enter a page from 1 to 1000000, or nothing for all." }
        guard fields.isEmpty else { return .failure(ValidationError(fields: fields)) }
        return .success(
            ListCargoRequest(
                status: Delivery.Status(rawValue: status), customerId: CustomerId(form.customer), search: search.isEmpty ? nil : search,
                standing: DeadlineStanding(rawValue: standing), dueWithinDays: dueText.isEmpty ? nil : due, order: Order(rawValue: sort) ?? .trackingId,
                page: pageText.isEmpty ? nil : page))
    }
}

/// The booked cargo that match a request, in its order: a page of them, or all.
public struct ListCargoResponse: Hashable, Sendable {
    public let cargo: [CargoSummary]
    /// The status asked for, or `nil` for all.
    public let status: Delivery.Status?
    /// How many cargo match in all, on every page.
    public let total: Int?
    /// Whether a page follows.
    public let hasMore: Bool
    /// Business time when the list was made, which standings and what is due are read at.
    public let asOf: Date

    public init(cargo: [CargoSummary], status: Delivery.Status?, total: Int? = nil, hasMore: Bool = false, asOf: Date) {
        self.cargo = cargo
        self.status = status
        self.total = total
        self.hasMore = hasMore
        self.asOf = asOf
    }
}

/// Lists the booked cargo the principal sees, with where each is on its way as the schedule now sails
/// (`Cargo.delivery(over:)`): found, filtered and sorted over every cargo, from the composition's ``CargoIndex``.
public struct ListCargoInteractor: UseCase {
    private let index: CargoIndex
    private let principal: Principal
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - index: The cargo as the schedule now sails, kept current.
    ///   - principal: Who asks: a customer's user lists its own customer's cargo alone.
    ///   - now: Business time, which standings and what is due are read at.
    public init(index: CargoIndex, principal: Principal, now: @escaping @Sendable () -> Date) {
        self.index = index
        self.principal = principal
        self.now = now
    }

    /// Lists every cargo that a repository holds as the schedule sails, acting for the command line: for a one-off
    /// list, with an index of its own.
    public init(cargo: any CargoRepository, voyages: (any VoyageRepository)? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(index: CargoIndex(cargo: cargo, voyages: voyages), principal: .commandLine, now: now)
    }

    public func execute(_ request: ListCargoRequest) async -> Result<ListCargoResponse, DomainError> {
        do {
            let asOf = now()
            let matching = Self.matching(request, in: try await index.cargo(seenBy: principal), asOf: asOf).map { principal.shown($0.summary) }
            guard let page = request.page else {
                return .success(ListCargoResponse(cargo: matching, status: request.status, total: matching.count, asOf: asOf))
            }
            let size = ListCargoRequest.pageSize, first = min((page - 1) * size, matching.count)
            return .success(
                ListCargoResponse(
                    cargo: Array(matching[first..<min(first + size, matching.count)]), status: request.status, total: matching.count,
                    hasMore: first + size < matching.count, asOf: asOf))
        } catch {
            return .failure(.repository(error))
        }
    }

    /// The entries that match the request, in its order; the rule of Guides/Architecture.md, "The cargo list". The
    /// entries come in tracking id order, as the index gives them.
    static func matching(_ request: ListCargoRequest, in entries: [CargoIndex.Entry], asOf: Date) -> [CargoIndex.Entry] {
        let filter = Filter(request, asOf: asOf)
        let found = entries.filter { filter.admits($0, standing: request.standing == nil ? nil : $0.summary.standing(at: asOf)) }
        func key(_ summary: CargoSummary) -> Double? {
            switch request.order {
            case .trackingId: nil
            case .deadline: summary.specification.arrivalDeadline.timeIntervalSince1970
            case .slack: summary.slack
            case .eta: summary.delivery.estimatedTimeOfArrival?.timeIntervalSince1970
            }
        }
        guard request.order != .trackingId else { return found }
        // Those without the key last; ties in tracking id order, the order the entries come in.
        return found.enumerated().map { (key($0.element.summary), $0.offset) }.sorted { left, right in
            switch (left.0, right.0) {
            case (let a?, let b?) where a != b: a < b
            case (nil, _?): false
            case (_?, nil): true
            default: left.1 < right.1
            }
        }.map { found[$0.1] }
    }
}

extension ListCargoInteractor {
    /// A request's filters, read once for every cargo they are tried on.
    struct Filter {
        let request: ListCargoRequest
        /// The customer's id in lower case, as ids are matched.
        let customer: String?
        /// The latest deadline of what is due, and business time.
        let dueBy: Date?
        let asOf: Date
        /// The text searched, as UTF-8.
        let search: [UInt8]?

        init(_ request: ListCargoRequest, asOf: Date) {
            self.request = request
            self.asOf = asOf
            customer = request.customerId?.rawValue.lowercased()
            dueBy = request.dueWithinDays.map { asOf.addingTimeInterval(Double($0) * 86_400) }
            search = request.search.map { Array($0.utf8) }
        }

        /// Whether the filters admit a cargo whose standing at business time is `standing` (read only when the
        /// request asks for one).
        func admits(_ entry: CargoIndex.Entry, standing: DeadlineStanding?) -> Bool {
            let summary = entry.summary
            if let status = request.status, summary.delivery.status != status { return false }
            if let customer, entry.customerKey != customer { return false }
            if let wanted = request.standing, standing != wanted { return false }
            if let dueBy {
                let deadline = summary.specification.arrivalDeadline
                if deadline < asOf || deadline > dueBy || summary.delivery.status == .claimed { return false }
            }
            if let search, !entry.matches(search) { return false }
            return true
        }
    }
}

/// Writes the cargo list, filtered by status when the request asks.
public struct ListCargoPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ListCargoForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ListCargoResponse) -> [CargoTrackingView] {
        response.cargo.map { format.tracking($0, asOf: response.asOf) }
    }
}

public typealias ListCargoCoordinator = Coordinator<ListCargoInteractor, ListCargoPresenter>
