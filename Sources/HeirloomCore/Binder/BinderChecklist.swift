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
    /// The sections in the order their tasks come, and the sentence each task starts with.
    static let order: [(BinderSection, String)] = [
        (.people, "Tell"), (.legal, "Find"), (.funeral, "Read the funeral wishes:"), (.health, "Tell"),
        (.money, "Notify"), (.insurance, "Notify"), (.home, "See to"), (.vehicles, "See to"),
        (.digital, "Close or keep"), (.pets, "Look after"),
    ]

    /// The tasks for `entries` (those the executors can read), in the order to do them.
    public static func tasks(_ entries: [BinderChecklistSource]) -> [BinderChecklistTask] {
        order.flatMap { section, verb in
            entries.filter { $0.section == section }
                .sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
                .map { entry in
                    BinderChecklistTask(
                        key: "entry-\(entry.entryID.uuidString.lowercased())", text: text(verb, entry),
                        entryID: entry.entryID, section: section)
                }
        }
    }

    private static func text(_ verb: String, _ entry: BinderChecklistSource) -> String {
        let place = entry.fields[.originalKeptAt].map { " (kept at \($0))" } ?? ""
        let whom = entry.fields[.institution].map { " at \($0)" } ?? ""
        switch entry.section {
        case .legal: return "\(verb) \(entry.title)\(place)"
        case .money, .insurance, .health: return "\(verb) \(entry.title)\(whom)"
        default: return "\(verb) \(entry.title)"
        }
    }
}
