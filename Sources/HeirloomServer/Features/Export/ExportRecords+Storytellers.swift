import Foundation

extension ExportRecord {
    /// A question each week (storytellers.json): each storyteller with every question they were given, waiting,
    /// asked, skipped or answered, and where each answer went. Link tokens are never in it.
    struct Storytellers: Codable, Equatable {
        var storytellers: [Storyteller]

        static let empty = Storytellers(storytellers: [])

        struct Storyteller: Codable, Equatable {
            var id: UUID
            var name: String
            var email: String
            var userId: UUID?
            /// ISO 8601, Monday = 1.
            var weekday: Int
            var hour: Int
            var nextSendAt: Date
            var active: Bool
            var createdAt: Date?
            var questions: [Question]
        }

        struct Question: Codable, Equatable {
            var id: UUID
            /// family, item, photo or builtIn.
            var source: String
            var key: String
            var text: String
            var position: Int
            var skipped: Bool
            var itemId: UUID?
            var photoMemoryId: Int?
            var createdById: UUID?
            var askedAt: Date?
            var answeredAt: Date?
            /// voice or text.
            var answerKind: String?
            var answerText: String?
            var answerMediaId: UUID?
            var answerItemAudioId: UUID?
            var answerMemoryId: Int?
            var createdAt: Date?
        }
    }
}
