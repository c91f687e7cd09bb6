import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Mail: the outbox and its worker")
struct OutboxTests {
    @Test("without SMTP nothing is lost: the message waits with its link, and an owner marks it passed on by hand")
    func withoutSMTP() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            _ = try await app.api(
                .POST, "/api/estate/executors", token: owner.token, json: ["name": "Mary", "email": "mary@example.com"])
            try await app.runScheduler()
            // then
            let outbox = try await app.outbox(owner)
            #expect(!outbox.smtpConfigured)
            let message = try #require(outbox.messages.first)
            #expect(message.status == .queued)
            #expect(message.link?.hasPrefix("http://hub.test/executor/") == true)
            // when
            let marked = try await app.api(.POST, "/api/outbox/\(message.id)/sent", token: owner.token)
            // then
            #expect(marked.status == .ok)
            let markedMessage = try marked.decoded(Components.Schemas.OutboxMessage.self)
            #expect(markedMessage.status == .sent)
            #expect(markedMessage.sentByHand)
            let missing = try await app.api(.POST, "/api/outbox/\(UUID())/sent", token: owner.token)
            #expect(missing.status == .notFound)
        }
    }

    @Test("a failed delivery is retried with backoff, then marked failed; a delivered one is never sent again")
    func retries() async throws {
        let clock = TestClock()
        let transport = RecordingTransport()
        let options = TestOptions.sendingMail(through: transport)
        try await withApp(options, clock: clock) { app in
            // given
            let owner = try await app.setUpHub()
            transport.fail(true)
            _ = try await app.api(
                .POST, "/api/estate/executors", token: owner.token, json: ["name": "Mary", "email": "mary@example.com"])
            // when
            try await app.runScheduler()
            try await app.runScheduler()
            // then: one attempt; the next waits for its backoff
            var message = try #require(try await app.outbox(owner).messages.first)
            #expect(message.attempts == 1)
            #expect(message.status == .queued)
            for _ in 1..<OutboxWorker.maximumAttempts {
                clock.advance(by: 3600)
                try await app.runScheduler()
            }
            message = try #require(try await app.outbox(owner).messages.first)
            #expect(message.status == .failed)
            #expect(message.attempts == OutboxWorker.maximumAttempts)
            // when the next message goes through
            transport.fail(false)
            _ = try await app.api(
                .POST, "/api/estate/executors", token: owner.token, json: ["name": "Joe", "email": "joe@example.com"])
            try await app.runScheduler()
            try await app.runScheduler()
            clock.advance(by: 7200)
            try await app.runScheduler()
            // then it went once, and only it
            #expect(transport.sent.map(\.to) == ["joe@example.com"])
            let sent = try await app.outbox(owner).messages.first { $0.toEmail == "joe@example.com" }
            #expect(sent?.status == .sent)

            // when the owner sends Mary's failed message again: a new message goes, the failed one stays failed
            let sentAgain = try await app.api(.POST, "/api/outbox/\(sent?.id ?? "")/resend", token: owner.token)
            #expect(sentAgain.status == .conflict)
            #expect(try sentAgain.apiError.code == "not_failed")
            let editor = try await app.addMember(role: "editor", by: owner)
            #expect(
                try await app.api(.POST, "/api/outbox/\(message.id)/resend", token: editor.token).status == .notFound)
            let again = try await app.api(.POST, "/api/outbox/\(message.id)/resend", token: owner.token)
            #expect(again.status == .created, "\(again.body.string)")
            #expect(try again.decoded(Components.Schemas.OutboxMessage.self).status == .queued)
            try await app.runScheduler()
            #expect(transport.sent.map(\.to) == ["joe@example.com", "mary@example.com"])
            let messages = try await app.outbox(owner).messages.filter { $0.toEmail == "mary@example.com" }
            #expect(messages.map(\.status.rawValue).sorted() == ["failed", "sent"])
        }
    }

    @Test("a message left half-sent by a crash is not sent again but shown as failed")
    func crashMidSend() async throws {
        let clock = TestClock()
        let transport = RecordingTransport()
        var options = TestOptions()
        options.mailTransport = transport
        try await withApp(options, clock: clock) { app in
            let owner = try await app.setUpHub()
            _ = try await app.api(
                .POST, "/api/estate/executors", token: owner.token, json: ["name": "Mary", "email": "mary@example.com"])
            // given: a worker claimed it and stopped
            try await app.db.sql().update(OutboxMessage.schema).set("status", to: "sending")
                .set("claimed_at", to: clock.now).set("attempts", to: 1).run()
            // when
            clock.advance(by: OutboxWorker.claimLifetime + 1)
            try await app.runScheduler()
            // then
            #expect(transport.sent.isEmpty)
            let message = try #require(try await app.outbox(owner).messages.first)
            #expect(message.status == .failed)
        }
    }

    @Test("real SMTP: the executor's email arrives once, from the household, and its link signs them in")
    func realSMTP() async throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        var options = TestOptions()
        options.extraEnvironment["HEIRLOOM_SMTP_URL"] = sink.url
        options.extraEnvironment["HEIRLOOM_MAIL_FROM"] = "hub@miller.example"
        try await withApp(options) { app in
            // given
            let owner = try await app.setUpHub()
            _ = try await app.api(
                .POST, "/api/estate/executors", token: owner.token,
                json: ["name": "Mary Jones", "email": "mary@example.com"])
            // when
            try await app.runScheduler()
            try await app.runScheduler()
            // then
            let messages = try sink.messages()
            #expect(messages.count == 1)
            let message = try #require(messages.first)
            #expect(message.rcptTos == ["mary@example.com"])
            #expect(message.from.contains("The Miller Family"))
            #expect(message.from.contains("hub@miller.example"))
            #expect(message.subject == "Ann Miller has asked you to be a trusted contact")
            #expect(message.html.contains("Open your page"))
            let line = try #require(
                message.text.split(separator: "\n").first { $0.contains("http://hub.test/executor/") })
            let token = String(line.split(separator: "/").last ?? "")
            let session = try await app.api(.POST, "/api/executor/session", json: ["token": token])
            #expect(session.status == .ok)
            let outbox = try await app.outbox(owner)
            #expect(outbox.smtpConfigured)
            #expect(outbox.messages.map(\.status) == [.sent])
        }
    }
}
