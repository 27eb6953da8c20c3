import RoutePlanner
@testable import RoutePlannerDesk
import Testing

/// The desk's router by itself: every screen and every change round-trips through its address, carrying the domain's
/// values (a port's code, a voyage's number, a cargo's tracking id), and a path that names none is none.
@Suite struct DeskRouteTests {
    /// Values that an address must carry through unchanged: spaces, reserved characters, other scripts, markup.
    static let awkward = ["NLRTM", "a b", "R&D=1?#", "Zürich/Genève", "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "100%", "+plus+"]

    static var screens: [DeskRoute] {
        var screens: [DeskRoute] = [
            .home, .assignments, .stylesheet, .routes(FormData()), .cargoList(FormData()), .book(FormData()), .customers(FormData()), .disruptions(FormData()),
        ]
        for value in awkward {
            let query = FormData([("from", value), ("to", "NLRTM"), ("cancelVoyage", value), ("cancelVoyage", "WS15-W09")])
            screens += [
                .routes(query), .portLookup(FormData([("code", value)])), .portSchedule("NLRTM", FormData([("from", value)])), .vesselLookup(query),
                .vesselSchedule(VoyageNumber(value)!), .assignmentRun(value), .assignmentPlan(value, .csv), .assignmentPlan(value, .json),
                .cargoList(FormData([("status", value), ("customer", value)])), .cargo(TrackingId(value)!, FormData([("notice", value)])), .book(query),
                .customers(query),
                .disruptions(FormData([("applied", value)])),
            ]
        }
        return screens
    }

    static var changes: [DeskAction] {
        [.book, .registerCustomer, .runAssignment, .applyEvents]
            + awkward.flatMap { value in
                let id = TrackingId(value)!
                return [DeskAction.findOptions(id), .assignRoute(id), .registerEvent(id), .changeDestination(id), .reroute(id), .cancelAssignment(value)]
            }
    }

    /// A route's address, split as a server receives it.
    static func parsed(_ url: String) -> DeskRoute? {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let query = FormData(encoded: parts.count == 2 ? parts[1] : "") else { return nil }
        return DeskRoute(path: parts[0], query: query)
    }

    @Test(arguments: screens)
    func everyScreenRoundTripsThroughItsAddress(screen: DeskRoute) {
        #expect(Self.parsed(screen.url) == screen, "\(screen.url)")
        // An address holds nothing a browser would have to escape again.
        #expect(screen.url.allSatisfy { $0.isASCII && !$0.isWhitespace && !"<>\"'".contains($0) }, "\(screen.url)")
    }

    @Test(arguments: changes)
    func everyChangeRoundTripsThroughItsAddress(change: DeskAction) {
        #expect(DeskAction(path: Substring(change.url)) == change, "\(change.url)")
        #expect(DeskRoute.segments(Substring(change.url)) != nil)
    }

    @Test(arguments: [
        "/nowhere", "/routes/extra", "/book&x", "/routes&a=b", "/cargo/RP1/elsewhere", "/schedules", "/schedules/ports/A/B", "/assignments/x/plan.xml", "//",
        "/cargo//x", "routes", "/%zz", "/%C3%28",
        // A segment that is not the domain's value the route carries: a port's code, a tracking id without spaces around it.
        "/schedules/ports/NLRT", "/schedules/ports/NL-RTM", "/cargo/%20RP1", "/cargo/%20/options", "/schedules/vessels/%20",
    ])
    func aPathThatNamesNoScreenIsNone(path: String) {
        #expect(DeskRoute(path: Substring(path), query: FormData()) == nil, "\(path)")
        #expect(DeskAction(path: Substring(path)) == nil, "\(path)")
    }

    @Test func aSegmentIsReadWholeNotAsAQuery() {
        #expect(DeskAction(path: "/cargo/RP000001&junk=1/options") == .findOptions("RP000001&junk=1"))
        #expect(DeskRoute(path: "/cargo/a%2Fb", query: FormData()) == .cargo("a/b", FormData()))
        #expect(DeskRoute(path: "/schedules/ports/nlrtm", query: FormData()) == .portSchedule("NLRTM", FormData()))
    }

    @Test func aTrailingSlashNamesTheSameScreen() {
        #expect(DeskRoute(path: "/routes/", query: FormData()) == .routes(FormData()))
    }

    @Test func aQueryIsReadAsABrowserWritesIt() throws {
        let query = try #require(FormData(encoded: "from=CNSHA&to=NL+RTM&note=a%26b%3Dc&criteria=cost&criteria=co2&empty=&flag"))
        #expect(query["from"] == "CNSHA")
        #expect(query["to"] == "NL RTM")
        #expect(query["note"] == "a&b=c")
        #expect(query.all("criteria") == ["cost", "co2"])
        #expect(query["empty"] == "" && query.contains("empty") && query.contains("flag"))
        #expect(query["absent"] == "" && !query.contains("absent"))
    }

    @Test(arguments: ["a=%", "a=%4", "a=%zz", "=value", "a=%FF", "a=%C3%28"])
    func aQueryThatNoBrowserWritesIsRefused(text: String) {
        #expect(FormData(encoded: Substring(text)) == nil, "\(text)")
    }

    @Test func aQueryOfTooManyPairsIsRefused() {
        let many = (0...FormData.maximumItems).map { "a\($0)=1" }.joined(separator: "&")
        #expect(FormData(encoded: Substring(many)) == nil)
    }

    @Test func aMultipartBodyIsReadAsABrowserWritesIt() throws {
        let body = Array(
            "--XyZ\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\nfile\r\n--XyZ\r\nContent-Disposition: form-data; name=\"bookings\"; filename=\"b.csv\"\r\nContent-Type: text/csv\r\n\r\nbooking,origin\r\nK1,CNSHA\r\n\r\n--XyZ--\r\n"
                .utf8)
        let form = try #require(MultipartForm(body: body, boundary: "XyZ"))
        #expect(form.fields["source"] == "file")
        #expect(form.file?.field == "bookings" && form.file?.name == "b.csv")
        #expect(form.file?.bytes == Array("booking,origin\r\nK1,CNSHA\r\n".utf8))
        // A quoted value keeps its semicolons; an empty part is empty.
        let quoted = Array("--B\r\nContent-Disposition: form-data; name=\"bookings\"; filename=\"week;1.csv\"\r\n\r\n\r\n--B--".utf8)
        #expect(MultipartForm(body: quoted, boundary: "B")?.file?.name == "week;1.csv")
        #expect(MultipartForm(body: quoted, boundary: "B")?.file?.bytes == [])
        #expect(MultipartForm.boundary(ofContentType: "multipart/form-data; boundary=\"XyZ\"") == "XyZ")
        #expect(MultipartForm.boundary(ofContentType: "application/x-www-form-urlencoded") == nil)
    }

    @Test(arguments: [
        "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno closing delimiter",
        "--XyZ\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n--XyZ--",
        "no delimiter at all",
        "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\u{FFFD}\r\n--XyZ--",
        // Headers that run into the next delimiter: the blank line after them shares its line break with it.
        "--XyZ\r\n\r\n\r\n--XyZ--",
        "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n--XyZ--",
    ])
    func aMultipartBodyThatNoBrowserWritesIsRefused(text: String) {
        var bytes = Array(text.utf8)
        // The last case holds bytes that are not UTF-8.
        if text.contains("\u{FFFD}") { bytes = bytes.map { $0 == 0xEF ? 0xFF : $0 } }
        #expect(MultipartForm(body: bytes, boundary: "XyZ") == nil, "\(text)")
    }
}
