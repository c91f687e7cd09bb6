import Foundation

/// Several things decided at once from the list: the same choice for each, all or nothing.
public enum ItemDecision {
    /// How many things one decision may name.
    public static let maximumItems = 200

    /// The chosen ids, each once, in the order given; none, or more than `maximumItems`, is an error naming
    /// `field`.
    public static func selection<ID: Hashable>(_ ids: [ID], field: String = "itemIds") throws(FieldError) -> [ID] {
        var seen = Set<ID>()
        let unique = ids.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else {
            throw FieldError(field: field, message: "Please tick the things this is for.")
        }
        guard unique.count <= maximumItems else {
            throw FieldError(
                field: field,
                message: "Please choose at most \(maximumItems) things at a time (you chose \(unique.count)).")
        }
        return unique
    }

    /// A refusal about one of the things, naming it, so that the person knows which to untick.
    public static func naming(_ error: FieldError, item name: String) -> FieldError {
        FieldError(field: error.field, message: "\(name): \(error.message)")
    }
}
