import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func inviteRecipient(_ input: Operations.InviteRecipient.Input) async throws -> Operations.InviteRecipient.Output {
        let message = try await request.heirloom.recipients.invite(
            try uuid(input.path.id, "beneficiary"), by: try principal)
        return .ok(.init(body: .json(try .init(message, hubSendsMail: try request.heirloom.config.mail.isConfigured))))
    }

    func previewRelease(_ input: Operations.PreviewRelease.Input) async throws -> Operations.PreviewRelease.Output {
        let principal = try principal
        let beneficiaryID = try uuid(input.query.beneficiaryId, "beneficiary")
        let services = try request.heirloom
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: services.db)
        let moment = try RecipientAPI.moment(input.query.at, timeZone: estate.zone)
        let links = try await services.recipients.preview(beneficiaryID, at: moment, by: principal)
        let person = try await services.beneficiaries.find(beneficiaryID, by: principal)
        return .ok(.init(body: .json(try RecipientAPI.list(links, estate: estate, wouldBeTold: person.canBeTold))))
    }

    func startRecipientSession(_ input: Operations.StartRecipientSession.Input) async throws
        -> Operations.StartRecipientSession.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let session = try await request.heirloom.recipients.signIn(linkSecret: body.token, from: request.clientAddress)
        return .ok(.init(body: .json(.init(token: session.secret))))
    }

    func listRecipientItems(_ input: Operations.ListRecipientItems.Input) async throws
        -> Operations.ListRecipientItems.Output
    {
        let person = try await recipient()
        let services = try request.heirloom
        let estate = try await EstateService.ensure(householdID: person.$household.id, on: services.db)
        let links = try await services.recipients.items(of: person)
        return .ok(.init(body: .json(try RecipientAPI.list(links, estate: estate, now: services.now))))
    }

    func getRecipientItem(_ input: Operations.GetRecipientItem.Input) async throws
        -> Operations.GetRecipientItem.Output
    {
        let person = try await recipient()
        let link = try await request.heirloom.recipients.item(try uuid(input.path.id, "item"), of: person)
        return .ok(.init(body: .json(try await recipientItem(link, of: person))))
    }

    func acceptRecipientItem(_ input: Operations.AcceptRecipientItem.Input) async throws
        -> Operations.AcceptRecipientItem.Output
    {
        let person = try await recipient()
        let link = try await request.heirloom.recipients.answer(
            try uuid(input.path.id, "item"), accept: true, by: person)
        return .ok(.init(body: .json(try await recipientItem(link, of: person))))
    }

    func declineRecipientItem(_ input: Operations.DeclineRecipientItem.Input) async throws
        -> Operations.DeclineRecipientItem.Output
    {
        let person = try await recipient()
        let link = try await request.heirloom.recipients.answer(
            try uuid(input.path.id, "item"), accept: false, by: person)
        return .ok(.init(body: .json(try await recipientItem(link, of: person))))
    }

    private func recipientItem(_ link: ItemBeneficiary, of person: Beneficiary) async throws
        -> Components.Schemas.RecipientItem
    {
        let estate = try await EstateService.ensure(householdID: person.$household.id, on: try request.db)
        return try .init(link, showValues: estate.showValuesToRecipients)
    }

    /// The recipient whose bearer token came with the request; anyone else finds nothing here.
    func recipient() async throws -> Beneficiary {
        guard let secret = try request.headers.bearerAuthorization?.token,
            let person = try await request.heirloom.recipients.recipient(forSession: secret)
        else { throw AppError.notFound("page") }
        return person
    }
}

/// The small parsing and mapping the recipient API shares.
enum RecipientAPI {
    /// A day (its start in the household's time zone) or an ISO 8601 date-time.
    static func moment(_ raw: String, timeZone: TimeZone) throws -> Date {
        let text = raw.trimmingWhitespace()
        if let day = Day(text) { return day.start(in: timeZone) }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        if let date = formatter.date(from: text) { return date }
        throw AppError.invalid(
            FieldError(field: "at", message: "Please give a day like 2031-05-01 or a moment like 2031-05-01T09:00:00Z.")
        )
    }

    /// The items, with the trusted contact's note once the estate is released (`now` given), or, in a preview,
    /// whether the beneficiary would be told.
    static func list(_ links: [ItemBeneficiary], estate: Estate, now: Date? = nil, wouldBeTold: Bool? = nil) throws
        -> Components.Schemas.RecipientItemList
    {
        let note = now.flatMap { estate.status.effectiveState(at: $0) == .released ? estate.noteForHeirs : nil }
        return .init(
            fromName: estate.holder?.name ?? "",
            items: try links.map {
                try .init($0, showValues: estate.showValuesToRecipients, ownReason: wouldBeTold == nil)
            },
            wouldBeTold: wouldBeTold, note: note.map { .init(by: $0.by, text: $0.text) })
    }
}
