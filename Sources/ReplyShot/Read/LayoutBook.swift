import Foundation

/// The app layouts replyshot reads (prompts/layouts.json): for each, what it is for and the
/// reader thresholds it sets differently from the defaults. The app catalog's `layout` key
/// picks one per app, so an app that draws its screens differently is data plus samples, not
/// a new branch in the reader.
public struct LayoutBook: Sendable {
    struct File: Decodable {
        struct Layout: Decodable {
            /// What the layout is for; required, so that the file says why each one exists.
            var description: String
            /// `ReadingTuning` threshold name → value.
            var reading: [String: Double]?
        }
        var layouts: [String: Layout]
    }

    /// The layout of an app the catalog gives none.
    public static let defaultName = "default"

    private var tunings: [String: ReadingTuning] = [Self.defaultName: ReadingTuning()]

    /// Only the default layout: the reader's own thresholds.
    public init() {}

    public init(contentsOf url: URL) throws {
        let file = try JSONDataFile.load(File.self, from: url)
        self.init()
        for (name, layout) in file.layouts {
            do {
                tunings[name] = try ReadingTuning(overrides: layout.reading ?? [:])
            } catch LayoutError.unknownThreshold(let threshold) {
                throw DataFileError(
                    file: url.path,
                    problem:
                        "layout \"\(name)\" sets \"\(threshold)\", which is not a reading threshold (see `replyshot config --tuning`)"
                )
            } catch {
                throw DataFileError(
                    file: url.path, problem: "layout \"\(name)\" sets a threshold to the wrong kind of number")
            }
        }
    }

    public var names: [String] { tunings.keys.sorted() }

    /// The thresholds of the named layout (nil: the default); nil for a name not in the book.
    public func tuning(for name: String?) -> ReadingTuning? {
        tunings[name ?? Self.defaultName]
    }
}
