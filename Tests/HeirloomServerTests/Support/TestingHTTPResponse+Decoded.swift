import Foundation
import HeirloomAPI
import OpenAPIRuntime
import VaporTesting

extension TestingHTTPResponse {
    /// The body as `type` (usually a `Components.Schemas` type), read as the generated client reads an answer:
    /// plain `JSONDecoder` with the runtime's ISO 8601 dates. An answer that no longer matches the published
    /// document fails the test, with the body in the message.
    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try Self.apiDecoder.decode(type, from: Data(body.readableBytesView))
        } catch {
            throw TestFailure("\(error) in \(body.string)")
        }
    }

    /// The JSON error, failing the test when the body is not the documented error shape.
    var apiError: Components.Schemas.ErrorBody {
        get throws { try decoded(Components.Schemas.ErrorResponse.self).error }
    }

    /// The decoder of OpenAPIRuntime's `Converter` for the default `Configuration`, which the generated client uses.
    private static var apiDecoder: JSONDecoder {
        let transcoder = OpenAPIRuntime.Configuration().dateTranscoder
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try transcoder.decode(try decoder.singleValueContainer().decode(String.self))
        }
        return decoder
    }
}
