import Foundation

/// The default estimate of a sailing's distance and of the CO2e it emits per TEU, for movements whose
/// schedule does not give them.
///
/// **Distance.** A movement without a sailed distance is taken to sail the great-circle distance between its
/// ports times ``greatCircleFactor``; ports without coordinates leave it unknown.
///
/// **CO2e per TEU.** The fuel a vessel burns per nautical mile at its speed, turned into CO2 and shared over the
/// TEU it carries:
///
///     kg CO2e per TEU = distance × (fuel per day at design speed × (speed / design speed)³ / (24 × speed))
///                       × 3.114 × 1,000 / (class TEU × 0.70)
///
/// - The vessel classes, their design speeds, speed ranges and fuel burn per day at design speed are
///   LINER-LIB's `fleet_data.csv` (Brouer, Desaulniers, Pisinger, "A base integer programming model and
///   benchmark suite for liner-shipping network design", Transportation Science 48(2), 2014), the data the
///   bundled network derives from; the cubic law of fuel against speed is that paper's too. A movement takes
///   the smallest class that holds its capacity (the largest class above 15,000 TEU, the 8,400 TEU class
///   when the capacity is unknown).
/// - The speed is the distance over the sailing time, held within the class's speed range.
/// - 3.114 t CO2 per t of heavy fuel oil is IMO's carbon factor *C*F (MEPC.308(73), the EEDI guidelines).
/// - 70% of the slots filled is the Clean Cargo methodology's utilisation (BSR Clean Cargo Working Group,
///   "Carbon Emissions Accounting Methodology", 2015).
///
/// **Barges, trains and trucks** emit a figure per tonne-kilometre and mode (``inlandCO2ePerTEU(kilometres:mode:)``):
/// 38.6 g by inland waterway, 11.3 g by rail (a fifth of it diesel, the rest electric) and 90.3 g by road, the
/// Netherlands' averages for 2014 (KiM and CE Delft, as Table 9 of "A shift-share based tool for assessing the
/// contribution of a modal shift to the decarbonisation of inland freight transport", European Transport Research
/// Review 11, 2019, doi:10.1186/s12544-019-0344-x, gives them), for ``tonnesPerTEU`` of cargo in a TEU. They are the
/// CO2 of each mode's freight as a whole, not of containers alone, and not ISO 14083's or the GLEC Framework's default
/// intensities; a haulage table or a schedule that knows better gives its own figures. A leg without a distance takes
/// the sea estimate's (``seaDistance(from:to:)``).
///
/// The estimate counts the CO2 of burning the fuel at sea (tank-to-wake): it leaves out the other greenhouse
/// gases, the fuel's production (well-to-tank), the time in port and the reefer plugs, so it is a floor for the
/// CO2e a carrier would declare. A schedule that knows better gives each movement's CO2e itself
/// (``CarrierMovement/co2ePerTEU``).
public enum EmissionModel {
    /// A vessel class of LINER-LIB's fleet: its slots, its speed range in knots and the fuel it burns per day at
    /// its design speed, in tonnes.
    struct VesselClass {
        var teu: Int
        var minimumSpeed: Double
        var maximumSpeed: Double
        var designSpeed: Double
        var fuelPerDay: Double
    }

    /// LINER-LIB's `fleet_data.csv`, capacities in TEU (its FFE × 2).
    static let vesselClasses = [
        VesselClass(teu: 900, minimumSpeed: 10, maximumSpeed: 14, designSpeed: 12, fuelPerDay: 18.8),  // Feeder_450
        VesselClass(teu: 1_600, minimumSpeed: 10, maximumSpeed: 17, designSpeed: 14, fuelPerDay: 23.7),  // Feeder_800
        VesselClass(teu: 2_400, minimumSpeed: 12, maximumSpeed: 19, designSpeed: 18, fuelPerDay: 52.5),  // Panamax_1200
        VesselClass(teu: 4_800, minimumSpeed: 12, maximumSpeed: 22, designSpeed: 16, fuelPerDay: 57.4),  // Panamax_2400
        VesselClass(teu: 8_400, minimumSpeed: 12, maximumSpeed: 23, designSpeed: 16.5, fuelPerDay: 82.2),  // Post_panamax
        VesselClass(teu: 15_000, minimumSpeed: 12, maximumSpeed: 22, designSpeed: 17, fuelPerDay: 126.9),  // Super_panamax
    ]

    /// The sea distance of a sailing between two ports over their great-circle distance, where the schedule
    /// gives no distance: 1.15, the median ratio (1.156) of LINER-LIB's `dist_dense.csv` sea distances to the
    /// great-circle distances over the 202 port pairs of the bundled network.
    public static let greatCircleFactor = 1.15

    /// IMO's carbon factor of heavy fuel oil: tonnes of CO2 per tonne of fuel burnt.
    public static let co2PerTonneOfFuel = 3.114

    /// The share of a vessel's slots taken to be filled (Clean Cargo).
    public static let utilisation = 0.70

    /// The mean radius of the earth in nautical miles (6,371.0088 km / 1.852).
    static let earthRadius = 3_440.065

    /// The estimated sea distance between two places in nautical miles: the great-circle distance times
    /// ``greatCircleFactor``.
    public static func seaDistance(from a: Coordinates, to b: Coordinates) -> Double {
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let dLatitude = radians(b.latitude - a.latitude), dLongitude = radians(b.longitude - a.longitude)
        let h = pow(sin(dLatitude / 2), 2) + cos(radians(a.latitude)) * cos(radians(b.latitude)) * pow(sin(dLongitude / 2), 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot())) * greatCircleFactor
    }

    /// The estimated CO2e per TEU, in kilograms, of sailing `distance` nautical miles in `hours` on a vessel with
    /// `capacity` TEU (`nil` when unknown).
    public static func co2ePerTEU(distance: Double, hours: Double, capacity: Int?) -> Double {
        guard distance > 0, hours > 0 else { return 0 }
        let vessel = vesselClass(capacity: capacity)
        let speed = min(max(distance / hours, vessel.minimumSpeed), vessel.maximumSpeed)
        // Fuel per mile is fuel per day at design speed × (speed / design speed)³ over 24 × speed miles a day.
        let fuel = distance * vessel.fuelPerDay * speed * speed / (24 * vessel.designSpeed * vessel.designSpeed * vessel.designSpeed)
        return fuel * co2PerTonneOfFuel * 1_000 / (Double(vessel.teu) * utilisation)
    }

    /// The cargo a loaded TEU is taken to hold, in tonnes, to turn the inland modes' figures per tonne-kilometre into
    /// figures per TEU: 10, this project's assumption (a 20-foot container's payload is about 28 t, and most are far
    /// from full).
    public static let tonnesPerTEU = 10.0

    /// The grams of CO2 per tonne-kilometre of each inland mode (see ``EmissionModel``).
    static func gramsPerTonneKilometre(_ mode: TransportMode) -> Double? {
        switch mode {
        case .barge: 38.6
        case .rail: 11.3
        case .truck: 90.3
        case .vessel: nil
        }
    }

    /// The estimated CO2e per TEU, in kilograms, of carrying a TEU `kilometres` by barge, train or truck; `nil` for a
    /// vessel, whose estimate is ``co2ePerTEU(distance:hours:capacity:)``.
    public static func inlandCO2ePerTEU(kilometres: Double, mode: TransportMode) -> Double? {
        gramsPerTonneKilometre(mode).map { max(kilometres, 0) * $0 * tonnesPerTEU / 1_000 }
    }

    /// What the estimate of a movement's CO2e by `mode` rests on, in a line a document names it with: the figure per
    /// tonne-kilometre and its source for barges, trains and trucks; the fuel model and its sources for vessels.
    public static func estimate(for mode: TransportMode) -> String {
        guard let grams = gramsPerTonneKilometre(mode) else {
            return "estimate: the fuel of LINER-LIB's vessel class at the sailing's speed, \(co2PerTonneOfFuel) t CO2 per t of fuel (IMO), "
                + "\(Int(utilisation * 100))% of slots filled (Clean Cargo); CO2 tank-to-wake"
        }
        let way = mode == .barge ? "by inland waterway" : mode == .rail ? "by rail, a fifth of it diesel" : "by road"
        return "estimate: \(grams) g CO2 per tonne-km \(way) (KiM and CE Delft, the Netherlands 2014), \(Int(tonnesPerTEU)) t per TEU"
    }

    static func vesselClass(capacity: Int?) -> VesselClass {
        guard let capacity else { return vesselClasses[4] }
        return vesselClasses.first { $0.teu >= capacity } ?? vesselClasses[vesselClasses.count - 1]
    }
}
