import Foundation

extension ExportRecord {
    /// The estate binder (binder.json): the sections' chosen readers, the entries with their papers, and the
    /// executors' checklist ticks.
    ///
    /// An entry nobody else may read is in it only when the member exporting is the estate holder or its author,
    /// and is then marked `private`.
    struct Binder: Codable, Equatable {
        var sections: [Section]
        var entries: [Entry]
        var ticks: [Tick]

        static let empty = Binder(sections: [], entries: [], ticks: [])

        /// Who may read an entry or, as the default of its entries, a section.
        struct Readers: Codable, Equatable {
            struct Grant: Codable, Equatable {
                var beneficiaryId: UUID
                /// "now" or "afterPassing".
                var when: String
            }

            /// "never", "now" or "afterPassing".
            var executors: String
            var beneficiaries: [Grant]
        }

        /// A section whose default readers the holder chose.
        struct Section: Codable, Equatable {
            var id: UUID
            /// "legal", "money", "insurance", "home", "vehicles", "digital", "health", "funeral", "people", "pets",
            /// "other".
            var section: String
            var visibility: Readers
        }

        struct Entry: Codable, Equatable {
            struct Paper: Codable, Equatable {
                var id: UUID
                var mediaId: UUID
                var createdAt: Date?
            }

            var id: UUID
            var section: String
            var title: String
            var text: String
            /// The structured fields by name (`institution`, `accountNumber`, …), numbers whole.
            var fields: [String: String]
            /// The entry's own readers; absent when it follows its section's.
            var visibility: Readers?
            /// Present, and true, when nobody but the holder (and its author) may read the entry.
            var `private`: Bool?
            /// YYYY-MM-DD.
            var reviewOn: String?
            var reviewNoticedOn: String?
            var authorId: UUID?
            var createdAt: Date?
            var updatedAt: Date?
            var papers: [Paper]
        }

        /// A task of the executors' checklist that one of them ticked.
        struct Tick: Codable, Equatable {
            var id: UUID
            var taskKey: String
            /// The executor's name.
            var tickedBy: String
            var tickedAt: Date
        }
    }
}
