import BundledData
import Foundation
import RoutePlanner
import RoutePlannerApplication
@testable import RoutePlannerPictures
import RoutePlannerTestSupport
import Testing

/// The pictures are well-formed, and what they draw is what the data says: a bar per leg at its times, every
/// port once, labels that do not overlap, cells that hold the load the plan puts on the legs.
@Suite struct PicturesTests {
    static let schedule = try! BundledData.worldSmall()

    static func routes(from origin: String, to destination: String, limit: Int = 5) async throws -> RouteCargoResponse {
        let form = RouteCargoForm(
            trackingId: "", origin: origin, destination: destination, ready: "2026-03-02", deadline: "2026-05-01", limit: String(limit),
            maxTransshipments: "", via: [], avoid: [], avoidVoyages: [])
        return try await RoutePlannerComposition.bundledWorldSmall().routeCargo.controller.handle(form).get()
    }

    @Test func markupEscapesWhatXMLReserves() throws {
        let hostile = "R&D; <b>\"quoted\" & 'single'\u{1}\u{FFFE} &amp;"
        let element = Markup("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("data-x", hostile)], [Markup("text", text: hostile)])
        let document = try ParsedDocument(element.rendered())
        let expected = "R&D; <b>\"quoted\" & 'single'\u{FFFD}\u{FFFD} &amp;"
        #expect(document.all("svg").first?.attributes["data-x"] == expected)
        #expect(document.all("text").first?.text == expected)
    }

    @Test(arguments: [("CNSHA", "NLRTM"), ("USLAX", "CNSHA"), ("CAVAN", "AUBNE"), ("BRSSZ", "DEHAM")])
    func timelineDrawsEveryLegAtItsTimes(origin: String, destination: String) async throws {
        let response = try await Self.routes(from: origin, to: destination)
        let picture = RoutePictures.timeline(response)
        let document = try ParsedDocument(picture.svgDocument)
        let bars = document.all("rect", class: "leg")
        let legs = response.itineraries.flatMap(\.legs)
        #expect(bars.count == legs.count)
        #expect(document.all("g", class: "itinerary").map { $0.attributes["data-row"] } == response.itineraries.indices.map { "\($0 + 1)" })
        // In order, each at its load time, on one linear scale: pixels per second the same for every bar.
        #expect(bars.map { $0.attributes["data-voyage"] } == legs.map { $0.voyage.number.rawValue })
        #expect(bars.map { $0.attributes["data-load"] } == legs.map { DateText.timestamp($0.loadTime) })
        let axis = ItineraryTimeline(title: "", specification: response.specification, itineraries: response.itineraries).axis
        for (bar, leg) in zip(bars, legs) {
            #expect(abs(bar.number("x")! - axis.x(leg.loadTime)) <= 0.06)
            #expect(abs(bar.number("x")! + bar.number("width")! - axis.x(leg.unloadTime)) <= 0.11 || bar.number("width") == 1)
        }
        for row in response.itineraries.indices {
            let xs = zip(bars, legs).filter { response.itineraries[row].legs.contains($0.1) }.map { $0.0.number("x")! }
            #expect(xs == xs.sorted(), "the legs of itinerary \(row + 1) run left to right")
        }
        #expect(picture.width <= 1_000, "fits a laptop screen")
        #expect(!Self.overlapping(document, classes: ["small", "label", "bar-label", "tick"]))
    }

    /// In a dark colour scheme, every mark drawn in the light scheme's ink or ground takes the dark one's: none is left
    /// black on the dark ground, or white on it. (Text on a category's bar keeps the colour that reads on the bar.)
    @Test func everyInkTheDarkSchemeInksAgain() async throws {
        let response = try await Self.routes(from: "CNSHA", to: "NLRTM")
        let inkedAgain: Set<String> = [
            "title", "label", "small", "legend", "port-label", "subtitle", "tick", "note", "grid", "wait", "ready", "earliest", "ink-stroke", "ink-fill",
            "sea", "end", "mode-mark",
        ]
        var checked = 0
        for picture in [RoutePictures.timeline(response), RoutePictures.map(response, locations: Self.schedule.locations)] {
            #expect(picture.inlineSVG.contains("@media (prefers-color-scheme: dark)"))
            let document = try ParsedDocument(picture.svgDocument)
            let light = [Palette.ink, "#ffffff", "#f4f8fb", Palette.muted, Palette.grid]
            for element in document.elements where light.contains(element.attributes["fill"] ?? "") || light.contains(element.attributes["stroke"] ?? "") {
                if element.classes.contains("bar-label") { continue }
                checked += 1
                #expect(!element.classes.isDisjoint(with: inkedAgain), "\(element.name) \(element.attributes)")
            }
        }
        #expect(checked > 20)
    }

    @Test(arguments: [("CNSHA", "NLRTM"), ("USLAX", "CNSHA"), ("CAVAN", "AUBNE"), ("BRSSZ", "DEHAM")])
    func mapShowsEveryPortOnceWithLabelsApart(origin: String, destination: String) async throws {
        let response = try await Self.routes(from: origin, to: destination)
        let document = try ParsedDocument(RoutePictures.map(response, locations: Self.schedule.locations).svgDocument)
        let codes = document.all("circle", class: "port").compactMap { $0.attributes["data-code"] }
        let expected = Set(response.itineraries.flatMap { [$0.origin] + $0.calls }.map(\.rawValue))
        #expect(codes.count == Set(codes).count, "every port once")
        #expect(Set(codes) == expected)
        #expect(document.all("path", class: "route").count == response.itineraries.count)
        #expect(!Self.overlapping(document, classes: ["port-label"]))
        // The ends are always labelled.
        let labelled = Set(document.all("text", class: "port-label").map(\.text))
        #expect(labelled.isSuperset(of: [origin, destination]))
    }

    /// Door to door, each leg shows its mode on the time line and on the map, with a legend item per mode drawn: a
    /// barge's, a train's or a truck's mark in the paper's colour (the dark scheme's too), a vessel's none.
    @Test func everyLegShowsItsModeOnTheTimeLineAndTheMap() throws {
        let places: [String: (Double, Double)] = [
            "CNFAC": (29.3, 106.3), "CNCKG": (29.6, 106.5), "CNSHA": (31.2, 121.5), "NLRTM": (51.9, 4.3), "DEDUI": (51.4, 6.8), "DEWHS": (51.5, 7.4),
        ]
        let locations = DoorToDoorSample.locations.map { location in
            Location(
                code: location.code, name: location.name, transshipmentTime: location.transshipmentTime,
                coordinates: places[location.code.rawValue].flatMap { Coordinates(latitude: $0.0, longitude: $0.1) }, gateHours: location.gateHours)
        }
        let network = try ScheduleNetwork(locations: locations, voyages: DoorToDoorSample.voyages, haulage: DoorToDoorSample.haulage)
        let specification = try DoorToDoorSample.specification()
        let itineraries = try Router(network: network).candidates(for: specification, limit: 5, options: RoutingOptions(criteria: [.co2e]))
        let inland = itineraries.flatMap(\.legs).filter { $0.voyage.mode != .vessel }
        let modes = Set(inland.map(\.voyage.mode))
        #expect(modes == [.barge, .truck])
        let timeline = ItineraryTimeline(title: "Door to door", specification: specification, itineraries: itineraries).picture()
        let map = RouteMap(
            title: "Door to door", rows: ItineraryTimeline(title: "", specification: specification, itineraries: itineraries).rows, locations: locations
        )
        .picture()
        for picture in [timeline, map] {
            let document = try ParsedDocument(picture.svgDocument)
            let marks = document.all("path", class: "mode-mark")
            #expect(marks.count == inland.count + modes.count, "one a leg, and one a legend item other than the vessel's")
            #expect(marks.filter { $0.classes.contains("truck") }.count == inland.filter { $0.voyage.mode == .truck }.count + 1)
            #expect(marks.filter { $0.classes.contains("barge") }.count == inland.filter { $0.voyage.mode == .barge }.count + 1)
            #expect(marks.allSatisfy { $0.attributes["stroke"] == "#ffffff" })
            let legend = Set(document.all("text", class: "legend").map(\.text))
            #expect(legend.isSuperset(of: ["vessel", "barge", "truck"]) && !legend.contains("rail"))
            #expect(picture.inlineSVG.contains(".mode-mark { stroke: \(Palette.darkPaper); }"))
        }
        // Port to port, no mode is drawn.
        let portToPort = try ParsedDocument(ItineraryTimeline(title: "", specification: specification, itineraries: []).picture().svgDocument)
        #expect(portToPort.all("path", class: "mode-mark").isEmpty)
    }

    @Test func legsAcrossTheAntimeridianGoTheShortWay() {
        let tokyo = Coordinates(latitude: 35.6, longitude: 139.8)!, losAngeles = Coordinates(latitude: 33.7, longitude: -118.3)!
        let rotterdam = Coordinates(latitude: 51.9, longitude: 4.3)!
        // A Pacific service: the map is cut in the Atlantic, and the leg crosses the Pacific in one piece.
        let pacific = MapProjection(points: [tokyo, losAngeles], legs: [(tokyo, losAngeles)], left: 0, top: 0, width: 900, height: 500)
        let segments = pacific.segments(from: tokyo, to: losAngeles)
        #expect(segments.count == 1)
        #expect(abs(segments[0].1.x - segments[0].0.x) < pacific.xScale * 110, "about 102° of longitude, not 258°")
        // Every gap crossed: the leg that crosses the cut leaves one edge and comes back at the other.
        let round = MapProjection(
            points: [tokyo, losAngeles, rotterdam], legs: [(tokyo, losAngeles), (losAngeles, rotterdam), (rotterdam, tokyo)],
            left: 0, top: 0, width: 900, height: 500)
        let pieces = [(tokyo, losAngeles), (losAngeles, rotterdam), (rotterdam, tokyo)].map { round.segments(from: $0.0, to: $0.1) }
        #expect(pieces.map(\.count).sorted() == [1, 1, 2])
        for piece in pieces.flatMap({ $0 }) {
            #expect(abs(piece.1.x - piece.0.x) <= round.xScale * 180, "no leg is drawn the long way")
        }
    }

    @Test func heatMapCellsHoldTheLoadOfThePlan() throws {
        let network = Self.schedule.network
        let plan = try Self.plan(bookings: 3_000, network: network)
        let document = try ParsedDocument(AssignmentPictures.heatMap(plan, network: network).svgDocument)
        let grid = LoadGrid(plan: plan, network: network)
        // Independently: the TEU the plan carries on each service's legs, by week of departure.
        var expected: [String: Int] = [:]
        for assignment in plan.carried {
            for leg in assignment.itinerary!.legs {
                for movement in leg.movements {
                    let week = Int(movement.departureTime.timeIntervalSince(grid.columns[0]) / (7 * 86_400))
                    guard week >= 0 && week < grid.columns.count else { continue }
                    expected["\(leg.voyage.service!) \(week)", default: 0] += assignment.booking.teu
                }
            }
        }
        var found: [String: Int] = [:]
        let cells = document.elements.filter { $0.name == "title" && $0.ancestors.last == "rect" && $0.ancestors.contains("g") }
        for title in cells.map(\.text) {
            let service = String(title.prefix { $0 != "," })
            let week = grid.columns.firstIndex { title.contains("week of \(TimeAxis.label($0, first: true)):") }!
            let load = Int(title.split(separator: ": ")[1].split(separator: " ")[0])!
            if load > 0 { found["\(service) \(week)"] = load }
        }
        #expect(found == expected)
        #expect(cells.count == grid.cells.flatMap { $0 }.filter { $0.legs > 0 }.count)
    }

    @Test func aTenThousandBookingHeatMapStaysSmall() throws {
        let network = Self.schedule.network
        let plan = try Self.plan(bookings: 10_000, network: network, spreadOverDays: 300)
        let svg = AssignmentPictures.heatMap(plan, network: network).svgDocument
        let document = try ParsedDocument(svg)
        #expect(svg.utf8.count < 400_000, "\(svg.utf8.count) bytes")
        #expect(document.all("text", class: "small").count <= AssignmentPictures.heatMapRows)
        let html = AssignmentPictures.page(AssignRoutesResponse(plan: plan, keptRouted: 0), network: network)
        #expect(html.utf8.count < 700_000, "\(html.utf8.count) bytes")
        _ = try ParsedDocument(html)
    }

    @Test func pagesAreWellFormedAndSelfContained() async throws {
        let response = try await Self.routes(from: "CNSHA", to: "NLRTM")
        let network = Self.schedule.network
        let plan = try Self.plan(bookings: 500, network: network)
        let pages = [
            RoutePictures.page(response, locations: Self.schedule.locations),
            RoutePictures.comparisonPage(
                baseline: .success(response), scenario: .success(try await Self.routes(from: "CNSHA", to: "NLRTM", limit: 2)),
                scenarioName: "--cancel-voyage X & <Y>", locations: Self.schedule.locations),
            AssignmentPictures.page(AssignRoutesResponse(plan: plan, keptRouted: 0), network: network),
            AssignmentPictures.comparisonPage(
                before: plan, after: try Self.plan(bookings: 400, network: network), baselineNetwork: network, network: network, scenarioName: "none"),
        ]
        for page in pages {
            let document = try ParsedDocument(page)
            #expect(document.all("script").isEmpty)
            #expect(!page.replacingOccurrences(of: "http://www.w3.org/", with: "").contains("://"), "nothing fetched from anywhere")
            // HTML does not decode entities in a style element: its text must need none.
            for style in document.all("style") where !style.ancestors.contains("svg") {
                #expect(!style.text.contains { "&<>\"'".contains($0) })
            }
        }
    }

    /// Each reason a booking is not carried has its words and its bar: no room names the legs, unprofitable its
    /// figures.
    @Test func theBookingsNotCarriedSayWhy() throws {
        let full = LegUtilisation(
            movement: ScheduleNetwork.MovementID(0), voyage: "WS15-W09", from: "CNSHA", to: "MYTPP", departure: SampleVoyages.day(3, 2), load: 900,
            capacity: 900)
        #expect(AssignmentPictures.reason(.capacity(fullLegs: [full])) == "no room on WS15-W09 CNSHA→MYTPP")
        #expect(
            AssignmentPictures.reason(.unprofitable(revenuePerTEU: 1_000, handlingCostPerTEU: 1_250, haulageCostPerTEU: 0, penaltyPerTEU: 0))
                == "unprofitable: cost 1,250 per TEU, revenue 1,000 per TEU")
        #expect(
            AssignmentPictures.reason(.unprofitable(revenuePerTEU: 1_000, handlingCostPerTEU: 2_300, haulageCostPerTEU: 200, penaltyPerTEU: 1_000))
                == "unprofitable: cost 2,500 per TEU, revenue 1,000 + penalty 1,000 per TEU")
        #expect(AssignmentPictures.reason(.notPlaced) == "not placed: the solve stopped first")
        let specification = try RouteSpecification(
            origin: "CNSHA", destination: "NLRTM", readyTime: SampleVoyages.day(3, 2), arrivalDeadline: SampleVoyages.day(4, 30))
        let plan = AssignmentPlan(
            assignments: [
                BookingAssignment(
                    booking: try Booking(id: "A", teu: 2, specification: specification), itinerary: nil,
                    reason: .unprofitable(revenuePerTEU: 1, handlingCostPerTEU: 300, haulageCostPerTEU: 0, penaltyPerTEU: 0)),
                BookingAssignment(booking: try Booking(id: "B", teu: 3, specification: specification), itinerary: nil, reason: .notPlaced),
            ],
            status: .timeLimit, objective: 0, bound: 1, revenue: 0, greedyRevenue: 0, greedyObjective: 0, busiestLegs: [], duration: .seconds(1),
            columnCount: 0, rowCount: 0, pricingRounds: 0)
        let svg = AssignmentPictures.bookings(plan).svg
        #expect(svg.contains("unprofitable") && svg.contains("1 booking, 2 TEU") && svg.contains("not placed (solve stopped)"))
    }

    // MARK: Helpers

    /// A plan carrying some of `bookings` random bookings on their earliest arrivals (not a solver's: the
    /// pictures only draw what a plan says).
    static func plan(bookings count: Int, network: ScheduleNetwork, spreadOverDays: Double = 30) throws -> AssignmentPlan {
        var random = SplitMix64(seed: 15)
        let router = Router(network: network)
        let codes = network.locations.map(\.code)
        let start = try DateText.date(from: "2026-03-02", endOfDay: false).get()
        var assignments: [BookingAssignment] = []
        var cache: [String: Itinerary?] = [:]
        for index in 0..<count {
            let origin = codes[Int(random.next() % UInt64(codes.count))]
            let destination = codes[(codes.firstIndex(of: origin)! + 1 + Int(random.next() % UInt64(codes.count - 1))) % codes.count]
            let day = Double(random.next() % UInt64(spreadOverDays))
            let ready = start + day * 86_400
            let specification = try RouteSpecification(origin: origin, destination: destination, readyTime: ready, arrivalDeadline: ready + 50 * 86_400)
            let booking = try Booking(id: "B\(index)", teu: 1 + Int(random.next() % 40), specification: specification)
            let key = "\(origin)\(destination)\(day)"
            let itinerary = origin == destination ? nil : (cache[key] ?? (try? router.earliestArrival(for: specification)))
            cache[key] = itinerary
            assignments.append(BookingAssignment(booking: booking, itinerary: itinerary, reason: itinerary == nil ? .noItinerary : nil))
        }
        return AssignmentPlan(
            assignments: assignments, status: .optimal, objective: 1, bound: 1, revenue: 1, greedyRevenue: 1, greedyObjective: 1,
            busiestLegs: [], duration: .seconds(1), columnCount: 0, rowCount: 0, pricingRounds: 0)
    }

    /// Whether two of the texts with one of `classes` overlap, by their estimated boxes.
    static func overlapping(_ document: ParsedDocument, classes: Set<String>) -> Bool {
        let texts = document.all("text").filter { !$0.classes.isDisjoint(with: classes) }
        let boxes = texts.map { text -> (LabelBox, String) in
            let size = text.number("font-size") ?? (text.classes.contains("bar-label") ? 10.5 : text.classes.contains("small") ? 10 : 11)
            return (
                LabelBox(text: text.text, x: text.number("x")!, y: text.number("y")!, size: size, anchor: text.attributes["text-anchor"] ?? "start"), text.text
            )
        }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] where a.0.overlaps(b.0) {
                Issue.record("\"\(a.1)\" overlaps \"\(b.1)\"")
                return true
            }
        }
        return false
    }
}
