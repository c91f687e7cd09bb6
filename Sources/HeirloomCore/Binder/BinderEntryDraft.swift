import Foundation

/// What a person typed for a binder entry, checked.
public struct BinderEntryDraft: Equatable, Sendable {
    public var section: BinderSection
    public var title: String
    public var text: String
    /// Only the section's fields, trimmed, blanks left out.
    public var fields: [BinderField: String]
    public var reviewOn: Day?

    public static let maximumTitleLength = 200
    public static let maximumTextLength = 20_000

    /// Checks the raw values; `fields` are keyed by `BinderField` raw values. Throws every problem found, so a
    /// form shows them all at once (`FieldChecks`).
    public init(
        section rawSection: String, title rawTitle: String, text rawText: String?, fields rawFields: [String: String],
        reviewOn rawReviewOn: String?
    ) throws {
        guard let section = BinderSection(rawValue: rawSection) else {
            throw FieldError(field: "section", message: "Please choose one of the binder's sections.")
        }
        var checks = FieldChecks()
        let title = rawTitle.trimmingWhitespace()
        if title.isEmpty {
            checks.note(FieldError(field: "title", message: "Please give the entry a title, such as the bank's name."))
        }
        try checks.value { try Self.limit(title, Self.maximumTitleLength, field: "title", name: "The title") }
        let text = (rawText ?? "").trimmingWhitespace()
        try checks.value { try Self.limit(text, Self.maximumTextLength, field: "text", name: "The text") }
        var fields: [BinderField: String] = [:]
        for (key, raw) in rawFields.sorted(by: { $0.key < $1.key }) {
            guard let field = BinderField(rawValue: key), section.fields.contains(field) else {
                checks.note(FieldError(field: "fields.\(key)", message: "This section has no field \"\(key)\"."))
                continue
            }
            let value = raw.trimmingWhitespace()
            try checks.value { try Self.limit(value, field.maximumLength, field: "fields.\(key)", name: field.label) }
            if !value.isEmpty { fields[field] = value }
        }
        var reviewOn: Day?
        if let raw = rawReviewOn?.trimmingWhitespace(), !raw.isEmpty {
            reviewOn = Day(raw)
            if reviewOn == nil {
                checks.note(
                    FieldError(field: "reviewOn", message: "Please give the date as a day, such as 2030-04-01."))
            }
        }
        try checks.finish()
        self.section = section
        self.title = title
        self.text = text
        self.fields = fields
        self.reviewOn = reviewOn
    }

    private static func limit(_ text: String, _ maximum: Int, field: String, name: String) throws(FieldError) {
        try TextLimit.check(
            text, maximum: maximum, field: field,
            tooLong: "\(name) can be at most \(maximum) characters long; it has \(text.count).")
    }
}
