import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Answering a question: from the emailed link, by typing or speaking, once")
struct StoryAnswerTests {
    @Test("send-now emails a link; the storyteller answers in writing; it becomes a memory and the family is told")
    func typed() async throws {
        try await withApp { app in
            // given a family question, sent now
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            let asked = try await app.api(
                .POST, "/api/storytellers/\(mum.id)/questions", token: owner.token,
                json: ["text": "How did you meet Dad?"])
            let questionID = try asked.decoded(Components.Schemas.StoryQuestion.self).id
            let session = try await app.answerSession(mum.id, owner: owner)
            let mail = try #require(try await app.questionMails(to: "mum@example.com", owner: owner).first)
            #expect(mail.subject.contains("How did you meet Dad?"))
            // when she opens the question
            let open = try await app.api(.GET, "/api/answer", token: session)
            #expect(open.status == .ok, "\(open.body.string)")
            let question = try open.decoded(Components.Schemas.AnswerQuestion.self)
            #expect(question.question == "How did you meet Dad?")
            #expect(question.photo == nil)
            // and answers in writing
            let answered = try await app.sendParts(
                "/api/answer", token: session, parts: [.text("text", "At a dance in 1962, in Leeds.")])
            #expect(answered.status == .created, "\(answered.body.string)")
            let answer = try answered.decoded(Components.Schemas.StoryAnswer.self)
            #expect(answer.questionId == questionID)
            #expect(answer.kind == .text)
            // then it is a written memory titled with the question
            let memoryID = try #require(answer.memoryId)
            let memory = try await app.api(.GET, "/api/memories/\(memoryID)", token: owner.token)
            let kept = try memory.decoded(Components.Schemas.Memory.self)
            #expect(kept.title == "How did you meet Dad?")
            #expect(kept.content == "At a dance in 1962, in Leeds.")
            // and the answers list has it
            let answers = try await app.api(.GET, "/api/storytellers/\(mum.id)/answers", token: owner.token)
            let list = try answers.decoded(Components.Schemas.StoryAnswerList.self).answers
            #expect(list.map(\.questionId) == [questionID])
            #expect(list.first?.question == "How did you meet Dad?")
            // and the family got a note
            let notes = try await app.outbox(owner).messages.filter { $0.purpose == "storyArrived" }
            #expect(notes.map(\.toEmail) == ["ann@example.com"])
            // and the link is used up: 410 with the error shape, on the API and the session alike
            let again = try await app.sendParts("/api/answer", token: session, parts: [.text("text", "Again")])
            #expect(again.status == .gone)
            #expect(try again.apiError.code == "gone")
            let link = try await app.linkToken(for: "mum@example.com")
            let reopen = try await app.api(.POST, "/api/answer-session", json: ["token": link])
            #expect(reopen.status == .gone)
            #expect(try await app.api(.GET, "/api/answer", token: session).status != .ok)
        }
    }

    @Test("a member who turned story notes off gets none")
    func noticesOff() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: owner)
            let off = try await app.api(.PUT, "/api/me/preferences", token: ben.token, json: ["storyNotices": false])
            #expect(off.status == .ok)
            let read = try await app.api(.GET, "/api/me/preferences", token: ben.token)
            #expect(try read.decoded(Components.Schemas.MemberPreferences.self).storyNotices == false)
            let mum = try await app.addStoryteller(owner)
            let session = try await app.answerSession(mum.id, owner: owner)
            let answered = try await app.sendParts("/api/answer", token: session, parts: [.text("text", "Yes.")])
            #expect(answered.status == .created)
            let notes = try await app.outbox(owner).messages.filter { $0.purpose == "storyArrived" }
            #expect(notes.map(\.toEmail) == ["ann@example.com"])
        }
    }

    @Test("about an item, a spoken answer becomes the item's story and is typed out")
    func spokenAboutItem() async throws {
        try await withApp { app in
            // given an item without a story, whose question comes second
            let owner = try await app.setUpHub()
            let made = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "grandfather clock"])
            let itemID = try made.decoded(Components.Schemas.Item.self).id
            let mum = try await app.addStoryteller(owner)
            let coming = try await app.comingQuestions(mum.id, owner)
            let itemQuestion = try #require(coming.first { $0.source == .item })
            let moved = try await app.api(
                .PATCH, "/api/storytellers/\(mum.id)/questions/\(itemQuestion.id)", token: owner.token,
                json: ["position": 0])
            #expect(moved.status == .ok)
            let session = try await app.answerSession(mum.id, owner: owner)
            // when she answers by speaking
            let wav = try await SpokenFixtures.wav(SpokenFixtures.story)
            let answered = try await app.sendParts(
                "/api/answer", token: session,
                parts: [.file("audio", fileName: "answer.wav", contentType: "audio/wav", wav)])
            #expect(answered.status == .created, "\(answered.body.string)")
            let answer = try answered.decoded(Components.Schemas.StoryAnswer.self)
            #expect(answer.kind == .voice)
            #expect(answer.itemId == itemID)
            #expect(answer.itemAudioId != nil)
            // then the item has the story, and the transcript job types it out
            let item = try await app.api(.GET, "/api/items/\(itemID)", token: owner.token)
            let stories = try item.decoded(Components.Schemas.Item.self).audioStories
            #expect(stories.map(\.id) == [answer.itemAudioId])
            try await app.transcriptJobs().runOnce()
            let answers = try await app.api(.GET, "/api/storytellers/\(mum.id)/answers", token: owner.token)
            let transcript = try #require(
                try answers.decoded(Components.Schemas.StoryAnswerList.self).answers.first?.transcript)
            #expect(transcript.state == .done)
            #expect(SpokenFixtures.recall(SpokenFixtures.storyWords, in: transcript.text) >= 0.5)
        }
    }

    @Test("every link of a removed storyteller stops at once; a made-up or other link is 404")
    func removed() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            let session = try await app.answerSession(mum.id, owner: owner)
            let link = try await app.linkToken(for: "mum@example.com")
            #expect(try await app.api(.GET, "/api/answer", token: session).status == .ok)
            // when she is removed
            #expect(try await app.api(.DELETE, "/api/storytellers/\(mum.id)", token: owner.token).status == .noContent)
            // then nothing opens
            let open = try await app.api(.GET, "/api/answer", token: session)
            #expect(open.status == .notFound)
            #expect(try open.apiError.code == "not_found")
            #expect(try await app.api(.POST, "/api/answer-session", json: ["token": link]).status == .notFound)
            let post = try await app.sendParts("/api/answer", token: session, parts: [.text("text", "Hello")])
            #expect(post.status == .notFound)
            #expect(try await app.api(.POST, "/api/answer-session", json: ["token": "made-up"]).status == .notFound)
            // and a member's own token is no answer session
            #expect(try await app.api(.GET, "/api/answer", token: owner.token).status == .notFound)
        }
    }

    @Test("an empty answer is 422 and keeps the link working")
    func emptyAnswer() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            let session = try await app.answerSession(mum.id, owner: owner)
            let empty = try await app.sendParts("/api/answer", token: session, parts: [.text("text", "  ")])
            #expect(empty.status == .unprocessableEntity)
            let nothing = try await app.sendParts("/api/answer", token: session, parts: [])
            #expect(nothing.status == .unprocessableEntity || nothing.status == .badRequest)
            #expect(try await app.api(.GET, "/api/answer", token: session).status == .ok)
        }
    }

    @Test("the web link sets a cookie and leaves no token in the address; the answer page takes a typed answer")
    func webLink() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            _ = try await app.api(.POST, "/api/storytellers/\(mum.id)/send-now", token: owner.token)
            let link = try await app.linkToken(for: "mum@example.com")
            // when she opens the link
            let opened = try await app.testing().sendRequest(.GET, "/a/\(link)")
            #expect(opened.status == .seeOther || opened.status == .found)
            #expect(opened.headers.first(name: .location) == "/answer")
            let cookie = try #require(opened.headers.setCookie?[StoryAnswerWebController.cookie]?.string)
            var headers = HTTPHeaders()
            headers.cookie = HTTPCookies(dictionaryLiteral: (StoryAnswerWebController.cookie, .init(string: cookie)))
            // then the page shows the question
            let page = try await app.testing().sendRequest(.GET, "/answer", headers: headers)
            #expect(page.status == .ok)
            #expect(page.body.string.contains("Record your answer"))
            #expect(page.body.string.contains("Write it instead"))
            // and a link that does not work gets the calm page
            let bad = try await app.testing().sendRequest(.GET, "/a/made-up")
            #expect(bad.status == .notFound)
            #expect(bad.body.string.contains("This link does not work"))
        }
    }
}

@Suite("A question about a photo: the photo comes with it, and the answer is kept on the photo's memory")
struct StoryPhotoQuestionTests {
    @Test("a photo naming nobody and undated is asked about, with the photo inside the email and on the page")
    func photo() async throws {
        let transport = RecordingTransport()
        let options = TestOptions.sendingMail(through: transport)
        try await withApp(options) { app in
            // given a photo memory without people or a date, asked about first
            let owner = try await app.setUpHub()
            let memory = try await MemoryAPITests.photoMemory(app, token: owner.token)
            let mum = try await app.addStoryteller(owner)
            let coming = try await app.comingQuestions(mum.id, owner)
            let photoQuestion = try #require(coming.first { $0.source == .photo })
            #expect(photoQuestion.text == "Who is in this photo, and when was it taken?")
            #expect(photoQuestion.memoryId == memory.id)
            _ = try await app.api(
                .PATCH, "/api/storytellers/\(mum.id)/questions/\(photoQuestion.id)", token: owner.token,
                json: ["position": 0])
            let session = try await app.answerSession(mum.id, owner: owner)
            // then the email carries the photo inside it (it shows where the hub cannot be reached)
            let mail = try #require(
                try await OutboxMessage.query(on: app.db).filter(\.$purpose == "storyQuestion").first())
            #expect(mail.htmlBody.contains("<img src=\"cid:question-photo@heirloom\""))
            try await app.runScheduler()
            let sent = try #require(transport.sent.first { $0.to == "mum@example.com" })
            let mime = String(decoding: sent.data, as: UTF8.self)
            #expect(mime.contains("Content-Type: multipart/related; boundary="), "\(mime.prefix(600))")
            let imagePart = try #require(mime.components(separatedBy: "Content-ID: <question-photo@heirloom>").last)
            let body = imagePart.components(separatedBy: "\r\n\r\n").dropFirst().first ?? ""
            let encoded = body.components(separatedBy: "\r\n--").first ?? ""
            let image = try #require(Data(base64Encoded: encoded.replacingOccurrences(of: "\r\n", with: "")))
            #expect(image.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG")
            // and the address in emails sent before this version still shows it
            let link = try await app.linkToken(for: "mum@example.com")
            let emailed = try await app.testing().sendRequest(.GET, "/a/\(link)/photo")
            #expect(emailed.status == .ok)
            #expect(emailed.headers.contentType?.type == "image")
            // and the answer page's question names it
            let open = try await app.api(.GET, "/api/answer", token: session)
            let question = try open.decoded(Components.Schemas.AnswerQuestion.self)
            #expect(question.photo == "/api/answer/photo")
            #expect(try await app.download("/api/answer/photo", token: session).status == .ok)
            #expect(try await app.download("/api/answer/photo", token: owner.token).status == .notFound)
            // when she answers in writing
            let answered = try await app.sendParts(
                "/api/answer", token: session, parts: [.text("text", "Aunt Jean and me at Whitby, summer 1958.")])
            #expect(answered.status == .created, "\(answered.body.string)")
            #expect(try answered.decoded(Components.Schemas.StoryAnswer.self).memoryId == memory.id)
            // then the photo's memory keeps her words
            let kept = try await app.api(.GET, "/api/memories/\(memory.id)", token: owner.token)
            let description = try kept.decoded(Components.Schemas.Memory.self).description ?? ""
            #expect(description.contains("Aunt Jean and me at Whitby, summer 1958. (Mum,"))
            #expect(description.hasPrefix("A sunny day"))
            // and the photo is no longer served by her used link
            #expect(try await app.testing().sendRequest(.GET, "/a/\(link)/photo").status == .gone)
        }
    }

    @Test("a question email that could not be sent, sent again by an owner, keeps the photo inside it")
    func sentAgainKeepsThePhoto() async throws {
        try await withApp { app in
            // given a question about a photo, whose email could not be sent
            let owner = try await app.setUpHub()
            _ = try await MemoryAPITests.photoMemory(app, token: owner.token)
            let mum = try await app.addStoryteller(owner)
            let photoQuestion = try #require(try await app.comingQuestions(mum.id, owner).first { $0.source == .photo })
            _ = try await app.api(
                .PATCH, "/api/storytellers/\(mum.id)/questions/\(photoQuestion.id)", token: owner.token,
                json: ["position": 0])
            _ = try await app.answerSession(mum.id, owner: owner)
            let failed = try #require(
                try await OutboxMessage.query(on: app.db).filter(\.$purpose == "storyQuestion").first())
            let photo = try #require(failed.inlineImageSHA256)
            failed.status = .failed
            try await failed.save(on: app.db)
            // when the owner sends it again
            let again = try await app.api(.POST, "/api/outbox/\(try failed.requireID())/resend", token: owner.token)
            #expect(again.status == .created, "\(again.body.string)")
            // then the new message carries the same photo, and still names it in its page
            let copy = try #require(
                try await OutboxMessage.find(
                    UUID(uuidString: try again.decoded(Components.Schemas.OutboxMessage.self).id), on: app.db))
            #expect(copy.inlineImageSHA256 == photo)
            #expect(copy.inlineImageType == failed.inlineImageType)
            #expect(copy.htmlBody.contains("cid:question-photo@heirloom"))
        }
    }
}
