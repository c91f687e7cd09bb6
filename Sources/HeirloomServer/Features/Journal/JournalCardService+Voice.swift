import Fluent
import Foundation
import HeirloomCore

extension JournalCardService {
    /// The owner type a voice card's recording is stored with; only the card's author may hear it.
    static let mediaOwnerType = "journal_card"

    /// A recording stored for a voice card that is about to be written.
    struct Recording: Sendable {
        /// The id the card will have; the media object names it as its owner from the start.
        var cardID: UUID
        var object: MediaObject
    }

    /// A new voice card's fields; the recording comes separately.
    struct NewVoiceCard: Sendable {
        var drawerID: UUID
        var title: String?
        var text: String?
        var tags: [String]
        var day: JournalDay?
    }

    /// Streams a recording into the media pipeline for a new card. When the drawer is already known it must
    /// be open, so that a recording for a locked or someone else's drawer is refused before it is read.
    func record<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        fileName: String?,
        drawerID: UUID?,
        for reader: JournalReader
    ) async throws -> Recording where Chunks.Element: Collection<UInt8> {
        if let drawerID { try reader.requireOpen(try await drawers.drawer(drawerID, of: reader)) }
        let cardID = UUID()
        let object = try await media.ingest(
            chunks,
            fileName: fileName,
            use: .audio,
            origin: .init(
                householdID: reader.householdID,
                uploaderID: reader.userID,
                ownerType: Self.mediaOwnerType,
                ownerID: cardID.text
            )
        )
        return Recording(cardID: cardID, object: object)
    }

    /// Deletes a recording no card was written for (the fields were wrong, or the request broke off).
    func discard(_ recording: Recording) async {
        try? await media.delete([recording.object])
    }

    /// Writes a voice card around a stored recording; if the card cannot be written, the recording is deleted.
    func createVoice(_ new: NewVoiceCard, recording: Recording, for reader: JournalReader) async throws
        -> JournalRedaction.Shown
    {
        do {
            let drawer = try await drawers.drawer(new.drawerID, of: reader)
            try reader.requireOpen(drawer)
            let title = try JournalRules.title(new.title)
            let notes = try JournalRules.notes(new.text)
            let tags = try JournalRules.tags(new.tags)
            let object = recording.object
            let card = JournalCard(
                id: recording.cardID, userID: reader.userID, drawerID: try drawer.requireID(), kind: .voice,
                writtenOn: new.day ?? today)
            card.title = title
            card.body = notes
            card.mediaID = try object.requireID()
            card.durationSeconds = object.durationSeconds
            card.waveform = object.waveformJSON
            try await db.transaction { db in
                try await card.create(on: db)
                try await JournalTagService(db: db).setTags(tags, on: card, userID: reader.userID)
            }
        } catch {
            await discard(recording)
            throw error
        }
        return try await card(recording.cardID, for: reader)
    }

    /// Whether a principal may fetch a journal card's media through the generic media URLs: only the card's
    /// author, and only while its drawer is open for this session or token, so that those URLs never give
    /// away a locked card (they answer 404 then, as for anyone else's).
    static func mayAccessMedia(_ principal: Principal, cardID: String, now: Date, db: any Database) async throws
        -> Bool
    {
        guard let id = UUID(uuidString: cardID),
            let card = try await JournalCard.query(on: db)
                .filter(\.$id == id)
                .filter(\.$user.$id == principal.userID)
                .with(\.$drawer)
                .first()
        else { return false }
        return JournalReader(principal, now: now).canRead(card.drawer)
    }
}
