import Foundation

extension AppError {
    /// The error as the messages a form shows: next to its field, or at the top.
    var formErrors: [String: String] {
        let fields = fieldErrors
        guard !fields.isEmpty else { return ["general": message] }
        return Dictionary(fields.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
    }
}
