import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func listWishRounds(_ input: Operations.ListWishRounds.Input) async throws -> Operations.ListWishRounds.Output {
        let organiser = try await wishOrganiser()
        let rounds = try await request.heirloom.wishRounds.list(by: organiser)
        var answers: [Components.Schemas.WishRound] = []
        for round in rounds { answers.append(try await wishRound(round, for: organiser)) }
        return .ok(.init(body: .json(.init(rounds: answers))))
    }

    func createWishRound(_ input: Operations.CreateWishRound.Input) async throws -> Operations.CreateWishRound.Output {
        let organiser = try await wishOrganiser()
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let round = try await request.heirloom.wishRounds.create(try WishRoundInput(body), by: organiser)
        return .created(.init(body: .json(try await wishRound(round, for: organiser))))
    }

    func getWishRound(_ input: Operations.GetWishRound.Input) async throws -> Operations.GetWishRound.Output {
        let organiser = try await wishOrganiser()
        let round = try await request.heirloom.wishRounds.round(try uuid(input.path.id, "wish round"), by: organiser)
        return .ok(.init(body: .json(try await wishRound(round, for: organiser))))
    }

    func openWishRound(_ input: Operations.OpenWishRound.Input) async throws -> Operations.OpenWishRound.Output {
        let organiser = try await wishOrganiser()
        let round = try await request.heirloom.wishRounds.open(try uuid(input.path.id, "wish round"), by: organiser)
        return .ok(.init(body: .json(try await wishRound(round, for: organiser))))
    }

    func closeWishRound(_ input: Operations.CloseWishRound.Input) async throws -> Operations.CloseWishRound.Output {
        let organiser = try await wishOrganiser()
        let round = try await request.heirloom.wishRounds.close(try uuid(input.path.id, "wish round"), by: organiser)
        return .ok(.init(body: .json(try await wishRound(round, for: organiser))))
    }

    func divideWishRound(_ input: Operations.DivideWishRound.Input) async throws -> Operations.DivideWishRound.Output {
        let organiser = try await wishOrganiser()
        let id = try uuid(input.path.id, "wish round")
        var seed: Int64?
        var order: [UUID]?
        if case .json(let body) = input.body {
            if let value = body.seed, value < 0 {
                throw AppError.invalid(FieldError(field: "seed", message: "A draw number is a whole number from 0."))
            }
            seed = body.seed
            order = try body.order.map { ids in
                try ids.map { text in
                    guard let id = UUID(uuidString: text) else {
                        throw AppError.invalid(
                            FieldError(field: "order", message: "The order names participants by id."))
                    }
                    return id
                }
            }
        }
        switch try await request.heirloom.wishRounds.divide(id, seed: seed, order: order, by: organiser) {
        case .divided(let division):
            return .created(.init(body: .json(.init(division, seesValues: organiser.seesValues))))
        case .liveDraftBegun(let round):
            return .accepted(.init(body: .json(try await wishRound(round, for: organiser))))
        }
    }

    func getWishDivision(_ input: Operations.GetWishDivision.Input) async throws -> Operations.GetWishDivision.Output {
        let organiser = try await wishOrganiser()
        let division = try await request.heirloom.wishRounds.division(
            try uuid(input.path.id, "wish round"), by: organiser)
        return .ok(.init(body: .json(.init(division, seesValues: organiser.seesValues))))
    }

    func adjustWishDivision(_ input: Operations.AdjustWishDivision.Input) async throws
        -> Operations.AdjustWishDivision.Output
    {
        let organiser = try await wishOrganiser()
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let moves = try body.moves.map { move in
            guard let thing = UUID(uuidString: move.thingId), let to = UUID(uuidString: move.toParticipantId) else {
                throw AppError.invalid(
                    FieldError(field: "moves", message: "Each move names a thing and a person by id."))
            }
            return (thingID: thing, to: to)
        }
        let division = try await request.heirloom.wishRounds.adjust(
            try uuid(input.path.id, "wish round"), moves: moves, by: organiser)
        return .ok(.init(body: .json(.init(division, seesValues: organiser.seesValues))))
    }

    func confirmWishRound(_ input: Operations.ConfirmWishRound.Input) async throws
        -> Operations.ConfirmWishRound.Output
    {
        let organiser = try await wishOrganiser()
        var rule: ReleaseRule?
        if case .json(let body) = input.body, let permission = body.accessPermission {
            rule = try WishRoundConfirmRule.parse(permission: permission.rawValue, accessDate: body.accessDate)
        }
        let round = try await request.heirloom.wishRounds.confirm(
            try uuid(input.path.id, "wish round"), rule: rule, by: organiser)
        return .ok(.init(body: .json(try await wishRound(round, for: organiser))))
    }

    func handOutWishLink(_ input: Operations.HandOutWishLink.Input) async throws -> Operations.HandOutWishLink.Output {
        let organiser = try await wishOrganiser()
        let participantID = try uuid(input.path.participantId, "participant")
        let (name, url) = try await request.heirloom.wishRounds.handOut(
            participant: participantID, of: try uuid(input.path.id, "wish round"), by: organiser)
        return .created(.init(body: .json(.init(url: url, participantId: participantID.text, name: name))))
    }

    func withdrawWishLink(_ input: Operations.WithdrawWishLink.Input) async throws
        -> Operations.WithdrawWishLink.Output
    {
        let organiser = try await wishOrganiser()
        try await request.heirloom.wishRounds.withdrawLink(
            participant: try uuid(input.path.participantId, "participant"), of: try uuid(input.path.id, "wish round"),
            by: organiser)
        return .noContent(.init())
    }

    func removeWishParticipant(_ input: Operations.RemoveWishParticipant.Input) async throws
        -> Operations.RemoveWishParticipant.Output
    {
        let organiser = try await wishOrganiser()
        try await request.heirloom.wishRounds.remove(
            participant: try uuid(input.path.participantId, "participant"), from: try uuid(input.path.id, "wish round"),
            by: organiser)
        return .noContent(.init())
    }

    /// A round as the API shows it, with its live draft when one has begun.
    /// A round as its organiser reads it: a trusted contact without values (`WishOrganiser.seesValues`).
    func wishRound(_ view: WishRoundView, for organiser: WishOrganiser) async throws -> Components.Schemas.WishRound {
        .init(view, live: try await request.heirloom.wishRounds.live(view), seesValues: organiser.seesValues)
    }

    /// The organiser of the request: a signed-in owner, or a trusted contact's bearer token once the estate is
    /// released. Anyone else is not signed in, or told there is no such thing.
    func wishOrganiser() async throws -> WishOrganiser {
        let request = try request
        if let principal = request.auth.get(Principal.self) { return try WishOrganiser.member(principal) }
        guard let secret = request.headers.bearerAuthorization?.token,
            let executor = try await request.heirloom.executors.executor(forSession: secret)
        else { throw AppError.unauthenticated }
        return try await WishOrganiser.executor(executor, clock: request.heirloom.services.clock, on: request.db)
    }
}
