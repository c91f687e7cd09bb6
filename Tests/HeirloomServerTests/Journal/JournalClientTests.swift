import Foundation
import HeirloomAPI
import HeirloomClient
import OpenAPIAsyncHTTPClient
import Testing
import Vapor

@testable import HeirloomServer

@Suite("The journal through the generated Swift client")
struct JournalClientTests {
    @Test("write, lock, read redacted, get 423, unlock and read through the client")
    func clientRoundTrip() async throws {
        try await withApp { app in
            // given a hub listening on loopback and its owner's client
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.hubServerAddress?.port)
            let serverURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let owner = try await app.setUpHub()
            let ann = HeirloomClient.make(
                serverURL: serverURL, token: owner.token, transport: AsyncHTTPClientTransport())

            // when she writes in her Private drawer and locks it
            let drawers = try await ann.listJournalDrawers().ok.body.json.drawers
            let privateDrawer = try #require(drawers.first { $0.isLocked })
            _ = try await ann.unlockJournal(body: .json(.init(password: owner.password))).ok.body.json
            let card = try await ann.createJournalCard(
                body: .json(.init(drawerId: privateDrawer.id, text: "Only mine", tags: ["me"], createdAt: "2026-11-22"))
            ).created.body.json
            #expect(card.title == "Only mine")
            #expect(card.createdAt == "2026-11-22")
            _ = try await ann.lockJournal().noContent

            // then the client reads the redacted card and the documented 423
            let listed = try await ann.listJournalCards(query: .init(drawerId: privateDrawer.id, group: .week))
                .ok.body.json
            let redacted = try #require(listed.cards.first)
            #expect(redacted.redacted && redacted.title == "Private card" && redacted.text == nil)
            #expect(listed.groups?.first?.label == "Nov 16 – 22, 2026")
            let locked = try await ann.getJournalCard(path: .init(id: card.id))
            #expect(try locked.code423.body.json.error.code == "journal_locked")

            // and after unlocking it reads the whole card
            _ = try await ann.unlockJournal(body: .json(.init(password: owner.password))).ok.body.json
            let opened = try await ann.getJournalCard(path: .init(id: card.id)).ok.body.json
            #expect(opened.text == "Only mine" && opened.tags == ["me"] && !opened.redacted)
            await app.server.shutdown()
        }
    }
}
