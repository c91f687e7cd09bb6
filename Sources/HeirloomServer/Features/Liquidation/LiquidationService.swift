import Fluent
import Foundation
import HeirloomCore

/// A partner of the household's directory that suits a path, with why.
struct PartnerSuggestion: Sendable {
    var partner: Partner
    var score: Double
    var reasons: [String]
}

/// A stored brief as pages and the API show it.
struct LiquidationView: Sendable {
    var facts: SubjectFacts
    var record: StoredBrief
    var brief: LiquidationBrief
    var steps: [LiquidationPlanStep]
    var createdBy: String?
    var planCreatedBy: String?
    var choosablePaths: [LiquidationPath]
    /// The path partners are matched for: the chosen one, else the recommended one.
    var helpPath: LiquidationPath
    var needsLocalHelp: Bool
    var partners: [PartnerSuggestion]

    var chosenPath: LiquidationPath? { record.chosenPath.flatMap(LiquidationPath.init(rawValue:)) }
    var planDone: Bool { !steps.isEmpty && steps.allSatisfy(\.done) }
}

/// Liquidation briefs and plans for items and sets, stored: made by the shared adviser, replaced when made
/// again, and ticked off step by step by the family.
struct LiquidationService: Sendable {
    let db: any Database
    let adviser: LiquidationAdviser

    var now: Date { adviser.now }
    static let maximumNoteLength = 2000

    /// What the hub knows of an item or a set: its title, values and category; 404 outside the household.
    func facts(_ subject: LiquidationSubject, householdID: UUID) async throws -> SubjectFacts {
        try await SubjectReader(db: db).facts(subject, householdID: householdID)
    }

    /// The stored brief; 404 for a subject outside the household or without a brief.
    func show(_ subject: LiquidationSubject, householdID: UUID) async throws -> LiquidationView {
        let facts = try await SubjectReader(db: db).facts(subject, householdID: householdID)
        guard let record = try await stored(subject) else { throw AppError.notFound("brief") }
        return try await view(facts, record, householdID: householdID)
    }

    /// The stored brief, or nil when none is made yet (the subject must exist).
    func find(_ subject: LiquidationSubject, householdID: UUID) async throws -> LiquidationView? {
        let facts = try await SubjectReader(db: db).facts(subject, householdID: householdID)
        guard let record = try await stored(subject) else { return nil }
        return try await view(facts, record, householdID: householdID)
    }

    /// Asks the adviser for a brief and stores it in place of any brief and plan the subject had.
    func makeBrief(_ subject: LiquidationSubject, inputs: LiquidationInputs?, by principal: Principal) async throws
        -> LiquidationView
    {
        try principal.requireEditor()
        let facts = try await SubjectReader(db: db).facts(subject, householdID: principal.householdID, inputs: inputs)
        let brief = try await adviser.brief(facts.request)
        let json = String(decoding: try TreasureChestJSON.encoder().encode(brief), as: UTF8.self)
        let record = StoredBrief()
        record.$household.id = principal.householdID
        switch subject {
        case .item(let id): record.$item.id = id
        case .set(let id): record.setID = id
        }
        record.scope = subject.scope.rawValue
        record.briefJSON = json
        record.ruleBased = adviser.isRuleBased
        record.$createdBy.id = principal.userID
        record.createdAt = now
        do {
            try await db.transaction { db in
                try await Self.query(subject, on: db).delete()
                try await record.create(on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(
                code: "brief_in_progress", message: "Someone else is making this brief right now. Please try again.")
        }
        return try await view(facts, record, householdID: principal.householdID)
    }

    /// Makes the plan for the chosen path, in place of any plan the brief had.
    func makePlan(_ subject: LiquidationSubject, chosenPath: LiquidationPath, by principal: Principal) async throws
        -> LiquidationView
    {
        try principal.requireEditor()
        let facts = try await SubjectReader(db: db).facts(subject, householdID: principal.householdID)
        guard let record = try await stored(subject) else {
            throw AppError.conflict(code: "no_brief", message: "Please make a brief first; the plan follows from it.")
        }
        let brief = try record.decodedBrief()
        guard LiquidationRules.choosablePaths(brief).contains(chosenPath) else {
            throw AppError.invalid(
                FieldError(field: "chosenPath", message: "Please choose one of the paths the brief offers."))
        }
        let plan = try await adviser.plan(
            LiquidationPlanRequest(
                scope: subject.scope, chosenPath: chosenPath, brief: brief, title: facts.title,
                category: facts.category))
        let recordID = try record.requireID()
        try await db.transaction { db in
            // The brief may have been made again while the plan was written: the plan belongs to this one.
            guard try await StoredBrief.find(recordID, on: db) != nil else {
                throw AppError.conflict(
                    code: "brief_replaced", message: "The brief was made again; please choose again.")
            }
            try await LiquidationPlanStep.query(on: db).filter(\.$brief.$id == recordID).delete()
            for item in plan.items.sorted(by: { $0.order < $1.order }) {
                let step = LiquidationPlanStep()
                step.$brief.id = recordID
                step.position = item.order
                step.text = item.text
                step.done = false
                try await step.create(on: db)
            }
            record.chosenPath = chosenPath.rawValue
            record.planCreatedAt = now
            record.$planCreatedBy.id = principal.userID
            try await record.save(on: db)
            try await Self.settle(subject, path: chosenPath, done: false, on: db)
        }
        return try await view(facts, record, householdID: principal.householdID)
    }

    /// Ticks or unticks a step (keeping who first ticked it and when) and sets its note.
    func updateStep(
        _ subject: LiquidationSubject, stepID: UUID, done: Bool?, note: String?, by principal: Principal
    ) async throws -> LiquidationView {
        try principal.requireEditor()
        let facts = try await SubjectReader(db: db).facts(subject, householdID: principal.householdID)
        guard let record = try await stored(subject),
            let step = try await LiquidationPlanStep.query(on: db).filter(\.$id == stepID)
                .filter(\.$brief.$id == record.requireID()).first()
        else { throw AppError.notFound("step") }
        if let done {
            if done, !step.done {
                step.done = true
                step.doneAt = now
                step.$doneBy.id = principal.userID
                step.doneByName = principal.name
            } else if !done {
                step.done = false
                step.doneAt = nil
                step.$doneBy.id = nil
                step.doneByName = nil
            }
        }
        if let note {
            let text = note.trimmingWhitespace()
            do {
                try TextLimit.check(
                    text, maximum: Self.maximumNoteLength, field: "note",
                    tooLong: "A note can be at most 2000 characters long.")
            } catch { throw AppError.invalid(error) }
            guard !text.unicodeScalars.contains(where: { $0.value < 32 && $0 != "\n" && $0 != "\r" && $0 != "\t" })
            else {
                throw AppError.invalid(
                    FieldError(field: "note", message: "This holds characters that cannot be shown."))
            }
            step.note = text.isEmpty ? nil : text
        }
        try await db.transaction { db in
            try await step.save(on: db)
            if let path = record.chosenPath.flatMap(LiquidationPath.init(rawValue:)) {
                let open = try await LiquidationPlanStep.query(on: db).filter(\.$brief.$id == record.requireID())
                    .filter(\.$done == false).count()
                try await Self.settle(subject, path: path, done: open == 0, on: db)
            }
        }
        return try await view(facts, record, householdID: principal.householdID)
    }

    // MARK: Reading

    private func stored(_ subject: LiquidationSubject) async throws -> StoredBrief? {
        try await Self.query(subject, on: db).first()
    }

    private static func query(_ subject: LiquidationSubject, on db: any Database) -> QueryBuilder<StoredBrief> {
        switch subject {
        case .item(let id): StoredBrief.query(on: db).filter(\.$item.$id == id)
        case .set(let id): StoredBrief.query(on: db).filter(\.$setID == id)
        }
    }

    private func view(_ facts: SubjectFacts, _ record: StoredBrief, householdID: UUID) async throws
        -> LiquidationView
    {
        let brief = try record.decodedBrief()
        let steps = try await LiquidationPlanStep.query(on: db).filter(\.$brief.$id == record.requireID()).sort(
            \.$position
        )
        .all()
        let userIDs = [record.$createdBy.id, record.$planCreatedBy.id].compactMap { $0 }
        let users = try await userIDs.isEmpty ? [] : User.query(on: db).filter(\.$id ~~ userIDs).all()
        func name(_ id: UUID?) -> String? { id.flatMap { id in users.first { $0.id == id }?.name } }
        let chosen = record.chosenPath.flatMap(LiquidationPath.init(rawValue:))
        let helpPath = chosen ?? brief.recommendedPath
        let needsHelp = LiquidationRules.needsLocalHelp(helpPath)
        var partners: [PartnerSuggestion] = []
        if needsHelp {
            let search = LiquidationRules.partnerSearch(
                path: helpPath, scope: facts.subject.scope, category: facts.category, value: facts.value,
                bulky: LiquidationRules.isBulky(facts.category))
            let (_, types) = PartnerMatch.partnerTypes(for: search)
            partners = try await PartnerService(db: db).list(householdID: householdID).compactMap { partner in
                guard
                    let match = PartnerMatch.score(
                        type: partner.partnerType, categories: partner.categories, city: partner.city,
                        region: partner.region, for: search, types: types)
                else { return nil }
                return PartnerSuggestion(partner: partner, score: match.score, reasons: match.reasons)
            }
            partners.sort { $0.score > $1.score }
            partners = Array(partners.prefix(5))
        }
        return LiquidationView(
            facts: facts, record: record, brief: brief, steps: steps, createdBy: name(record.$createdBy.id),
            planCreatedBy: name(record.$planCreatedBy.id), choosablePaths: LiquidationRules.choosablePaths(brief),
            helpPath: helpPath, needsLocalHelp: needsHelp, partners: partners)
    }
}

extension RequestServices {
    var liquidation: LiquidationService { LiquidationService(db: db, adviser: liquidationAdviser) }
    var sales: SaleService { SaleService(db: db, now: now) }
}
