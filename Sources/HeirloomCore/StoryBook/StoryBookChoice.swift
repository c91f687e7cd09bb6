import Foundation

/// The book page's form read as a `?chapters=` list: `include-<id>` ticks a chapter, `order-<id>` is its number.
public enum StoryBookChoice {
    /// The ticked chapters' ids, by their numbers; a missing or unreadable number puts a chapter last, and chapters
    /// with the same number come in a steady order.
    public static func chapters(_ fields: [String: String]) -> [String] {
        let ticked = fields.keys.filter { $0.hasPrefix("include-") }.map { String($0.dropFirst("include-".count)) }
        return ticked.sorted { left, right in
            let a = Int(fields["order-\(left)"]?.trimmingCharacters(in: .whitespaces) ?? "") ?? Int.max
            let b = Int(fields["order-\(right)"]?.trimmingCharacters(in: .whitespaces) ?? "") ?? Int.max
            return a != b ? a < b : left < right
        }
    }
}
