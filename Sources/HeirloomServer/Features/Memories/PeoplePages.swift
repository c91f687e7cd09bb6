import Foundation
import HeirloomCore

/// The plain models beside the people templates.
enum PeoplePages {
    struct Card: Encodable {
        var href: String
        var name: String
        var relationship: String?
        var avatarUrl: String?
        var initials: String
        var memoryCount: Int

        init(_ listed: PeopleService.Listed) {
            let person = listed.person
            href = SiteURL.person(.value(person.id ?? 0)).path
            name = person.name
            relationship = person.relationship
            avatarUrl = person.$avatar.id.map { SiteURL.media($0, .thumbnail) }
            initials = MemoryPages.initials(person.name)
            memoryCount = listed.memoryCount
        }
    }

    struct Index: Encodable {
        var people: [Card]
        var canEdit: Bool
        var form: [String: String]
        var errors: [String: String]
        var relationships: [String]
    }

    struct Show: Encodable {
        var id: Int
        var card: Card
        var born: String?
        var died: String?
        var notes: String?
        var memories: [MemoryPages.Card]
        var nextHref: String?
        var canEdit: Bool
        var canDelete: Bool
    }

    struct Form: Encodable {
        var id: Int
        var name: String
        var avatarUrl: String?
        var initials: String
        var form: [String: String]
        var errors: [String: String]
        var relationships: [String]
    }
}
