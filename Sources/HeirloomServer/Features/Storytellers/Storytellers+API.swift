import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func listStorytellers(_ input: Operations.ListStorytellers.Input) async throws
        -> Operations.ListStorytellers.Output
    {
        let principal = try principal
        let zone = principal.zoneName
        let storytellers = try await request.heirloom.storytellers.list(principal)
        return .ok(.init(body: .json(.init(storytellers: try storytellers.map { try .init($0, timeZone: zone) }))))
    }

    func createStoryteller(_ input: Operations.CreateStoryteller.Input) async throws
        -> Operations.CreateStoryteller.Output
    {
        let principal = try principal
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let draft = StorytellerService.Draft(
            name: body.name, email: body.email, userID: try body.userId.map(Self.memberID),
            weekday: body.weekday, hour: body.hour)
        let storyteller = try await request.heirloom.storytellers.create(draft, by: principal)
        return .created(.init(body: .json(try .init(storyteller, timeZone: principal.zoneName))))
    }

    func getStoryteller(_ input: Operations.GetStoryteller.Input) async throws -> Operations.GetStoryteller.Output {
        let principal = try principal
        let storyteller = try await request.heirloom.storytellers.find(
            try uuid(input.path.id, "storyteller"), principal)
        return .ok(.init(body: .json(try .init(storyteller, timeZone: principal.zoneName))))
    }

    func updateStoryteller(_ input: Operations.UpdateStoryteller.Input) async throws
        -> Operations.UpdateStoryteller.Output
    {
        let principal = try principal
        let id = try uuid(input.path.id, "storyteller")
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        // `userId: null` (or "") unlinks; absent keeps the member. The generated body cannot tell null from absent,
        // so the request's own JSON is asked.
        let userID: UUID?? =
            switch body.userId {
            case .some(let text) where text.trimmingWhitespace().isEmpty: .some(nil)
            case .some(let text): .some(try Self.memberID(text))
            case .none: Self.sendsNull("userId", in: try request) ? .some(nil) : .none
            }
        let storyteller = try await request.heirloom.storytellers.update(
            id,
            { draft in
                if let name = body.name { draft.name = name }
                if let email = body.email { draft.email = email }
                if let weekday = body.weekday { draft.weekday = weekday }
                if let hour = body.hour { draft.hour = hour }
                if let active = body.active { draft.active = active }
                if case .some(let user) = userID { draft.userID = user }
            }, by: principal)
        return .ok(.init(body: .json(try .init(storyteller, timeZone: principal.zoneName))))
    }

    func deleteStoryteller(_ input: Operations.DeleteStoryteller.Input) async throws
        -> Operations.DeleteStoryteller.Output
    {
        try await request.heirloom.storytellers.delete(try uuid(input.path.id, "storyteller"), by: try principal)
        return .noContent(.init())
    }

    func listStoryQuestions(_ input: Operations.ListStoryQuestions.Input) async throws
        -> Operations.ListStoryQuestions.Output
    {
        let waiting = try await request.heirloom.storytellers.waiting(
            try uuid(input.path.id, "storyteller"), try principal)
        return .ok(
            .init(
                body: .json(
                    .init(questions: try waiting.enumerated().map { try .init($0.element, position: $0.offset) }))))
    }

    func addStoryQuestion(_ input: Operations.AddStoryQuestion.Input) async throws
        -> Operations.AddStoryQuestion.Output
    {
        let principal = try principal
        let id = try uuid(input.path.id, "storyteller")
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let question = try await request.heirloom.storytellers.addQuestion(body.text, to: id, by: principal)
        return .created(.init(body: .json(try .init(question, position: question.position))))
    }

    func updateStoryQuestion(_ input: Operations.UpdateStoryQuestion.Input) async throws
        -> Operations.UpdateStoryQuestion.Output
    {
        let principal = try principal
        let id = try uuid(input.path.id, "storyteller")
        let questionID = try uuid(input.path.questionId, "question")
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let question = try await request.heirloom.storytellers.changeQuestion(
            questionID, of: id, position: body.position, skipped: body.skipped, by: principal)
        return .ok(.init(body: .json(try .init(question, position: question.position))))
    }

    func sendStoryQuestionNow(_ input: Operations.SendStoryQuestionNow.Input) async throws
        -> Operations.SendStoryQuestionNow.Output
    {
        let question = try await request.heirloom.storytellers.sendNow(
            try uuid(input.path.id, "storyteller"), by: try principal)
        return .created(.init(body: .json(try .init(question, position: question.position))))
    }

    func listStoryAnswers(_ input: Operations.ListStoryAnswers.Input) async throws
        -> Operations.ListStoryAnswers.Output
    {
        let answers = try await request.heirloom.storytellers.answers(
            try uuid(input.path.id, "storyteller"), try principal)
        return .ok(.init(body: .json(.init(answers: try answers.map(Components.Schemas.StoryAnswer.init)))))
    }

    func getMemberPreferences(_ input: Operations.GetMemberPreferences.Input) async throws
        -> Operations.GetMemberPreferences.Output
    {
        let on = try await request.heirloom.storytellers.storyNotices(for: try principal.userID)
        return .ok(.init(body: .json(.init(storyNotices: on))))
    }

    func setMemberPreferences(_ input: Operations.SetMemberPreferences.Input) async throws
        -> Operations.SetMemberPreferences.Output
    {
        let principal = try principal
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        try await request.heirloom.storytellers.setStoryNotices(body.storyNotices, for: principal.userID)
        return .ok(.init(body: .json(.init(storyNotices: body.storyNotices))))
    }

    func startAnswerSession(_ input: Operations.StartAnswerSession.Input) async throws
        -> Operations.StartAnswerSession.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let secret = try await request.heirloom.storyAnswers.signIn(linkSecret: body.token, from: request.clientAddress)
        return .ok(.init(body: .json(.init(token: secret))))
    }

    func getAnswerQuestion(_ input: Operations.GetAnswerQuestion.Input) async throws
        -> Operations.GetAnswerQuestion.Output
    {
        let open = try await request.heirloom.storyAnswers.question(
            session: request.headers.bearerAuthorization?.token ?? "")
        return .ok(
            .init(
                body: .json(
                    .init(
                        question: open.question.text, storyteller: open.storyteller.name,
                        photo: open.photo == nil ? nil : SiteURL.apiAnswerPhoto.path))))
    }

    func postAnswer(_ input: Operations.PostAnswer.Input) async throws -> Operations.PostAnswer.Output {
        let answers = try request.heirloom.storyAnswers
        let open = try await answers.question(session: request.headers.bearerAuthorization?.token ?? "")
        guard case .multipartForm(let parts) = input.body else {
            throw AppError.badRequest("Send the answer as multipart/form-data.")
        }
        var answered: StoryQuestion?
        try await Self.readingParts {
            for try await part in parts {
                switch part {
                case .audio(let file):
                    guard answered == nil else {
                        try await Self.drain(file.payload.body)
                        continue
                    }
                    answered = try await answers.answer(open, audio: file.payload.body, fileName: file.filename)
                case .text(let text):
                    let words = try await MultipartTextBudget.text(
                        text.payload.body, upTo: StoryRules.maximumAnswerLength * 4,
                        tooLong: AppError.payloadTooLarge("The answer is too long."))
                    guard answered == nil else { continue }
                    answered = try await answers.answer(open, text: words)
                case .undocumented(let other):
                    try await Self.drain(other.body)
                }
            }
        }
        guard let answered else {
            throw AppError.invalid(FieldError(field: "text", message: "Please record your answer, or write it."))
        }
        return .created(.init(body: .json(try .init(StoryAnswerRecord(question: answered, itemID: answered.$item.id)))))
    }

    /// Whether the request's JSON body sets `key` to null (which the generated types read as absent).
    static func sendsNull(_ key: String, in request: Request) -> Bool {
        guard let data = request.body.data,
            let object = try? JSONSerialization.jsonObject(with: Data(data.readableBytesView)) as? [String: Any]
        else { return false }
        return object[key] is NSNull
    }

    /// A member's id in a body: one that is not an id is a 422 naming `userId`, as one of another household is.
    static func memberID(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text.trimmingWhitespace()) else {
            throw AppError.invalid(FieldError(field: "userId", message: "Please choose a member of the household."))
        }
        return id
    }
}
