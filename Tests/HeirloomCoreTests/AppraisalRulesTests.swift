import Foundation
import HeirloomCore
import Testing

@Suite("AI appraisal rules")
struct AppraisalRulesTests {
    static let good = """
        {"title":"Silver tea set","summary":"A four-piece sterling tea service","description":"Teapot, jug, bowl.",\
        "category":"China & Crystal","valueHints":{"low":800,"high":1200,"currencyCode":"usd","confidence":0.6,\
        "sources":["auction records"],"lastUpdated":"2026-01"},"attributes":{"materials":["sterling silver"],\
        "maker":"Gorham","style":"Georgian revival","condition":"Good, light wear","features":["engraved initials"],\
        "era":"1920s"},"extractedText":"STERLING 925","aiNotes":"New: about $3,000."}
        """

    @Test("a reply in fences or prose is read; the currency is upper-cased and the provider recorded")
    func readsWrappedReplies() throws {
        for text in [Self.good, "```json\n\(Self.good)\n```", "Here is my appraisal:\n\(Self.good)\nHope it helps!"] {
            let analysis = try AnalysisCheck.analysis(fromReply: text, provider: "gemini", model: "m")
            #expect(analysis.title == "Silver tea set")
            #expect(analysis.valueHints?.currencyCode == "USD")
            #expect(analysis.valueHints?.midpoint == 1000)
            #expect(analysis.provider == "gemini")
            #expect(analysis.attributes.maker == "Gorham")
        }
    }

    @Test("low above high, a negative value, confidence out of range and an unknown category are refused with reasons")
    func refusesBrokenReplies() {
        let broken = """
            {"title":"Vase","category":"Pottery","valueHints":{"low":500,"high":100,"currencyCode":"USD","confidence":3}}
            """
        #expect(throws: AnalysisCheck.Problem.self) {
            try AnalysisCheck.analysis(fromReply: broken, provider: "p", model: "m")
        }
        do {
            _ = try AnalysisCheck.analysis(fromReply: broken, provider: "p", model: "m")
        } catch {
            #expect(error.reasons.count == 3)
            #expect(error.reasons.contains { $0.contains("Pottery") })
        }
        let negative = #"{"title":"Vase","category":"Decor","valueHints":{"low":-5,"high":10}}"#
        #expect(throws: AnalysisCheck.Problem.self) {
            try AnalysisCheck.analysis(fromReply: negative, provider: "p", model: "m")
        }
        #expect(throws: AnalysisCheck.Problem.self) {
            try AnalysisCheck.analysis(fromReply: "I cannot help with that.", provider: "p", model: "m")
        }
    }

    @Test("null value hints are allowed: no value is invented")
    func allowsNoValue() throws {
        let text = #"{"title":"Letter","category":"other","valueHints":null,"attributes":{"materials":[]}}"#
        let analysis = try AnalysisCheck.analysis(fromReply: text, provider: "p", model: "m")
        #expect(analysis.valueHints == nil)
        #expect(analysis.category == "Other")
    }

    @Test("applying an analysis adds readable sentences once; applying it again repeats nothing")
    func mergesDescriptionOnce() throws {
        let analysis = try AnalysisCheck.analysis(fromReply: Self.good, provider: "p", model: "m")
        let once = AnalysisMerge.description("Grandma's wedding present.", with: analysis)
        #expect(once.hasPrefix("Grandma's wedding present.\n\nA four-piece sterling tea service."))
        #expect(once.contains("Made of sterling silver."))
        #expect(once.contains("Made by Gorham."))
        #expect(once.contains("Condition: Good, light wear."))
        #expect(once.contains("Features: engraved initials."))
        #expect(AnalysisMerge.description(once, with: analysis) == once)
        #expect(AnalysisMerge.description("", with: analysis).hasPrefix("A four-piece"))
    }

    @Test("the offline reader's sentence about its reading is never written into a description")
    func offlineSummaryStaysOut() throws {
        var analysis = try AnalysisCheck.analysis(fromReply: Self.good, provider: "offline", model: "tesseract")
        analysis.summary = "The text on the photo suggests silver."
        #expect(
            AnalysisMerge.description("Grandma's.", with: analysis).hasPrefix("Grandma's.\n\nMade of sterling silver."))
        #expect(!AnalysisMerge.sentences(analysis).joined().contains("suggests"))
    }

    @Test("the category is guessed from text on labels and hallmarks")
    func guessesCategory() {
        #expect(CategoryGuess.category(fromText: "STERLING 925") == .jewelry)
        #expect(CategoryGuess.category(fromText: "Wedgwood Bone China, Made in England") == .chinaAndCrystal)
        #expect(CategoryGuess.category(fromText: "Hand knotted wool rug, 160 KPSI") == .rug)
        #expect(CategoryGuess.category(fromText: "ROLEX Oyster Perpetual, Swiss made") == .luxuryPersonalItems)
        #expect(CategoryGuess.category(fromText: "") == .other)
        #expect(CategoryGuess.category(fromText: "hello world") == .other)
    }

    @Test("the prompt carries category guidance and the owner's notes as facts")
    func buildsPrompt() {
        let prompt = AppraisalPrompt.request(title: "Ring", category: .jewelry, ownerNotes: "4.2 g, 18k, GIA cert")
        #expect(prompt.contains("purity"))
        #expect(prompt.contains("chain length"))
        #expect(prompt.contains("authoritative"))
        #expect(prompt.contains("4.2 g, 18k, GIA cert"))
        for category in ItemCategory.allCases { #expect(!AppraisalPrompt.guidance(for: category).isEmpty) }
        #expect(AppraisalPrompt.guidance(for: .rug).contains("knots per square inch"))
        #expect(AppraisalPrompt.guidance(for: .art).contains("signed"))
        let schema = try? JSONSerialization.jsonObject(with: Data(AppraisalPrompt.schemaJSON.utf8))
        #expect(schema != nil)
    }

    @Test("Retry-After as seconds or a date, Gemini RetryInfo, and back-off within the deadline")
    func schedulesRetries() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetrySchedule.retryAfter("7", now: now) == 7)
        #expect(RetrySchedule.retryAfter("Tue, 14 Nov 2023 22:13:30 GMT", now: now) == 10)
        #expect(RetrySchedule.retryAfter("soon", now: now) == nil)
        let body = Data(
            #"{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.QuotaFailure"},{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"2.5s"}]}}"#
                .utf8)
        #expect(RetrySchedule.geminiRetryDelay(body) == 2.5)
        #expect(RetrySchedule.geminiRetryDelay(Data("{}".utf8)) == nil)
        #expect(RetrySchedule.backoff(attempt: 1) == 0.5)
        #expect(RetrySchedule.backoff(attempt: 3) == 2)
        #expect(RetrySchedule.delay(attempt: 1, hinted: 3, remaining: 30) == 3)
        #expect(RetrySchedule.delay(attempt: 1, hinted: 60, remaining: 30) == nil)
        #expect(RetrySchedule.delay(attempt: 4, hinted: nil, remaining: 30) == nil)
    }
}

@Suite("AI appraisal money")
struct AppraisalMoneyTests {
    @Test("value hints become exact money; the replacement price is read from the notes")
    func money() {
        #expect(AnalysisMerge.money(1000.5, currency: .usd)?.minorUnits == 100_050)
        #expect(AnalysisMerge.money(-1, currency: .usd) == nil)
        #expect(AnalysisMerge.replacementPrice(in: "New: about $3,000.") == 3000)
        #expect(AnalysisMerge.replacementPrice(in: "A new replacement would cost roughly 1,250.50 USD") == 1250.5)
        #expect(AnalysisMerge.replacementPrice(in: "Hard to say.") == nil)
        #expect(AnalysisMerge.replacementPrice(in: "Bought new in 1972. A new replacement costs about $300.") == 300)
        #expect(AnalysisMerge.replacementPrice(in: "Like new, 2 small chips on the rim.") == nil)
        #expect(AnalysisMerge.replacementPrice(in: "A new one for 300 would do.") == nil)
    }
}
