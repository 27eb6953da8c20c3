import Foundation
import RoutePlanner
import RoutePlannerFormats
import Testing

/// Reading files of every kind: a clear error or a correct read, never a crash, with bounded memory.
@Suite struct CSVFileTests {
    static let text = "booking,origin\nB1,CNSHA\nB2,Zürich\n"

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-\(UUID().uuidString)-\(name)")
    }

    @Test func aMissingFileADirectoryAndADeviceAreErrorsNamingThePath() throws {
        #expect(throws: CSVFileError.notFound(path: "/nonexistent/bookings.csv")) {
            try CSVFile(contentsOf: URL(fileURLWithPath: "/nonexistent/bookings.csv"))
        }
        #expect(throws: CSVFileError.isDirectory(path: "/tmp")) { try CSVFile(contentsOf: URL(fileURLWithPath: "/tmp")) }
        // An endless device is read up to the limit, then refused.
        #expect(throws: CSVFileError.tooLarge(path: "/dev/zero")) { try CSVFile(contentsOf: URL(fileURLWithPath: "/dev/zero")) }
        #expect(try CSVFile(contentsOf: URL(fileURLWithPath: "/dev/null")).bytes.isEmpty)
        #expect(CSVFileError.isDirectory(path: "/tmp").description == "/tmp: is a directory, not a file")
    }

    @Test func aPipeIsReadWhole() throws {
        let fifo = Self.temporary("fifo.csv")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        let text = String(repeating: Self.text, count: 50_000)  // more than a pipe's buffer
        let writer = Thread { try? text.write(to: fifo, atomically: false, encoding: .utf8) }
        writer.start()
        #expect(try CSVFile(contentsOf: fifo).bytes == Array(text.utf8))
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian])
    func aUTF16FileIsReadAsItsText(_ encoding: String.Encoding) throws {
        let file = Self.temporary("utf16.csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let mark: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        try Data(mark + Array(Self.text.data(using: encoding)!)).write(to: file)
        #expect(try CSVFile(contentsOf: file).bytes == Array(Self.text.utf8))
        let bookings = "booking,origin,destination,ready,deadline,teu\nB1,CNSHA,NLRTM,2026-03-02,2026-04-30,2\n"
        try Data(mark + Array(bookings.data(using: encoding)!)).write(to: file)
        #expect(try CSVImporter().importBookings(contentsOf: file).value.map(\.id) == ["B1"])
    }

    @Test func aFileThatCannotBeReadIsAnImportErrorAtItsStart() {
        #expect(
            throws: ImportError(diagnostics: [
                ImportDiagnostic(file: "/nonexistent/l.csv", line: 1, column: 1, severity: .error, message: "no such file"),
                ImportDiagnostic(file: "/tmp", line: 1, column: 1, severity: .error, message: "is a directory, not a file"),
            ])
        ) {
            try CSVImporter().importSchedule(locations: URL(fileURLWithPath: "/nonexistent/l.csv"), schedule: URL(fileURLWithPath: "/tmp"))
        }
    }
}

@Suite struct CSVHeaderTests {
    @Test func unknownColumnsAreLocatedInOnePass() throws {
        let header = "booking,Zürich,origin,destination,ready,\"é,x\",deadline,teu,ñ"
        let file = CSVFile(name: "b.csv", text: header + "\nB1,z,CNSHA,NLRTM,2026-03-02,q,2026-04-30,1,n\n")
        let result = try CSVImporter().importBookings(file)
        #expect(result.diagnostics.map(\.column) == [9, 41, 60])
        #expect(result.value.map(\.id) == ["B1"])
        // A header of 200,000 names is read, its warnings capped, in time linear in its length.
        let wide = CSVFile(
            name: "w.csv",
            text: (["booking,origin,destination,ready,deadline,teu"] + (0..<200_000).map { "c\($0)" }).joined(separator: ",")
                + "\nB1,CNSHA,NLRTM,2026-03-02,2026-04-30,1\n")
        let many = try CSVImporter().importBookings(wide)
        let before = "booking,origin,destination,ready,deadline,teu," + (0..<999).map { "c\($0)," }.joined()
        #expect(many.diagnostics.count == 1_000)
        #expect(many.diagnostics.last?.message == "unknown column \"c999\" is ignored" && many.diagnostics.last?.column == before.count + 1)
    }
}
