import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func getEstate(_ input: Operations.GetEstate.Input) async throws -> Operations.GetEstate.Output {
        .ok(.init(body: .json(.init(try await request.heirloom.estate.get(by: try principal)))))
    }

    func updateEstate(_ input: Operations.UpdateEstate.Input) async throws -> Operations.UpdateEstate.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        var holderID: UUID?
        if let raw = body.holderUserId {
            guard let id = UUID(uuidString: raw) else {
                throw AppError.invalid(
                    FieldError(field: "holderUserId", message: "Please choose a member of the household."))
            }
            holderID = id
        }
        let settings = EstateService.Settings(
            holderUserID: holderID, waitingPeriodDays: body.waitingPeriodDays, inactivityMonths: body.inactivityMonths,
            showValuesToRecipients: body.showValuesToRecipients, timeZone: body.timeZone,
            memberLetters: body.memberLetters)
        return .ok(.init(body: .json(.init(try await request.heirloom.estate.update(settings, by: try principal)))))
    }

    func cancelPassingReport(_ input: Operations.CancelPassingReport.Input) async throws
        -> Operations.CancelPassingReport.Output
    {
        let service = try request.heirloom.estate
        if try request.cancelledReport {
            // The holder's request itself already said they are still here.
            let estate = try await EstateService.ensure(householdID: try principal.householdID, on: try request.db)
            return .ok(.init(body: .json(.init(estate))))
        }
        return .ok(.init(body: .json(.init(try await service.cancel(by: try principal)))))
    }

    func reopenEstate(_ input: Operations.ReopenEstate.Input) async throws -> Operations.ReopenEstate.Output {
        .ok(.init(body: .json(.init(try await request.heirloom.estate.reopen(by: try principal)))))
    }

    func getEstateAudit(_ input: Operations.GetEstateAudit.Input) async throws -> Operations.GetEstateAudit.Output {
        let before = try input.query.before.map { try uuid($0, "audit entry") }
        let page = try await request.heirloom.estate.audit(
            before: before, limit: input.query.limit ?? 100, by: try principal)
        return .ok(
            .init(
                body: .json(
                    .init(
                        entries: try page.entries.map(Components.Schemas.EstateAuditEntry.init),
                        nextBefore: page.nextBefore?.text))))
    }

    func listExecutors(_ input: Operations.ListExecutors.Input) async throws -> Operations.ListExecutors.Output {
        let executors = try await request.heirloom.executors.list(by: try principal)
        return .ok(.init(body: .json(.init(executors: try executors.map(Components.Schemas.Executor.init)))))
    }

    func addExecutor(_ input: Operations.AddExecutor.Input) async throws -> Operations.AddExecutor.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let executor = try await request.heirloom.executors.add(name: body.name, email: body.email, by: try principal)
        return .created(.init(body: .json(try .init(executor))))
    }

    func removeExecutor(_ input: Operations.RemoveExecutor.Input) async throws -> Operations.RemoveExecutor.Output {
        try await request.heirloom.executors.remove(try uuid(input.path.id, "trusted contact"), by: try principal)
        return .noContent(.init())
    }

    func startExecutorSession(_ input: Operations.StartExecutorSession.Input) async throws
        -> Operations.StartExecutorSession.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let session = try await request.heirloom.executors.signIn(linkSecret: body.token, from: request.clientAddress)
        return .ok(.init(body: .json(.init(token: session.secret))))
    }

    func getExecutorEstate(_ input: Operations.GetExecutorEstate.Input) async throws
        -> Operations.GetExecutorEstate.Output
    {
        let service = try request.heirloom.executors
        let estate = try await service.estate(of: try await executor())
        return .ok(.init(body: .json(.init(estate, now: try request.heirloom.now))))
    }

    func reportPassing(_ input: Operations.ReportPassing.Input) async throws -> Operations.ReportPassing.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let estate = try await request.heirloom.executors.report(
            dateOfPassing: body.dateOfPassing, note: body.note, by: try await executor())
        return .ok(.init(body: .json(.init(estate, now: try request.heirloom.now))))
    }

    func listOutbox(_ input: Operations.ListOutbox.Input) async throws -> Operations.ListOutbox.Output {
        let messages = try await request.heirloom.outbox.list(by: try principal)
        let sendsMail = try request.heirloom.config.mail.isConfigured
        return .ok(
            .init(
                body: .json(
                    .init(
                        smtpConfigured: sendsMail,
                        messages: try messages.map { try .init($0, hubSendsMail: sendsMail) }))))
    }

    func markOutboxMessageSent(_ input: Operations.MarkOutboxMessageSent.Input) async throws
        -> Operations.MarkOutboxMessageSent.Output
    {
        let message = try await request.heirloom.outbox.markSent(try uuid(input.path.id, "message"), by: try principal)
        return .ok(.init(body: .json(try .init(message, hubSendsMail: try request.heirloom.config.mail.isConfigured))))
    }

    func resendOutboxMessage(_ input: Operations.ResendOutboxMessage.Input) async throws
        -> Operations.ResendOutboxMessage.Output
    {
        let message = try await request.heirloom.outbox.resend(try uuid(input.path.id, "message"), by: try principal)
        return .created(
            .init(body: .json(try .init(message, hubSendsMail: try request.heirloom.config.mail.isConfigured))))
    }

    /// The executor whose bearer token came with the request; anyone else finds nothing here.
    func executor() async throws -> Executor {
        guard let secret = try request.headers.bearerAuthorization?.token,
            let executor = try await request.heirloom.executors.executor(forSession: secret)
        else { throw AppError.notFound("page") }
        return executor
    }
}
