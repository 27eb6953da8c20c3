import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct ScenarioFormTests {
    @Test func readsEveryKindOfEditStrictly() throws {
        let form = ScenarioForm(
            cancelVoyages: ["AE1-0200W"], closePorts: ["sgsin", "DEHAM@2026-04-01..2026-04-02"], delays: ["AE1-0100W:-12.5@SGSIN"],
            capacities: ["NF-0310N=0"])
        let scenario = try Scenario.create(form).get()
        #expect(
            scenario.edits == [
                .cancelVoyage("AE1-0200W"), .closePort("SGSIN", from: nil, until: nil),
                .closePort("DEHAM", from: SampleVoyages.day(4, 1), until: Sample.utc("2026-04-02T23:59:59Z")),
                .delay("AE1-0100W", by: .seconds(-45_000), from: "SGSIN"), .capacity("NF-0310N", teu: 0),
            ])
        let wrong = ScenarioForm(
            cancelVoyages: [" "], closePorts: ["SGSIN@2026-04-02..2026-04-01"], delays: ["AE1-0100W:1e3"], capacities: ["NF-0310N=+5"])
        guard case .failure(let error) = Scenario.create(wrong) else { Issue.record("accepted \(wrong)"); return }
        #expect(Set(error.fields.keys) == Set(ScenarioForm.Field.allCases))
    }
}
