import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The family's pages: the storytellers, one storyteller's coming questions and answers, and the forms that change
/// them (each works without JavaScript).
struct StorytellerWebController {
    func index(req: Request) async throws -> View {
        try await indexPage(req, form: .init(), errors: [:])
    }

    func create(req: Request) async throws -> Response {
        let form = try req.content.decode(StorytellerPages.Form.self)
        return try await req.submitForm {
            let storyteller = try await req.heirloom.storytellers.create(form.draft, by: try req.principal())
            return req.redirect(to: SiteURL.storyteller(.value(try storyteller.requireID())).path)
        } orShowAgain: { errors in
            try await indexPage(req, form: form, errors: errors)
        }
    }

    private func indexPage(_ req: Request, form: StorytellerPages.Form, errors: [String: String]) async throws -> View {
        let principal = try req.principal()
        let service = req.heirloom.storytellers
        let storytellers = try await service.list(principal)
        let members = try await User.query(on: req.db).filter(\.$household.$id == principal.householdID)
            .sort(\.$name).all()
        let chosen = form.userId ?? ""
        let model = StorytellerPages.IndexPage(
            storytellers: try storytellers.map {
                .init(
                    name: $0.name, email: $0.email, when: StorytellerPages.when($0),
                    href: SiteURL.storyteller(.value(try $0.requireID())).path, active: $0.active)
            },
            canEdit: principal.role.canEdit, name: form.name ?? "", email: form.email ?? "",
            members: [.init(value: "", label: "No, only an email address", selected: chosen.isEmpty)]
                + members.compactMap { member in
                    member.id.map { .init(value: $0.text, label: member.name, selected: $0.text == chosen) }
                },
            weekdays: StorytellerPages.weekdays(selected: Int(form.weekday ?? "") ?? 7),
            hours: StorytellerPages.hours(selected: Int(form.hour ?? "") ?? 10), errors: errors,
            notices: try await service.storyNotices(for: principal.userID), timeZone: principal.zoneName)
        return try await Page.render(
            .storytellers, base: PageBase(request: req, title: "Storytellers", nav: .memories), model, on: req)
    }

    func show(req: Request) async throws -> View {
        try await showPage(req, question: "", errors: [:])
    }

    private func showPage(_ req: Request, question: String, errors: [String: String]) async throws -> View {
        let principal = try req.principal()
        let service = req.heirloom.storytellers
        let id = try req.id("storyteller")
        let storyteller = try await service.find(id, principal)
        let coming = try await service.waiting(id, principal)
        let answers = try await service.answers(id, principal)
        let days = principal.days
        let pause = try await StorySender.pause(of: storyteller, at: req.heirloom.now, on: req.db)
        var model = StorytellerPages.ShowPage(
            id: id.text, name: storyteller.name, email: storyteller.email, when: StorytellerPages.when(storyteller),
            next: days.dayAndTime(storyteller.nextSendAt), active: storyteller.active,
            canEdit: principal.role.canEdit,
            coming: try coming.enumerated().map { index, row in
                .init(
                    id: try row.requireID().text, text: row.text,
                    source: StorytellerPages.sourceLabel(row.questionSource), isFirst: index == 0,
                    isLast: index == coming.count - 1, up: max(index - 1, 0), down: index + 1)
            },
            answers: answers.map { answer in
                StorytellerPages.answerRow(answer, days: days) {
                    TranscriptPages.block(
                        $0, canCorrect: principal.role.canEdit, days: days, back: req.url.path,
                        csrf: CSRF.token(for: req))
                }
            }, question: question, errors: errors)
        model.pause = pause?.sentence(name: storyteller.name)
        return try await Page.render(
            .storyteller, base: PageBase(request: req, title: storyteller.name, nav: .memories), model, on: req)
    }

    struct QuestionForm: Content {
        var text: String?
    }

    func addQuestion(req: Request) async throws -> Response {
        let id = try req.id("storyteller")
        let form = try req.content.decode(QuestionForm.self)
        return try await req.submitForm {
            _ = try await req.heirloom.storytellers.addQuestion(form.text ?? "", to: id, by: try req.principal())
            return req.redirect(to: SiteURL.storyteller(.value(id)).path(done: .storyQuestionAdded))
        } orShowAgain: { errors in
            try await showPage(req, question: form.text ?? "", errors: errors)
        }
    }

    struct ChangeForm: Content {
        /// "move" with `position`, or "skip".
        var action: String?
        var position: Int?
    }

    func changeQuestion(req: Request) async throws -> Response {
        let id = try req.id("storyteller")
        let questionID = try req.id("question", .memberID)
        let form = try req.content.decode(ChangeForm.self)
        let skip = form.action == "skip"
        _ = try await req.heirloom.storytellers.changeQuestion(
            questionID, of: id, position: skip ? nil : form.position, skipped: skip ? true : nil,
            by: try req.principal())
        return req.redirect(to: SiteURL.storyteller(.value(id)).path(done: skip ? .storyQuestionSkipped : nil))
    }

    func sendNow(req: Request) async throws -> Response {
        let id = try req.id("storyteller")
        _ = try await req.heirloom.storytellers.sendNow(id, by: try req.principal())
        return req.redirect(to: SiteURL.storyteller(.value(id)).path(done: .storyQuestionSent))
    }

    func confirmDelete(req: Request) async throws -> View {
        let storyteller = try await req.heirloom.storytellers.find(try req.id("storyteller"), try req.principal())
        let id = try storyteller.requireID()
        return try await ConfirmPage(
            heading: "Stop asking \(storyteller.name)?",
            consequence: "\(storyteller.name) will get no more questions, the questions waiting for them are "
                + "deleted and every link they were sent stops working. The stories they already told stay.",
            action: .storytellerDelete(.value(id)), confirmLabel: "Remove \(storyteller.name)",
            cancel: .storyteller(.value(id))
        ).render(title: "Remove a storyteller", nav: .memories, on: req)
    }

    func delete(req: Request) async throws -> Response {
        try await req.heirloom.storytellers.delete(try req.id("storyteller"), by: try req.principal())
        return req.redirect(to: SiteURL.storytellers.path(done: .storytellerRemoved))
    }

    struct NoticesForm: Content {
        var notices: String?
    }

    func setNotices(req: Request) async throws -> Response {
        let form = try req.content.decode(NoticesForm.self)
        try await req.heirloom.storytellers.setStoryNotices(form.notices == "on", for: try req.principal().userID)
        return req.redirect(to: SiteURL.storytellers.path(done: .storyNoticesSaved))
    }
}
