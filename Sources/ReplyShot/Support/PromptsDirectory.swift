import Foundation

/// Finds the prompts/ folder (app catalog, tones, templates) that ships with replyshot.
public enum PromptsDirectory {
    public struct NotFound: Error, LocalizedError {
        public var searched: [String]
        public var errorDescription: String? {
            "replyshot cannot find its prompts folder (looked in \(searched.joined(separator: ", "))). "
                + "Run it from its checkout, or pass --prompts DIR or set REPLYSHOT_PROMPTS."
        }
    }

    /// `--prompts`, then $REPLYSHOT_PROMPTS, then next to or above the executable (a build
    /// folder inside the checkout, or an install prefix's share/replyshot), then the source
    /// tree this was built from, then the working directory.
    public static func locate(
        explicit: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> URL {
        var candidates: [URL] = []
        if let explicit { candidates.append(explicit) }
        if let fromEnvironment = environment["REPLYSHOT_PROMPTS"], !fromEnvironment.isEmpty {
            candidates.append(URL(fileURLWithPath: fromEnvironment))
        }
        if explicit == nil {
            var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
                .deletingLastPathComponent()
            for _ in 0..<6 {
                candidates.append(directory.appendingPathComponent("prompts"))
                candidates.append(directory.appendingPathComponent("share/replyshot/prompts"))
                directory.deleteLastPathComponent()
            }
            let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            candidates.append(sourceRoot.appendingPathComponent("prompts"))
            candidates.append(
                URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("prompts"))
        }
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("apps.json").path) {
            return candidate
        }
        throw NotFound(searched: candidates.map(\.path))
    }
}

/// A data file in prompts/ that is missing or not what replyshot expects.
public struct DataFileError: Error, LocalizedError {
    public var file: String
    public var problem: String

    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    public var errorDescription: String? { "The file \(file) cannot be used: \(problem)." }
}

enum JSONDataFile {
    static func load<T: Decodable>(_ type: T.Type, from url: URL) throws -> T {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DataFileError(file: url.path, problem: "it cannot be read")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw DataFileError(file: url.path, problem: "it is not valid JSON (\(context.debugDescription))")
        } catch let DecodingError.keyNotFound(key, context) {
            let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            throw DataFileError(file: url.path, problem: "the entry \(path) is missing")
        } catch let DecodingError.typeMismatch(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw DataFileError(file: url.path, problem: "the entry \(path) has the wrong type")
        } catch {
            throw DataFileError(file: url.path, problem: error.localizedDescription)
        }
    }
}
