import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("The estate binder on paper")
struct BinderPrintTests {
    @Test("the owners' packet holds what the executors will read, numbers masked, nothing kept private")
    func packet() async throws {
        try await withApp { app in
            // given
            let family = try await BinderFamily.make(app)
            try await family.fill(app)

            // when
            let pdf = try await app.download("/api/binder/packet.pdf", token: family.tom.token)

            // then
            #expect(pdf.status == .ok)
            let text = try await ReportTests.pdfText(Data(pdf.body.readableBytesView))
            #expect(text.contains("The estate binder of Margaret"))
            #expect(text.contains("Current account") && text.contains("•••• 4567"))
            #expect(text.contains("Find “The will”"))
            #expect(!text.contains("91234567") && !text.contains(BinderFamily.canary) && !text.contains("For me alone"))
            let editor = try await app.addMember(
                role: "editor", by: family.margaret, name: "Ed", email: "ed@example.com")
            #expect(try await app.download("/api/binder/packet.pdf", token: editor.token).status == .notFound)
        }
    }

    @Test("a trusted contact prints what they may read now, and the checklist once the estate is released")
    func executorPrintout() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            let before = try await app.download("/api/executor/binder.pdf", token: family.mary)
            let early = try await ReportTests.pdfText(Data(before.body.readableBytesView))
            #expect(early.contains("The will") && !early.contains("Current account"))
            #expect(!early.contains("The first things to do"))
            try await family.release(app, clock: clock)
            let after = try await app.download("/api/executor/binder.pdf", token: family.mary)
            let text = try await ReportTests.pdfText(Data(after.body.readableBytesView))
            #expect(text.contains("The first things to do") && text.contains("Current account"))
            // and the number is whole on her printout now, as on her page; the holder's own note is not there
            #expect(text.contains("91234567") && !text.contains(BinderFamily.canary))
            #expect(try await app.download("/api/executor/binder.pdf", token: "nobody").status == .notFound)
        }
    }
}
