import Foundation
import Testing

/// Tools/derive_data.py and Benchmarks/linerlib_flow.py on LINER-LIB's Baltic instance, the smallest of the six, and
/// Tools/derive_inland.py.
@Suite struct LinerLibToolsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `python3` with the arguments in the repository's folder.
    static func python(_ arguments: [String]) throws -> (output: String, error: String, status: Int32) {
        let result = try CommandLineTests.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments, in: repository)
        return (result.output, result.error, result.status)
    }

    static func temporaryFolder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    static func rows(_ file: URL) throws -> [[String]] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Baltic's network needs no UN/LOCODE release, has a service whose round trip is a fraction of a week
    /// (0.817857), and calls at ports outside WorldSmall, each of which gets its own time zone; Data/ is left alone.
    @Test func derivesBalticIntoAFolderOfItsOwn() throws {
        let bundled = Self.repository.appendingPathComponent("Data/unlocode/unlocode-2023-1.csv")
        let before = try Data(contentsOf: bundled)
        let folder = Self.temporaryFolder("linerlib-baltic")
        defer { try? FileManager.default.removeItem(at: folder) }

        let (output, error, status) = try Self.python(["Tools/derive_data.py", "--instance", "Baltic", "--out", folder.path])

        #expect(status == 0, "\(error)")
        #expect(error.isEmpty)
        #expect(output.contains("Baltic -> \(folder.path): 3 services, 8 ports, 338 movements over 26 weeks"))
        let locations = try Self.rows(folder.appendingPathComponent("locations.csv"))
        let zone = try #require(locations.first?.firstIndex(of: "time_zone"))
        #expect(
            locations.dropFirst().map { "\($0[0]) \($0[zone])" } == [
                "DEBRV Europe/Berlin", "DKAAR Europe/Copenhagen", "FIKTK Europe/Helsinki", "NOSVG Europe/Oslo",
                "PLGDY Europe/Warsaw", "RUKGD Europe/Kaliningrad", "RULED Europe/Moscow", "SEGOT Europe/Stockholm",
            ])
        let schedule = try Self.rows(folder.appendingPathComponent("schedule.csv"))
        // Service 2 (Bremerhaven-Aarhus, 0.817857 weeks a round trip) sails every week, as the others do.
        #expect(Set(schedule.dropFirst().filter { $0[1] == "BA02" }.map { $0[0] }).count == 26)
        #expect(try Data(contentsOf: bundled) == before)
    }

    /// Tools/derive_inland.py writes the bundled inland network byte for byte from the bundled WorldSmall network and
    /// UN/LOCODE list.
    @Test func derivesTheBundledInlandNetworkAgain() throws {
        let folder = Self.temporaryFolder("linerlib-worldsmall-inland")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (output, error, status) = try Self.python(["Tools/derive_inland.py", "--out", folder.path])
        #expect(status == 0 && error.isEmpty, "\(error)")
        #expect(output.hasSuffix("15 inland places -> \(folder.path): 6630 sea movements and 832 by barge and rail (6 services over 26 weeks), 13 hauls\n"))
        for file in ["locations.csv", "schedule.csv", "haulage.csv"] {
            let bundled = Self.repository.appendingPathComponent("Data/linerlib-worldsmall-inland").appendingPathComponent(file)
            #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == Data(contentsOf: bundled), "\(file)")
        }
    }

    /// --unlocode with a folder that holds no release is refused before anything is written.
    @Test func refusesAnEmptyUnLocodeFolder() throws {
        let folder = Self.temporaryFolder("unlocode-empty")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("list.csv")

        let (_, error, status) = try Self.python(["Tools/derive_data.py", "--unlocode", folder.path, "--unlocode-out", list.path])

        #expect(status == 1)
        #expect(error == "derive_data.py: --unlocode \(folder.path): no *UNLOCODE CodeListPart*.csv files there\n")
        #expect(!FileManager.default.fileExists(atPath: list.path))
    }

    /// One command derives Baltic, assigns its demand with the built route-planner and reads the published figures
    /// from Baltic's result log; the flow comes within a few percent of the published one, which is optimal.
    @Test func comparesBalticWithItsPublishedFlow() throws {
        let folder = Self.temporaryFolder("linerlib-flow")
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = ExamplesTests.productsDirectory.appendingPathComponent("route-planner")

        let (output, error, status) = try Self.python([
            "Benchmarks/linerlib_flow.py", "--instance", "Baltic", "--weeks", "6", "--time-limit", "20", "--json",
            "--binary", binary.path, "--out", folder.path,
        ])

        #expect(status == 0, "\(error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        // Baltic_best_base.log's last lines: Revenue: 3.68726e+06, Handling cost: 2.10988e+06, transported % 92.0677.
        #expect(object["published_revenue"] as? Double == 3_687_260)
        #expect(object["published_handling"] as? Double == 2_109_880)
        #expect(object["published_transported"] as? Double == 92.0677)
        let revenue = try #require(object["revenue"] as? Double)
        let handling = try #require(object["handling"] as? Double)
        let transported = try #require(object["transported"] as? Double)
        #expect(abs(revenue / 3_687_260 - 1) < 0.05, "revenue \(revenue)")
        #expect(abs(handling / 2_109_880 - 1) < 0.05, "handling \(handling)")
        #expect(abs(transported - 92.0677) < 5, "transported \(transported)")
    }
}
