import HeirloomCore
import Vapor

/// One way to turn a request into the person with a link who made it: their session (a bearer token from their
/// app, or their page's cookie) looked up as their kind of person keeps it.
///
/// `SignInFirstMiddleware` asks it before the generated code reads anything of a call on a link's route, so someone
/// without that session learns nothing from which parameters are checked; each feature then reads the person again
/// for what they may see.
enum LinkPeople {
    /// Throws unless the request carries a live session of a `reader`: 404 when it carries none that works (for them
    /// nothing is there), or the answer of that person's own feature (a storyteller's question already answered, a
    /// letter not yet due).
    static func require(_ reader: Reader, _ req: Request) async throws {
        _ = try await household(of: reader, req)
    }

    /// As `require`, and then whether `AccessRule` lets them reach `access` in their estate's state now: 409
    /// `not_released` while it does not (the wish rounds a trusted contact organises after the release).
    static func require(_ reader: Reader, _ access: Access, _ req: Request) async throws {
        guard let householdID = try await household(of: reader, req) else { return }
        let estate = try await EstateService.ensure(householdID: householdID, on: req.db)
        let state = estate.status.effectiveState(at: req.heirloom.now)
        guard AccessRule.allows(reader, access, in: state) else {
            throw AppError.conflict(
                code: "not_released", message: "A \(reader.label) can do this once the estate has been released.")
        }
    }

    /// The household of the person whose session came with the request (nil for the kinds whose features answer
    /// for themselves); throws as `require` does.
    private static func household(of reader: Reader, _ req: Request) async throws -> UUID? {
        let bearer = req.headers.bearerAuthorization?.token
        func secret(_ cookie: String) -> String { bearer ?? req.cookies[cookie]?.string ?? "" }
        switch reader {
        case .trustedContact:
            let executor = try await req.heirloom.executors.executor(forSession: secret(OutsiderPages.executorCookie))
            guard let executor else { throw AppError.notFound("page") }
            return executor.$household.id
        case .heir:
            let heir = try await req.heirloom.recipients.recipient(forSession: secret(OutsiderPages.recipientCookie))
            guard let heir else { throw AppError.notFound("page") }
            return heir.$household.id
        case .wishParticipant:
            guard try await OutsiderPages.wishParticipant(req) != nil else { throw AppError.notFound("page") }
            return nil
        case .storyteller:
            _ = try await req.heirloom.storyAnswers.question(session: secret(StoryAnswerWebController.cookie))
            return nil
        case .letterReader:
            _ = try await req.heirloom.letterReader.read(session: secret(OutsiderPages.letterCookie))
            return nil
        case .holder, .coOwner, .editor, .viewer, .guest:
            throw AppError.notFound("page")
        }
    }
}
