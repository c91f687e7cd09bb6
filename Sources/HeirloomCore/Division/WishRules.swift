import Foundation

/// One participant's wish for one thing, as sent: a place in their order (draft) or points (points method), and a
/// few words on why it matters.
public struct WishInput: Sendable, Equatable {
    public var thingID: UUID
    public var rank: Int?
    public var points: Int?
    public var reason: String?

    public init(thingID: UUID, rank: Int? = nil, points: Int? = nil, reason: String? = nil) {
        self.thingID = thingID
        self.rank = rank
        self.points = points
        self.reason = reason
    }
}

/// How a round divides: by turns from each participant's order, or by points.
public enum DivisionMethod: String, Codable, CaseIterable, Sendable {
    case draft, points
}

/// The rules a participant's wishes must keep; anything else is refused whole (422) and changes nothing.
public enum WishRules {
    /// The points each participant spreads.
    public static let budget = 1_000
    /// The longest "why it matters".
    public static let reasonLength = 1_000

    /// The wishes, checked against the round's things and method; the error names the first problem.
    public static func check(_ wishes: [WishInput], method: DivisionMethod, things: Set<UUID>)
        throws(FieldError) -> [WishInput]
    {
        var seen = Set<UUID>()
        var ranks = Set<Int>()
        var spent = 0
        var checked: [WishInput] = []
        for wish in wishes {
            guard things.contains(wish.thingID) else {
                throw FieldError(field: "wishes", message: "One of the wishes is for something outside this round.")
            }
            guard seen.insert(wish.thingID).inserted else {
                throw FieldError(field: "wishes", message: "Each thing can be wished for once.")
            }
            var clean = wish
            clean.reason = wish.reason.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap {
                $0.isEmpty ? nil : $0
            }
            if let reason = clean.reason, reason.count > reasonLength {
                throw FieldError(field: "reason", message: "Please keep each reason under \(reasonLength) characters.")
            }
            switch method {
            case .draft:
                // A few words on a thing left out of the order are kept; it is simply not ranked.
                if let rank = wish.rank {
                    guard rank >= 1, rank <= things.count else {
                        throw FieldError(
                            field: "rank",
                            message: "Please number the things you would like from 1 to \(things.count).")
                    }
                    guard ranks.insert(rank).inserted else {
                        throw FieldError(field: "rank", message: "Each place in your order can be used once.")
                    }
                } else if clean.reason == nil {
                    throw FieldError(
                        field: "rank", message: "Please number the things you would like from 1 to \(things.count).")
                }
                clean.points = nil
            case .points:
                // A few words with no points are kept as none.
                guard let points = wish.points ?? (clean.reason == nil ? nil : 0), points >= 0 else {
                    throw FieldError(field: "points", message: "Points are whole numbers from 0 to \(budget).")
                }
                // Checked before adding, so that no number, however large, overflows the sum.
                guard points <= budget - spent else {
                    throw FieldError(field: "points", message: pointsText(given: given(wishes.map(\.points))))
                }
                spent += points
                clean.points = points
                clean.rank = nil
            }
            checked.append(clean)
        }
        return checked
    }

    /// The points given in all, every box counted once and none below 0; at most `Int.max`, however large the
    /// numbers sent.
    public static func given(_ points: [Int?]) -> Int {
        points.reduce(0) { total, points in
            let (sum, overflow) = total.addingReportingOverflow(max(points ?? 0, 0))
            return overflow ? Int.max : sum
        }
    }

    /// What `given` points come to, as the sheet counts them while she types: "350 points left of 1,000", or the
    /// mistake with her own numbers ("You gave 1,150 points, 150 more than the 1,000 you have.").
    public static func pointsText(given: Int) -> String {
        let points = { (count: Int) in
            "\(Money.grouped(UInt64(max(count, 0)))) point\(count == 1 ? "" : "s")"
        }
        guard given > budget else {
            return "\(points(budget - given)) left of \(Money.grouped(UInt64(budget)))"
        }
        return "You gave \(points(given)), \(Money.grouped(UInt64(given - budget))) more than the "
            + "\(Money.grouped(UInt64(budget))) you have. Take some from the things that matter less."
    }

    /// A draft ranking from checked wishes: the things in the participant's order.
    public static func ranking(_ wishes: [WishInput]) -> [UUID] {
        wishes.compactMap { wish in wish.rank.map { (wish.thingID, $0) } }.sorted { $0.1 < $1.1 }.map(\.0)
    }
}
