import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The household's storytellers and the questions waiting for them: owners and editors manage, viewers read;
/// another household's storyteller does not exist here.
struct StorytellerService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    /// What a storyteller is given as, before the checks.
    struct Draft: Sendable {
        var name: String
        var email: String
        var userID: UUID?
        var weekday: Int
        var hour: Int
        var active: Bool = true
    }

    func list(_ principal: Principal) async throws -> [Storyteller] {
        try await Storyteller.query(on: db).filter(\.$household.$id == principal.householdID).sort(\.$name).all()
    }

    func find(_ id: UUID, _ principal: Principal) async throws -> Storyteller {
        guard
            let storyteller = try await Storyteller.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).first()
        else { throw AppError.notFound("storyteller") }
        return storyteller
    }

    func create(_ draft: Draft, by principal: Principal) async throws -> Storyteller {
        try principal.requireEditor()
        let storyteller = Storyteller()
        storyteller.$household.id = principal.householdID
        try await apply(draft, to: storyteller, principal)
        try await storyteller.create(on: db)
        return storyteller
    }

    func update(_ id: UUID, _ change: (inout Draft) -> Void, by principal: Principal) async throws -> Storyteller {
        try principal.requireEditor()
        let storyteller = try await find(id, principal)
        var draft = Draft(
            name: storyteller.name, email: storyteller.email, userID: storyteller.$user.id,
            weekday: storyteller.weekday, hour: storyteller.hour, active: storyteller.active)
        change(&draft)
        try await apply(draft, to: storyteller, principal)
        try await storyteller.save(on: db)
        return storyteller
    }

    /// Removes the storyteller and their questions; every link they were sent stops at once.
    func delete(_ id: UUID, by principal: Principal) async throws {
        try principal.requireEditor()
        let storyteller = try await find(id, principal)
        let questionIDs = try await StoryQuestion.query(on: db).filter(\.$storyteller.$id == id).all(\.$id)
        try await db.transaction { db in
            if !questionIDs.isEmpty {
                try await LinkToken.query(on: db).filter(\.$subjectID ~~ questionIDs)
                    .filter(\.$kind ~~ [.storyLink, .storySession, .bookRecording]).delete()
            }
            try await storyteller.delete(on: db)
        }
    }

    private func apply(_ draft: Draft, to storyteller: Storyteller, _ principal: Principal) async throws {
        // Every field is checked, so the form shows all its mistakes at once.
        var checks = FieldChecks()
        let name = try checks.value { try AccountRules.name(draft.name, field: "name") }
        let email = try checks.value { try AccountRules.email(draft.email) }
        let schedule = try checks.value { try WeeklySchedule(weekday: draft.weekday, hour: draft.hour) }
        if let userID = draft.userID {
            let member = try await User.query(on: db).filter(\.$id == userID)
                .filter(\.$household.$id == principal.householdID).first()
            if member == nil {
                checks.note(FieldError(field: "userId", message: "Please choose a member of the household."))
            }
        }
        try checks.finish()
        guard let name, let email, let schedule else { throw AppError.internalProblem("a storyteller's checks") }
        // A new time, or a pause ending: the next question waits for the chosen day and hour, not the old date.
        let changedTime =
            storyteller.id == nil || schedule != storyteller.schedule || (draft.active && !storyteller.active)
        storyteller.name = name
        storyteller.email = email
        storyteller.$user.id = draft.userID
        storyteller.weekday = schedule.weekday
        storyteller.hour = schedule.hour
        storyteller.active = draft.active
        if changedTime {
            storyteller.nextSendAt = schedule.nextSend(after: clock(), in: try await zone(principal.householdID))
        }
    }

    func zone(_ householdID: UUID) async throws -> TimeZone {
        try await Household.find(householdID, on: db)?.zone ?? .current
    }
}
