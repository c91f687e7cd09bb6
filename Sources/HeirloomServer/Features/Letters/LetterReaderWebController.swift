import Foundation
import HeirloomCore
import Vapor

/// The reader's page, reached from the link in their email: the letter, its recording, a PDF; no account needed.
struct LetterReaderWebController {
    /// The link from the email: exchanges its token for a session cookie and shows the letter.
    func link(req: Request) async throws -> Response {
        try await OutsiderPages.link(req, cookie: OutsiderPages.letterCookie, home: .letterHome) { token in
            try await req.heirloom.letterReader.signIn(linkSecret: token, from: req.clientAddress)
        }
    }

    func show(req: Request) async throws -> Response {
        let reading: LetterReading
        do {
            reading = try await LetterPages.reading(req)
        } catch AppError.notFound(_) {
            return try await OutsiderPages.missing(req)
        }
        let household = try await Household.find(reading.letter.$household.id, on: req.db)
        var base = PageBase(request: req, title: reading.letter.subject)
        base.household = .init(name: household?.name ?? "Heirloom")
        let days = DayText(zone: household?.zone ?? .current)
        return try await Page.render(.letterReader, base: base, LetterPages.reader(reading, days: days), on: req)
            .encodeResponse(for: req)
    }

    /// The letter as a PDF on the household's paper.
    func pdf(req: Request) async throws -> Response {
        let reading = try await LetterPages.reading(req)
        let household = try await Household.find(reading.letter.$household.id, on: req.db)
        let document = LetterDocument(
            reading, paper: try req.paper(otherwise: household?.paper ?? .a4),
            days: DayText(zone: household?.zone ?? .current))
        return try await req.printedPDF("Letter from \(reading.letter.writerName).pdf") { try document.render(to: $0) }
    }
}
