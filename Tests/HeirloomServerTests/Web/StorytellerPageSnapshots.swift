import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// A question each week: the storytellers with the form to add one, one storyteller's coming questions and
/// answers, and the storyteller's own answer and thank-you pages.
@Suite("Storyteller pages, as snapshots")
struct StorytellerPageSnapshots {
    @Test("The storytellers, and the form to add one sent back with a problem")
    func storytellers() async throws {
        let model = StorytellerPages.IndexPage(
            storytellers: [
                .init(
                    name: "Mum", email: "mum@example.com", when: "Every Sunday at 10 am",
                    href: SiteURL.storyteller(.value(PageFixtures.id(60))).path, active: true)
            ],
            canEdit: true, name: "Grandad", email: "grandad",
            members: [
                .init(value: "", label: "No, only an email address", selected: true)
            ],
            weekdays: StorytellerPages.weekdays(selected: 7), hours: StorytellerPages.hours(selected: 10),
            errors: ["email": "That does not look like an email address, like ann@example.com."], notices: true,
            timeZone: "America/New_York")
        let html = try await PageFixtures.html(.storytellers, title: "Storytellers", nav: .memories, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("One storyteller: what is coming, with its buttons, and a story received")
    func storyteller() async throws {
        let model = StorytellerPages.ShowPage(
            id: PageFixtures.id(60).text, name: "Mum", email: "mum@example.com", when: "Every Sunday at 10 am",
            next: "November 29, 2026 at 10:00 AM", active: true, canEdit: true,
            coming: [
                .init(
                    id: PageFixtures.id(61).text, text: "How did you meet Dad?", source: "From the family",
                    isFirst: true, isLast: false, up: 0, down: 1),
                .init(
                    id: PageFixtures.id(62).text, text: "Tell us about the grandfather clock: where did it come from?",
                    source: "About one of your things", isFirst: false, isLast: true, up: 0, down: 2),
            ],
            answers: [
                .init(
                    question: "What was your first job?", when: "November 22, 2026", kind: "Spoken",
                    href: SiteURL.memory(.value(7)).path, text: nil,
                    transcript: TranscriptPages.block(
                        TranscriptRecord(
                            id: PageFixtures.id(66), state: .done, text: "I delivered newspapers on my bicycle.",
                            machineText: "I delivered newspapers on my bicycle.",
                            segments: [.init(start: 0, end: 2.5, text: "I delivered newspapers on my bicycle.")],
                            engine: "openai:whisper-1", edited: false),
                        canCorrect: true, days: DayText(zone: .gmt), back: "/storytellers/x", csrf: "CSRF"))
            ], question: "", errors: [:])
        let html = try await PageFixtures.html(.storyteller, title: "Mum", nav: .memories, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("The storyteller's answer page, with a photo")
    func storyAnswer() async throws {
        let model = StorytellerPages.AnswerPage(
            question: "Who is in this photo, and when was it taken?", name: "Mum",
            photo: SiteURL.storyAnswerPhoto.path, error: nil, text: "")
        let html = try await PageFixtures.html(.storyAnswer, title: "A question for you", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("The thank-you page")
    func storyThanks() async throws {
        let html = try await PageFixtures.html(
            .storyThanks, title: "Thank you", role: nil,
            StoryAnswerWebController.ThanksPage(next: StoryMail.nextLine("December 6, 2026")))
        assertSnapshot(of: html, as: .lines)
    }

    @Test("The book's page: its chapters, each ticked and numbered, one not typed out yet")
    func book() async throws {
        let id = PageFixtures.id(60)
        let model = StoryBookPage(
            title: StoryBook.title(for: "Mum"), name: "Mum", backHref: SiteURL.storyteller(.value(id)).path,
            action: SiteURL.storytellerBookPrint(.value(id)).path,
            chapters: [
                .init(
                    id: PageFixtures.id(61).text, title: "How did you meet Dad?", position: 1, kind: "Told aloud",
                    untyped: false),
                .init(
                    id: PageFixtures.id(62).text, title: "Tell us about the grandfather clock: where did it come from?",
                    position: 2, kind: "Told aloud", untyped: true),
                .init(
                    id: PageFixtures.id(63).text, title: "What did you love to eat as a child?", position: 3,
                    kind: "Written", untyped: false),
            ],
            links: [
                .init(
                    chapter: "How did you meet Dad?", made: "on June 3, 2026", opened: "Last played on June 9, 2026.",
                    withdrawn: nil,
                    withdrawAction: SiteURL.storytellerBookLinkWithdraw(.value(id), .value(PageFixtures.id(64))).path),
                .init(
                    chapter: "How did you meet Dad?", made: "on May 1, 2026", opened: "Not played yet.",
                    withdrawn: "on June 2, 2026",
                    withdrawAction: SiteURL.storytellerBookLinkWithdraw(.value(id), .value(PageFixtures.id(65))).path),
            ], canWithdraw: true)
        let html = try await PageFixtures.html(.storytellerBook, title: model.title, nav: .memories, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A printed book's code: one recording and its words, for anyone holding the book")
    func bookRecording() async throws {
        let model = BookLinkWebController.HearPage(
            question: "How did you meet Dad?", told: "Told by Mum on June 3, 2026.", playable: "/hear/KEY/recording",
            original: "/hear/KEY/recording?form=original",
            typed: ["At a dance in Leeds, in 1962.", "He stood on my foot."], typedNote: TranscriptNote.machine,
            withdrawn: false)
        let html = try await PageFixtures.html(.bookRecording, title: model.question, role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A printed book's code, withdrawn")
    func bookRecordingWithdrawn() async throws {
        let model = BookLinkWebController.HearPage(
            question: "", told: "", playable: nil, original: "", typed: [], typedNote: nil, withdrawn: true)
        let html = try await PageFixtures.html(.bookRecording, title: "This link was withdrawn", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }
}
