import Foundation

extension ExportRecord {
    /// Letters for later (letters.json): the letters the member exporting may take whole, the notices of the others'
    /// sealed letters an owner sees, and the members' reported passings their letters wait for.
    ///
    /// How much of each letter is in it is `LetterExportRule`'s answer. Readers' link tokens are never in it.
    struct Letters: Codable, Equatable {
        var letters: [Letter]
        var notices: [Notice]
        var passings: [Passing]

        static let empty = Letters(letters: [], notices: [], passings: [])

        /// When a letter goes: `on` a day (YYYY-MM-DD), or after its writer's passing.
        struct Delivery: Codable, Equatable {
            var on: String?
            var afterPassing: Bool
        }

        /// A letter with its words, its readers and its recording.
        struct Letter: Codable, Equatable {
            struct Reader: Codable, Equatable {
                var id: UUID
                var name: String
                var email: String
            }

            var id: UUID
            /// Absent once the writer's account was removed.
            var writerId: UUID?
            var from: String
            var to: [Reader]
            var subject: String
            var text: String
            var deliver: Delivery
            var sharedWithOwners: Bool
            var recordingMediaId: UUID?
            /// When the hub sent it; absent while it is sealed.
            var deliveredAt: Date?
            /// Present, and true, while the letter is not yet delivered.
            var sealed: Bool?
            var createdAt: Date?
            var updatedAt: Date?
        }

        /// Another member's letter as the owners see it in the app: that it exists, from whom, for whom and when
        /// (and when it went); never its subject, words, readers' addresses or recording.
        struct Notice: Codable, Equatable {
            var id: UUID
            var from: String
            /// The readers' names.
            var to: [String]
            var deliver: Delivery
            var sealed: Bool
            var deliveredAt: Date? = nil
        }

        /// A member's passing reported for their letters (`member_passings`): where it stands.
        struct Passing: Codable, Equatable {
            var id: UUID
            var memberId: UUID
            /// "active", "passingReported" or "released", as the estate's.
            var state: String
            var reportedAt: Date?
            var releaseAt: Date?
            var releasedAt: Date?
            var reportedBy: String
        }
    }
}
