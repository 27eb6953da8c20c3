import Foundation

/// The vendored DCSA Commercial Schedules 1.0.3 specification (docs/dcsa/CS_v1.0.3.yaml) as a validator:
/// Tools/validate_dcsa.py checks documents against one of its schemas, all in one Python process.
///
/// Python 3 with `jsonschema` and `pyyaml` is part of the test environment (.ci/run installs them); without them
/// validation fails with the validator's message rather than passing unchecked.
enum DCSASchema {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The problems of `documents` against the schema `name`, one line each, naming the document by its position
    /// (`stdin#1` is the first); empty when every document is valid. An array document is checked item by item,
    /// as the endpoints' responses are arrays of the schema.
    static func problems(_ documents: [String], against name: String = "PointToPoint") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appendingPathComponent("Tools/validate_dcsa.py").path, name]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Written from another thread, so that a validator that reports while it reads cannot block on a full pipe.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(documents.joined(separator: "\n\u{1E}\n").utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 0 { return "" }
        return report.isEmpty ? "the validator exited with status \(process.terminationStatus)" : report
    }
}
