import Fluent
import Foundation
import HeirloomCore

/// What a brief is about: one item or one set.
enum LiquidationSubject: Sendable, Equatable {
    case item(UUID)
    case set(UUID)

    var scope: LiquidationScope {
        switch self {
        case .item: .item
        case .set: .set
        }
    }

    var id: UUID {
        switch self {
        case .item(let id), .set(let id): id
        }
    }
}

/// What is known about the subject, as the adviser is asked about it.
struct SubjectFacts: Sendable {
    var subject: LiquidationSubject
    var title: String
    var category: String
    /// What it is probably worth in all, in the request's currency, for matching partners.
    var value: Double?
    var request: LiquidationBriefRequest
}

/// Reads an item or a set of the household into the adviser's request; 404 for anything outside it.
struct SubjectReader: Sendable {
    let db: any Database

    func facts(_ subject: LiquidationSubject, householdID: UUID, inputs: LiquidationInputs? = nil) async throws
        -> SubjectFacts
    {
        switch subject {
        case .item(let id):
            guard
                let item = try await Item.query(on: db).filter(\.$id == id).filter(\.$household.$id == householdID)
                    .first()
            else { throw AppError.notFound("item") }
            let valuation = try await ItemValuation.query(on: db).filter(\.$item.$id == id).first()
            let currency = item.currency
            func major(_ minor: Int64?, _ code: CurrencyCode) -> Double? {
                minor.map { Double($0) / Double(code.minorUnitsPerMajorUnit) }
            }
            var request = LiquidationBriefRequest(
                scope: .item, title: item.name, description: item.description.isEmpty ? nil : item.description,
                category: item.category, quantity: 1, unitValue: major(item.estimatedValue, currency),
                currencyCode: currency.code, inputs: inputs)
            if let valuation, let code = valuation.currency, code == currency {
                request.valuationLow = major(valuation.low, code)
                request.valuationHigh = major(valuation.high, code)
            }
            return SubjectFacts(
                subject: subject, title: item.name, category: item.category,
                value: LiquidationAdvice.estimatedValue(request), request: request)
        case .set(let id):
            guard
                let set = try await ItemSet.query(on: db).filter(\.$id == id)
                    .filter(\.$household.$id == householdID).with(\.$members, { $0.with(\.$item) }).first()
            else { throw AppError.notFound("set") }
            let members = set.members.sorted { $0.item.name < $1.item.name }
            let currency = members.first?.item.currency ?? set.currency
            let summaries = members.map { member in
                LiquidationMemberSummary(
                    title: member.item.name, category: member.item.category, quantity: member.quantity,
                    unitValue: member.item.currency == currency
                        ? member.item.estimatedValue.map { Double($0) / Double(currency.minorUnitsPerMajorUnit) } : nil)
            }
            let category = members.first?.item.category ?? set.type.displayName
            let request = LiquidationBriefRequest(
                scope: .set, title: set.name, description: set.story.isEmpty ? nil : set.story, category: category,
                quantity: 1, currencyCode: currency.code,
                setContext: LiquidationSetContext(
                    setName: set.name, setType: set.type.displayName, story: set.story.isEmpty ? nil : set.story,
                    sellTogetherPreference: set.sellTogether ? "together" : "separately",
                    memberSummaries: summaries),
                inputs: inputs)
            return SubjectFacts(
                subject: subject, title: set.name, category: category,
                value: LiquidationAdvice.estimatedValue(request), request: request)
        }
    }
}
