import Foundation
import HeirloomCore

/// The organiser's pages of wish rounds: their models, made from the service's views.
enum WishRoundPages {
    struct RoundRow: Encodable {
        var href: String
        var title: String
        var stateLabel: String
        var detail: String
    }

    struct IndexPage: Encodable {
        var rounds: [RoundRow]
        var methods: [MethodText]
    }

    struct MethodText: Encodable {
        var value: String
        var name: String
        var explanation: String
        var example: String
    }

    static let methods: [MethodText] = [
        MethodText(
            value: "points", name: "Points",
            explanation: "Everyone spreads 1,000 points over the things they would like, more for what matters most. "
                + "The hub then finds the division that leaves everyone as content as it can all together: nobody "
                + "would rather have someone else’s share once any one thing is taken out of it, and no exchange "
                + "could make one person happier without making another less so.",
            example: "Anna puts 600 points on the clock and Ben 100: the clock goes to Anna, and Ben’s share is made "
                + "up with the things he cared about more."),
        MethodText(
            value: "draft", name: "Taking turns",
            explanation: "Everyone puts the things in the order they would like them. Then each takes a turn, in an "
                + "order drawn by lot, and receives the first thing on their list that is still there. The order "
                + "goes back and forth (1, 2, 3, then 3, 2, 1) so nobody gains by going first; someone with a larger "
                + "share takes turns more often.",
            example: "Anna, Ben and Cora: Anna chooses first, then Ben, then Cora; then Cora again, Ben and Anna."),
    ]

    static func stateLabel(_ state: WishRoundState) -> String {
        switch state {
        case .draft: "Not sent yet"
        case .open: "Taking wishes"
        case .closed: "Closed, ready to divide"
        case .divided: "Divided, waiting for you to confirm"
        case .confirmed: "Confirmed"
        }
    }

    static func row(_ view: WishRoundView) -> RoundRow {
        let answered = view.participants.filter { $0.answeredAt != nil }.count
        return RoundRow(
            href: SiteURL.wishRound(.value(view.round.id!)).path, title: view.round.title,
            stateLabel: stateLabel(view.state),
            detail: "\(view.things.count) things, \(view.participants.count) people, \(answered) answered; "
                + "last day \(DayText.calendarDay(view.round.closesOn))")
    }

    /// A round a member takes part in, as Home offers it.
    struct Invitation: Encodable {
        var text: String
        var href: String
        var action: String
    }

    static func invitation(_ taking: (round: WishRound, participant: WishParticipant)) -> Invitation {
        let round = taking.round
        let settled = round.state == WishRoundState.confirmed.rawValue
        return Invitation(
            text: settled
                ? "The division of “\(round.title)” is settled."
                : "\(round.organiser) asks what you would like of “\(round.title)”.",
            href: SiteURL.wishRoundTakePart(.value(round.id!)).path,
            action: settled ? "See what you receive" : "Open your page")
    }

    static func money(_ minorUnits: Int64?, _ currency: String) -> String? {
        minorUnits.map { Money(minorUnits: $0, currency: CurrencyCode(currency) ?? .usd).displayString }
    }
}
