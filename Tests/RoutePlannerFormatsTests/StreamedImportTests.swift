import Foundation
@testable import RoutePlanner
@testable import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// A schedule read from a regular file a piece at a time (`FileStream`, a window of `CSVReader`) against the
/// same bytes read whole: the same records, positions and problems, and the same import, whatever the pieces'
/// size and wherever a record, a quoted field, a CRLF or a UTF-8 character is cut.
@Suite struct StreamedImportTests {
    /// What a reader reads from a file: each record's line, fields, their positions and where it ends, and the
    /// problems, in order.
    static func records(_ reader: consuming CSVReader) -> [String] {
        var record = CSVReader.Record()
        var read: [String] = []
        while reader.next(into: &record, problems: { read.append("problem \($0)") }) {
            let fields = record.fields.map { reader.string($0, in: record) }
            read.append("line \(record.line): \(fields) at \(reader.positions(of: record.fields)), ends \(reader.position(of: record.end))")
        }
        read.append("Latin-1: \(reader.isLatin1)")
        return read
    }

    /// The stream of a regular file, as ``CSVInput`` opens it.
    static func stream(_ url: URL) throws -> FileStream? {
        guard case .stream(let stream) = try CSVInput(contentsOf: url) else { return nil }
        return stream
    }

    static func temporary(_ bytes: [UInt8], name: String = "schedule.csv") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func aStreamReadsTheRecordsOfTheBytesReadWhole() throws {
        let seed: UInt64 = 20_261_126
        print("StreamedImportTests: seed \(seed), 1,000 files")
        var generator = SplitMix64(seed: seed)
        // Pieces that cross every rule of the reader: quotes, doubled quotes, line breaks of three kinds, blank
        // lines, spaces, a byte order mark, UTF-8 characters of two to four bytes and bytes that are not UTF-8.
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("voyage".utf8), Array(",".utf8), Array("\"".utf8), Array("\"\"".utf8), Array("\n".utf8),
            Array("\r\n".utf8), Array("\r".utf8), Array("  ".utf8), Array("\t".utf8), Array(" \n \n".utf8), Array("é".utf8),
            Array("€".utf8), Array("😀".utf8), [0xFF], [0xE2, 0x82], Array("\"x,\ny\"".utf8),
        ]
        for index in 0..<1_000 {
            var bytes: [UInt8] = index % 10 == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int.random(in: 0...60, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let url = try Self.temporary(bytes)
            defer { try? FileManager.default.removeItem(at: url) }
            let whole = Self.records(CSVReader(bytes: bytes))
            let chunkSize = Int.random(in: 1...9, using: &generator)
            let stream = try #require(try Self.stream(url))
            let streamed = Self.records(CSVReader(stream: stream, chunkSize: chunkSize))
            #expect(streamed == whole, "seed \(seed), file \(index), pieces of \(chunkSize): \(bytes)")
        }
    }

    @Test(arguments: 0..<2)
    func aStreamedScheduleImportsAsTheSameBytesInMemory(_ batch: Int) throws {
        let seed = UInt64(20_261_126 + batch)
        print("StreamedImportTests: seed \(seed), 200 files")
        var generator = SplitMix64(seed: seed)
        var imported = 0
        for index in 0..<200 {
            let random = RandomSchedule(using: &generator, maxMovements: 30, cutOffs: Bool.random(using: &generator), figures: Bool.random(using: &generator))
            let network = try ScheduleNetwork(locations: random.locations, voyages: random.voyages)
            let locations = CSVFile(name: "locations.csv", text: CSVWriter.locations(of: network))
            var schedule = Array(CSVWriter.schedule(of: network).utf8)
            if index % 2 == 0 { schedule = FuzzInput.mutate(schedule, using: &generator) }
            if index % 5 == 1 { schedule = Array(String(decoding: schedule, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8) }
            let url = try Self.temporary(schedule)
            defer { try? FileManager.default.removeItem(at: url) }
            let chunkSize = [1, 2, 3, 7, 16, 64, 1 << 20].randomElement(using: &generator)!
            for mode in [CSVImporter.Mode.strict, .lenient] {
                var importer = CSVImporter(mode: mode, errorLimit: 1_000)
                importer.streamChunkSize = chunkSize
                let whole = ScheduleImportPathTests.outcome(locations, CSVFile(name: url.relativePath, bytes: schedule), mode: mode, fast: true)
                let stream = try #require(try Self.stream(url))
                let streamed: ScheduleImportPathTests.Outcome
                do {
                    let result = try importer.importSchedule(locations: locations, schedule: .stream(stream), log: DiagnosticLog(errorLimit: 1_000))
                    streamed = ScheduleImportPathTests.outcome(result)
                } catch {
                    streamed = ScheduleImportPathTests.Outcome(diagnostics: error.diagnostics, omitted: error.omittedErrorCount, skipped: 0)
                }
                #expect(streamed == whole, "seed \(seed), file \(index), pieces of \(chunkSize), \(mode):\n\(String(decoding: schedule, as: UTF8.self))")
                imported += whole.voyages == nil ? 0 : 1
            }
        }
        #expect(imported > 100, "too few files imported to compare")
    }

    @Test func aScheduleFileIsStreamedAndAnythingElseReadWhole() throws {
        let text = "voyage,from,to,departure,arrival\n"
        let plain = try Self.temporary(Array(text.utf8))
        let utf16 = try Self.temporary([0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!))
        defer { for url in [plain, utf16] { try? FileManager.default.removeItem(at: url) } }
        let stream = try #require(try Self.stream(plain))
        #expect(stream.size == text.utf8.count)
        #expect(try Self.stream(utf16) == nil)
        #expect(try Self.stream(URL(fileURLWithPath: "/dev/null")) == nil)
        #expect(throws: CSVFileError.isDirectory(path: "/tmp")) { try CSVInput(contentsOf: URL(fileURLWithPath: "/tmp")) }
        #expect(throws: CSVFileError.notFound(path: "/nonexistent/s.csv")) { try CSVInput(contentsOf: URL(fileURLWithPath: "/nonexistent/s.csv")) }
        guard case .stream = try CSVInput(contentsOf: plain), case .file(let file) = try CSVInput(contentsOf: utf16) else {
            Issue.record("a regular UTF-8 file is streamed and a UTF-16 one read whole")
            return
        }
        #expect(file.bytes == Array(text.utf8))
    }

    @Test func aStreamedDCSADocumentIsRecognisedAfterWhiteSpace() throws {
        let json = try Self.temporary([0xEF, 0xBB, 0xBF] + Array(String(repeating: " \n", count: 70_000).utf8) + Array("[]".utf8))
        let csv = try Self.temporary(Array("voyage,from\n".utf8))
        defer { for url in [json, csv] { try? FileManager.default.removeItem(at: url) } }
        #expect(DCSAImporter.recognises(try CSVInput(contentsOf: json)))
        #expect(!DCSAImporter.recognises(try CSVInput(contentsOf: csv)))
        // Recognising rewinds the stream: the whole file is read after it.
        let input = try CSVInput(contentsOf: csv)
        _ = DCSAImporter.recognises(input)
        guard case .stream(let stream) = input else { Issue.record("a regular file is streamed"); return }
        #expect(Self.records(CSVReader(stream: stream, chunkSize: 4)) == Self.records(CSVReader(bytes: Array("voyage,from\n".utf8))))
    }

    /// A schedule as a named pipe: read whole from the descriptor it was opened with, the writer's every byte.
    @Test func aScheduleThroughANamedPipeIsReadWhole() throws {
        let sample = SampleVoyages.network()
        let locations = try Self.temporary(Array(CSVWriter.locations(of: sample).utf8), name: "locations.csv")
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-\(UUID().uuidString)-schedule.csv")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { for url in [locations, fifo] { try? FileManager.default.removeItem(at: url) } }
        let text = CSVWriter.schedule(of: sample)
        let writer = Thread { try? text.write(to: fifo, atomically: false, encoding: .utf8) }
        writer.start()
        let imported = try ScheduleImporter().importSchedule(schedule: fifo, locations: locations)
        #expect(imported.value.network.movementCount == sample.movementCount)
    }

    /// A file that is not what it was when it was opened (here shorter) is an error, in lenient mode too: what
    /// was read of it is not the file.
    @Test func aScheduleThatChangesWhileItIsReadIsAnError() throws {
        let sample = SampleVoyages.network()
        let schedule = Array(CSVWriter.schedule(of: sample).utf8)
        let url = try Self.temporary(schedule)
        defer { try? FileManager.default.removeItem(at: url) }
        let stream = try #require(try Self.stream(url))
        #expect(truncate(url.path, off_t(schedule.count / 2)) == 0)
        var importer = CSVImporter(mode: .lenient)
        importer.streamChunkSize = 64
        let locations = CSVFile(name: "locations.csv", text: CSVWriter.locations(of: sample))
        #expect(
            throws: ImportError(diagnostics: [
                ImportDiagnostic(file: url.relativePath, line: 1, column: 1, severity: .error, message: "cannot be read: it changed while it was read")
            ])
        ) {
            try importer.importSchedule(locations: locations, schedule: .stream(stream), log: DiagnosticLog(errorLimit: 100))
        }
    }

    /// A file read whole, small or large enough to be read in two halves side by side: every byte in its place;
    /// one that is shorter or longer than when it was opened is an error.
    @Test(arguments: [1_000, 8 << 20, (8 << 20) + 12_345])
    func aFileReadWholeIsEveryByteOfItAsItWasOpened(size: Int) throws {
        var generator = SplitMix64(seed: UInt64(size))
        let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let url = try Self.temporary(bytes, name: "whole.bin")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try #require(try Self.stream(url)).whole().bytes == bytes)
        let changed = CSVFileError.unreadable(path: url.relativePath, reason: "it changed while it was read")
        for newSize in [size - 1, size / 2, size + 1] {
            try Data(bytes).write(to: url)
            let stream = try #require(try Self.stream(url))
            #expect(truncate(url.path, off_t(newSize)) == 0)
            #expect(throws: changed, "\(size) bytes, then \(newSize)") { try stream.whole() }
        }
    }

    /// A DCSA document named by its path is recognised from the stream's first bytes and then read whole from the
    /// same open file: the same network as the document read into memory.
    @Test func aDCSADocumentByItsPathImportsAsInMemory() throws {
        let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("dcsa")
        let schedule = fixtures.appendingPathComponent("vessel-schedules.json")
        let capacities = fixtures.appendingPathComponent("capacities.csv")
        let byPath = try ScheduleImporter().importSchedule(schedule: schedule, locations: nil, capacities: capacities)
        let inMemory = try DCSAImporter().importVesselSchedules(try CSVFile(contentsOf: schedule), capacities: try CSVFile(contentsOf: capacities))
        #expect(byPath.value.network.movementCount > 0)
        #expect(byPath.value.voyages == inMemory.value.voyages)
        #expect(byPath.diagnostics == inMemory.diagnostics)
    }
}
