import Fluent
import Foundation
import HeirloomCore

/// What the binder's pages, API answers and packets say of who reads an entry: the beneficiaries' names, and
/// whether the reader is the holder ("your passing") or someone else ("Margaret's passing").
struct BinderWords: Sendable {
    var names: [UUID: String]
    var readerIsHolder: Bool
    var holderName: String

    static func load(_ estate: Estate, reader: UUID?, on db: any Database) async throws -> BinderWords {
        let people = try await Beneficiary.query(on: db).filter(\.$household.$id == estate.$household.id).all()
        let names = Dictionary(
            people.compactMap { person in person.id.map { ($0, person.name) } }, uniquingKeysWith: { a, _ in a })
        let holderID = estate.$holder.id
        return BinderWords(
            names: names, readerIsHolder: reader != nil && (holderID == nil || holderID == reader),
            holderName: estate.holder?.name ?? "the holder")
    }

    func whoSees(_ visibility: BinderVisibility) -> String {
        BinderRelease.plainWords(visibility, beneficiaryNames: names, holder: readerIsHolder ? nil : holderName)
    }

    /// What another owner is told of the entries the holder keeps to themselves in a section; nil for none.
    func kept(_ count: Int) -> String? {
        guard count > 0, !readerIsHolder else { return nil }
        let entries = count == 1 ? "1 more entry here is" : "\(count) more entries here are"
        return "\(entries) \(holderName)\u{2019}s alone: only \(holderName) reads \(count == 1 ? "it" : "them"), "
            + "and only \(holderName) can let others read \(count == 1 ? "it" : "them")."
    }

    /// The fields as a page, an email or an outsider's answer shows them: numbers masked.
    static func masked(_ fields: [BinderField: String]) -> [BinderField: String] {
        fields.mapValues { $0 }.reduce(into: [:]) { result, pair in
            result[pair.key] = pair.key.isMasked ? MaskedNumber.mask(pair.value) : pair.value
        }
    }
}
