import Foundation

extension Voyage {
    /// The ports of the voyage's calls, in sailing order: its first departure's port, then each arrival's.
    public var callPorts: [UnLocode] {
        guard let first = movements.first else { return [] }
        return [first.departureLocation] + movements.map(\.arrivalLocation)
    }

    /// Which call at its port the call at `index` (of ``callPorts``) is: 1 for the voyage's first call there, 2 for
    /// the second, and so on; DCSA's `transportCallSequenceNumber` counts calls the same way.
    ///
    /// A call is known across publications of the voyage by its port and this number (``callIndex(at:number:)``).
    public func callNumber(at index: Int) -> Int {
        let port = callPort(at: index)
        return (0...index).count { callPort(at: $0) == port }
    }

    /// The port of the call at `index` of ``callPorts``, without building them.
    @inline(__always)
    func callPort(at index: Int) -> UnLocode {
        index == 0 ? movements[0].departureLocation : movements[index - 1].arrivalLocation
    }

    /// Which call at its port each call is (``callNumber(at:)``), in the order of ``callPorts``.
    public var callNumbers: [Int] {
        var seen: [UnLocode: Int] = [:]
        return callPorts.map { port in
            seen[port, default: 0] += 1
            return seen[port]!
        }
    }

    /// The position in ``callPorts`` of the `number`-th call at `port`; `nil` when the voyage calls there fewer times.
    public func callIndex(at port: UnLocode, number: Int) -> Int? {
        guard number >= 1, !movements.isEmpty else { return nil }
        var seen = 0
        for index in 0...movements.count where callPort(at: index) == port {
            seen += 1
            if seen == number { return index }
        }
        return nil
    }
}
