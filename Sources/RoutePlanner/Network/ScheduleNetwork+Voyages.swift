import Foundation

extension ScheduleNetwork {
    /// The voyages that call at a port (leave or reach it), in the network's order; with a range, those that leave it
    /// or reach it at a time in the range.
    ///
    /// - Complexity: O(*m*) for the network's *m* movements, plus the voyages returned.
    public func voyages(callingAt code: UnLocode, between range: Range<Date>? = nil) -> [Voyage] {
        guard let port = portIndex[code] else { return [] }
        let lower = range.map { $0.lowerBound.seconds } ?? .min, upper = range.map { $0.upperBound.seconds } ?? .max
        var found: [Int] = []
        for index in 0..<voyageCount {
            let movements = Int(voyageStart[index])..<Int(voyageStart[index + 1])
            let calls = movements.contains { movement in
                from[movement] == port && lower <= departure[movement] && departure[movement] < upper
                    || to[movement] == port && lower <= arrival[movement] && arrival[movement] < upper
            }
            if calls { found.append(index) }
        }
        return found.map(voyage(at:))
    }

    /// The voyages of a service, of a vessel (by name or IMO number) or with a number, each filter `nil` when not
    /// given, in the network's order: those that match every filter given; none when no filter is given.
    ///
    /// - Complexity: O(*v*) for the network's *v* voyages, plus the voyages returned.
    public func voyages(service: String?, vesselName: String?, vesselIMONumber: String?, number: VoyageNumber?) -> [Voyage] {
        guard service != nil || vesselName != nil || vesselIMONumber != nil || number != nil else { return [] }
        if let number { return voyage(number).map { [$0] }?.filter { matches($0, service, vesselName, vesselIMONumber) } ?? [] }
        let details = self.details
        return (0..<voyageCount).filter { index in
            (service.map { $0 == details.voyageService[index] } ?? true) && (vesselName.map { $0 == details.voyageVessel[index] } ?? true)
                && (vesselIMONumber.map { $0 == details.voyageIMONumber[index] } ?? true)
        }.map(voyage(at:))
    }

    private func matches(_ voyage: Voyage, _ service: String?, _ vesselName: String?, _ vesselIMONumber: String?) -> Bool {
        (service.map { $0 == voyage.service } ?? true) && (vesselName.map { $0 == voyage.vessel } ?? true)
            && (vesselIMONumber.map { $0 == voyage.vesselIMONumber } ?? true)
    }
}
