import Foundation
import Vapor

/// How far each running download of a household's archive has got, so the Export page can show a progress bar
/// in any browser while the browser itself saves the file.
///
/// The page names a download with a random id (`GET /api/export?progress=ID`) and asks
/// `GET /api/export/progress/ID` how far it is. Entries belong to the member who started the download: nobody
/// else can read them. They live in memory only (a restart ends the download anyway) and are forgotten an hour
/// after their last change.
actor ExportProgressBoard {
    enum State: String, Sendable {
        case running, done, failed
    }

    struct Entry: Sendable, Equatable {
        var written: Int64
        var total: Int64
        var state: State
        var changed: Date
    }

    private struct Key: Hashable {
        var userID: UUID
        var id: String
    }

    private var entries: [Key: Entry] = [:]
    private static let keptFor: TimeInterval = 3600

    /// An id a page may choose: 8 to 64 letters, digits or dashes.
    static func isValidID(_ id: String) -> Bool {
        (8...64).contains(id.count) && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    func start(_ id: String, userID: UUID, total: Int64, at now: Date) {
        entries = entries.filter { now.timeIntervalSince($0.value.changed) < Self.keptFor }
        entries[Key(userID: userID, id: id)] = Entry(written: 0, total: total, state: .running, changed: now)
    }

    func advance(_ id: String, userID: UUID, by bytes: Int64, at now: Date) {
        guard var entry = entries[Key(userID: userID, id: id)] else { return }
        entry.written += bytes
        entry.changed = now
        entries[Key(userID: userID, id: id)] = entry
    }

    func finish(_ id: String, userID: UUID, _ state: State, at now: Date) {
        entries[Key(userID: userID, id: id)]?.state = state
        entries[Key(userID: userID, id: id)]?.changed = now
    }

    func entry(_ id: String, userID: UUID) -> Entry? {
        entries[Key(userID: userID, id: id)]
    }
}

/// The answer of `GET /api/export/progress/{id}`.
struct ExportProgressAnswer: Content {
    var written: Int64
    var total: Int64
    /// running, done or failed.
    var state: String
}
