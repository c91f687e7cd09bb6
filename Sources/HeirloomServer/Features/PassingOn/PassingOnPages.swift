import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The models of the passing-on pages: plain structs beside their templates.
enum PassingOnPages {
    struct Settings: Encodable {
        struct Member: Encodable {
            var id: String
            var name: String
            var isHolder: Bool
        }

        struct ExecutorRow: Encodable {
            var id: String
            var name: String
            var email: String
            var statusLabel: String
        }

        struct BeneficiaryRow: Encodable {
            var id: String
            var name: String
        }

        struct AuditRow: Encodable {
            var when: String
            var detail: String
        }

        var members: [Member]
        var waitingPeriodDays: Int
        var inactivityMonths: Int
        var inactivityChoices: [Int]
        var showValues: Bool
        var memberLetters = false
        var timeZone: String
        var stateLabel: String
        var stateDetail: String
        var isReported: Bool
        var isReleased: Bool
        var isHolder: Bool
        var executors: [ExecutorRow]
        var beneficiaries: [BeneficiaryRow]
        /// Each beneficiary with something left to them, and where they stand in the hand-over.
        var heirs: [HeirRow]
        /// Who would not be (or was not) told, when anyone; shown first.
        var heirsToTell: String?
        var today: String
        var audit: [AuditRow]
        /// The next page of the log (older entries), when there is one.
        var olderAuditURL: String?
        /// Back to the newest entries, when an older page is shown.
        var newestAuditURL: String?
        var errors: [String: String]
    }

    struct Preview: Encodable {
        var name: String
        var beneficiaryID: String
        var at: String
        var items: [ShownItem]
        /// Said when the hub has no address to tell them at; with the place to fix it, for owners.
        var wouldNotBeTold: String?
        var fixHref: String?
        var answers = false
        var emptyText = "Nothing would be visible to them on that day."
    }

    struct ShownItem: Encodable {
        struct Photo: Encodable {
            var url: String
            var alt: String
        }

        struct File: Encodable {
            var name: String
            var url: String
            /// What a document is ("Appraisal"); empty for stories and for a paper of no particular kind.
            var kind = ""
            /// A story's typed copy as paragraphs (a person's correction, or the computer's words), and the note
            /// the computer's words carry until someone corrects them.
            var typed: [String] = []
            var typedNote: String?
        }

        var id: String
        var name: String
        var description: String
        var message: String?
        /// Why a wish round gave it to them, in words to them.
        var divisionReason: String?
        var value: String?
        var status: String
        var photos: [Photo]
        var documents: [File]
        var stories: [File]

        /// `ownReason`: the heir reads it, so the wish round's reason to them is shown; an owner's preview, no.
        /// `transcripts`: the stories' typed copies by story id (`PassingOnPages.storyTranscripts`).
        init(
            _ link: ItemBeneficiary, showValues: Bool, ownReason: Bool = true,
            transcripts: [String: TranscriptRecord] = [:]
        ) throws {
            let item = link.item
            id = try item.requireID().text
            name = item.name
            description = item.description
            message = link.personalMessage
            divisionReason = ownReason ? link.divisionReason : nil
            value = showValues ? item.money(item.estimatedValue)?.displayString : nil
            status = link.notificationStatus
            photos = try item.photos.sorted { $0.position < $1.position }.map {
                let media = try $0.media.requireID()
                let variant: MediaVariant = $0.media.displaySHA256 == nil ? .original : .display
                return Photo(
                    url: SiteURL.apiRecipientMedia(.value(media), .value(variant)).path, alt: "Photo of \(item.name)")
            }
            documents = try item.documents.sorted { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
                .map {
                    File(
                        name: DocumentTitle.shown(title: $0.title, fileName: $0.media.originalName),
                        url: SiteURL.apiRecipientMedia(.value(try $0.media.requireID()), .value(.original)).path,
                        kind: $0.type.shownKind ?? "")
                }
            stories = try item.audioStories.map {
                var story = File(
                    name: $0.title, url: SiteURL.apiRecipientMedia(.value(try $0.media.requireID()), .value(.play)).path
                )
                if let typed = try transcripts[$0.requireID().text], typed.state == .done {
                    story.typed = typed.text.components(separatedBy: "\n")
                        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    story.typedNote = story.typed.isEmpty ? nil : TranscriptNote.note(corrected: typed.edited)
                }
                return story
            }
        }
    }

    struct Outbox: Encodable {
        struct Row: Encodable {
            var id: String
            var to: String
            var subject: String
            var link: String?
            var status: String
            var statusLabel: String
            var created: String
            var problem: String?
        }

        var smtpConfigured: Bool
        var messages: [Row]
    }

    struct ExecutorView: Encodable {
        var executorName: String
        var holderName: String
        var state: String
        var releaseDay: String?
        var today: String
        var error: String?
        /// Whom to ask. The page shows nothing of the household's things or money (no totals, sales, lots or
        /// item names): the trusted contact is told so when they are invited.
        var whoToContact: String
        /// After the release: each heir's name and state (never what was left to them).
        var heirs: [HeirRow] = []
        /// Who was not told, when anyone.
        var heirsToTell: String? = nil
        /// Whether each person with something released knows of it (told by email or by hand, or on their page).
        var everyoneKnows = false
        /// The binder entries the executors may read now, and (after the release) the checklist built from them.
        var binder: BinderPages.Reading? = nil
        var checklist: [BinderPages.ChecklistRow] = []
        var checklistDone = 0
        /// Other members whose letters wait for their own passing, where the household allows such letters.
        var members: [MemberRow] = []
    }

    /// A member whose letters wait for their passing, as the trusted contact's page shows them.
    struct MemberRow: Encodable {
        var id: String
        var name: String
        var state: String
        var detail: String?
        var action: String
    }

    static func memberRow(_ waiting: MemberPassingService.Waiting, now: Date, days: DayText) -> MemberRow {
        let state = waiting.status.effectiveState(at: now)
        let detail: String? =
            switch state {
            case .active: nil
            case .passingReported:
                "Reported. Their letters go on \(days.day(waiting.status.releaseAt)) unless they sign in first."
            case .released: "Their letters have gone to their readers."
            }
        return MemberRow(
            id: (waiting.user.id ?? UUID()).text, name: waiting.user.name, state: state.rawValue, detail: detail,
            action: SiteURL.executorMemberReport(.value(waiting.user.id ?? UUID())).path)
    }

    struct RecipientView: Encodable {
        var name: String
        var fromName: String
        var items: [ShownItem]
        var whoToContact: String
        /// After the release: what the trusted contact wrote for the family when reporting the passing.
        var note: Note?
        var answers = true
        var emptyText = "There is nothing here for you yet. You will receive an email when there is."
        /// The binder entries released to this beneficiary, when any.
        var binder: BinderPages.Reading? = nil
    }

    struct Note: Encodable {
        var by: String
        var text: String
    }

    static func stateLabel(_ state: EstateState) -> String {
        switch state {
        case .active: "Nothing has been reported."
        case .passingReported: "A passing has been reported."
        case .released: "The estate has been released."
        }
    }
}

extension PassingOnPages {
    /// The typed copies of the stories of the items of `links`, by story id, for `ShownItem`.
    static func storyTranscripts(_ links: [ItemBeneficiary], on db: any Database) async throws
        -> [String: TranscriptRecord]
    {
        try await TranscriptLookup.transcripts(
            .itemStory, ids: links.flatMap { $0.item.audioStories.compactMap(\.id) }, on: db.sql())
    }
}
