import RoutePlannerApplication

/// The query parameters of `GET /v1/point-to-point-routes`, as the specification names them.
enum PointToPointParameter: String, QueryParameter {
    case placeOfReceipt, placeOfDelivery, departureStartDate, departureEndDate, arrivalStartDate, arrivalEndDate, maxTranshipment
    case receiptTypeAtOrigin, deliveryTypeAtDestination, cargoType, limit, cursor

    static let operationID = "get-v1-point-to-point"
}

/// The query parameters of `GET /v1/port-schedules`.
enum PortScheduleParameter: String, QueryParameter {
    case unLocationCode = "UNLocationCode", date, limit, cursor

    static let operationID = "get-v1-port-schedules"
}

/// The query parameters of `GET /v1/vessel-schedules`.
enum VesselScheduleParameter: String, QueryParameter {
    case vesselIMONumber, vesselName, carrierServiceCode, universalServiceReference, carrierVoyageNumber, universalVoyageReference
    case unLocationCode = "UNLocationCode", facilitySMDGCode, vesselOperatorCarrierCode, startDate, endDate, responseScope, limit, cursor

    static let operationID = "get-v1-vessel-schedule"

    /// The parameters that choose voyages; a query gives at least one.
    static let voyageFilters: [Self] = [
        .vesselIMONumber, .vesselName, .carrierServiceCode, .universalServiceReference, .carrierVoyageNumber, .universalVoyageReference,
        .unLocationCode, .facilitySMDGCode, .vesselOperatorCarrierCode,
    ]
}

/// The route form's fields as the point-to-point operation names them: the one place the API maps
/// ``RouteCargoForm/Field`` to its query parameters, so that a field's error names the parameter the request gave.
extension RouteCargoForm.Field {
    /// The query parameter that gives the field; `nil` for a field the operation does not take.
    var parameter: PointToPointParameter? {
        switch self {
        case .origin: .placeOfReceipt
        case .destination: .placeOfDelivery
        case .ready: .departureStartDate
        case .deadline: .arrivalEndDate
        case .maxTransshipments: .maxTranshipment
        case .cargoType: .cargoType
        // The search's limit is the server's (the page's end, or all candidates), not the request's page size.
        case .limit, .maxModeChanges, .trackingId, .via, .avoid, .avoidVoyages, .dangerousGoods, .maxTransitDays, .order, .criteria, .modes: nil
        }
    }
}
