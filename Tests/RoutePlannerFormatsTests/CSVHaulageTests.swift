import Foundation
import RoutePlanner
import RoutePlannerFormats
import Testing

/// Door to door in files: the locations' gate hours, the schedule's modes and the haulage table, read, reported where
/// they are wrong, and written back.
@Suite struct CSVHaulageTests {
    static let locations = CSVFile(
        name: "locations.csv",
        text: """
            unlocode,name,latitude,longitude,time_zone,gate_hours,transshipment_hours_by_mode
            CNJGJ,Jiangjin,29.29,106.26,Asia/Shanghai,Mon-Sat 07:00-19:00,
            CNCQI,Chongqing,29.58,106.55,Asia/Shanghai,,
            CNSHA,Shanghai,31.23,121.47,Asia/Shanghai,,barge-vessel 36; vessel-Rail 30; rail-truck 2.5
            DEDTM,Dortmund,,,Europe/Berlin,"Mon-Fri 08:00-17:00; Sat 08:00-12:00",
            """)

    static let schedule = CSVFile(
        name: "schedule.csv",
        text: """
            voyage,from,to,departure,arrival,capacity_teu,mode
            YB1,CNCQI,CNSHA,2026-03-02T20:00:00Z,2026-03-09T20:00:00Z,200,barge
            AE1,CNSHA,CNCQI,2026-03-11T06:00:00Z,2026-03-20T08:00:00Z,14000,
            RL1,CNSHA,CNCQI,2026-03-11T06:00:00Z,2026-03-13T08:00:00Z,90,Rail
            """)

    @Test func gateHoursModesAndHaulsAreReadAndWrittenBack() throws {
        let imported = try CSVImporter().importSchedule(locations: Self.locations, schedule: Self.schedule)
        #expect(imported.diagnostics.isEmpty)
        var network = imported.value.network
        #expect(network.location("CNJGJ")?.gateHours == GateHours("Mon-Sat 07:00-19:00"))
        #expect(network.location("CNCQI")?.gateHours == nil)
        let shanghai = try #require(network.location("CNSHA"))
        #expect(
            shanghai.transshipmentTimesByMode == [
                ModeChange(from: .barge, to: .vessel): .seconds(36 * 3_600), ModeChange(from: .vessel, to: .rail): .seconds(30 * 3_600),
                ModeChange(from: .rail, to: .truck): .seconds(9_000),
            ])
        #expect(shanghai.transshipmentTime(from: .vessel, to: .barge) == shanghai.transshipmentTime && shanghai.transshipmentTime == .seconds(24 * 3_600))
        #expect(network.location("CNCQI")?.transshipmentTimesByMode == [:])
        #expect(network.voyages.map(\.mode) == [.barge, .vessel, .rail])
        let haulage = CSVFile(
            name: "haulage.csv",
            text: """
                from,to,hours,distance_km,cost_per_teu,co2e_kg_per_teu,capacity_teu_per_day
                CNJGJ,CNCQI,,,180,45,40
                CNSHA,DEDTM,2.5,,,,
                DEDTM,CNSHA,3,120,,,0
                """)
        let hauls = try CSVImporter().importHaulage(haulage, locations: network.locations)
        #expect(hauls.diagnostics.isEmpty)
        // Jiangjin to Chongqing: no hours, no distance, so 1.3 times the great circle (42.8 km) at 50 km an hour.
        let jiangjin = try #require(hauls.value.first { $0.from == "CNJGJ" })
        #expect(abs((jiangjin.distance ?? 0) - 55.6) < 0.1)
        #expect(jiangjin.duration == .seconds(Int64(((jiangjin.distance ?? 0) / 50 * 3_600).rounded())))
        // A row serves both ways, unless the table gives the other way.
        #expect(hauls.value.map { "\($0.from)-\($0.to)" } == ["CNJGJ-CNCQI", "CNCQI-CNJGJ", "CNSHA-DEDTM", "DEDTM-CNSHA"])
        #expect(hauls.value[2].duration == .seconds(9_000) && hauls.value[3].duration == .seconds(10_800))
        // A capacity a day holds for each direction a row serves.
        #expect(hauls.value.map(\.capacityPerDay) == [40, 40, nil, 0])
        network = try network.withHaulage(hauls.value)

        let written = try CSVImporter().importSchedule(
            locations: CSVFile(name: "l.csv", text: CSVWriter.locations(of: network)), schedule: CSVFile(name: "s.csv", text: CSVWriter.schedule(of: network))
        ).value.network
        #expect(written.locations == network.locations && written.voyages == network.voyages)
        let writtenHauls = try CSVImporter().importHaulage(CSVFile(name: "h.csv", text: CSVWriter.haulage(of: network)), locations: written.locations)
        #expect(writtenHauls.value == network.haulage)
    }

    @Test func badGateHoursModesAndHaulsAreReportedWhereTheyAre() throws {
        let locations = CSVFile(
            name: "locations.csv",
            text: """
                unlocode,name,gate_hours,transshipment_hours_by_mode
                CNCQI,Chongqing,Mon-Fri 6-22,barge-vessel
                CNSHA,Shanghai,,truck-vessel 2
                DEDTM,Dortmund,,barge-vessel 36; ship-barge 2
                DEHAM,Hamburg,,barge-vessel -1
                DEBRE,Bremen,,rail-vessel 3;rail-vessel 4
                DEKEL,Kiel,,vessel-rail 9000
                DEDUI,Duisburg,,barge-vessel 6; ;rail-barge 1;
                """)
        let error = try #require(throws: ImportError.self) { try CSVImporter().importLocations(locations) }
        #expect(
            error.diagnostics.map(\.description) == [
                "locations.csv:2:17: error: gate_hours \"Mon-Fri 6-22\" are not gate hours such as \"Mon-Fri 06:00-22:00; Sat 06:00-14:00\"",
                "locations.csv:2:30: error: transshipment_hours_by_mode: \"barge-vessel\" is not a change and its hours such as \"barge-vessel 36\" (modes vessel, barge, rail, truck)",
                "locations.csv:3:17: error: transshipment_hours_by_mode: truck-vessel: cargo off a truck needs no transshipment time",
                "locations.csv:4:17: error: transshipment_hours_by_mode: \"ship-barge 2\" is not a change and its hours such as \"barge-vessel 36\" (modes vessel, barge, rail, truck)",
                "locations.csv:5:16: error: transshipment_hours_by_mode: barge-vessel: \"-1\" is not a number of hours from 0 to under a year",
                "locations.csv:6:15: error: transshipment_hours_by_mode: rail-vessel is given more than once",
                "locations.csv:7:13: error: transshipment_hours_by_mode: vessel-rail: \"9000\" is not a number of hours from 0 to under a year",
            ])

        let schedule = CSVFile(
            name: "schedule.csv",
            text: """
                voyage,from,to,departure,arrival,mode
                T1,CNCQI,CNSHA,2026-03-02T20:00:00Z,2026-03-09T20:00:00Z,truck
                B1,CNCQI,CNSHA,2026-03-02T20:00:00Z,2026-03-09T20:00:00Z,ship
                """)
        let scheduleError = try #require(throws: ImportError.self) {
            try CSVImporter().importSchedule(
                locations: CSVFile(name: "locations.csv", text: "unlocode,name\nCNCQI,Chongqing\nCNSHA,Shanghai\n"), schedule: schedule)
        }
        #expect(
            scheduleError.diagnostics.map(\.description) == [
                "schedule.csv:2:58: error: mode \"truck\" is not vessel, barge or rail (a truck is not timetabled: give its hauls in a haulage table)",
                "schedule.csv:3:58: error: mode \"ship\" is not vessel, barge or rail (a truck is not timetabled: give its hauls in a haulage table)",
            ])

        let places = try CSVImporter().importLocations(
            CSVFile(name: "locations.csv", text: "unlocode,name\nCNCQI,Chongqing\nCNSHA,Shanghai\nDEDTM,Dortmund\n")
        ).value
        let haulage = CSVFile(
            name: "haulage.csv",
            text: """
                from,to,hours,distance_km,cost_per_teu
                CNCQI,CNXXX,2,,
                CNCQI,CNCQI,2,,
                CNCQI,CNSHA,,,
                CNSHA,DEDTM,0,-3,lots
                DEDTM,CNSHA,800,,
                CNSHA,DEDTM,2,,
                CNSHA,DEDTM,3,,
                """)
        let haulError = try #require(throws: ImportError.self) { try CSVImporter().importHaulage(haulage, locations: places) }
        #expect(
            haulError.diagnostics.map(\.description) == [
                "haulage.csv:2:7: error: unknown location \"CNXXX\"",
                "haulage.csv:3:7: error: a haul goes between two places, not from CNCQI to itself",
                "haulage.csv:4:13: error: hours or distance_km is needed: CNCQI or CNSHA has no coordinates",
                "haulage.csv:5:13: error: hours \"0\" is not a number of hours above 0 and up to 720",
                "haulage.csv:5:15: error: distance_km \"-3\" is not a number of kilometres from 0 to 50000",
                "haulage.csv:5:18: error: cost_per_teu \"lots\" is not an amount from 0 to 1000000",
                "haulage.csv:6:13: error: hours \"800\" is not a number of hours above 0 and up to 720",
                "haulage.csv:8:1: error: CNSHA to DEDTM already has a haul on line 7",
            ])
        let capacities = CSVFile(
            name: "capacities.csv", text: "from,to,hours,capacity_teu_per_day\nCNCQI,CNSHA,2,1.5\nCNSHA,DEDTM,2,-2\nDEDTM,CNCQI,2,1000001\nCNSHA,CNCQI,2,\n")
        let capacityError = try #require(throws: ImportError.self) { try CSVImporter().importHaulage(capacities, locations: places) }
        #expect(
            capacityError.diagnostics.map(\.description) == [
                "capacities.csv:2:15: error: capacity_teu_per_day \"1.5\" is not a whole number of TEU from 0 to 1000000",
                "capacities.csv:3:15: error: capacity_teu_per_day \"-2\" is not a whole number of TEU from 0 to 1000000",
                "capacities.csv:4:15: error: capacity_teu_per_day \"1000001\" is not a whole number of TEU from 0 to 1000000",
            ])
    }
}
