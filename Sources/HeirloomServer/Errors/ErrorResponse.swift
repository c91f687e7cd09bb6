import Foundation
import Vapor

/// The JSON body of every API error: `{"error": {"code", "message", "field"}}`.
struct ErrorResponse: Content {
    struct Body: Codable {
        var code: String
        var message: String
        var field: String?
    }

    var error: Body
}
