import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

/// The binder for trusted contacts and beneficiaries, through the bearer tokens of their own sessions.
extension APIHandler {
    func getExecutorBinder(_ input: Operations.GetExecutorBinder.Input) async throws
        -> Operations.GetExecutorBinder.Output
    {
        let executor = try await executor()
        let binder = try await request.heirloom.binder.binder(for: .executor(executor))
        let now = try request.heirloom.now
        let whole = BinderRelease.readsWholeNumbers(.executor, estate: binder.estate.status, at: now)
        return .ok(.init(body: .json(try await outsiderBody(binder, masked: !whole))))
    }

    func getExecutorChecklist(_ input: Operations.GetExecutorChecklist.Input) async throws
        -> Operations.GetExecutorChecklist.Output
    {
        let tasks = try await request.heirloom.binder.checklist(for: try await executor())
        return .ok(.init(body: .json(.init(tasks))))
    }

    func tickExecutorChecklist(_ input: Operations.TickExecutorChecklist.Input) async throws
        -> Operations.TickExecutorChecklist.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let tasks = try await request.heirloom.binder.tick(body.key, done: body.done, by: try await executor())
        return .ok(.init(body: .json(.init(tasks))))
    }

    func getRecipientBinder(_ input: Operations.GetRecipientBinder.Input) async throws
        -> Operations.GetRecipientBinder.Output
    {
        let binder = try await request.heirloom.binder.binder(for: .beneficiary(try await recipient()))
        return .ok(.init(body: .json(try await outsiderBody(binder))))
    }

    /// The binder for a member: numbers whole in `fields` for the holder, who keeps them (their app asked for them);
    /// masked there for the owners helping, as on their pages (`BinderRelease.readsWholeNumbers`); always masked in
    /// `maskedFields`.
    func binderBody(_ binder: BinderReading.Binder, for principal: Principal, outsider: Bool = false) async throws
        -> Components.Schemas.Binder
    {
        let words = try await BinderWords.load(binder.estate, reader: principal.userID, on: try request.db)
        let masked = try outsider || !readsWholeNumbers(binder.estate, principal)
        return .init(binder, words: words, masked: masked, fileURL: { SiteURL.media($0, .original) })
    }

    func entryBody(_ shown: BinderReading.Shown, for principal: Principal) async throws
        -> Components.Schemas.BinderEntry
    {
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: try request.db)
        let words = try await BinderWords.load(estate, reader: principal.userID, on: try request.db)
        let masked = try !readsWholeNumbers(estate, principal)
        return .init(shown, words: words, masked: masked, fileURL: { SiteURL.media($0, .original) })
    }

    private func readsWholeNumbers(_ estate: Estate, _ principal: Principal) throws -> Bool {
        let holderID = estate.$holder.id
        let reader: BinderReader = holderID == nil || holderID == principal.userID ? .holder : .owner(isAuthor: false)
        return BinderRelease.readsWholeNumbers(reader, estate: estate.status, at: try request.heirloom.now)
    }

    /// An outsider's binder: numbers masked, except for a trusted contact after the release.
    private func outsiderBody(_ binder: BinderReading.Binder, masked: Bool = true) async throws
        -> Components.Schemas.Binder
    {
        let words = try await BinderWords.load(binder.estate, reader: nil, on: try request.db)
        return .init(
            binder, words: words, masked: masked, fileURL: { SiteURL.apiBinderFile(.value($0), .value(.original)).path }
        )
    }
}
