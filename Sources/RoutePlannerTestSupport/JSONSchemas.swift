import Foundation

/// The JSON Schemas of the command's documents (docs/schemas) and the vendored DCSA Commercial Schedules 1.0.3
/// specification (docs/dcsa/CS_v1.0.3.yaml) as validators: Tools/validate_json.py checks documents against one
/// schema, all in one Python process.
///
/// Python 3 with `jsonschema` (4.18 or later) and `pyyaml` is part of the test environment (.ci/run installs
/// them); without them validation fails with the validator's message rather than passing unchecked.
public enum JSONSchemas {
    /// The repository's root, found from this file's place in it.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The problems of `documents` against the DCSA schema `name`, one line each, naming the document by its
    /// position (`stdin#1` is the first); empty when every document is valid. An array document is checked item
    /// by item, as the endpoints' responses are arrays of the schema.
    public static func problems(_ documents: [String], dcsa name: String = "PointToPoint") throws -> String {
        try validate(documents, ["--dcsa", name])
    }

    /// The problems of `documents` against one of docs/schemas, such as `cargo` for docs/schemas/cargo.schema.json.
    public static func problems(_ documents: [String], schema name: String) throws -> String {
        try validate(documents, [repository.appendingPathComponent("docs/schemas/\(name).schema.json").path])
    }

    private static func validate(_ documents: [String], _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appendingPathComponent("Tools/validate_json.py").path] + arguments
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
