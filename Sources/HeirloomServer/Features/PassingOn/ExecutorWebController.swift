import Foundation
import HeirloomCore
import Vapor

/// The executor's page: reached from the link in their email (no password), it shows the estate's state and
/// lets them report the passing; nothing of the household's content.
struct ExecutorWebController {
    /// The link from the email: exchanges its token for a session cookie and shows the page.
    func link(req: Request) async throws -> Response {
        try await OutsiderPages.link(req, cookie: OutsiderPages.executorCookie, home: .executorHome) { token in
            try await req.heirloom.executors.signIn(linkSecret: token, from: req.clientAddress).secret
        }
    }

    func show(req: Request) async throws -> Response {
        guard let executor = try await OutsiderPages.executor(req) else { return try await OutsiderPages.missing(req) }
        return try await render(req: req, executor: executor, error: nil, status: .ok)
    }

    struct ReportForm: Content {
        var dateOfPassing: String?
        var note: String?
    }

    func report(req: Request) async throws -> Response {
        guard let executor = try await OutsiderPages.executor(req) else { return try await OutsiderPages.missing(req) }
        let form = try req.content.decode(ReportForm.self)
        do {
            _ = try await req.heirloom.executors.report(
                dateOfPassing: form.dateOfPassing ?? "", note: form.note, by: executor)
        } catch {
            let problem = try AppError.userFacing(error)
            return try await render(req: req, executor: executor, error: problem.message, status: problem.status)
        }
        return req.redirect(to: SiteURL.executorHome.path(done: .passingReported))
    }

    struct TickForm: Content {
        var done: String?
    }

    /// Ticks a task of the checklist done, or not done again; shared with the other trusted contacts.
    func tick(req: Request) async throws -> Response {
        guard let executor = try await OutsiderPages.executor(req) else { return try await OutsiderPages.missing(req) }
        let key = req.parameters.get(RouteParameter.task.rawValue) ?? ""
        let form = try req.content.decode(TickForm.self)
        do {
            _ = try await req.heirloom.binder.tick(key, done: form.done == "yes", by: executor)
        } catch {
            let problem = try AppError.userFacing(error)
            return try await render(req: req, executor: executor, error: problem.message, status: problem.status)
        }
        return req.redirect(to: SiteURL.executorHome.path(done: .checklistTicked, fragment: "checklist"))
    }

    /// Reports the passing of another member, for the letters they left for after it.
    func reportMember(req: Request) async throws -> Response {
        guard let executor = try await OutsiderPages.executor(req) else { return try await OutsiderPages.missing(req) }
        let form = try req.content.decode(ReportForm.self)
        do {
            _ = try await req.heirloom.memberPassings.report(
                try req.id("member"), dateOfPassing: form.dateOfPassing ?? "", by: executor)
        } catch {
            let problem = try AppError.userFacing(error)
            return try await render(req: req, executor: executor, error: problem.message, status: problem.status)
        }
        return req.redirect(to: SiteURL.executorHome.path(done: .passingReported, fragment: "members"))
    }

    private func render(req: Request, executor: Executor, error: String?, status: HTTPStatus) async throws -> Response {
        let estate = try await req.heirloom.executors.estate(of: executor)
        let now = req.heirloom.now
        let state = estate.status.effectiveState(at: now)
        var model = PassingOnPages.ExecutorView(
            executorName: executor.name, holderName: estate.holder?.name ?? "the family",
            state: state.rawValue, releaseDay: estate.releaseAt.map { estate.days.day($0) },
            today: Day(now, in: estate.zone).text, error: error,
            whoToContact: try await EstateContacts.sentence(of: estate, for: executor.email, on: req.db))
        let binder = try await req.heirloom.binder.binder(for: .executor(executor))
        if !binder.entries.isEmpty {
            let words = try await BinderWords.load(estate, reader: nil, on: req.db)
            model.binder = BinderPages.reading(
                binder, words: words, days: estate.days, paperHref: BinderPages.outsiderPaper,
                wholeNumbers: BinderRelease.readsWholeNumbers(.executor, estate: estate.status, at: now))
        }
        model.members = try await req.heirloom.memberPassings.waiting(for: executor).map {
            PassingOnPages.memberRow($0, now: now, days: estate.days)
        }
        if state == .released {
            let tasks = try await req.heirloom.binder.checklist(of: binder)
            model.checklist = tasks.map { BinderPages.checklistRow($0, days: estate.days) }
            model.checklistDone = tasks.filter { $0.tick != nil }.count
            let heirs = try await req.heirloom.heirs.heirs(householdID: executor.$household.id)
            model.heirs = PassingOnPages.heirRows(heirs, forOwners: false)
            model.heirsToTell = PassingOnPages.heirsToTellText(heirs, released: true)
            let released = heirs.filter { $0.facts.visible > 0 }
            model.everyoneKnows = !released.isEmpty && released.allSatisfy(\.facts.knows)
        }
        var base = PageBase(request: req, title: "For \(executor.name)")
        base.household = .init(name: try await Household.find(executor.$household.id, on: req.db)?.name ?? "Heirloom")
        return try await Page.render(.executorPage, base: base, model, on: req).encodeResponse(status: status, for: req)
    }
}
