import Foundation

/// What the checklist is built from: an entry the executors can read.
public struct BinderChecklistSource: Sendable {
    public var entryID: UUID
    public var section: BinderSection
    public var title: String
    public var fields: [BinderField: String]

    public init(entryID: UUID, section: BinderSection, title: String, fields: [BinderField: String]) {
        self.entryID = entryID
        self.section = section
        self.title = title
        self.fields = fields
    }
}

/// One thing to do on the executors' checklist.
public struct BinderChecklistTask: Equatable, Sendable {
    /// Stable across visits: the ticks are stored under it.
    public var key: String
    public var text: String
    /// Where the details are: the entry the task came from.
    public var entryID: UUID
    public var section: BinderSection
}

/// The executors' first things to do, built from what the binder holds: the people to tell first, then the will and
/// the funeral wishes, then each account, policy and service to notify.
public enum BinderChecklist {
    /// The sections in the order their tasks come.
    static let order: [BinderSection] = [
        .people, .legal, .funeral, .health, .money, .insurance, .home, .vehicles, .digital, .pets,
    ]

    /// The tasks for `entries` (those the executors can read), in the order to do them.
    public static func tasks(_ entries: [BinderChecklistSource]) -> [BinderChecklistTask] {
        order.flatMap { section in
            entries.filter { $0.section == section }
                .sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
                .map { entry in
                    BinderChecklistTask(
                        key: "entry-\(entry.entryID.uuidString.lowercased())", text: text(entry),
                        entryID: entry.entryID, section: section)
                }
        }
    }

    /// The task in words: "Tell Aunt Rose", "Find “My will” (kept at the bureau)", "Notify Barclays:
    /// “Current account”".
    static func text(_ entry: BinderChecklistSource) -> String {
        let title = "\u{201C}\(entry.title)\u{201D}"
        let institution = entry.fields[.institution]
        switch entry.section {
        case .people: return "Tell \(entry.title)"
        case .legal: return "Find \(title)" + (entry.fields[.originalKeptAt].map { " (kept at \($0))" } ?? "")
        case .funeral: return "Read \(title)"
        case .health: return institution.map { "Tell \($0): \(title)" } ?? "See to \(title)"
        case .money, .insurance: return institution.map { "Notify \($0): \(title)" } ?? "Notify about \(title)"
        case .digital: return "Close or keep \(title)"
        case .pets: return "Look after \(title)"
        case .home, .vehicles, .other: return "See to \(title)"
        }
    }
}
