import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The port and vessel schedules against brute force: on seeded random schedules whose ports keep local times of
/// their own, every departure or arrival at the port on one of the days (by its local date) is in a call listed, and
/// every call listed has one; the voyages a search finds are those whose own fields and movements match.
@Suite struct ShowSchedulesTests {
    /// A random schedule whose ports each have a UTC offset of -12 to +14 hours, and whose voyages a service and a
    /// vessel of a few.
    static func schedule(_ seed: UInt64) throws -> (network: ScheduleNetwork, days: [String], generator: SplitMix64) {
        var generator = SplitMix64(seed: seed)
        let random = RandomSchedule(using: &generator, maxPorts: 6, maxMovements: 30)
        var offsets: [UnLocode: Int] = [:]
        for location in random.locations { offsets[location.code] = Int.random(in: -12...14, using: &generator) * 3600 }
        let voyages = random.voyages.map { voyage in
            Voyage(
                number: voyage.number,
                movements: voyage.movements.map {
                    CarrierMovement(
                        from: $0.departureLocation, to: $0.arrivalLocation, departure: $0.departureTime, arrival: $0.arrivalTime, capacity: $0.capacity,
                        departureUTCOffset: offsets[$0.departureLocation], arrivalUTCOffset: offsets[$0.arrivalLocation])
                }, vessel: ["Ever Given", "Maersk Mc-Kinney Møller", nil].randomElement(using: &generator)!,
                service: ["AE7", "TP1"].randomElement(using: &generator)!, vesselIMONumber: ["9811000", nil].randomElement(using: &generator)!)
        }
        let network = try ScheduleNetwork(locations: random.locations, voyages: voyages)
        let days = (-2...8).map { String(DateText.timestamp(random.base.addingTimeInterval(Double($0) * 86_400)).prefix(10)) }
        return (network, days, generator)
    }

    /// A time's local date at an offset.
    static func localDay(_ time: Date, _ offset: Int?) -> String { String(DateText.timestamp(time, utcOffset: offset).prefix(10)) }

    @Test func aPortsScheduleIsEveryCallOnItsDaysByLocalDate() async throws {
        for seed in UInt64(0)..<400 {
            var (network, days, generator) = try Self.schedule(seed)
            let port = network.locations.randomElement(using: &generator)!.code
            let first = Int.random(in: 0...(days.count - 3), using: &generator), count = Int.random(in: 1...3, using: &generator)
            let lastDay = days[first + count - 1]
            let app = RoutePlannerComposition(schedule: network)
            let state = await app.showPortSchedule(ShowPortScheduleForm(port: port.rawValue.lowercased(), from: days[first], days: String(count)))
            guard case .success(let described) = state else {
                Issue.record("seed \(seed): \(state)")
                continue
            }
            let calls = described.response.calls
            // Brute force: each time a vessel leaves or reaches the port on one of the days.
            var expected: Set<String> = []
            for voyage in network.voyages {
                for movement in voyage.movements {
                    let departs = Self.localDay(movement.departureTime, movement.departureUTCOffset)
                    if movement.departureLocation == port, days[first] <= departs, departs <= lastDay {
                        expected.insert("\(voyage.number) leaves \(movement.departureTime)")
                    }
                    let arrives = Self.localDay(movement.arrivalTime, movement.arrivalUTCOffset)
                    if movement.arrivalLocation == port, days[first] <= arrives, arrives <= lastDay {
                        expected.insert("\(voyage.number) arrives \(movement.arrivalTime)")
                    }
                }
            }
            var listed: Set<String> = []
            for call in calls {
                #expect(call.location.code == port, "seed \(seed)")
                let times = [call.arrival.map { "\(call.voyage.number) arrives \($0)" }, call.departure.map { "\(call.voyage.number) leaves \($0)" }]
                    .compactMap { $0 }
                #expect(times.contains(where: expected.contains), "seed \(seed): \(call) is on none of the days")
                listed.formUnion(times)
            }
            #expect(expected.isSubset(of: listed), "seed \(seed): missing \(expected.subtracting(listed).sorted())")
            #expect(calls.map(\.time) == calls.map(\.time).sorted(), "seed \(seed): not in the order the calls begin")
            #expect(described.response.firstDay == days[first] && described.response.lastDay == lastDay, "seed \(seed)")
        }
    }

    @Test func aVesselScheduleSearchFindsTheVoyagesEveryFilterMatches() async throws {
        for seed in UInt64(0)..<400 {
            var (network, days, generator) = try Self.schedule(seed)
            let voyages = network.voyages
            let some = voyages.randomElement(using: &generator)!
            var form = ShowVesselSchedulesForm()
            // One to three filters of the five, each from a voyage of the schedule or none of them.
            repeat {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: form.voyage = Bool.random(using: &generator) ? some.number.rawValue : "V99"
                case 1: form.vesselName = some.vessel ?? "Ever Given"
                case 2: form.vesselIMONumber = "9811000"
                case 3: form.service = some.service ?? "AE7"
                default: form.port = network.locations.randomElement(using: &generator)!.code.rawValue
                }
            } while Bool.random(using: &generator)
            if Bool.random(using: &generator) { form.startDate = days.randomElement(using: &generator)! }
            if Bool.random(using: &generator) { form.endDate = days.randomElement(using: &generator)! }
            if !form.startDate.isEmpty, !form.endDate.isEmpty, form.startDate > form.endDate { (form.startDate, form.endDate) = (form.endDate, form.startDate) }
            form.matchedCallsOnly = Bool.random(using: &generator)
            let state = await RoutePlannerComposition(schedule: network).showVesselSchedules(form)
            guard case .success(let found) = state else {
                Issue.record("seed \(seed): \(form): \(state)")
                continue
            }
            // Brute force: the voyages whose fields match, with a movement at the port (if asked) on the days (if asked).
            func onDays(_ time: Date, _ offset: Int?) -> Bool {
                let day = Self.localDay(time, offset)
                return (form.startDate.isEmpty || form.startDate <= day) && (form.endDate.isEmpty || day <= form.endDate)
            }
            let expected = voyages.filter { voyage in
                guard form.voyage.isEmpty || form.voyage == voyage.number.rawValue, form.vesselName.isEmpty || form.vesselName == voyage.vessel,
                    form.vesselIMONumber.isEmpty || form.vesselIMONumber == voyage.vesselIMONumber, form.service.isEmpty || form.service == voyage.service
                else { return false }
                return voyage.movements.contains { movement in
                    (form.port.isEmpty || movement.departureLocation.rawValue == form.port) && onDays(movement.departureTime, movement.departureUTCOffset)
                        || (form.port.isEmpty || movement.arrivalLocation.rawValue == form.port) && onDays(movement.arrivalTime, movement.arrivalUTCOffset)
                }
            }
            #expect(found.map(\.response.voyage.number) == expected.map(\.number), "seed \(seed): \(form)")
            for schedule in found.map(\.response) {
                let all = PortCall.calls(of: schedule.voyage, in: network)
                if form.matchedCallsOnly {
                    #expect(!schedule.calls.isEmpty && schedule.calls.allSatisfy { all.contains($0) }, "seed \(seed)")
                    #expect(schedule.calls.allSatisfy { form.port.isEmpty || $0.location.code.rawValue == form.port }, "seed \(seed)")
                } else {
                    #expect(schedule.calls == all, "seed \(seed)")
                }
            }
        }
    }

    /// The problems of each form are all given at once, each on its field; a port the schedule lacks is refused with
    /// the closest codes it has.
    @Test func formsWithProblemsAreRefusedFieldByField() async throws {
        let app = RoutePlannerComposition.bundledWorldSmall()
        let port = await app.showPortSchedule(ShowPortScheduleForm(port: "sg", from: "2026-03-02T08:00:00Z", days: "400"))
        #expect(Set(port.fieldErrors.keys) == [.port, .from, .days])
        let vessel = await app.showVesselSchedules(ShowVesselSchedulesForm(voyage: "", startDate: "2026-03-09", endDate: "2026-03-02"))
        #expect(Set(vessel.fieldErrors.keys) == [.voyage, .endDate])
        guard case .failure(let failure) = await app.showPortSchedule(ShowPortScheduleForm(port: "SGSIX")) else {
            Issue.record("an unknown port was shown")
            return
        }
        #expect(failure.kind == .rejected && failure.message == "SGSIX is not a port of this network. Did you mean SGSIN?")
    }
}

extension RoutePlannerComposition {
    /// The application over a schedule alone.
    init(schedule network: ScheduleNetwork) {
        let schedule = InMemoryScheduleRepository(network: network)
        self.init(files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: schedule, voyages: schedule, cargo: InMemoryCargoRepository())
    }
}
