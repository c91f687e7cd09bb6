import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// Letters for later: the writer's letters with another member's sealed one, the form sent back with a problem,
/// and the reader's page with its recording.
@Suite("Letter pages, as snapshots")
struct LetterPageSnapshots {
    @Test("The writer's letters, and other members' letters an owner sees: one sealed, one shared")
    func letters() async throws {
        let id = PageFixtures.id(50)
        let model = LetterPages.IndexPage(
            mine: [
                .init(
                    subject: "For your 18th birthday", from: "Ann Miller", to: "Lily Hart and Tom Hart",
                    when: "On April 28, 2031", delivered: false, shared: false, hasRecording: true,
                    editHref: SiteURL.letterEdit(.value(id)).path, withdrawHref: SiteURL.letterWithdraw(.value(id)).path
                ),
                .init(
                    subject: "For Christmas", from: "Ann Miller", to: "Lily Hart and Grandpa Joe",
                    when: "Delivered on December 25, 2026", delivered: true, shared: false, hasRecording: false,
                    editHref: nil, withdrawHref: nil,
                    handOn: [
                        .init(
                            name: "Grandpa Joe",
                            action: SiteURL.letterReaderLink(.value(id), .value(PageFixtures.id(51))).path)
                    ]),
            ],
            others: [
                .init(
                    subject: nil, from: "Ben Miller", to: "Anna Hart", when: "After Ben Miller’s passing is confirmed",
                    delivered: false, shared: false, hasRecording: false, editHref: nil, withdrawHref: nil),
                .init(
                    subject: "When you marry", from: "Ben Miller", to: "Tom Hart", when: "On June 1, 2030",
                    delivered: false, shared: true, hasRecording: false, editHref: nil, withdrawHref: nil,
                    sharedText: ["Dear Tom,", "Marry someone who laughs at your jokes."]),
            ],
            isOwner: true)
        let html = try await PageFixtures.html(.letters, title: "Letters for later", nav: .home, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A reader's link, to print for someone without email")
    func letterLinkSheet() async throws {
        let url = "http://hub.test/l/" + String(repeating: "k", count: 43)
        let model = LetterPages.LinkSheet(
            name: "Grandpa Joe", from: "Ann Miller", url: url, qrSVG: try QRCode.svg(url), backHref: "/letters")
        let html = try await PageFixtures.html(.letterLinkSheet, title: "Grandpa Joe’s link", nav: .home, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A letter being changed, sent back with a day in the past")
    func letterForm() async throws {
        let id = PageFixtures.id(50)
        var model = LetterPages.form(
            .init(
                input: LetterInput(
                    to: [.init(name: "Lily Hart", email: "lily@example.com")], subject: "For your 18th birthday",
                    text: "Dear Lily,\n\nEighteen!", day: "2020-04-28", afterPassing: false),
                sharedWithOwners: false),
            heading: "Change your letter", action: .letter(.value(id)), submitLabel: "Save", mayWriteAfterPassing: true,
            errors: ["deliver": "That day has passed; please choose today or a later day."])
        model.recordingAction = SiteURL.letterRecording(.value(id)).path
        model.recordingApiUrl = SiteURL.apiLetterSetRecording(.value(id)).path
        model.withdrawHref = SiteURL.letterWithdraw(.value(id)).path
        model.recording = .init(isVideo: false, url: "/api/media/x/play", downloadUrl: "/api/media/x/original")
        let html = try await PageFixtures.html(.letterForm, title: "Change your letter", nav: .home, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("The reader's letter with its recording")
    func letterReader() async throws {
        let model = LetterPages.ReaderPage(
            from: "Ann Miller", to: "Lily Hart", subject: "For your 18th birthday",
            paragraphs: ["Dear Lily,", "Eighteen! I am so proud of you.\nWith all my love."],
            deliveredOn: "April 28, 2031",
            recording: .init(
                isVideo: false, url: SiteURL.apiLetterRecording(.value(.play)).path,
                downloadUrl: SiteURL.apiLetterRecording(.value(.original)).path),
            pdfHref: SiteURL.apiLetterPDF.path)
        let html = try await PageFixtures.html(.letterReader, title: "For your 18th birthday", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }
}
