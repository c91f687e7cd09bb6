import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func listLetters(_ input: Operations.ListLetters.Input) async throws -> Operations.ListLetters.Output {
        let principal = try principal
        let letters = try request.heirloom.letters
        let mine = try await letters.mine(principal)
        let others = try await letters.others(principal)
        return .ok(.init(body: .json(.init(letters: try mine.map(Components.Schemas.Letter.init), household: others))))
    }

    func createLetter(_ input: Operations.CreateLetter.Input) async throws -> Operations.CreateLetter.Output {
        let principal = try principal
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let draft = LetterService.Draft(
            input: LetterInput(
                to: body.to.map(LetterRecipientInput.init), subject: body.subject, text: body.text,
                day: body.deliver.on, afterPassing: body.deliver.afterPassing ?? false),
            sharedWithOwners: body.sharedWithOwners ?? false)
        let letter = try await request.heirloom.letters.create(draft, by: principal)
        return .created(.init(body: .json(try .init(letter))))
    }

    func getLetter(_ input: Operations.GetLetter.Input) async throws -> Operations.GetLetter.Output {
        let letter = try await request.heirloom.letters.find(try uuid(input.path.id, "letter"), by: try principal)
        return .ok(.init(body: .json(try .init(letter))))
    }

    func updateLetter(_ input: Operations.UpdateLetter.Input) async throws -> Operations.UpdateLetter.Output {
        let principal = try principal
        let id = try uuid(input.path.id, "letter")
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let letter = try await request.heirloom.letters.update(
            id,
            { draft in
                if let to = body.to { draft.input.to = to.map(LetterRecipientInput.init) }
                if let subject = body.subject { draft.input.subject = subject }
                if let text = body.text { draft.input.text = text }
                if let deliver = body.deliver {
                    draft.input.day = deliver.on
                    draft.input.afterPassing = deliver.afterPassing ?? false
                }
                if let shared = body.sharedWithOwners { draft.sharedWithOwners = shared }
            }, by: principal)
        return .ok(.init(body: .json(try .init(letter))))
    }

    func withdrawLetter(_ input: Operations.WithdrawLetter.Input) async throws -> Operations.WithdrawLetter.Output {
        try await request.heirloom.letters.withdraw(try uuid(input.path.id, "letter"), by: try principal)
        return .noContent(.init())
    }

    func handOutLetterLink(_ input: Operations.HandOutLetterLink.Input) async throws
        -> Operations.HandOutLetterLink.Output
    {
        let (name, url) = try await request.heirloom.letters.handOut(
            reader: try uuid(input.path.readerId, "reader"), of: try uuid(input.path.id, "letter"), by: try principal,
            base: request.heirloom.config.publicBaseURL)
        return .created(.init(body: .json(.init(url: url, name: name))))
    }

    func setLetterRecording(_ input: Operations.SetLetterRecording.Input) async throws
        -> Operations.SetLetterRecording.Output
    {
        let principal = try principal
        let id = try uuid(input.path.id, "letter")
        guard case .multipartForm(let parts) = input.body else {
            throw AppError.badRequest("Send the recording as multipart/form-data.")
        }
        var letter: Letter?
        let letters = try request.heirloom.letters
        try await Self.readingParts {
            for try await part in parts {
                switch part {
                case .file(let file):
                    letter = try await letters.setRecording(
                        of: id, file.payload.body, fileName: file.filename, contentType: nil, by: principal)
                case .undocumented(let other):
                    try await Self.drain(other.body)
                }
            }
        }
        guard let letter else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose or record a recording."))
        }
        return .created(.init(body: .json(try .init(letter))))
    }

    func startLetterSession(_ input: Operations.StartLetterSession.Input) async throws
        -> Operations.StartLetterSession.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let secret = try await request.heirloom.letterReader.signIn(linkSecret: body.token, from: request.clientAddress)
        return .ok(.init(body: .json(.init(token: secret))))
    }

    func getLetterReading(_ input: Operations.GetLetterReading.Input) async throws
        -> Operations.GetLetterReading.Output
    {
        let secret = try request.headers.bearerAuthorization?.token ?? ""
        let reading = try await request.heirloom.letterReader.read(session: secret)
        return .ok(.init(body: .json(.init(reading))))
    }
}
