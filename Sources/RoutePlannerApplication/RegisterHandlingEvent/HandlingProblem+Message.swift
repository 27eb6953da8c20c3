import Foundation
import RoutePlanner

extension HandlingProblem {
    /// The problem in the words every front end shows, the closest codes suggested for an unknown location.
    func message(among locations: [Location]) -> String {
        switch self {
        case .unknownLocation(let code): PlannerFormat().message(for: DomainError.unknown(code, among: locations))
        case .unknownVoyage(let voyage): "Voyage \(voyage) is not in the schedule."
        case .voyageDoesNotCall(let voyage, let kind, let location):
            "Voyage \(voyage) does not \(kind == .load ? "depart from" : "arrive at") \(location)."
        case .noCallNear(let voyage, let location, let calls, let time):
            "Voyage \(voyage) calls at \(location) at \(calls.map { DateText.timestamp($0) }.joined(separator: ", ")), not within a week of \(DateText.timestamp(time))."
        }
    }
}
