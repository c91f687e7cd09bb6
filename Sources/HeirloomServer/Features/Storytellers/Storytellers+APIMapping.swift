import Foundation
import HeirloomAPI
import HeirloomCore

extension Principal {
    /// The household's time zone name, as days and hours are read in it.
    var zoneName: String {
        householdTimeZone.flatMap(TimeZone.init(identifier:))?.identifier ?? TimeZone.current.identifier
    }
}

extension Components.Schemas.Storyteller {
    init(_ storyteller: Storyteller, timeZone: String) throws {
        self.init(
            id: try storyteller.requireID().text, name: storyteller.name, email: storyteller.email,
            userId: storyteller.$user.id?.text, weekday: storyteller.weekday, hour: storyteller.hour,
            timeZone: timeZone, nextSendAt: storyteller.nextSendAt, active: storyteller.active)
    }
}

extension Components.Schemas.StoryQuestion {
    init(_ question: StoryQuestion, position: Int) throws {
        self.init(
            id: try question.requireID().text, text: question.text,
            source: .init(rawValue: question.source) ?? .builtIn, position: position, skipped: question.skipped,
            itemId: question.$item.id?.text, memoryId: question.$photoMemory.id, askedAt: question.askedAt)
    }
}

extension Components.Schemas.StoryAnswer {
    init(_ record: StoryAnswerRecord) throws {
        let question = record.question
        self.init(
            questionId: try question.requireID().text, question: question.text,
            answeredAt: question.answeredAt ?? Date(timeIntervalSince1970: 0),
            kind: question.answerKind == "voice" ? .voice : .text, text: question.answerText,
            itemId: record.itemID?.text, itemAudioId: question.$answerItemAudio.id?.text,
            memoryId: question.$answerMemory.id, transcript: record.transcript.map { .init($0) })
    }
}
