import Foundation
import HeirloomCore
import Vapor

/// Everything that can go wrong in a way a person can act on; each case is one API error code.
enum AppError: Error, Sendable {
    /// The request could not be read.
    case badRequest(String)
    /// No valid session or token came with the request.
    case unauthenticated
    /// The email and password (or other credentials) did not match.
    case invalidCredentials(String)
    /// Signed in, but the role does not allow this.
    case forbidden(String)
    /// A form or API call without a valid CSRF token.
    case csrfFailed
    /// No such object in this household (or one the caller may not see).
    case notFound(String)
    /// The request conflicts with what exists; the code says how.
    case conflict(code: String, message: String)
    /// A link that was used already or has expired.
    case gone(String)
    /// A field is invalid.
    case invalid(FieldError)
    /// Several fields are invalid; the first is the one `field` and `message` name.
    case invalidFields(FieldErrors)
    /// Too many failed attempts; try again after the date.
    /// `retryAfter`: seconds to wait, counted on the hub's clock (a rehearsal's `HEIRLOOM_NOW` too).
    case tooManyAttempts(retryAfter: TimeInterval)
    /// The body is larger than allowed.
    case payloadTooLarge(String)
    /// A file of a kind this use does not accept.
    case unsupportedMedia(String)
    /// A byte range outside a file of this size.
    case rangeNotSatisfiable(size: Int64)
    /// A service the hub depends on did not answer.
    case unavailable(code: String, message: String)
    /// A feature this hub has not set up (Sign in with Apple without bundle ids): here it does not exist.
    case switchedOff(code: String, message: String)
    /// The journal drawer is locked for this session or token; unlocking opens it for 10 minutes.
    case journalLocked
    /// The AI provider refused, failed or answered something unusable.
    case ai(AIProblem)
    /// Something that should not happen; logged, and shown without detail.
    case internalProblem(String)

    /// The HTTP status this error answers with.
    var status: HTTPResponseStatus {
        switch self {
        case .badRequest: .badRequest
        case .unauthenticated, .invalidCredentials: .unauthorized
        case .forbidden, .csrfFailed: .forbidden
        case .notFound, .switchedOff: .notFound
        case .conflict: .conflict
        case .gone: .gone
        case .invalid, .invalidFields: .unprocessableEntity
        case .tooManyAttempts: .tooManyRequests
        case .payloadTooLarge: .payloadTooLarge
        case .unsupportedMedia: .unsupportedMediaType
        case .rangeNotSatisfiable: .rangeNotSatisfiable
        case .unavailable: .serviceUnavailable
        case .journalLocked: .locked
        case .ai(let problem): problem.status
        case .internalProblem: .internalServerError
        }
    }

    /// The stable snake_case code clients switch on.
    var code: String {
        switch self {
        case .badRequest: "bad_request"
        case .unauthenticated: "unauthenticated"
        case .invalidCredentials: "invalid_credentials"
        case .forbidden: "forbidden"
        case .csrfFailed: "csrf_failed"
        case .notFound: "not_found"
        case .conflict(let code, _): code
        case .gone: "gone"
        case .invalid, .invalidFields: "invalid_field"
        case .tooManyAttempts: "too_many_attempts"
        case .payloadTooLarge: "payload_too_large"
        case .unsupportedMedia: "unsupported_media_type"
        case .rangeNotSatisfiable: "range_not_satisfiable"
        case .unavailable(let code, _), .switchedOff(let code, _): code
        case .journalLocked: "journal_locked"
        case .ai(let problem): problem.code
        case .internalProblem: "internal_error"
        }
    }

    /// A sentence a person understands.
    var message: String {
        switch self {
        case .badRequest(let message): message
        case .unauthenticated: "Please sign in first."
        case .invalidCredentials(let message): message
        case .forbidden(let message): message
        case .csrfFailed: "This form has expired. Please go back, reload the page and try again."
        case .notFound(let what): "We could not find that \(what)."
        case .conflict(_, let message): message
        case .gone(let message): message
        case .invalid(let error): error.message
        case .invalidFields(let errors): errors.all.first?.message ?? "Please check the form and try again."
        case .tooManyAttempts(let wait): "Too many attempts. Please try again \(Self.whenText(wait))."
        case .payloadTooLarge(let message): message
        case .unsupportedMedia(let message): message
        case .rangeNotSatisfiable: "The requested part of the file lies outside it."
        case .unavailable(_, let message), .switchedOff(_, let message): message
        case .journalLocked: "This drawer is locked. Please unlock your journal to open it."
        case .ai(let problem): problem.message
        case .internalProblem: "Something went wrong on the hub. Nothing was changed; please try again."
        }
    }

    /// The request field the error concerns, if any.
    var field: String? {
        fieldErrors.first?.field
    }

    /// Every field the error concerns, in the form's order: one, several, or none.
    var fieldErrors: [FieldError] {
        switch self {
        case .invalid(let error): [error]
        case .invalidFields(let errors): errors.all
        default: []
        }
    }

    private static func whenText(_ wait: TimeInterval) -> String {
        let minutes = Int((wait / 60).rounded(.up))
        if minutes <= 1 { return "in a minute" }
        return "in \(minutes) minutes"
    }
}

extension AppError {
    /// Wraps a field error from the domain rules.
    init(_ error: FieldError) { self = .invalid(error) }

    /// The viewer's refusal, said the same way everywhere.
    static let viewerCannotChange = AppError.forbidden("Viewers can look at everything but cannot change anything.")
    /// Only owners manage the household.
    static let ownersOnly = AppError.forbidden("Only an owner of the household can do this.")
    /// Only the estate's holder says they are still here.
    static let holderOnly = AppError.forbidden("Only the estate’s holder can do this.")
}

extension AppError {
    /// The error as something to show a person, or rethrows it when it is the hub's own fault.
    static func userFacing(_ error: any Error) throws -> AppError {
        switch error {
        case let error as AppError: return error
        case let error as FieldError: return .invalid(error)
        case let errors as FieldErrors: return .invalidFields(errors)
        case let error as MediaError: return error.appError
        default: throw error
        }
    }
}
