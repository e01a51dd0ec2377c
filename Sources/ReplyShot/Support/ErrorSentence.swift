import Foundation

extension Error {
    /// What a person is shown: the error's own sentence when it has one, else its description.
    public var sentence: String { (self as? LocalizedError)?.errorDescription ?? "\(self)" }
}
