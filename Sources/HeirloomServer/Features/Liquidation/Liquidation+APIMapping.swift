import Foundation
import HeirloomAPI
import HeirloomCore

extension LiquidationInputs {
    /// The API's inputs as the adviser's (the same fields, read through the app's JSON).
    init(_ body: Components.Schemas.LiquidationInputs) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        self = try TreasureChestJSON.decoder().decode(LiquidationInputs.self, from: try encoder.encode(body))
    }
}

extension LiquidationPath {
    init(_ path: Components.Schemas.LiquidationPath) throws {
        guard let path = LiquidationPath(rawValue: path.rawValue) else {
            throw AppError.invalid(FieldError(field: "chosenPath", message: "Please choose one of the paths."))
        }
        self = path
    }
}

extension Components.Schemas.LiquidationPath {
    init(_ path: LiquidationPath) {
        self = .init(rawValue: path.rawValue) ?? .needsInfo
    }
}

extension Components.Schemas.LiquidationBrief {
    /// The brief exactly as the Legacy Treasure Chest app gets it.
    init(_ brief: LiquidationBrief) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        self = try decoder.decode(Self.self, from: try TreasureChestJSON.encoder().encode(brief))
    }
}

extension Components.Schemas.MemberName {
    /// Who did something, or nil when nobody is recorded.
    static func named(_ id: UUID?, _ name: String?) -> Self? {
        guard let name else { return nil }
        return Self(id: id?.text, name: name)
    }
}

extension Components.Schemas.StoredLiquidationBrief {
    init(_ view: LiquidationView) throws {
        var plan: Components.Schemas.StoredLiquidationPlan?
        if let chosen = view.chosenPath, let createdAt = view.record.planCreatedAt {
            plan = .init(
                chosenPath: .init(chosen), createdAt: createdAt,
                createdBy: .named(view.record.$planCreatedBy.id, view.planCreatedBy),
                steps: try view.steps.map { step in
                    .init(
                        id: try step.requireID().text, order: step.position, text: step.text, done: step.done,
                        doneAt: step.doneAt, doneBy: .named(step.$doneBy.id, step.doneByName),
                        note: step.note)
                },
                done: view.planDone)
        }
        self.init(
            subject: .init(
                kind: view.facts.subject.scope == .set ? .set : .item, id: view.facts.subject.id.text,
                title: view.facts.title),
            brief: try .init(view.brief), ruleBased: view.record.ruleBased, createdAt: view.record.createdAt,
            createdBy: .named(view.record.$createdBy.id, view.createdBy),
            choosablePaths: view.choosablePaths.map(Components.Schemas.LiquidationPath.init),
            needsLocalHelp: view.needsLocalHelp,
            partners: try view.partners.map {
                .init(partner: try .init($0.partner), score: $0.score, reasons: $0.reasons)
            },
            plan: plan)
    }
}
