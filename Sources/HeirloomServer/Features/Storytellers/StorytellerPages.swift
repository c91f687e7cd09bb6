import Foundation
import HeirloomCore
import Vapor

/// The family's storyteller pages and the storyteller's answer page, with the models their templates show.
enum StorytellerPages {
    struct Choice: Encodable {
        var value: String
        var label: String
        var selected: Bool
    }

    struct Row: Encodable {
        var name: String
        var email: String
        var when: String
        var href: String
        var active: Bool
    }

    /// The form to add a storyteller, as sent and shown again.
    struct Form: Content {
        var name: String?
        var email: String?
        var userId: String?
        var weekday: String?
        var hour: String?

        var draft: StorytellerService.Draft {
            .init(
                name: name ?? "", email: email ?? "", userID: userId.flatMap(UUID.init(uuidString:)),
                weekday: Int(weekday ?? "") ?? 0, hour: Int(hour ?? "") ?? -1)
        }
    }

    struct IndexPage: Encodable {
        var storytellers: [Row]
        var canEdit: Bool
        var name: String
        var email: String
        var members: [Choice]
        var weekdays: [Choice]
        var hours: [Choice]
        var errors: [String: String]
        var notices: Bool
        var timeZone: String
    }

    struct QuestionRow: Encodable {
        var id: String
        var text: String
        var source: String
        var isFirst: Bool
        var isLast: Bool
        var up: Int
        var down: Int
    }

    struct AnswerRow: Encodable {
        var question: String
        var when: String
        var kind: String
        var href: String?
        var text: String?
        /// The recording's typed copy, with its note and correction form, as beside every recording.
        var transcript: TranscriptPages.Block?
    }

    struct ShowPage: Encodable {
        var id: String
        var name: String
        var email: String
        var when: String
        var next: String
        var active: Bool
        var canEdit: Bool
        var coming: [QuestionRow]
        var answers: [AnswerRow]
        var question: String
        var errors: [String: String]
        /// Why no question goes now: the storyteller is the holder, and a passing was reported or the estate released.
        var pause: String? = nil
    }

    static func weekdays(selected: Int) -> [Choice] {
        WeeklySchedule.weekdayNames.enumerated().map {
            Choice(value: String($0.offset + 1), label: $0.element, selected: $0.offset + 1 == selected)
        }
    }

    static func hours(selected: Int) -> [Choice] {
        (0..<24).map { hour in
            let text = (try? WeeklySchedule(weekday: 1, hour: hour))?.hourText ?? "\(hour)"
            return Choice(value: String(hour), label: text, selected: hour == selected)
        }
    }

    static func when(_ storyteller: Storyteller) -> String {
        let schedule = storyteller.schedule
        return "Every \(schedule.weekdayName) at \(schedule.hourText)"
    }

    static func sourceLabel(_ source: QuestionSource) -> String {
        switch source {
        case .family: "From the family"
        case .item: "About one of your things"
        case .photo: "About a photo"
        case .builtIn: "From Heirloom’s questions"
        }
    }

    static func answerRow(
        _ record: StoryAnswerRecord, days: DayText, transcript: (TranscriptRecord) -> TranscriptPages.Block
    ) -> AnswerRow {
        let question = record.question
        var href: String?
        if let memoryID = question.$answerMemory.id {
            href = SiteURL.memory(.value(memoryID)).path
        } else if let itemID = question.$item.id {
            href = SiteURL.item(.value(itemID)).path
        }
        return AnswerRow(
            question: question.text, when: days.day(question.answeredAt),
            kind: question.answerKind == "voice" ? "Spoken" : "Written", href: href, text: question.answerText,
            transcript: record.transcript.map(transcript))
    }

    /// The storyteller's page: the question, its photo, the recorder and the writing form.
    struct AnswerPage: Encodable {
        var question: String
        var name: String
        var photo: String?
        var error: String?
        var text: String
        /// The writing form starts open when it comes back with words or a problem.
        var writeOpen: Bool { error != nil || !text.isEmpty }

        enum CodingKeys: String, CodingKey {
            case question, name, photo, error, text, writeOpen
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(question, forKey: .question)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(photo, forKey: .photo)
            try container.encodeIfPresent(error, forKey: .error)
            try container.encode(text, forKey: .text)
            try container.encode(writeOpen, forKey: .writeOpen)
        }
    }
}
