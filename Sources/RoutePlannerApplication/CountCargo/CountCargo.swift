import Foundation
import RoutePlanner

/// The raw fields of the cargo counts: none, since every cargo the user sees is counted.
public struct CountCargoForm: Hashable, Sendable {
    /// The form's fields: none, so it is always valid.
    public typealias Field = NoFields

    public init() {}
}

/// A request for the cargo counts.
public struct CountCargoRequest: FormRequest, Hashable {
    /// The form has no fields, so it is always valid.
    public static func create(_ form: CountCargoForm) -> Result<CountCargoRequest, ValidationError<CountCargoForm.Field>> {
        .success(CountCargoRequest())
    }
}

/// How many cargo need a planner's eye, each count the length of a cargo list: the list with its ``CargoCount/form``
/// shows exactly those cargo.
public struct CountCargoResponse: Hashable, Sendable {
    public let counts: [CargoCount]
    /// How many open cargo the user sees in all.
    public let total: Int
    /// Business time when they were counted, which standings and what is due are read at.
    public let asOf: Date

    public init(counts: [CargoCount], total: Int, asOf: Date) {
        self.counts = counts
        self.total = total
        self.asOf = asOf
    }
}

/// How many cargo one cargo list shows.
public struct CargoCount: Hashable, Sendable {
    /// What the cargo counted are: "not routed", "due within 7 days".
    public let name: String
    /// The list's form that shows them.
    public let form: ListCargoForm
    public let count: Int

    public init(name: String, form: ListCargoForm, count: Int) {
        self.name = name
        self.form = form
        self.count = count
    }
}

/// Counts the cargo the principal sees that need a planner's eye: not routed, disrupted, late, at risk, misdirected,
/// due within a week; each by the cargo list's own rule (`ListCargoInteractor`), over the composition's ``CargoIndex``.
public struct CountCargoInteractor: UseCase {
    private let index: CargoIndex
    private let principal: Principal
    private let now: @Sendable () -> Date

    /// The lists counted, by name, each the form of the list that shows them.
    public static let lists: [(name: String, form: ListCargoForm)] = [
        ("not routed", ListCargoForm(status: "not-routed", sort: "deadline")),
        ("disrupted", ListCargoForm(status: "disrupted", sort: "slack")),
        ("late", ListCargoForm(standing: "late", sort: "deadline")),
        ("at risk", ListCargoForm(standing: "at-risk", sort: "slack")),
        ("misdirected", ListCargoForm(status: "misdirected")),
        ("due within 7 days", ListCargoForm(due: "7", sort: "deadline")),
    ]

    /// - Parameters:
    ///   - index: The cargo as the schedule now sails, kept current.
    ///   - principal: Who asks: a customer's user counts its own customer's cargo alone.
    ///   - now: Business time, which standings and what is due are read at.
    public init(index: CargoIndex, principal: Principal, now: @escaping @Sendable () -> Date) {
        self.index = index
        self.principal = principal
        self.now = now
    }

    public func execute(_ request: CountCargoRequest) async -> Result<CountCargoResponse, DomainError> {
        do {
            let asOf = now(), cargo = try await index.cargo(seenBy: principal)
            let filters = try Self.lists.map { ListCargoInteractor.Filter(try ListCargoRequest.create($0.form).get(), asOf: asOf) }
            // One pass: each cargo's standing read once, and tried on every list's filters.
            var counts = [Int](repeating: 0, count: filters.count)
            for entry in cargo {
                let standing = entry.summary.standing(at: asOf)
                for (index, filter) in filters.enumerated() where filter.admits(entry, standing: standing) { counts[index] += 1 }
            }
            return .success(
                CountCargoResponse(
                    counts: zip(Self.lists, counts).map { CargoCount(name: $0.0.name, form: $0.0.form, count: $0.1) }, total: cargo.count, asOf: asOf))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes the counts a line each: "Not routed:  12", ….
public struct CountCargoPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = CountCargoForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: CountCargoResponse) -> Described<CountCargoResponse> {
        let width = response.counts.map(\.name.count).max() ?? 0
        return Described(
            response,
            lines: ["As of \(format.dateTime(response.asOf)), \(PlannerFormat.count(response.total)) open cargo:"]
                + response.counts.map { count in
                    let label = count.name.prefix(1).uppercased() + count.name.dropFirst() + ":"
                    return "  " + label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + PlannerFormat.count(count.count)
                })
    }
}

public typealias CountCargoCoordinator = Coordinator<CountCargoInteractor, CountCargoPresenter>
