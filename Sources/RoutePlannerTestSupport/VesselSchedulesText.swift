/// DCSA Commercial Schedules vessel-schedules documents as carriers publish them, written call by call for the tests.
public enum VesselSchedulesText {
    /// A transport call as a carrier publishes it; `nil` times are left out.
    public static func call(
        _ reference: String, _ code: String, voyage: String?, arrival: String? = nil, departure: String? = nil,
        extra: [String] = [], cutOffs: [(String, String)] = [], timestamps: [String]? = nil
    ) -> String {
        var stamps = timestamps ?? []
        if timestamps == nil {
            if let arrival { stamps.append(#"{"eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": "\#(arrival)"}"#) }
            if let departure { stamps.append(#"{"eventTypeCode": "DEPA", "eventClassifierCode": "PLN", "eventDateTime": "\#(departure)"}"#) }
        }
        var fields = [
            #""transportCallReference": "\#(reference)""#, #""carrierImportVoyageNumber": "\#(voyage ?? "X")""#,
            #""location": {"UNLocationCode": "\#(code)", "locationName": "Port \#(code)"}"#,
            #""timestamps": [\#(stamps.joined(separator: ", "))]"#,
        ]
        if let voyage { fields.append(#""carrierExportVoyageNumber": "\#(voyage)""#) }
        if !cutOffs.isEmpty {
            fields.append(
                #""cutOffTimes": ["# + cutOffs.map { #"{"cutOffDateTimeCode": "\#($0.0)", "cutOffDateTime": "\#($0.1)"}"# }.joined(separator: ", ") + "]")
        }
        return "{" + (fields + extra).joined(separator: ", ") + "}"
    }

    public static func document(_ calls: [String], service: String = "AE7", vessel: String = #"{"name": "Maersk Kiel", "vesselIMONumber": "9321483"}"#)
        -> String
    {
        #"[{"carrierServiceName": "Asia-Europe 7", "carrierServiceCode": "\#(service)", "vesselSchedules": [{"isDummyVessel": false, "vessel": \#(vessel), "transportCalls": [\#(calls.joined(separator: ",\n"))]}]}]"#
    }

    /// Shanghai to Hamburg over Singapore and Rotterdam: voyage 001W, then 002E, with cut-offs at Shanghai.
    public static let shanghaiToRotterdam = document([
        call(
            "C1", "CNSHA", voyage: "001W", departure: "2026-03-02T16:00:00+08:00",
            cutOffs: [("FCO", "2026-03-01T16:00:00+08:00"), ("TCO", "2026-03-02T04:00:00+08:00")]),
        call("C2", "SGSIN", voyage: "001W", arrival: "2026-03-08T08:00:00+08:00", departure: "2026-03-09T08:00:00+08:00"),
        call("C3", "NLRTM", voyage: "002E", arrival: "2026-04-01T10:00:00+02:00", departure: "2026-04-02T10:00:00+02:00"),
        call("C4", "DEHAM", voyage: nil, arrival: "2026-04-03T10:00:00+02:00"),
    ])
}
