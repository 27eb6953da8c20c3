import RoutePlanner

extension Cargo {
    /// The cargo with one more event.
    public func registering(_ event: HandlingEvent) throws -> Cargo {
        var cargo = self
        try cargo.register(event)
        return cargo
    }
}
