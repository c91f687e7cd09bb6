import Foundation

/// How the Memory Palace Family Collector iPhone app writes a memory's fields, read into Heirloom's terms.
///
/// The app's source is the contract (docs/seed-apps-contract.md, part A): dates as ISO 8601 instants with
/// milliseconds (or `yyyy-MM-dd` for written notes), people as a JSON array of integer ids where `-1` is its own
/// "primary person", and face tags in its own shape.
public enum MemoryPalaceFields {
    /// The day a `whenWasThis` names, as Heirloom stores it ("1968-07-14"); nil when it is empty.
    ///
    /// The app's date picker is date-only but sends an instant at whatever time of day the picker was opened, so the
    /// day is read in the hub's time zone, which is the family's, not in UTC.
    public static func day(fromWhenWasThis raw: String, timeZone: TimeZone) throws(FieldError) -> String? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        if text.count == 10, let date = try? MemoryDate.parse(text), date.precision == .day {
            return date.storedValue
        }
        guard let instant = instant(text) else {
            throw FieldError(
                field: "whenWasThis", message: "Please send the date as 2024-07-15T14:03:22.123Z or 2024-07-15.")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        guard let year = parts.year, let month = parts.month, let day = parts.day,
            let date = try? MemoryDate(year: year, month: month, day: day)
        else {
            throw FieldError(field: "whenWasThis", message: "Please send a date from the years 1000 to 9999.")
        }
        return date.storedValue
    }

    /// A memory's date as the app shows and edits it: noon UTC of its first day, with milliseconds, so every
    /// phone's time zone shows the same calendar day.
    public static func whenWasThis(_ date: MemoryDate?) -> String? {
        guard let date else { return nil }
        return String(format: "%04d-%02d-%02dT12:00:00.000Z", date.year, date.month ?? 1, date.day ?? 1)
    }

    /// An instant as the app decodes it: ISO 8601 in UTC with milliseconds.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// The people of a `peopleIds` part: JSON text of an integer array such as `[3,7]`. The app's own "primary
    /// person" (`-1`) is not one of the household's people and is left out.
    public static func peopleIDs(fromJSONText raw: String) throws(FieldError) -> [Int] {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return [] }
        guard let ids = try? JSONDecoder().decode([Int].self, from: Data(text.utf8)) else {
            throw FieldError(field: "peopleIds", message: "Please send the people as a JSON array of ids, like [1,2].")
        }
        return peopleIDs(ids)
    }

    /// The household's people among ids the app sent.
    public static func peopleIDs(_ ids: [Int]) -> [Int] { ids.filter { $0 > 0 } }

    /// A relationship as the app's picker sends it: "None" and blank mean none.
    public static func relationship(_ raw: String?) -> String? {
        guard let text = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
            text.lowercased() != "none"
        else { return nil }
        return text
    }

    /// The title the app's original hub gave a memory sent without one.
    public static func title(_ raw: String?, kind: MemoryKind) -> String {
        let text = raw?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard text.isEmpty else { return text }
        switch kind {
        case .photo: return "Untitled photo"
        case .video: return "Untitled video"
        case .voice: return "Untitled recording"
        case .text: return "Untitled note"
        }
    }

    /// The names in a `whoWasThere` text ("Alice, Bob"), each once, as `PersonName.key` compares them.
    public static func names(inWhoWasThere raw: String) -> [String] {
        var seen = Set<String>()
        return raw.split(separator: ",").compactMap { try? PersonName.clean(String($0)) }
            .filter { !$0.isEmpty && seen.insert(PersonName.key($0)).inserted }
    }

    static func instant(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

/// A face tag as the app sends it in the `faceTags` part: a box of top-left fractions of the photo and, when
/// someone was named, their id on the hub or their name.
public struct MemoryPalaceFaceTag: Codable, Sendable, Equatable {
    public struct Box: Codable, Sendable, Equatable {
        public var x, y, width, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public var id: String?
    public var personServerId: Int?
    public var personName: String?
    public var boundingBox: Box

    public init(id: String? = nil, personServerId: Int? = nil, personName: String? = nil, boundingBox: Box) {
        self.id = id
        self.personServerId = personServerId
        self.personName = personName
        self.boundingBox = boundingBox
    }

    /// Reads the part; blank is no tags.
    public static func tags(fromJSONText raw: String) throws(FieldError) -> [MemoryPalaceFaceTag] {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return [] }
        guard let tags = try? JSONDecoder().decode([MemoryPalaceFaceTag].self, from: Data(text.utf8)) else {
            throw FieldError(field: "faceTags", message: "The face tags could not be read.")
        }
        guard tags.count <= FaceBox.maximumPerMemory else {
            throw FieldError(
                field: "faceTags", message: "A memory can hold at most \(FaceBox.maximumPerMemory) face tags.")
        }
        return tags
    }

    /// The tag on the memory's one photo. The person is the hub id when it is one of `knownIDs`, else the person
    /// whose name matches (`namesToIDs` is keyed by `PersonName.key`), else nobody. A box the phone's face
    /// detector let overshoot the edge is pulled inside; nil when nothing of it is left.
    public func box(knownIDs: Set<Int>, namesToIDs: [String: Int]) -> FaceBox? {
        let b = boundingBox
        guard [b.x, b.y, b.width, b.height].allSatisfy(\.isFinite) else { return nil }
        let left = min(max(b.x, 0), 1)
        let top = min(max(b.y, 0), 1)
        let right = min(max(b.x + b.width, 0), 1)
        let bottom = min(max(b.y + b.height, 0), 1)
        guard right - left > 0.001, bottom - top > 0.001, left < 1, top < 1 else { return nil }
        var personID: Int?
        if let id = personServerId, knownIDs.contains(id) {
            personID = id
        } else if let name = personName.flatMap({ try? PersonName.clean($0) }) {
            personID = namesToIDs[PersonName.key(name)]
        }
        return FaceBox(photoIndex: 0, personID: personID, x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// A memory as the Memory Palace app sends it (multipart text parts, or the JSON of a written note).
public struct MemoryPalaceUpload: Sendable {
    public var title: String?
    public var description: String?
    public var context: String?
    public var content: String?
    public var whenWasThis: String?
    public var whereWasThis: String?
    public var deviceName: String?
    public var peopleIDs: [Int] = []
    public var faceTags: [MemoryPalaceFaceTag] = []

    public init() {}

    /// Takes one text part; `peopleIds` and `faceTags` are JSON text. Parts the hub does not use are ignored
    /// (the app's `duration`: the hub measures the recording itself).
    public mutating func add(part name: String, _ value: String) throws(FieldError) {
        switch name {
        case "title": title = value
        case "description": description = value
        case "context": context = value
        case "content": content = value
        case "whenWasThis": whenWasThis = value
        case "whereWasThis": whereWasThis = value
        case "deviceName": deviceName = value
        case "peopleIds": peopleIDs = try MemoryPalaceFields.peopleIDs(fromJSONText: value)
        case "faceTags": faceTags = try MemoryPalaceFaceTag.tags(fromJSONText: value)
        default: break
        }
    }

    /// The memory's fields in Heirloom's terms, with its face tags already matched to the household's people.
    ///
    /// A recording's words come as `context` and no `description`: they become its description, which is what
    /// the app shows for it.
    public func fields(kind: MemoryKind, timeZone: TimeZone, faces: [FaceBox]) throws(FieldError) -> MemoryFields {
        var fields = MemoryFields()
        fields.add("type", kind.rawValue)
        fields.add("title", MemoryPalaceFields.title(title, kind: kind))
        let hasDescription = !(description ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        if let words = hasDescription ? description : context { fields.add("description", words) }
        if hasDescription, let context { fields.add("context", context) }
        if let content { fields.add("content", content) }
        if let day = try MemoryPalaceFields.day(fromWhenWasThis: whenWasThis ?? "", timeZone: timeZone) {
            fields.add("date", day)
        }
        if let whereWasThis { fields.add("location", whereWasThis) }
        if !peopleIDs.isEmpty { fields.add("personIds", peopleIDs.map(String.init).joined(separator: ",")) }
        if !faces.isEmpty,
            let json = try? JSONEncoder().encode(faces.map(FaceJSON.init)),
            let text = String(data: json, encoding: .utf8)
        {
            fields.add("faceTags", text)
        }
        return fields
    }
}
