import Foundation
import HeirloomCore
import Vapor

extension WishRoundPages {
    /// The new-round form as sent.
    struct NewForm: Content {
        var title: String?
        var method: String?
        var closesOn: String?
        var showValues: String?
        var things: [String]?
        var participants: [String]?
        /// Shares by beneficiary id ("share-<id>").
        var shares: [String: String]?
        var live: String?
        var turnHours: String?

        func input(shareOf: (UUID) -> Double?) -> WishRoundInput {
            WishRoundInput(
                title: title ?? "", method: DivisionMethod(rawValue: method ?? "") ?? .points,
                things: (things ?? []).compactMap { value in
                    let parts = value.split(separator: ":")
                    guard parts.count == 2, let id = UUID(uuidString: String(parts[1])) else { return nil }
                    return parts[0] == "set" ? .set(id) : .item(id)
                },
                participants: (participants ?? []).compactMap(UUID.init(uuidString:)).map {
                    .init(beneficiaryID: $0, share: shareOf($0))
                },
                showValues: showValues == "yes", closesOn: closesOn ?? "", live: live == "yes",
                turnHours: turnHours.flatMap { Int($0) })
        }
    }

    struct Choice: Encodable {
        var value: String
        var label: String
        var detail: String?
        var checked: Bool
    }

    struct PersonChoice: Encodable {
        var id: String
        var name: String
        var detail: String?
        var checked: Bool
        var share: String
    }

    struct NewPage: Encodable {
        var form: NewFormValues
        var methods: [MethodText]
        var things: [Choice]
        var leftOut: [String]
        var people: [PersonChoice]
        var errors: [String: String]
        var backHref: String
        var turnChoices: [Choice] = WishRoundPages.turnChoices
    }

    struct NewFormValues: Encodable {
        var title: String
        var method: String
        var closesOn: String
        var showValues: Bool
        var live: Bool = false
        var turnHours: String = "48"
    }

    /// How long a live turn may last, as the form offers it.
    static let turnChoices: [Choice] = [
        Choice(value: "24", label: "One day", detail: nil, checked: false),
        Choice(value: "48", label: "Two days", detail: nil, checked: true),
        Choice(value: "72", label: "Three days", detail: nil, checked: false),
        Choice(value: "168", label: "A week", detail: nil, checked: false),
    ]
}
