import Fluent
import Foundation
import HeirloomCore

extension StorytellerService {
    /// Every answered question of the storyteller as a chapter of their book, in the order they were answered: the
    /// corrected transcript (or the typed answer), the photos of what it is about, and the hub's address of the
    /// recording for its QR code. A chapter's id is its question's id.
    func chapters(of id: UUID, baseURL: String, by principal: Principal) async throws -> [StoryBook.Chapter] {
        var chapters: [StoryBook.Chapter] = []
        for answer in try await answers(id, principal) {
            let question = answer.question
            var recordingURL: String?
            if let media = question.answerMedia {
                let variant: MediaVariant = media.playableSHA256 == nil ? .original : .play
                recordingURL = SiteURL.apiMedia(.value(try media.requireID()), .value(variant)).url(on: baseURL)
            }
            chapters.append(
                StoryBook.Chapter(
                    id: try question.requireID(), title: question.text,
                    text: answer.transcript?.text ?? question.answerText ?? "",
                    photos: try await photos(of: question), recordingURL: recordingURL,
                    answeredAt: question.answeredAt,
                    typedByComputer: answer.transcript.map { !$0.edited && !$0.text.isEmpty } ?? false))
        }
        return chapters
    }

    /// The book of the storyteller's stories, its chapters chosen and ordered by `query` ("id,id,…"; every
    /// answered question, as answered, when blank). Each recording's QR code is a keyed link of this printing
    /// (`BookLinks`): it plays that recording on any phone, without an account.
    func book(_ id: UUID, chapters query: String?, paper: PaperSize, baseURL: String, by principal: Principal)
        async throws -> StoryBook
    {
        let storyteller = try await find(id, principal)
        let chapters = try await chapters(of: id, baseURL: baseURL, by: principal)
        switch StoryBookLayout.select(query, from: chapters) {
        case .success(var chosen):
            for index in chosen.indices where chosen[index].recordingURL != nil {
                let secret = try await LinkTokens(db: db).issue(
                    .bookRecording, subject: chosen[index].id, householdID: principal.householdID)
                chosen[index].recordingURL = SiteURL.bookRecording(.value(secret)).url(on: baseURL)
            }
            return StoryBook(storytellerName: storyteller.name, paper: paper, chapters: chosen)
        case .failure(let problem): throw problem.appError
        }
    }

    /// The photos a chapter shows: the item's (its first two), the photo asked about, or those of the memory the
    /// answer became.
    private func photos(of question: StoryQuestion) async throws -> [StoryBook.Photo] {
        var itemPhotos: [UUID] = []
        if let itemID = question.$item.id {
            itemPhotos = try await ItemPhoto.query(on: db).filter(\.$item.$id == itemID).sort(\.$position).limit(2)
                .all(\.$media.$id)
        }
        var memoryPhotos: [UUID] = []
        for memoryID in [question.$photoMemory.id, question.$answerMemory.id].compactMap({ $0 }) {
            let media = try await MemoryMedia.query(on: db).filter(\.$memory.$id == memoryID).sort(\.$position)
                .with(\.$media).all()
            memoryPhotos += media.map(\.media).filter { $0.width != nil }.compactMap(\.id)
        }
        return StoryBookLayout.photos(item: itemPhotos, memories: memoryPhotos)
    }
}
