import Foundation
import RoutePlanner

extension VesselScheduleReader {
    /// The voyages of a vessel-schedules document column by column, voyage by voyage in the document's order, each
    /// voyage's movements in sailing order: what a network is built from (``network(locations:capacitiesAreKnown:)``),
    /// without a `Voyage` per voyage or a `CarrierMovement` per movement in between, as the CSV import builds it
    /// from its rows.
    struct Sailings {
        // Each voyage's number, vessel and service; its movements are `start[k] ..< start[k + 1]`.
        var number: [VoyageNumber] = []
        var vessel: [String?] = [], vesselIMONumber: [String?] = [], service: [String?] = [], serviceName: [String?] = []
        /// The voyage the vessel goes on as: the next voyage of the same vessel schedule, which departs from the call
        /// where this one ends.
        var continuation: [VoyageNumber?] = []
        var start: [Int32] = [0]
        /// Each voyage's capacity in TEU (`Int32.max` when unlimited), tonnes and reefer plugs (`nil` when
        /// unlimited), from a capacity file.
        var capacity: [Int32] = [], weightCapacity: [Int32?] = [], reeferPlugs: [Int32?] = []
        /// Each voyage's mode: a vessel, unless a capacity file says it is a barge or a train.
        var mode: [TransportMode] = []

        // Each movement: its ports (indexes of the reader's ports), times and UTC offsets in seconds, and cut-offs,
        // `cutOffs[cutOffEnd[m - 1] ..< cutOffEnd[m]]` (from 0 for the first).
        var from: [Int32] = [], to: [Int32] = []
        var departure: [Int64] = [], arrival: [Int64] = []
        var departureOffset: [Int] = [], arrivalOffset: [Int] = []
        var cutOffEnd: [Int32] = []
        var cutOffs: [CutOffTime] = []
        /// Each movement's distance in nautical miles and CO2e per TEU in kilograms, NaN where not known.
        var distance: [Double] = [], co2ePerTEU: [Double] = []

        var voyageCount: Int { number.count }

        /// Movement `m`'s cut-offs.
        func cutOffs(of movement: Int) -> ArraySlice<CutOffTime> {
            cutOffs[Int(movement == 0 ? 0 : cutOffEnd[movement - 1])..<Int(cutOffEnd[movement])]
        }

        /// Makes room for about `count` movements.
        mutating func reserveCapacity(movements count: Int) {
            for column in [\Self.from, \.to, \.cutOffEnd] { self[keyPath: column].reserveCapacity(count) }
            for column in [\Self.departure, \.arrival] { self[keyPath: column].reserveCapacity(count) }
            for column in [\Self.departureOffset, \.arrivalOffset] { self[keyPath: column].reserveCapacity(count) }
            distance.reserveCapacity(count)
            co2ePerTEU.reserveCapacity(count)
        }

        /// Starts a voyage, unlimited until a capacity file says otherwise; its movements follow, then
        /// ``endVoyage()``.
        mutating func beginVoyage(_ number: VoyageNumber, vessel: String?, vesselIMONumber: String?, continuation: VoyageNumber?) {
            self.number.append(number)
            self.continuation.append(continuation)
            self.vessel.append(vessel)
            self.vesselIMONumber.append(vesselIMONumber)
            service.append(nil)
            serviceName.append(nil)
            capacity.append(Int32.max)
            mode.append(.vessel)
            weightCapacity.append(nil)
            reeferPlugs.append(nil)
        }

        mutating func endVoyage() {
            start.append(Int32(from.count))
        }

        /// Appends the voyages of `other`, whose port `p` is `ports[p]` here.
        mutating func append(_ other: Sailings, ports: [Int32]) {
            let (movements, cutOffCount) = (Int32(from.count), Int32(cutOffs.count))
            number += other.number
            vessel += other.vessel
            vesselIMONumber += other.vesselIMONumber
            continuation += other.continuation
            service += other.service
            serviceName += other.serviceName
            start += other.start.dropFirst().lazy.map { $0 + movements }
            capacity += other.capacity
            mode += other.mode
            weightCapacity += other.weightCapacity
            reeferPlugs += other.reeferPlugs
            from += other.from.lazy.map { ports[Int($0)] }
            to += other.to.lazy.map { ports[Int($0)] }
            departure += other.departure
            arrival += other.arrival
            departureOffset += other.departureOffset
            arrivalOffset += other.arrivalOffset
            cutOffEnd += other.cutOffEnd.lazy.map { $0 + cutOffCount }
            cutOffs += other.cutOffs
            distance += other.distance
            co2ePerTEU += other.co2ePerTEU
        }

        /// Appends a movement of the current voyage.
        mutating func append(
            from origin: Int32, to destination: Int32, departure: Int64, arrival: Int64, departureOffset: Int, arrivalOffset: Int,
            cutOffs: [CutOffTime]
        ) {
            from.append(origin)
            to.append(destination)
            self.departure.append(departure)
            self.arrival.append(arrival)
            self.departureOffset.append(departureOffset)
            self.arrivalOffset.append(arrivalOffset)
            self.cutOffs += cutOffs
            cutOffEnd.append(Int32(self.cutOffs.count))
            distance.append(.nan)
            co2ePerTEU.append(.nan)
        }

        /// The voyages, for the network's own checks: each movement with its ports' codes (`codes`, by the reader's
        /// port index), its capacities, distance and CO2e.
        func voyages(codes: [UnLocode]) -> [Voyage] {
            (0..<voyageCount).map { voyage in
                let movements = (Int(start[voyage])..<Int(start[voyage + 1])).map { movement in
                    CarrierMovement(
                        from: codes[Int(from[movement])], to: codes[Int(to[movement])], departure: Date(seconds: departure[movement]),
                        arrival: Date(seconds: arrival[movement]), capacity: Int(capacity[voyage]), cutOffTimes: Array(cutOffs(of: movement)),
                        departureUTCOffset: departureOffset[movement], arrivalUTCOffset: arrivalOffset[movement],
                        distance: distance[movement].isNaN ? nil : distance[movement],
                        co2ePerTEU: co2ePerTEU[movement].isNaN ? nil : co2ePerTEU[movement],
                        weightCapacity: weightCapacity[voyage].map(Int.init), reeferPlugs: reeferPlugs[voyage].map(Int.init))
                }
                return Voyage(
                    number: number[voyage], movements: movements, vessel: vessel[voyage], service: service[voyage],
                    serviceName: serviceName[voyage], vesselIMONumber: vesselIMONumber[voyage], continuation: continuation[voyage],
                    mode: mode[voyage])
            }
        }

        /// The network of the sailings, built straight from them, with `locations` the reader's ports in order;
        /// `nil` when one of them breaks a rule of the network that reading does not check (a UTC offset of more
        /// than 18 hours, a distance or a CO2e out of range, a location's transshipment time), so that the
        /// network's own check of ``voyages(codes:)`` reports it.
        ///
        /// It is the network `ScheduleNetwork(locations:voyages:capacitiesAreKnown:)` builds of those voyages.
        func network(locations: [Location], capacitiesAreKnown: Bool) -> ScheduleNetwork? {
            let (unique, portIndex, problems) = ScheduleNetwork.indexing(locations)
            let limit = 18 * 3600
            guard problems.isEmpty,
                departureOffset.allSatisfy({ abs($0) <= limit }), arrivalOffset.allSatisfy({ abs($0) <= limit }),
                distance.allSatisfy({ $0.isNaN || (0...CarrierMovement.maximumDistance).contains($0) }),
                co2ePerTEU.allSatisfy({ $0.isNaN || (0...CarrierMovement.maximumCO2ePerTEU).contains($0) })
            else { return nil }
            let coordinates = unique.map(\.coordinates)
            var columns = ScheduleNetwork.Columns(
                movementCount: from.count, hasCutOffs: !cutOffs.isEmpty, hasWeights: weightCapacity.contains { $0 != nil },
                hasPlugs: reeferPlugs.contains { $0 != nil })
            columns.departureOffset.reserveCapacity(from.count)
            columns.arrivalOffset.reserveCapacity(from.count)
            var voyageIndex: [VoyageNumber: Int32] = [:]
            voyageIndex.reserveCapacity(voyageCount)
            for voyage in 0..<voyageCount {
                voyageIndex[number[voyage]] = Int32(voyage)
                columns.beginVoyage(
                    number[voyage], vessel: vessel[voyage], service: service[voyage], serviceName: serviceName[voyage],
                    vesselIMONumber: vesselIMONumber[voyage], continuation: continuation[voyage], mode: mode[voyage])
                let capacity = capacity[voyage]
                for movement in Int(start[voyage])..<Int(start[voyage + 1]) {
                    let emissions = ScheduleNetwork.emissions(
                        distance: distance[movement].isNaN ? nil : distance[movement],
                        co2ePerTEU: co2ePerTEU[movement].isNaN ? nil : co2ePerTEU[movement],
                        hours: Double(arrival[movement] - departure[movement]) / 3_600,
                        capacity: capacitiesAreKnown && capacity < Int32.max ? Int(capacity) : nil,
                        from: coordinates[Int(from[movement])], to: coordinates[Int(to[movement])], mode: mode[voyage])
                    columns.append(
                        from: from[movement], to: to[movement], departure: departure[movement], arrival: arrival[movement],
                        capacity: capacity, weightCapacity: weightCapacity[voyage] ?? Int32.max, reeferPlugs: reeferPlugs[voyage] ?? Int32.max,
                        cutOffs: cutOffs(of: movement).lazy.map { ($0.code, $0.time.seconds) }, emissions: emissions)
                    columns.departureOffset.append(Int32(departureOffset[movement]))
                    columns.arrivalOffset.append(Int32(arrivalOffset[movement]))
                }
                columns.endVoyage()
            }
            // A voyage that sails again elsewhere is reported by the reader, so the links hold; should one not, the
            // network's own check of the voyages reports it.
            guard columns.resolveContinuations(voyageIndex: voyageIndex).isEmpty else { return nil }
            return ScheduleNetwork(
                locations: unique, portIndex: portIndex, voyageIndex: voyageIndex, columns: columns, capacitiesAreKnown: capacitiesAreKnown)
        }
    }
}
