import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
@testable import RoutePlannerDesk
import Testing

/// Every state of every view renders, without a server, as a page a browser and a screen reader can use: well-formed,
/// one main heading, every field labelled, problems announced, the user's text escaped.
@Suite struct DeskPreviewTests {
    static let previews = DeskPreviews.all

    @Test func everyStateOfEveryViewIsAWellFormedPage() throws {
        #expect(Set(Self.previews.map(\.name)).count == Self.previews.count, "two previews share a name")
        for preview in Self.previews {
            let xml = preview.html.replacingOccurrences(of: "<!DOCTYPE html>", with: "")
            #expect(XMLParser(data: Data(xml.utf8)).parse(), "\(preview.name) is not well-formed")
            #expect(preview.html.components(separatedBy: "<h1").count == 2, "\(preview.name) has not one main heading")
            // A page that answers a form with problems says so first, in its title; no other page does.
            let problems = preview.status == 409 || preview.status == 422
            #expect(preview.html.contains("<title>Error: ") == problems, "\(preview.name): \(preview.status)")
            // Every control has a label that names it.
            for id in preview.html.matches(of: /<(?:input|select|textarea)[^>]*\bid="([^"]+)"/).map({ String($0.1) }) {
                #expect(preview.html.contains("for=\"\(id)\""), "\(preview.name): the control \(id) has no label")
            }
            // A failure is announced as it appears.
            if preview.html.contains("notice failure") { #expect(preview.html.contains("role=\"alert\""), "\(preview.name)") }
        }
    }

    /// The text a customer's name carries is shown as text, never as markup.
    @Test func theUsersTextIsEscaped() {
        let booking = Self.previews.first { $0.name == "book" }?.html ?? ""
        #expect(booking.contains("Acme &lt;Shipping&gt; &amp; Sons") && !booking.contains("<Shipping>"))
    }

    /// The workbench draws the cargo asked for beside its options, each listed cargo links to its drawing, keeping the
    /// list's standing; a cargo not listed is said to be so.
    @Test func theWorkbenchDrawsACargosRouteBesideItsOptions() {
        let pages = Dictionary(uniqueKeysWithValues: Self.previews.map { ($0.name, $0.html) })
        let compared = pages["disruptions-compare"] ?? ""
        #expect(compared.contains("RP000001: its route and options"))
        #expect(compared.components(separatedBy: "<svg").count == 3, "a time line and a map")
        #expect(compared.contains(">route<") && compared.contains("Its route as planned"))
        #expect(pages["disruptions"]?.contains("name=\"compare\" value=\"RP000001\">Draw RP000001 beside its options") == true)
        let unlisted = pages["disruptions-compare-unlisted"] ?? ""
        #expect(unlisted.contains("RP000009 is not among the disrupted cargo listed") && !unlisted.contains("<svg"))
    }

    /// Each state is answered with its kind's status.
    @Test func eachStateHasItsStatus() {
        let statuses = Dictionary(uniqueKeysWithValues: Self.previews.map { ($0.name, $0.status) })
        let expected: [String: Int] = [
            "cargo": 200, "cargo-event-problems": 422, "cargo-cancel-refused": 422, "cargo-search-stopped": 503, "cargo-not-found": 404,
            "cargo-unavailable": 503, "cargo-list-problems": 422, "book-refused": 422, "customers-problems": 409, "port-schedule-problems": 422,
            "port-schedule-unknown": 404, "vessel-schedule-unknown": 404, "login-failed": 401, "login-throttled": 429, "disruptions-problems": 422,
            "assignments-no-solver": 503, "assignments-busy": 409, "assignment-not-found": 404, "routes-problems": 422, "routes-stopped": 503,
            "forbidden": 403, "not-permitted": 403, "not-found": 404,
        ]
        for (name, status) in expected { #expect(statuses[name] == status, "\(name)") }
    }

    /// `DESK_PREVIEWS=DIR` writes every preview as `DIR/NAME.html`, with the stylesheet, to look at in a browser.
    @Test func previewsAreWrittenWhenAsked() throws {
        guard let folder = ProcessInfo.processInfo.environment["DESK_PREVIEWS"] else { return }
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Stylesheet.text.write(to: directory.appendingPathComponent("desk.css"), atomically: true, encoding: .utf8)
        for preview in Self.previews {
            let html = preview.html.replacingOccurrences(of: "href=\"/desk.css\"", with: "href=\"desk.css\"")
            try html.write(to: directory.appendingPathComponent(preview.name + ".html"), atomically: true, encoding: .utf8)
        }
    }
}
