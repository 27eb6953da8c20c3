extension ScheduleNetwork {
    /// The most room one movement of the network has: the largest TEU capacity, weight capacity in tonnes and number
    /// of reefer plugs of any of its movements, each `Int.max` where no movement limits it.
    public var largestRoom: CargoSpace {
        func largest(_ values: [Int32]) -> Int { values.isEmpty || values.contains(.max) ? .max : Int(values.max() ?? 0) }
        return CargoSpace(teu: largest(capacity), tonnes: largest(details.weightCapacity), plugs: largest(details.plugCapacity))
    }

    /// Why no route could carry a cargo that takes `space`: it needs more TEU, tonnes or reefer plugs than any one
    /// movement of the network has (every leg sails on movements, so a cargo too large for each cannot be carried
    /// at all). `nil` when it fits some movement's room in each, or when the schedule gave no capacities.
    public func roomProblem(for space: CargoSpace) -> String? {
        guard capacitiesAreKnown else { return nil }
        let room = largestRoom
        if space.teu > room.teu { return "\(space.teu) TEU is more than any voyage of the schedule carries (at most \(room.teu) TEU)" }
        if space.tonnes > room.tonnes {
            return "\(space.tonnes) t is more than any voyage of the schedule carries (at most \(room.tonnes) t)"
        }
        if space.plugs > room.plugs {
            return "\(space.plugs) reefer plugs are more than any voyage of the schedule has (at most \(room.plugs))"
        }
        return nil
    }
}
