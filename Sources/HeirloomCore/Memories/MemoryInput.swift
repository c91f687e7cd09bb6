import Foundation

/// The text fields of a new memory as they arrive (multipart parts or form fields), repeated names kept.
public struct MemoryFields: Sendable {
    public private(set) var values: [String: [String]] = [:]

    public init() {}

    /// The most bytes a text part may have: 100,000 characters of any script fit, a file sent by mistake does not.
    public static let maximumPartBytes = 400_000

    public mutating func add(_ name: String, _ value: String) { values[name, default: []].append(value) }

    public func first(_ name: String) -> String? { values[name]?.first }

    /// The kind the memory will be, as soon as the type part has arrived.
    public var kind: MemoryKind? { first("type").flatMap { try? MemoryKind.parse($0) } }
}

/// A new memory's details, cleaned by the domain rules.
public struct MemoryInput: Sendable {
    public var kind: MemoryKind
    public var details: MemoryDetails
    public var personIDs: [Int]
    public var faces: [FaceBox]

    public init(_ fields: MemoryFields) throws {
        kind = try MemoryKind.parse(fields.first("type") ?? "")
        details = try MemoryDetails(
            title: fields.first("title") ?? "",
            description: fields.first("description"),
            content: fields.first("content"),
            date: fields.first("date"),
            location: fields.first("location"),
            context: fields.first("context"),
            kind: kind)
        personIDs = try IDList.parse(fields.values["personIds"] ?? [], field: "personIds")
        faces = try Self.faces(fields.first("faceTags"))
    }

    /// Reads the faceTags part: a JSON array of {photoIndex, personId or null, x, y, width, height}.
    public static func faces(_ json: String?) throws(FieldError) -> [FaceBox] {
        guard let json, !json.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        let faces: [FaceJSON]
        do {
            faces = try JSONDecoder().decode([FaceJSON].self, from: Data(json.utf8))
        } catch {
            throw FieldError(
                field: "faceTags",
                message:
                    "The face tags could not be read: send a JSON array of {photoIndex, personId, x, y, width, height}."
            )
        }
        guard faces.count <= FaceBox.maximumPerMemory else {
            throw FieldError(
                field: "faceTags", message: "A memory can hold at most \(FaceBox.maximumPerMemory) face tags.")
        }
        return faces.map(\.box)
    }
}

/// A face tag as the multipart `faceTags` part and the face editor's script send it.
public struct FaceJSON: Codable {
    public var photoIndex: Int
    public var personId: Int?
    public var x, y, width, height: Double

    public init(photoIndex: Int, personId: Int?, x: Double, y: Double, width: Double, height: Double) {
        self.photoIndex = photoIndex
        self.personId = personId
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(_ box: FaceBox) {
        photoIndex = box.photoIndex
        personId = box.personID
        x = box.x
        y = box.y
        width = box.width
        height = box.height
    }

    public var box: FaceBox {
        FaceBox(photoIndex: photoIndex, personID: personId, x: x, y: y, width: width, height: height)
    }
}

/// The words of a memory: required title, optional rest, each within its limit.
public struct MemoryDetails: Sendable {
    public static let maximumDescriptionLength = 5000

    public var title: String
    public var description: String?
    public var content: String?
    public var date: MemoryDate?
    public var location: String?
    public var context: String?

    public init(
        title: String, description: String?, content: String?, date: String?, location: String?, context: String?,
        kind: MemoryKind
    ) throws {
        // Every field is checked, so a form shows all its mistakes at once.
        var checks = FieldChecks()
        let title = try checks.value { try Self.text(title, field: "title", limit: 200) }
        if title == .some(nil) { checks.note(FieldError(field: "title", message: "Please give the memory a title.")) }
        self.title = (title ?? nil) ?? ""
        self.description =
            try checks.value { try Self.text(description, field: "description", limit: Self.maximumDescriptionLength) }
            ?? nil
        let content = try checks.value { try Self.text(content, field: "content", limit: 100_000) }
        self.content = content ?? nil
        if kind == .text, content == .some(nil) {
            checks.note(FieldError(field: "content", message: "Please write the memory down."))
        }
        self.date = try checks.value { try MemoryDate.parse(date ?? "") } ?? nil
        self.location = try checks.value { try Self.text(location, field: "location", limit: 200) } ?? nil
        self.context = try checks.value { try Self.text(context, field: "context", limit: 2000) } ?? nil
        try checks.finish()
    }

    /// Trimmed text, nil when blank; throws when longer than `limit` characters.
    public static func text(_ raw: String?, field: String, limit: Int) throws(FieldError) -> String? {
        let text = raw?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        try TextLimit.check(text, maximum: limit, field: field, tooLong: "Please keep this to \(limit) characters.")
        return text.isEmpty ? nil : text
    }
}
