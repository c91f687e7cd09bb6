import Fluent
import Foundation
import HeirloomCore

/// Turns an answer into a story where the family keeps stories: about an item, a recorded story on the item (or
/// the typed words added to its description); about a photo, the typed words added to the photo memory's
/// description (or, spoken, a voice memory beside it); any other question, a new voice or written memory titled
/// with the question, by the storyteller.
struct StoryMaking: Sendable {
    let db: any Database
    let now: Date

    func make(_ question: StoryQuestion, by storyteller: Storyteller, recording: MediaObject?) async throws {
        let signature = "(\(storyteller.name), \(DayText.calendarDay(now)))"
        switch question.questionSource {
        case .item:
            if let itemID = question.$item.id, let item = try await Item.find(itemID, on: db) {
                if let recording {
                    let story = ItemAudio(
                        itemID: itemID, mediaID: try recording.requireID(),
                        title: StoryRules.title("\(storyteller.name): \(question.text)"))
                    try await story.create(on: db)
                    question.$answerItemAudio.id = story.id
                    return
                }
                let addition = question.answerText.map { "\(question.text)\n\($0) \(signature)" }
                let description = addition.map { item.description.isEmpty ? $0 : item.description + "\n\n" + $0 }
                // A written answer too long for the description becomes a memory of its own, below.
                if let description, TextLimit.fits(description, maximum: ItemDraft.maximumDescriptionLength) {
                    item.description = description
                    try await item.save(on: db)
                    try await ItemSearchIndex(db).update(item)
                    return
                }
            }
        case .photo:
            if let memoryID = question.$photoMemory.id, recording == nil, let text = question.answerText,
                let memory = try await Memory.find(memoryID, on: db)
            {
                let addition = "\(text) \(signature)"
                let before = memory.description ?? ""
                let description = before.isEmpty ? addition : before + "\n\n" + addition
                // Too long for the photo's description: a memory of its own, below.
                guard TextLimit.fits(description, maximum: MemoryDetails.maximumDescriptionLength) else {
                    return try await newMemory(question, by: storyteller, recording: nil)
                }
                memory.description = description
                memory.refreshSearchText()
                try await memory.save(on: db)
                question.$answerMemory.id = memoryID
                return
            }
        case .family, .builtIn:
            break
        }
        try await newMemory(question, by: storyteller, recording: recording)
    }

    private func newMemory(_ question: StoryQuestion, by storyteller: Storyteller, recording: MediaObject?)
        async throws
    {
        let memory = Memory()
        memory.$household.id = question.$household.id
        memory.$createdBy.id = storyteller.$user.id
        memory.kind = (recording == nil ? MemoryKind.text : .voice).rawValue
        memory.title = StoryRules.title(question.text)
        memory.content = recording == nil ? question.answerText : nil
        memory.description = "Told by \(storyteller.name), in answer to “\(question.text)”."
        memory.refreshSearchText()
        try await memory.create(on: db)
        let memoryID = try memory.requireID()
        if let recording {
            let mediaID = try recording.requireID()
            try await MediaObject.query(on: db).filter(\.$id == mediaID)
                .set(\.$ownerType, to: MemoryService.mediaOwnerType).set(\.$ownerID, to: String(memoryID)).update()
            try await MemoryMedia(memoryID: memoryID, mediaID: mediaID, position: 0).create(on: db)
        }
        question.$answerMemory.id = memoryID
    }
}
