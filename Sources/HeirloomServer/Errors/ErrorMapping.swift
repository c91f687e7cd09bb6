import Foundation
import HeirloomCore
import OpenAPIRuntime
import Vapor

/// What any thrown error means for the person who made the request.
struct MappedError: Sendable {
    var status: HTTPResponseStatus
    var code: String
    var message: String
    var field: String?
    /// Every field of a form that was refused, when there are several.
    var fields: [FieldError] = []
    var headers: HTTPHeaders = [:]
    /// True for errors that are the hub's fault; those are logged with detail.
    var isServerFault: Bool { status.code >= 500 && code == "internal_error" }

    init(status: HTTPResponseStatus, code: String, message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    /// Maps an error from a handler, a service, Vapor or the OpenAPI runtime.
    init(_ error: any Error) {
        switch error {
        case let error as AppError:
            self.init(status: error.status, code: error.code, message: error.message, field: error.field)
            if error.fieldErrors.count > 1 { fields = error.fieldErrors }
            if case .tooManyAttempts(let wait) = error {
                headers.replaceOrAdd(name: .retryAfter, value: "\(max(1, Int(wait.rounded(.up))))")
            }
            if case .rangeNotSatisfiable(let size) = error {
                headers.replaceOrAdd(name: .contentRange, value: "bytes */\(size)")
            }
        case let error as FieldError:
            self.init(AppError.invalid(error))
        case let errors as FieldErrors:
            self.init(AppError.invalidFields(errors))
        case let error as MediaError:
            self.init(error.appError)
        case let error as DecodingError:
            self.init(status: .badRequest, code: "bad_request", message: Self.describe(error))
        case let error as ServerError:
            let inner = MappedError(error.underlyingError)
            if inner.status != .internalServerError || error.httpStatus.code >= 500 {
                self = inner
            } else {
                let status = HTTPResponseStatus(statusCode: Int(error.httpStatus.code))
                self.init(status: status, code: Self.code(for: status), message: Self.sentence(error.causeDescription))
            }
        case let error where MultipartReadError.isMultipartReadError(error):
            self.init(MultipartReadError.appError(error))
        case let error as any AbortError:
            let status = error.status
            self.init(
                status: status, code: Self.code(for: status), message: Self.message(for: status, reason: error.reason))
            headers = error.headers
        default:
            self.init(
                status: .internalServerError,
                code: "internal_error",
                message: AppError.internalProblem("").message
            )
        }
    }

    static func code(for status: HTTPResponseStatus) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "unauthenticated"
        case 403: "forbidden"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 409: "conflict"
        case 413: "payload_too_large"
        case 415: "unsupported_media_type"
        case 416: "range_not_satisfiable"
        case 422: "invalid_field"
        case 429: "too_many_attempts"
        case 500..<600: "internal_error"
        default: "error"
        }
    }

    private static func message(for status: HTTPResponseStatus, reason: String) -> String {
        switch status.code {
        case 404: "There is nothing at this address."
        case 405: "This address does not accept that kind of request."
        case 413: "What was sent is too large."
        case 500..<600: AppError.internalProblem("").message
        default: sentence(reason)
        }
    }

    private static func sentence(_ text: String) -> String {
        guard let first = text.first else { return "The request could not be read." }
        let capitalised = first.uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }

    /// Says which part of a JSON body was wrong, without echoing its content.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
            return "The field \(key.stringValue)\(parent) is missing."
        case .typeMismatch(let type, let context):
            return "The field \(path(context.codingPath)) has the wrong type; expected \(Self.typeName(type))."
        case .valueNotFound(let type, let context):
            return "The field \(path(context.codingPath)) is null; expected \(Self.typeName(type))."
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "The request body is not valid JSON." }
            return "The field \(path(context.codingPath)) has a value that is not allowed."
        @unknown default:
            return "The request body could not be read."
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is [Any].Type: "a list"
        default: "an object"
        }
    }
}
