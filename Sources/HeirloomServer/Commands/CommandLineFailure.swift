import Foundation
import HeirloomCore
import Vapor

/// How the `heirloom` command ends when it cannot do what was asked: its reason in one or two plain lines on
/// standard error and a non-zero exit status, never a Swift fatal error with a stack trace.
enum CommandLineFailure {
    /// At most this many lines of a reason are printed.
    static let maximumLines = 2

    /// The reason for `error`, in at most two lines a person can act on.
    static func reason(for error: any Error) -> String {
        let text: String
        switch error {
        case let error as AppError: text = error.message
        case let error as FieldError: text = error.message
        case let errors as FieldErrors: text = errors.all.map(\.message).joined(separator: " ")
        // The store's own reason (which never holds a secret) is what the person at the command line can act on.
        case MediaError.storeUnavailable(let reason): text = reason
        case let error as MediaError: text = error.appError.message
        case let error as any AbortError: text = error.reason
        case let error as any CustomStringConvertible: text = error.description
        default: text = String(describing: error)
        }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !lines.isEmpty else { return "heirloom stopped: \(String(describing: type(of: error)))." }
        return lines.prefix(maximumLines).joined(separator: "\n")
    }

    /// Prints the reason for `error` to standard error and ends the process with `status`.
    static func exit(with error: any Error, status: Int32 = 1) -> Never {
        let prefix = error is ConfigError ? "heirloom cannot start: " : "heirloom: "
        FileHandle.standardError.write(Data((prefix + reason(for: error) + "\n").utf8))
        Foundation.exit(status)
    }
}
