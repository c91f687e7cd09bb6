import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func startWishSession(_ input: Operations.StartWishSession.Input) async throws
        -> Operations.StartWishSession.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let session = try await request.heirloom.wishes.signIn(linkSecret: body.token, from: request.clientAddress)
        return .ok(.init(body: .json(.init(token: session.secret))))
    }

    func getWishes(_ input: Operations.GetWishes.Input) async throws -> Operations.GetWishes.Output {
        let sheet = try await request.heirloom.wishes.sheet(of: try await wishParticipant())
        return .ok(.init(body: .json(.init(sheet))))
    }

    func putWishes(_ input: Operations.PutWishes.Input) async throws -> Operations.PutWishes.Output {
        let participant = try await wishParticipant()
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let wishes = try body.wishes.map { wish in
            guard let id = UUID(uuidString: wish.thingId) else {
                throw AppError.invalid(
                    FieldError(field: "wishes", message: "One of the wishes is for something outside this round."))
            }
            return WishInput(thingID: id, rank: wish.rank, points: wish.points, reason: wish.reason)
        }
        let sheet = try await request.heirloom.wishes.put(wishes, by: participant)
        return .ok(.init(body: .json(.init(sheet))))
    }

    func pickWish(_ input: Operations.PickWish.Input) async throws -> Operations.PickWish.Output {
        let participant = try await wishParticipant()
        guard case .json(let body) = input.body, let thing = UUID(uuidString: body.thingId) else {
            throw AppError.invalid(FieldError(field: "thingId", message: "Please choose one of the things left."))
        }
        return .ok(.init(body: .json(.init(try await request.heirloom.wishes.pick(thing, by: participant)))))
    }

    func getWishResult(_ input: Operations.GetWishResult.Input) async throws -> Operations.GetWishResult.Output {
        let (sheet, result) = try await request.heirloom.wishes.result(of: try await wishParticipant())
        return .ok(.init(body: .json(.init(sheet, result: result))))
    }

    /// The participant whose bearer token came with the request; anyone else finds nothing here.
    private func wishParticipant() async throws -> WishParticipant {
        guard let secret = try request.headers.bearerAuthorization?.token,
            let participant = try await request.heirloom.wishes.participant(forSession: secret)
        else { throw AppError.notFound("page") }
        return participant
    }
}
