import RoutePlanner

/// Cargo held in memory.
public actor InMemoryCargoRepository: CargoRepository {
    private var cargoById: [String: Cargo]

    /// Creates a repository holding the given cargo.
    public init(_ cargo: [Cargo] = []) {
        cargoById = Dictionary(cargo.map { ($0.trackingId, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func cargo(_ trackingId: String) async throws -> Cargo? { cargoById[trackingId] }
    public func save(_ cargo: Cargo) async throws { cargoById[cargo.trackingId] = cargo }
    public func allCargo() async throws -> [Cargo] { cargoById.values.sorted { $0.trackingId < $1.trackingId } }
}
