import Foundation

/// What a person's form or API call sets, cleaned by the domain rules.
public struct PersonInput: Sendable {
    public var name: String
    public var relationship: String?
    public var notes: String?
    public var birthDate: MemoryDate?
    public var deathDate: MemoryDate?

    public static let maximumNotesLength = 5000

    /// Cleans raw text fields; throws every field a person must fix (`FieldChecks`).
    public init(
        name: String, relationship: String?, notes: String? = nil, birthDate: String? = nil, deathDate: String? = nil
    ) throws {
        var checks = FieldChecks()
        let cleanName = try checks.value { try PersonName.clean(name) }
        self.relationship =
            try checks.value {
                try relationship.flatMap { raw throws(FieldError) in try FamilyRelationship.normalise(raw) }
            } ?? nil
        let notes = notes?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        try checks.value {
            try TextLimit.check(
                notes, maximum: Self.maximumNotesLength, field: "notes",
                tooLong: "Please keep the notes to \(Self.maximumNotesLength) characters.")
        }
        self.notes = notes.isEmpty ? nil : notes
        self.birthDate = try checks.value { try Self.date(birthDate, field: "birthDate") } ?? nil
        self.deathDate = try checks.value { try Self.date(deathDate, field: "deathDate") } ?? nil
        if let birth = self.birthDate, let death = self.deathDate, death.year < birth.year {
            checks.note(FieldError(field: "deathDate", message: "The date of death is before the date of birth."))
        }
        try checks.finish()
        self.name = cleanName ?? name
    }

    private static func date(_ raw: String?, field: String) throws(FieldError) -> MemoryDate? {
        do {
            return try MemoryDate.parse(raw ?? "")
        } catch {
            throw FieldError(field: field, message: error.message)
        }
    }
}
