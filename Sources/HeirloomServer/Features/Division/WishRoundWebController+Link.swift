import Foundation
import HeirloomCore
import Vapor

/// A participant's link on paper, for someone without email (or whose email went astray): the organiser prints it
/// from the round's page and gives it by hand.
extension WishRoundWebController {
    struct LinkSheet: Encodable {
        var name: String
        var roundTitle: String
        var organiser: String
        var closesOnText: String
        var url: String
        var qrSVG: String
        var backHref: String
    }

    func participantLink(req: Request) async throws -> Response {
        let id = try req.id("wish round")
        let participantID = try req.id("participant", .memberID)
        let organiser = try req.requireWishOrganiser()
        let (name, url) = try await req.heirloom.wishRounds.handOut(participant: participantID, of: id, by: organiser)
        let round = try await req.heirloom.wishRounds.round(id, by: organiser).round
        let model = LinkSheet(
            name: name, roundTitle: round.title, organiser: organiser.name,
            closesOnText: DayText.calendarDay(round.closesOn), url: url, qrSVG: try QRCode.svg(url),
            backHref: SiteURL.wishRound(.value(id)).path)
        let view = try await Page.render(
            .wishLinkSheet, base: try await base(req, title: "\(name)’s link"), model, on: req)
        let response = try await view.encodeResponse(for: req)
        // The page carries a secret: never kept by a cache or the browser's history.
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
