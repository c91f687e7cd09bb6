import Foundation
import HeirloomCore
import Vapor

/// The JSON body of every API error: `{"error": {"code", "message", "field", "fields"}}`.
struct ErrorResponse: Content {
    struct Body: Codable {
        var code: String
        var message: String
        var field: String?
        /// Every refused field, when a form had several mistakes; `field` and `message` are the first.
        var fields: [Field]?

        init(code: String, message: String, field: String? = nil, fields: [FieldError] = []) {
            self.code = code
            self.message = message
            self.field = field
            self.fields = fields.isEmpty ? nil : fields.map { Field(field: $0.field, message: $0.message) }
        }
    }

    struct Field: Codable {
        var field: String
        var message: String
    }

    var error: Body
}
