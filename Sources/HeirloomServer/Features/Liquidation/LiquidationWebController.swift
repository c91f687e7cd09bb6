import Foundation
import HeirloomCore
import Vapor

/// An item's or a set's brief page: make the brief, choose a path, tick the plan's steps.
struct LiquidationWebController {
    struct BriefForm: Decodable {
        var goal: String?
    }

    struct PlanForm: Decodable {
        var chosenPath: String?
    }

    struct StepForm: Decodable {
        var done: String?
        var note: String?
    }

    // MARK: Items

    func showItem(req: Request) async throws -> View {
        let id = try req.id("item")
        return try await show(req, subject: .item(id), urls: .item(id), back: .item(.value(id)))
    }

    func briefItem(req: Request) async throws -> Response {
        let id = try req.id("item")
        return try await brief(req, subject: .item(id), urls: .item(id), back: .item(.value(id)))
    }

    func planItem(req: Request) async throws -> Response {
        let id = try req.id("item")
        return try await plan(req, subject: .item(id), urls: .item(id), back: .item(.value(id)))
    }

    func stepItem(req: Request) async throws -> Response {
        let id = try req.id("item")
        return try await step(req, subject: .item(id), urls: .item(id))
    }

    // MARK: Sets (their page is the brief's way back)

    func showSet(req: Request) async throws -> View {
        let id = try req.id("set")
        return try await show(req, subject: .set(id), urls: .set(id), back: .sales)
    }

    func briefSet(req: Request) async throws -> Response {
        let id = try req.id("set")
        return try await brief(req, subject: .set(id), urls: .set(id), back: .sales)
    }

    func planSet(req: Request) async throws -> Response {
        let id = try req.id("set")
        return try await plan(req, subject: .set(id), urls: .set(id), back: .sales)
    }

    func stepSet(req: Request) async throws -> Response {
        let id = try req.id("set")
        return try await step(req, subject: .set(id), urls: .set(id))
    }

    // MARK: Shared

    func show(
        _ req: Request, subject: LiquidationSubject, urls: LiquidationURLs, back: SiteURL,
        errors: [String: String] = [:]
    ) async throws -> View {
        let principal = try req.principal()
        try principal.requireSeesValues(hidingAs: subject.scope.rawValue)
        let service = req.heirloom.liquidation
        let view = try await service.find(subject, householdID: principal.householdID)
        let facts = try await service.facts(subject, householdID: principal.householdID)
        var page = try LiquidationPage(
            kind: subject.scope.rawValue, title: facts.title, backHref: back.path, canEdit: principal.role.canEdit,
            urls: urls, view: view, days: principal.days)
        page.errors = errors
        return try await Page.render(
            .liquidationShow,
            base: PageBase(request: req, title: "How to part with \(facts.title)", nav: .items), page, on: req)
    }

    func brief(_ req: Request, subject: LiquidationSubject, urls: LiquidationURLs, back: SiteURL) async throws
        -> Response
    {
        let form = try req.content.decode(BriefForm.self)
        let goal = form.goal.flatMap { LiquidationGoal(rawValue: $0) }
        _ = try await req.heirloom.liquidation.makeBrief(
            subject, inputs: goal.map { LiquidationInputs(goal: $0) }, by: try req.principal())
        return req.redirect(to: urls.show.path(done: .briefMade))
    }

    func plan(_ req: Request, subject: LiquidationSubject, urls: LiquidationURLs, back: SiteURL) async throws
        -> Response
    {
        let form = try req.content.decode(PlanForm.self)
        return try await req.submitForm {
            guard let path = form.chosenPath.flatMap(LiquidationPath.init(rawValue:)) else {
                throw AppError.invalid(FieldError(field: "chosenPath", message: "Please choose one of the paths."))
            }
            _ = try await req.heirloom.liquidation.makePlan(subject, chosenPath: path, by: try req.principal())
            return req.redirect(to: urls.show.path(done: .planMade, fragment: "plan"))
        } orShowAgain: { errors in
            try await show(req, subject: subject, urls: urls, back: back, errors: errors)
        }
    }

    func step(_ req: Request, subject: LiquidationSubject, urls: LiquidationURLs) async throws -> Response {
        let stepID = try req.id("step", .stepID)
        let form = try req.content.decode(StepForm.self)
        _ = try await req.heirloom.liquidation.updateStep(
            subject, stepID: stepID, done: form.done.map { $0 == "true" }, note: form.note, by: try req.principal())
        return req.redirect(to: urls.show.path(done: .stepSaved, fragment: "step-\(stepID.text)"))
    }
}
