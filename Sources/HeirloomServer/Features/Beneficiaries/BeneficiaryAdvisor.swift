import Fluent
import Foundation
import HeirloomCore

/// Help with beneficiaries: a draft personal message and suggestions of who might receive an item.
/// Both are suggestions for the member to edit; nothing is saved here.
struct BeneficiaryAdvisor: Sendable {
    let db: any Database
    let beneficiaries: BeneficiaryService
    let ai: AIClient

    /// The tones a message may be drafted in.
    enum Tone: String, Sendable, CaseIterable {
        case warm, formal, lighthearted, brief

        var instruction: String {
            switch self {
            case .warm: "warm and loving"
            case .formal: "dignified and formal"
            case .lighthearted: "light-hearted, with gentle humour"
            case .brief: "short and simple, two or three sentences"
            }
        }
    }

    struct Suggestion: Sendable, Equatable {
        var beneficiaryID: UUID
        var reason: String
    }

    /// Drafts a message to the link's beneficiary from the item's story and the relationship.
    func draftMessage(link linkID: UUID, item itemID: UUID, tone: Tone, by principal: Principal) async throws -> String
    {
        let link = try await beneficiaries.findLink(linkID, of: itemID, by: principal)
        guard let item = try await Item.find(itemID, on: db) else { throw AppError.notFound("item") }
        let person = link.beneficiary
        let relationship = person.relationship ?? "someone dear to me"
        guard let provider = ai.provider else {
            return Self.offlineMessage(to: person.name, item: item, tone: tone)
        }
        let prompt = AIPrompt(
            system: "You help an older person write a personal message to go with an heirloom they leave to someone. "
                + "Write in the first person, as the giver, in plain words. Answer with JSON {\"message\": \"…\"}.",
            turns: [
                .init(
                    role: .user,
                    text: """
                        The item: \(item.name) (\(item.category)).
                        Its story: \(item.description.isEmpty ? "(none written yet)" : item.description)
                        The receiver: \(person.name), my \(relationship.lowercased()).
                        Tone: \(tone.instruction). At most 150 words. No placeholders in brackets.
                        """)
            ],
            image: nil,
            schemaJSON:
                #"{"type":"object","additionalProperties":false,"required":["message"],"properties":{"message":{"type":"string"}}}"#,
            schemaName: "draft_message"
        )
        return try await ai.ask(prompt, provider: provider) { text throws(AnalysisCheck.Problem) in
            struct Reply: Decodable { var message: String? }
            guard let json = AnalysisCheck.jsonObject(in: text),
                let reply = try? JSONDecoder().decode(Reply.self, from: Data(json.utf8)),
                let message = reply.message?.trimmingWhitespace(), !message.isEmpty
            else { throw AnalysisCheck.Problem(["message is missing."]) }
            return String(message.prefix(5000))
        }
    }

    /// Suggests beneficiaries (not yet assigned the item) with a reason each, best first.
    func suggest(for itemID: UUID, by principal: Principal) async throws -> [Suggestion] {
        try BeneficiaryService.requirePlanner(principal, "item")
        guard
            let item = try await Item.query(on: db).filter(\.$id == itemID)
                .filter(\.$household.$id == principal.householdID).first()
        else { throw AppError.notFound("item") }
        let people = try await Beneficiary.query(on: db).filter(\.$household.$id == principal.householdID)
            .with(\.$links).sort(\.$name).all()
        let candidates = people.filter { person in !person.links.contains { $0.$item.id == itemID } }
        guard !candidates.isEmpty else { return [] }
        guard let provider = ai.provider else { return Self.offlineSuggestions(candidates) }
        let list = try candidates.map { person in
            "- id \(try person.requireID().text): \(person.name), \(person.relationship ?? "relationship not given"), "
                + "receives \(person.links.count) item(s) so far"
        }.joined(separator: "\n")
        let prompt = AIPrompt(
            system: "You help a family decide who might receive an heirloom. Suggest people from the list only, "
                + "best first, each with a one-sentence reason. Answer with JSON "
                + "{\"suggestions\": [{\"beneficiaryId\": \"…\", \"reason\": \"…\"}]}.",
            turns: [
                .init(
                    role: .user,
                    text: "The item: \(item.name) (\(item.category)). \(item.description)\n\nThe people:\n\(list)")
            ],
            image: nil,
            schemaJSON:
                #"{"type":"object","additionalProperties":false,"required":["suggestions"],"properties":{"suggestions":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["beneficiaryId","reason"],"properties":{"beneficiaryId":{"type":"string"},"reason":{"type":"string"}}}}}}"#,
            schemaName: "beneficiary_suggestions"
        )
        let known = Set(candidates.compactMap(\.id))
        return try await ai.ask(prompt, provider: provider) { text throws(AnalysisCheck.Problem) in
            struct Reply: Decodable {
                struct Entry: Decodable {
                    var beneficiaryId: String
                    var reason: String
                }
                var suggestions: [Entry]
            }
            guard let json = AnalysisCheck.jsonObject(in: text),
                let reply = try? JSONDecoder().decode(Reply.self, from: Data(json.utf8))
            else { throw AnalysisCheck.Problem(["The reply was not {\"suggestions\": […]}."]) }
            var seen = Set<UUID>()
            return reply.suggestions.compactMap { entry in
                guard let id = UUID(uuidString: entry.beneficiaryId), known.contains(id), seen.insert(id).inserted
                else { return nil }
                return Suggestion(
                    beneficiaryID: id, reason: TextLimit.clipped(entry.reason.trimmingWhitespace(), to: 500))
            }
        }
    }

    static func offlineMessage(to name: String, item: Item, tone: Tone) -> String {
        let first = name.split(separator: " ").first.map(String.init) ?? name
        let story = item.description.split(separator: "\n").first.map { " \(String($0).trimmingWhitespace())" } ?? ""
        switch tone {
        case .warm:
            return "Dear \(first),\n\nI want you to have my \(item.name.lowercased()).\(story) "
                + "Every time you see it, I hope you remember how much you are loved.\n\nWith all my love"
        case .formal:
            return "Dear \(first),\n\nIt is my wish that my \(item.name.lowercased()) pass to you.\(story) "
                + "I trust you will care for it as I have.\n\nWith warm regards"
        case .lighthearted:
            return "Dear \(first),\n\nGuess what — my \(item.name.lowercased()) is yours now!\(story) "
                + "Enjoy it, and think of me with a smile.\n\nLove"
        case .brief:
            return "Dear \(first), my \(item.name.lowercased()) is for you. With love"
        }
    }

    /// Without a model: the people who have the fewest items so far, first.
    static func offlineSuggestions(_ candidates: [Beneficiary]) -> [Suggestion] {
        candidates.sorted { $0.links.count < $1.links.count }.prefix(5).compactMap { person in
            guard let id = person.id else { return nil }
            let count = person.links.count
            let has = count == 0 ? "has no items assigned yet" : "has \(count) item\(count == 1 ? "" : "s") so far"
            let relation = person.relationship.map { "Your \($0.lowercased()), " } ?? ""
            return Suggestion(beneficiaryID: id, reason: "\(relation)\(has).")
        }
    }
}
