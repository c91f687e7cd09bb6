import Foundation

extension AppError {
    /// The error as the messages a form shows: next to its field, or at the top.
    var formErrors: [String: String] {
        [field ?? "general": message]
    }
}
