/// What a paper kept with an item is: the family says so, and heirs read it instead of the file's name.
public enum DocumentType: String, CaseIterable, Sendable {
    case appraisal, receipt, warranty, insurance, certificate, other

    /// "Appraisal", …, "Other": the choice on the upload form.
    public var label: String {
        switch self {
        case .appraisal: "Appraisal"
        case .receipt: "Receipt"
        case .warranty: "Warranty"
        case .insurance: "Insurance"
        case .certificate: "Certificate"
        case .other: "Other"
        }
    }

    /// The kind as shown beside a paper; nil for other, which tells a reader nothing.
    public var shownKind: String? { self == .other ? nil : label }

    /// A stored value; anything unknown reads as other (a stored row was checked when it was written).
    public init(stored raw: String) {
        self = DocumentType(rawValue: raw) ?? .other
    }

    /// Reads the `documentType` field: absent or empty is nil (left as it is, or other for a new paper).
    public static func parse(_ raw: String?, field: String = "documentType") throws(FieldError) -> DocumentType? {
        let text = (raw ?? "").trimmingWhitespace().lowercased()
        guard !text.isEmpty else { return nil }
        guard let type = DocumentType(rawValue: text) else {
            throw FieldError(
                field: field,
                message:
                    "Please choose what the paper is: appraisal, receipt, warranty, insurance, certificate or other."
            )
        }
        return type
    }
}

/// The words a family gives a paper kept with an item.
public enum DocumentTitle {
    /// The most characters a title may have.
    public static let maximumLength = 200

    /// Trims a title; empty is nil (no title: the file's name is shown).
    public static func parse(_ raw: String?, field: String = "title") throws(FieldError) -> String? {
        let title = (raw ?? "").trimmingWhitespace()
        guard !title.isEmpty else { return nil }
        try TextLimit.check(
            title, maximum: maximumLength, field: field,
            tooLong: "The title can be at most \(maximumLength) characters long.")
        return title
    }

    /// What a person reads for a paper: its title, else its file's name.
    public static func shown(title: String?, fileName: String) -> String {
        guard let title, !title.isEmpty else { return fileName }
        return title
    }

    /// The paper in one line, its kind first when it has one: "Appraisal: Sotheby's, 2019", "Receipt: scan.pdf".
    public static func described(title: String?, fileName: String, type: DocumentType) -> String {
        let name = shown(title: title, fileName: fileName)
        return type.shownKind.map { "\($0): \(name)" } ?? name
    }
}
