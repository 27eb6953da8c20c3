import DCSACommercialSchedules
import RoutePlannerApplication

/// The route form's fields as the point-to-point operation names them: the one place the API maps
/// ``RouteCargoForm/Field`` to its query parameters, so that a field's error names the parameter the request gave.
extension RouteCargoForm.Field {
    /// The query parameter that gives the field; `nil` for a field the operation does not take.
    var parameter: String? {
        switch self {
        case .origin: "placeOfReceipt"
        case .destination: "placeOfDelivery"
        case .ready: "departureStartDate"
        case .deadline: "arrivalEndDate"
        case .maxTransshipments: "maxTranshipment"
        case .cargoType: "cargoType"
        case .limit: "limit"
        case .trackingId, .via, .avoid, .avoidVoyages, .dangerousGoods, .maxTransitDays, .order, .criteria: nil
        }
    }
}

extension Operations.GetV1PointToPoint.Input.Query {
    /// The value the query gives for a field of the route form, as it gives it.
    func value(of field: RouteCargoForm.Field) -> String? {
        switch field {
        case .origin: placeOfReceipt
        case .destination: placeOfDelivery
        case .ready: departureStartDate
        case .deadline: arrivalEndDate
        case .maxTransshipments: maxTranshipment.map { String($0) }
        case .cargoType: cargoType
        case .limit: limit.map { String($0) }
        case .trackingId, .via, .avoid, .avoidVoyages, .dangerousGoods, .maxTransitDays, .order, .criteria: nil
        }
    }
}
