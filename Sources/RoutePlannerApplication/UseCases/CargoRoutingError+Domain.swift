import Foundation
import RoutePlanner

extension DomainError {
    /// Why a cargo cannot be routed from where it is, as the use cases report it.
    static func routing(_ error: CargoRoutingError, of cargo: Cargo, in network: ScheduleNetwork) -> DomainError {
        switch error {
        case .cancelled(let time): .cargo(.cancelled(cargo.trackingId, at: time))
        case .claimed(let claim): .cargo(.closed(cargo.trackingId, claim: claim))
        case .unknownLocation(let code): .unknown(code, among: network.locations)
        case .aboardUnknownVoyage(let voyage):
            .invalidOperation(
                "Cargo \(cargo.trackingId) is aboard voyage \(voyage?.rawValue ?? "?"), which the schedule does not have; register its unload first.")
        case .voyageNoLongerCalls(let voyage, let location):
            .invalidOperation("Voyage \(voyage) no longer calls at \(location); register the cargo's unload first.")
        case .atDestination(let destination): .invalidOperation("Cargo \(cargo.trackingId) is already at its destination, \(destination).")
        case .deadlinePassed: .invalidOperation("The deadline of cargo \(cargo.trackingId) has passed.")
        }
    }
}

extension DomainError {
    /// Why a disrupted cargo has no options, as the use cases report it.
    static func replanning(_ failure: Replanning.Failure, of cargo: Cargo, in network: ScheduleNetwork) -> DomainError {
        switch failure {
        case .routing(let error): .routing(error, of: cargo, in: network)
        case .noRoute(let specification): .schedule(.noRoute(specification, earliestPossibleArrival: nil))
        case .unknownLocation(let code): .unknown(code, among: network.locations)
        case .search(let description): .invalidOperation(description)
        }
    }
}

extension Cargo {
    /// The specification from where the cargo is (``Cargo/specificationFromWhereItIs(in:)``), or why there is none as
    /// the use cases report it.
    func specificationToRoute(in network: ScheduleNetwork) -> Result<RouteSpecification, DomainError> {
        do {
            return .success(try specificationFromWhereItIs(in: network))
        } catch {
            return .failure(.routing(error, of: self, in: network))
        }
    }
}
