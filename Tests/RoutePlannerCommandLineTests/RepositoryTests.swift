import Foundation
import RoutePlannerTestSupport
import Testing

/// The repository stands alone and declares what an adopter needs: no file refers to a path outside it, every
/// library product has its documentation, and the licence says which products carry GPL obligations.
@Suite struct RepositoryTests {
    static let root = JSONSchemas.repository

    /// The repository's files as git lists them (the tests run in a clone), text only.
    static func files() throws -> [URL] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "ls-files"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let names = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        process.waitUntilExit()
        return names.map { root.appendingPathComponent(String($0)) }
    }

    @Test func noFileRefersToAPathOutsideTheRepository() throws {
        let files = try Self.files()
        #expect(files.count > 100)
        // Spelled in two parts, so that this file does not name them itself.
        let outside = ["../" + "shared", "/work/" + "shared", "shared/" + "bench", "shared/" + "DOMAIN.md"]
        var found: [String] = []
        for file in files where !file.path.contains("/Data/") && !file.pathExtension.isEmpty {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for path in outside where text.contains(path) { found.append("\(file.lastPathComponent): \(path)") }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func everyLibraryProductHasItsDocumentationAndTheLicenceNamesTheGPLProducts() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.output.1) }
        #expect(libraries.count == 11)
        let spi = try String(contentsOf: Self.root.appendingPathComponent(".spi.yml"), encoding: .utf8)
        for library in libraries {
            #expect(spi.contains("- \(library)\n"), "\(library) is not a documentation target in .spi.yml")
            let folder = library == "BundledData" ? "Data" : "Sources/\(library)"
            let catalog = Self.root.appendingPathComponent("\(folder)/\(library).docc/\(library).md")
            #expect(FileManager.default.fileExists(atPath: catalog.path), "\(library) has no DocC catalog")
        }
        #expect(manifest.contains(".iOS("), "the platforms the code supports include iOS")
        let notice = try String(contentsOf: Self.root.appendingPathComponent("NOTICE"), encoding: .utf8)
        let license = try String(contentsOf: Self.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0"))
        #expect(notice.contains("GPL-3.0") && notice.contains("RoutePlannerAssignment") && notice.contains("GLPK"))
    }
}
