import Fluent
import Foundation
import HeirloomCore
import Vapor

/// Settings → Passing on and Settings → Outbox (owners), and the owner's "Invite to see their items" button.
struct PassingOnWebController {
    func index(req: Request) async throws -> View {
        try await render(req: req, errors: [:])
    }

    /// The page, with the errors of a form sent from it; `heirError` belongs to one heir's email form.
    func render(req: Request, errors: [String: String], heirError: (UUID, String)? = nil) async throws -> View {
        let principal = try req.principal()
        let services = req.heirloom
        let estate = try await services.estate.get(by: principal)
        let members = try await services.households.members(of: principal)
        let executors = try await services.executors.list(by: principal)
        let beneficiaries = try await services.beneficiaries.list(by: principal)
        // The log a page at a time: `?log=ID` shows the entries older than that one.
        let logBefore = req.query[String.self, at: "log"].flatMap { UUID(uuidString: $0) }
        let audit = try await services.estate.audit(before: logBefore, limit: 30, by: principal)
        let heirs = try await services.heirs.heirs(by: principal)
        let now = services.now
        let state = estate.status.effectiveState(at: now)
        var detail = ""
        if state == .passingReported, let releaseAt = estate.releaseAt {
            detail =
                "\(estate.reportedBy ?? "A trusted contact") reported it. Unless \(estate.holder?.name ?? "the estate holder") "
                + "says they are still here, the items will be released on \(estate.days.day(releaseAt))."
        } else if state == .released {
            detail =
                "Items left upon passing are visible to their beneficiaries. If this was a mistake, reopen the estate."
        }
        var model = PassingOnPages.Settings(
            members: try members.map {
                .init(id: try $0.requireID().text, name: $0.name, isHolder: $0.id == estate.$holder.id)
            },
            waitingPeriodDays: estate.waitingPeriodDays,
            inactivityMonths: estate.inactivityMonths ?? 0,
            inactivityChoices: [3, 6, 12, 18, 24],
            showValues: estate.showValuesToRecipients,
            timeZone: estate.zone.identifier,
            stateLabel: PassingOnPages.stateLabel(state),
            stateDetail: detail,
            isReported: state == .passingReported,
            isReleased: state == .released,
            isHolder: estate.$holder.id == principal.userID,
            executors: try executors.map {
                .init(
                    id: try $0.requireID().text, name: $0.name, email: $0.email,
                    statusLabel: $0.status == .confirmed ? "Has opened their link" : "Invited")
            },
            beneficiaries: try beneficiaries.map {
                .init(id: try $0.beneficiary.requireID().text, name: $0.beneficiary.name)
            },
            heirs: PassingOnPages.heirRows(heirs, forOwners: true, errorFor: heirError.map { ($0.0, $0.1) }),
            heirsToTell: PassingOnPages.heirsToTellText(heirs, released: state == .released),
            today: Day(now, in: estate.zone).text,
            audit: audit.entries.map { .init(when: principal.days.dayAndTime($0.at), detail: $0.detail) },
            olderAuditURL: audit.nextBefore.map {
                SiteURL.passingOn.path(query: [URLQueryItem(name: "log", value: $0.text)], fragment: "audit")
            },
            newestAuditURL: logBefore == nil ? nil : SiteURL.passingOn.path(fragment: "audit"),
            errors: errors)
        model.memberLetters = estate.memberLetters
        return try await Page.render(
            .passingOn, base: PageBase(request: req, title: "Passing on", nav: .settings), model, on: req)
    }

    struct SettingsForm: Content {
        var holderUserId: String?
        var waitingPeriodDays: String?
        var inactivityMonths: String?
        var showValuesToRecipients: String?
        var memberLetters: String?
    }

    func update(req: Request) async throws -> Response {
        let form = try req.content.decode(SettingsForm.self)
        return try await req.submitForm {
            guard let days = form.waitingPeriodDays.flatMap({ Int($0) }) else {
                throw AppError.invalid(
                    FieldError(field: "waitingPeriodDays", message: "The waiting period must be between 1 and 90 days.")
                )
            }
            let months = form.inactivityMonths.flatMap { Int($0) }.flatMap { $0 == 0 ? nil : $0 }
            let settings = EstateService.Settings(
                holderUserID: form.holderUserId.flatMap(UUID.init(uuidString:)), waitingPeriodDays: days,
                inactivityMonths: months, showValuesToRecipients: form.showValuesToRecipients == "on",
                memberLetters: form.memberLetters == "on")
            _ = try await req.heirloom.estate.update(settings, by: try req.principal())
            return req.redirect(to: SiteURL.passingOn.path(done: .estateSaved))
        } orShowAgain: { errors in
            try await render(req: req, errors: errors)
        }
    }

    struct ExecutorForm: Content {
        var name: String?
        var email: String?
    }

    func addExecutor(req: Request) async throws -> Response {
        let form = try req.content.decode(ExecutorForm.self)
        return try await req.submitForm {
            _ = try await req.heirloom.executors.add(
                name: form.name ?? "", email: form.email ?? "", by: try req.principal())
            return req.redirect(to: SiteURL.passingOn.path(done: .executorAdded, fragment: "executors"))
        } orShowAgain: { errors in
            try await render(req: req, errors: errors.mapKeys { $0 == "email" ? "executorEmail" : "executorName" })
        }
    }

    func removeExecutor(req: Request) async throws -> Response {
        try await req.heirloom.executors.remove(try req.id("trusted contact"), by: try req.principal())
        return req.redirect(to: SiteURL.passingOn.path(done: .executorRemoved, fragment: "executors"))
    }

    func stillHere(req: Request) async throws -> Response {
        if !req.cancelledReport { _ = try await req.heirloom.estate.cancel(by: try req.principal()) }
        return req.redirect(to: SiteURL.passingOn.path(done: .stillHere))
    }

    func reopen(req: Request) async throws -> Response {
        _ = try await req.heirloom.estate.reopen(by: try req.principal())
        return req.redirect(to: SiteURL.passingOn.path(done: .estateReopened))
    }

    func preview(req: Request) async throws -> View {
        let principal = try req.principal()
        let id = try req.id("beneficiary")
        let services = req.heirloom
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: req.db)
        let at = req.query[String.self, at: "at"] ?? Day(services.now, in: estate.zone).text
        let moment = try RecipientAPI.moment(at, timeZone: estate.zone)
        let person = try await services.beneficiaries.find(id, by: principal)
        let links = try await services.recipients.preview(id, at: moment, by: principal)
        let transcripts = try await PassingOnPages.storyTranscripts(links, on: req.db)
        let model = PassingOnPages.Preview(
            name: person.name, beneficiaryID: id.text, at: at,
            items: try links.map {
                try .init(
                    $0, showValues: estate.showValuesToRecipients, ownReason: false, transcripts: transcripts)
            },
            wouldNotBeTold: person.canBeTold
                ? nil
                : "The hub has no email address for \(person.name), so nobody would tell them that these things "
                    + "are theirs. "
                    + (principal.role.canManageHousehold
                        ? "Add their email, or print their link, under Passing on → Who will be told."
                        : "Add their email on their page, or ask an owner to print their link."),
            fixHref: principal.role.canManageHousehold ? SiteURL.passingOn.path(fragment: "heirs") : nil)
        return try await Page.render(
            .passingOnPreview, base: PageBase(request: req, title: "Preview as \(person.name)", nav: .settings), model,
            on: req)
    }

    func outbox(req: Request) async throws -> View {
        let services = req.heirloom
        let principal = try req.principal()
        let messages = try await services.outbox.list(by: principal)
        let model = PassingOnPages.Outbox(
            smtpConfigured: services.config.mail.isConfigured,
            messages: try messages.map { message -> PassingOnPages.Outbox.Row in
                let label =
                    switch message.status {
                    case .queued, .sending: "Waiting to be sent"
                    case .sent: message.sentByHand ? "Passed on by hand" : "Sent"
                    case .failed: "Not delivered"
                    }
                return .init(
                    id: try message.requireID().text, to: "\(message.toName) <\(message.toEmail)>",
                    subject: message.subject,
                    link: message.visibleLink(hubSendsMail: services.config.mail.isConfigured),
                    status: message.status.rawValue, statusLabel: label,
                    created: principal.days.dayAndTime(message.createdAt),
                    problem: message.status == .failed ? message.lastError : nil)
            })
        return try await Page.render(
            .outbox, base: PageBase(request: req, title: "Outbox", nav: .settings), model, on: req)
    }

    func markSent(req: Request) async throws -> Response {
        _ = try await req.heirloom.outbox.markSent(try req.id("message"), by: try req.principal())
        return req.redirect(to: SiteURL.outbox.path(done: .messageMarkedSent))
    }

    func resend(req: Request) async throws -> Response {
        _ = try await req.heirloom.outbox.resend(try req.id("message"), by: try req.principal())
        return req.redirect(to: SiteURL.outbox.path(done: .messageQueuedAgain))
    }

    func inviteRecipient(req: Request) async throws -> Response {
        let id = try req.id("beneficiary")
        do {
            _ = try await req.heirloom.recipients.invite(id, by: try req.principal())
        } catch let error as AppError where error.field == "email" {
            // Nobody to send it to yet: the form where the address goes, with the reason beside its field.
            return req.redirect(to: SiteURL.beneficiaryEdit(.value(id)).path + "?needs=email")
        }
        return req.redirect(to: SiteURL.outbox.path(done: .recipientInvited))
    }
}

extension Dictionary where Key == String {
    fileprivate func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
