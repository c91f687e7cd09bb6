import Fluent
import Foundation
import HeirloomCore

/// The executors' checklist: the first things to do, built from the entries they can read, ticked by any of them.
extension BinderService {
    /// A task with who ticked it and when.
    struct Task: Sendable {
        var task: BinderChecklistTask
        var tick: BinderTick?
    }

    /// The checklist as the executor sees it now.
    func checklist(for executor: Executor) async throws -> [Task] {
        let binder = try await binder(for: .executor(executor))
        return try await checklist(of: binder)
    }

    func checklist(of binder: BinderReading.Binder) async throws -> [Task] {
        let sources = binder.entries.map(Self.checklistSource)
        let ticks = try await BinderTick.query(on: db).filter(\.$household.$id == binder.estate.$household.id).all()
        let byKey = Dictionary(ticks.map { ($0.taskKey, $0) }, uniquingKeysWith: { first, _ in first })
        return BinderChecklist.tasks(sources).map { Task(task: $0, tick: byKey[$0.key]) }
    }

    /// What the checklist is built from: an entry without its numbers.
    static func checklistSource(_ shown: BinderReading.Shown) -> BinderChecklistSource {
        BinderChecklistSource(
            entryID: shown.entry.id ?? UUID(), section: shown.entry.binderSection, title: shown.entry.title,
            fields: shown.entry.fields.filter { !$0.key.isMasked })
    }

    /// Ticks a task done, or not done again; once the estate is released, and only a task on the executor's list.
    func tick(_ key: String, done: Bool, by executor: Executor) async throws -> [Task] {
        let estate = try await EstateService.ensure(householdID: executor.$household.id, on: db)
        let now = clock()
        guard estate.status.releaseMoment(at: now) != nil else { throw Self.notReleased }
        let tasks = try await checklist(for: executor)
        guard let task = tasks.first(where: { $0.task.key == key }) else { throw AppError.notFound("task") }
        let householdID = executor.$household.id
        try await db.transaction { db in
            try await BinderTick.query(on: db).filter(\.$household.$id == householdID).filter(\.$taskKey == key)
                .delete()
            if done {
                let tick = BinderTick()
                tick.$household.id = householdID
                tick.taskKey = key
                tick.tickedBy = executor.name
                // Whole seconds: what the export writes, and reads back the same from every database.
                tick.tickedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
                try await tick.create(on: db)
            }
            let verb = done ? "ticked" : "unticked"
            try await AuditLog.append(
                .checklistTicked, "\(executor.name) \(verb) \u{201C}\(task.task.text)\u{201D}.",
                householdID: householdID,
                at: now, on: db)
        }
        return try await checklist(for: executor)
    }

    static let notReleased = AppError.conflict(
        code: "not_released",
        message: "The checklist can be ticked once the passing is confirmed and the estate released.")
}
