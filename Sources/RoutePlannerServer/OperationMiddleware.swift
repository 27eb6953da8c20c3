import DCSACommercialSchedules
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// The outermost middleware of the DCSA operations: it names the request for the error documents, and answers
/// every error of an operation with a DCSA `ErrorResponse`, never an empty body.
///
/// - A parameter given more than once, without `=` and a value, or with a value and no name, is a 400 before the
///   operation runs.
/// - A request the generated code cannot read (a parameter of the wrong type, a value outside an enumeration, a
///   required parameter missing, a query it cannot parse) is a 400 that names every such parameter, and every
///   problem the operation finds in the rest of the query.
/// - A search over its budget is a 503; anything else is a 500, whose cause is logged with the request's id.
struct OperationMiddleware: ServerMiddleware {
    let api: CommercialSchedulesAPI

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        await ErrorDocument.$request.withValue((request.method, request.path ?? "/")) {
            let query = request.path.flatMap { URLComponents(string: $0)?.queryItems } ?? []
            let names = query.map(\.name)
            let repeated = Set(names.filter { name in names.filter { $0 == name }.count > 1 })
            var problems = QueryProblems()
            for name in repeated.sorted() {
                problems.add(.invalidValue, name, value: nil, "\(name) is given more than once; give it once.")
            }
            for item in query where item.value == nil && !item.name.isEmpty {
                problems.add(.invalidValue, item.name, value: nil, "\(item.name) has no value: give a parameter as \(item.name)=VALUE.")
            }
            for item in query where item.name.isEmpty && item.value != nil {
                problems.add(.invalidValue, nil, value: item.value, "A parameter has a value and no name: give a parameter as NAME=VALUE.")
            }
            if !problems.isEmpty { return Self.badRequest(problems) }
            do {
                return try await next(request, body, metadata)
            } catch let error as ServerError where error.operationInput == nil {
                // The request could not be read into the operation's input, so the fault is the request's.
                let apiVersion = request.headerFields[HTTPField.Name("API-Version")!]
                var problems = await api.problems(ofUnreadable: operationID, query: query, apiVersion: apiVersion)
                if problems.isEmpty {
                    problems.add(.invalidValue, nil, value: nil, "The request cannot be read: \(error.causeDescription): \(error.underlyingError)")
                }
                return Self.badRequest(problems)
            } catch let error as ServerError where error.underlyingError is ErrorDocument.OverBudget {
                return (HTTPResponse(status: error.httpStatus, headerFields: error.httpHeaderFields), error.httpBody)
            } catch {
                Logger.current.error(
                    "request failed", metadata: ["operation": .string(operationID), "reason": .string(String(describing: error))])
                return (
                    HTTPResponse(status: .internalServerError, headerFields: ErrorDocument.headers()),
                    HTTPBody(ErrorDocument.encode(ErrorDocument.serverFailure())))
            }
        }
    }

    static func badRequest(_ problems: QueryProblems) -> (HTTPResponse, HTTPBody?) {
        (HTTPResponse(status: .badRequest, headerFields: ErrorDocument.headers()), HTTPBody(ErrorDocument.encode(ErrorDocument.badRequest(problems))))
    }
}

extension CommercialSchedulesAPI {
    /// A parameter the generated code reads strictly: a query it cannot read fails before the handler runs.
    enum Strict {
        case required, integer, oneOf([String])
    }

    /// The strict parameters of each operation, as the specification declares them: required, `int32`, or an
    /// enumeration.
    static let strictParameters: [String: [(name: String, kind: Strict)]] = [
        "get-v1-point-to-point": [
            ("placeOfReceipt", .required), ("placeOfDelivery", .required), ("maxTranshipment", .integer),
            ("receiptTypeAtOrigin", .oneOf(["CY", "SD", "CFS"])), ("deliveryTypeAtDestination", .oneOf(["CY", "SD", "CFS"])),
            ("limit", .integer),
        ],
        "get-v1-port-schedules": [("UNLocationCode", .required), ("date", .required), ("limit", .integer)],
        "get-v1-vessel-schedule": [("limit", .integer)],
    ]

    /// Every problem of a query that the generated code could not read: each strict parameter it gives wrongly,
    /// then what the operation finds in the rest of the query, read leniently (a strict parameter given wrongly is
    /// read as absent). Nothing is searched.
    func problems(ofUnreadable operationID: String, query items: [URLQueryItem], apiVersion: String?) async -> QueryProblems {
        func raw(_ name: String) -> String? { items.first { $0.name == name }?.value }
        func integer(_ name: String) -> Int32? { raw(name).flatMap { Int32($0) } }
        var problems = QueryProblems()
        for (name, kind) in Self.strictParameters[operationID] ?? [] {
            let value = raw(name)
            switch kind {
            case .required where value == nil || value == "":
                problems.add(.missing, name, value: value, "\(name) is required.")
            case .integer where value.map { Int32($0) == nil } ?? false:
                problems.add(.invalidValue, name, value: value, "\(name) must be a whole number from \(Int32.min) to \(Int32.max).")
            case .oneOf(let values) where value.map { !values.contains($0) } ?? false:
                problems.add(.invalidValue, name, value: value, "\(name) must be one of \(values.joined(separator: ", ")).")
            default: break
            }
        }
        var rest: [Components.Schemas.DetailedError] = []
        switch operationID {
        case "get-v1-point-to-point":
            let input = Operations.GetV1PointToPoint.Input(
                query: .init(
                    placeOfReceipt: raw("placeOfReceipt") ?? "", placeOfDelivery: raw("placeOfDelivery") ?? "",
                    departureStartDate: raw("departureStartDate"), departureEndDate: raw("departureEndDate"),
                    arrivalStartDate: raw("arrivalStartDate"), arrivalEndDate: raw("arrivalEndDate"), maxTranshipment: integer("maxTranshipment"),
                    receiptTypeAtOrigin: raw("receiptTypeAtOrigin").flatMap { .init(rawValue: $0) },
                    deliveryTypeAtDestination: raw("deliveryTypeAtDestination").flatMap { .init(rawValue: $0) }, cargoType: raw("cargoType"),
                    limit: integer("limit"), cursor: raw("cursor")),
                headers: .init(apiVersion: apiVersion))
            if case .failure(let found) = pointToPointQuery(input, in: schedules.current) { rest = found.errors }
        case "get-v1-port-schedules":
            let input = Operations.GetV1PortSchedules.Input(
                query: .init(unLocationCode: raw("UNLocationCode") ?? "", date: raw("date") ?? "", limit: integer("limit"), cursor: raw("cursor")),
                headers: .init(apiVersion: apiVersion))
            if case .badRequest(let answer)? = try? await getV1PortSchedules(input), case .json(let document) = answer.body {
                rest = document.errors
            }
        case "get-v1-vessel-schedule":
            let input = Operations.GetV1VesselSchedule.Input(
                query: .init(
                    vesselIMONumber: raw("vesselIMONumber"), vesselName: raw("vesselName"), carrierServiceCode: raw("carrierServiceCode"),
                    universalServiceReference: raw("universalServiceReference"), carrierVoyageNumber: raw("carrierVoyageNumber"),
                    universalVoyageReference: raw("universalVoyageReference"), unLocationCode: raw("UNLocationCode"),
                    facilitySMDGCode: raw("facilitySMDGCode"), vesselOperatorCarrierCode: raw("vesselOperatorCarrierCode"),
                    startDate: raw("startDate"), endDate: raw("endDate"), responseScope: raw("responseScope"), limit: integer("limit"),
                    cursor: raw("cursor")),
                headers: .init(apiVersion: apiVersion))
            if case .badRequest(let answer)? = try? await getV1VesselSchedule(input), case .json(let document) = answer.body {
                rest = document.errors
            }
        default: break
        }
        let named = Set(problems.errors.compactMap(\.property))
        for error in rest where !named.contains(error.property ?? "") { problems.append(error) }
        return problems
    }
}
