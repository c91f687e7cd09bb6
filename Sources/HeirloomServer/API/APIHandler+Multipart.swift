import Foundation
import HeirloomCore
import OpenAPIRuntime

/// Reading multipart bodies the generated code hands over: text parts, unwanted parts, and the loop.
extension APIHandler {
    /// A text part, at most `MemoryFields.maximumPartBytes`.
    static func text(_ body: HTTPBody) async throws -> String {
        try await MultipartTextBudget.text(
            body, upTo: MemoryFields.maximumPartBytes,
            tooLong: AppError.payloadTooLarge("A text part of the memory is too long."))
    }

    /// Runs a loop over multipart parts; a body the runtime cannot read (a part sent twice that may be sent
    /// once, a broken frame) is the client's mistake, answered 400 with what was wrong.
    static func readingParts(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as AppError {
            throw error
        } catch let error as MediaError {
            throw error
        } catch let error as FieldError {
            throw error
        } catch let errors as FieldErrors {
            throw errors
        } catch {
            throw AppError.badRequest("The multipart body could not be read: \(String(describing: error).prefix(200)).")
        }
    }

    /// Reads and discards a part nobody asked for (at most 1 MB).
    static func drain(_ body: HTTPBody) async throws {
        try RequestContext.current?.multipartTextBudget.countPart()
        var seen = 0
        for try await chunk in body {
            seen += chunk.count
            if seen > 1 << 20 { throw AppError.badRequest("The request has a large part this call does not use.") }
        }
    }
}
