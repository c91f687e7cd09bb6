/// A problem with one field of what a person entered, said so that they can fix it.
public struct FieldError: Error, Equatable, Sendable {
    /// The name of the field, as the API and the web forms call it.
    public var field: String
    /// A sentence a person understands.
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
