import Foundation
import RoutePlanner
import RoutePlannerFormats
import Testing

/// The schedule's cut-off, IMO and service-name columns and the locations' time zones, read and written back.
@Suite struct CSVCutOffTests {
    static let locations = CSVFile(
        name: "locations.csv",
        text: """
            unlocode,name,time_zone
            CNSHA,Shanghai,Asia/Shanghai
            NLRTM,Rotterdam,Europe/Amsterdam
            SGSIN,Singapore,
            """)

    @Test func readsCutOffsPerCallAndWritesThemBack() throws {
        let schedule = CSVFile(
            name: "schedule.csv",
            text: """
                voyage,from,to,departure,arrival,vessel_imo,service_name,cut_off_fco,cut_off_tco,cut_off_rco
                AE7-001,CNSHA,SGSIN,2026-03-02T08:00+08:00,2026-03-08T08:00:00Z,9321483,Asia-Europe 7,2026-03-01T08:00+08:00,,2026-02-28T20:00:00Z
                AE7-001,SGSIN,NLRTM,2026-03-09T08:00:00Z,2026-04-01T08:00:00Z,9321483,Asia-Europe 7,,2026-03-08T20:00:00Z,
                """)
        let imported = try CSVImporter().importSchedule(locations: Self.locations, schedule: schedule)
        #expect(imported.diagnostics.isEmpty)
        let network = imported.value.network
        let voyage = try #require(network.voyage("AE7-001"))
        #expect(voyage.vesselIMONumber == "9321483" && voyage.serviceName == "Asia-Europe 7")
        #expect(
            voyage.movements[0].cutOffTimes == [
                CutOffTime(.fullContainerDelivery, CSVImportTests.utc("2026-03-01T00:00:00Z")),
                CutOffTime(.reefer, CSVImportTests.utc("2026-02-28T20:00:00Z")),
            ])
        #expect(voyage.movements[1].transshipmentCutOff == CSVImportTests.utc("2026-03-08T20:00:00Z"))
        #expect(network.location("NLRTM")?.timeZone?.identifier == "Europe/Amsterdam")
        #expect(network.location("SGSIN")?.timeZone == nil)

        let written = try CSVImporter().importSchedule(
            locations: CSVFile(name: "l.csv", text: CSVWriter.locations(of: network)),
            schedule: CSVFile(name: "s.csv", text: CSVWriter.schedule(of: network))
        ).value
        #expect(written.voyages == imported.value.voyages)
        #expect(written.locations == imported.value.locations)
    }

    @Test func reportsBadCutOffsIMONumbersAndTimeZonesWhereTheyAre() throws {
        let locations = CSVFile(
            name: "locations.csv",
            text: """
                unlocode,name,time_zone
                CNSHA,Shanghai,Asia/Shanghia
                NLRTM,Rotterdam,
                """)
        let schedule = CSVFile(
            name: "schedule.csv",
            text: """
                voyage,from,to,departure,arrival,vessel_imo,cut_off_fco
                V1,CNSHA,NLRTM,2026-03-02T08:00:00Z,2026-04-01T08:00:00Z,93214,2026-03-01T08:00:00
                """)
        #expect(
            throws: ImportError(diagnostics: [
                ImportDiagnostic(
                    file: "locations.csv", line: 2, column: 16, severity: .error,
                    message: "time_zone \"Asia/Shanghia\" is not an IANA time zone name such as \"Europe/Amsterdam\""),
                ImportDiagnostic(
                    file: "schedule.csv", line: 2, column: 58, severity: .error,
                    message: "vessel_imo \"93214\" is not an IMO number: 7 or 8 digits"),
                ImportDiagnostic(
                    file: "schedule.csv", line: 2, column: 64, severity: .error,
                    message:
                        "cut_off_fco \"2026-03-01T08:00:00\" has no time zone; write \"2026-03-01T08:00:00Z\" for UTC or add the offset, as in \"2026-03-01T08:00:00+01:00\""
                ),
            ])
        ) {
            try CSVImporter().importSchedule(locations: locations, schedule: schedule)
        }
    }
}
