import Foundation
import HeirloomCore

/// The records of a household export, one JSON file per kind (docs/export-format.md).
///
/// Ids, amounts (integers in the currency's minor units) and times are written exactly as stored, so that
/// `heirloom import` brings back the same household. Nothing secret is in them: no password hashes, tokens,
/// invitations or journals.
enum ExportRecord {
    struct Household: Codable, Equatable {
        var id: UUID
        var name: String
        var defaultCurrency: String
        /// IANA name; absent when the household follows the server's zone (and in exports before 2026-11).
        var timeZone: String?
        /// "a4" or "letter"; absent when it follows the currency.
        var paperSize: String?
        /// Whether viewers see what things are worth; absent (no) in exports before 2026-11-27.
        var showValuesToViewers: Bool?
        /// The name of the member whose passing "upon passing" waits for; absent without one (and in exports before
        /// 2026-11-27). The archive's own page reads "upon Margaret’s passing" with it; an import ignores it.
        var holderName: String? = nil
        var createdAt: Date?
        var updatedAt: Date?
    }

    struct Member: Codable, Equatable {
        var id: UUID
        var name: String
        var email: String
        var role: String
        var createdAt: Date?
        var updatedAt: Date?
    }

    struct Media: Codable, Equatable {
        var id: UUID
        /// Where the original is in the archive: `media/<sha256>.<extension>`.
        var path: String
        var sha256: String
        var fileName: String
        var format: String
        var kind: String
        var use: String
        var sizeBytes: Int64
        var width: Int?
        var height: Int?
        var takenAt: Date?
        var durationSeconds: Double?
        var waveform: [Double]?
        var pageCount: Int?
        /// What the file belongs to: "item", "memory" or "person", and that record's id.
        var ownerType: String?
        var ownerId: String?
        var uploadedById: UUID?
        var createdAt: Date?
        /// A recording's typed copy (issue 33); absent from older archives, whose recordings are typed out again.
        var transcript: Transcript? = nil
        /// A copy of a recording that every player plays (AAC), when the original is not AAC: for people and the
        /// viewer; an import makes it again from the original.
        var playable: Playable? = nil
    }

    /// Where a recording's AAC copy is in the archive: `media/<original's sha256>.playable.m4a`.
    struct Playable: Codable, Equatable {
        var path: String
        var sha256: String
    }

    /// The typed copy of a recording: the machine's text and timed phrases, and a person's correction.
    struct Transcript: Codable, Equatable {
        var id: UUID
        var state: String
        var text: String
        var segments: [TranscriptSegment]
        var engine: String?
        var editedText: String?
        var editedById: UUID?
        var editedAt: Date?
        var error: String?
    }

    struct Item: Codable, Equatable {
        struct Photo: Codable, Equatable {
            var id: UUID
            var mediaId: UUID
            var position: Int
            var createdAt: Date?
        }
        struct Document: Codable, Equatable {
            var id: UUID
            var mediaId: UUID
            var createdAt: Date?
            /// The family's words for it; absent when none was given (and in exports before 2026-12).
            var title: String? = nil
            /// A `DocumentType`; absent in exports before 2026-12 (then other).
            var documentType: String? = nil
        }
        struct Story: Codable, Equatable {
            var id: UUID
            var mediaId: UUID
            var title: String
            var createdAt: Date?
        }
        struct Valuation: Codable, Equatable {
            var id: UUID
            var low: Int64?
            var high: Int64?
            var currency: String?
            var confidence: Double?
            var sources: [String]
            var provider: String?
            var model: String?
            var valuedAt: Date?
            var aiNotes: String?
            /// The owner's notes for the appraiser.
            var userNotes: String
        }

        var id: UUID
        var name: String
        var description: String
        var category: String
        var currency: String
        /// Amounts in the currency's minor units (cents): 125000 is $1,250.00.
        var estimatedValue: Int64?
        var suggestedPriceNew: Int64?
        var suggestedPriceUsed: Int64?
        var purchasePrice: Int64?
        var purchaseDate: String?
        var maker: String?
        var serialNumber: String?
        /// How many alike pieces; absent in exports before downsizing (then 1).
        var quantity: Int?
        /// What happens to it; absent in exports before downsizing (then undecided).
        var disposition: Disposition?
        var createdById: UUID?
        var createdAt: Date?
        var updatedAt: Date?
        var photos: [Photo]
        var documents: [Document]
        var stories: [Story]
        var valuation: Valuation?
    }

    struct Beneficiary: Codable, Equatable {
        var id: UUID
        var name: String
        var relationship: String?
        var email: String?
        var phoneNumber: String?
        var contactIdentifier: String?
        var isLinkedToContact: Bool
        var nameEditedByUser: Bool
        var createdAt: Date?
        var updatedAt: Date?
    }

    /// Who receives an item, when (the release rule) and with what message.
    struct Link: Codable, Equatable {
        var id: UUID
        var itemId: UUID
        var beneficiaryId: UUID
        /// "immediate", "afterSpecificDate" or "uponPassing".
        var accessPermission: String
        var accessDate: Date?
        var personalMessage: String?
        var notificationStatus: String
        var createdAt: Date?
        var updatedAt: Date?
    }

    /// What happens to an item or a set: value, status, note, and the amount it fetched in minor units.
    struct Disposition: Codable, Equatable {
        var value: String
        var status: String
        var note: String
        var amount: Int64?
    }

    /// Items that belong together, with how many of each and the set's own disposition.
    struct ItemSet: Codable, Equatable {
        struct Member: Codable, Equatable {
            var id: UUID
            var itemId: UUID
            var quantity: Int
            var createdAt: Date?
        }

        var id: UUID
        var name: String
        var type: String
        var story: String
        var sellTogether: Bool
        var currency: String
        var disposition: Disposition
        var createdById: UUID?
        var createdAt: Date?
        var updatedAt: Date?
        var members: [Member]
    }

    struct Person: Codable, Equatable {
        var id: Int
        var name: String
        var relationship: String?
        var notes: String?
        var birthDate: String?
        var deathDate: String?
        var avatarMediaId: UUID?
        var createdAt: Date?
        var updatedAt: Date?
    }

    struct Memory: Codable, Equatable {
        /// A date known to the year, the month or the day: `value` is "1962", "1962-06" or "1962-06-14".
        struct When: Codable, Equatable {
            var value: String?
            var year: Int
            var month: Int?
            var day: Int?
            var precision: String
        }
        struct File: Codable, Equatable {
            var id: Int
            var mediaId: UUID
            var position: Int
        }
        struct Face: Codable, Equatable {
            var id: Int
            /// Which photo of the memory (0 is the first), and the box as fractions of its width and height.
            var photoIndex: Int
            var personId: Int?
            var x: Double
            var y: Double
            var width: Double
            var height: Double
        }

        var id: Int
        var kind: String
        var title: String
        var description: String?
        var content: String?
        var date: When?
        var location: String?
        var context: String?
        /// The phone the memory was sent from, when an app sent it.
        var deviceName: String?
        var createdById: UUID?
        var createdAt: Date?
        var updatedAt: Date?
        var personIds: [Int]
        var files: [File]
        var faces: [Face]
    }
}
