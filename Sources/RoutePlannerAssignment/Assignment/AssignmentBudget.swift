import Foundation

/// How an assignment shares its time limit among its steps: the one place that says when each step ends.
///
/// Seeding, pricing and cuts end at fixed shares of the limit so that the integer stage always has time
/// left; the integer stage uses what remains, half of it for the bookings rounding leaves out. The limit counts
/// from ``AssignmentOptions/started`` when it is set, so that what came before the solve is counted too.
struct AssignmentBudget {
    typealias Instant = ContinuousClock.Instant

    let started: Instant
    let limit: Duration

    init(limit: Duration, started: Instant = .now) {
        self.limit = limit
        self.started = started
    }

    var elapsed: Duration { .now - started }
    var remaining: Duration { limit - elapsed }
    /// The end of the whole assignment.
    var end: Instant { started + limit }

    /// Seeding searches each group's earliest arrival until half the time, and its later starts until a
    /// fifth; the groups left are seeded by pricing when it reaches them.
    var earliestArrivalSeedingEnd: Instant { started + limit / 2 }
    var laterStartSeedingEnd: Instant { started + limit / 5 }

    /// Pricing rounds (and the first-order rounds with them) end by three quarters of the time.
    var pricingEnd: Instant { started + limit * 0.75 }
    /// Rounds after cuts end by 70% of the time: cuts pay only while time is left to use the stronger LP.
    var cutsEnd: Instant { started + limit * 0.7 }
    /// A new round of cuts starts only before 65% of the time.
    var lastCutRoundStart: Instant { started + limit * 0.65 }
    /// When the rounds of column generation end: ``cutsEnd`` once the program has cuts, else ``pricingEnd``.
    func roundsEnd(hasCuts: Bool) -> Instant { hasCuts ? cutsEnd : pricingEnd }

    /// The longest one simplex solve may take before the first-order solver takes over: a twentieth of
    /// the time, a tenth for the dual simplex re-solving after cuts.
    func simplexSolveLimit(_ method: GLPKProblem.SimplexMethod) -> Duration { limit / (method == .dual ? 10 : 20) }

    /// Routing left-out bookings through the capacity left, one search each, stops at nine tenths of the time.
    var placingEnd: Instant { started + limit * 0.9 }
    /// The longest the re-solve of one batch of neighbourhoods (one per worker) may take. A neighbourhood GLPK has
    /// not closed in two seconds it rarely closes in twenty, and the time goes further on others: on the dense
    /// benchmark (10,000 bookings, 60 s, 0.1% asked), 1, 2, 5 and 20 seconds ended at 0.275%, 0.270%, 0.300% and
    /// 0.300%.
    static let neighbourhoodLimit = Duration.seconds(2)
}
