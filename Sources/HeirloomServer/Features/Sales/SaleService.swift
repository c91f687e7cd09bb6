import Fluent
import Foundation
import HeirloomCore

/// What a sale is, as a form or an API call gives it.
struct SaleInput: Sendable {
    var kind: String?
    var date: String?
    var venue: String?
    var notes: String?
}

/// A new lot: its members and where and for how much it is offered.
struct LotInput: Sendable {
    var itemIDs: [UUID] = []
    var setIDs: [UUID] = []
    var title: String?
    var room: String?
    var floor: String?
    var lotNumber: Int?
    var targetPrice: String?
    var currencyCode: String?
}

/// Changes to a lot: its checklist ticks and details; nil leaves a field as it is, "" clears an optional one.
struct LotUpdate: Sendable {
    var checklist: [LotStep: Bool] = [:]
    var title: String?
    var room: String?
    var floor: String?
    var lotNumber: Int?
    var targetPrice: String?
}

/// A sale with its figures, as lists show it.
struct SaleSummary: Sendable {
    var sale: Sale
    var lotCount: Int
    var readyLotCount: Int
    /// What its lots are offered at together, per currency, each following its quantity (`LotPrice`).
    var targetTotals: [MoneyTotal] = []

    init(sale: Sale, lots: [Lot]) {
        self.sale = sale
        lotCount = lots.count
        readyLotCount = lots.filter(\.isReady).count
        targetTotals = LotPrice.totals(lots.compactMap(\.price))
    }
}

/// A member of a lot as people read it.
struct LotMemberInfo: Sendable {
    var scope: LiquidationScope
    var id: UUID
    var title: String
}

/// Sales and their lots: adding, listing, filling from everything undecided, and ticking lots ready.
struct SaleService: Sendable {
    let db: any Database
    var now: Date

    static let maximumFieldLength = 200
    static let maximumNotesLength = 5000
    static let maximumMembers = 500

    // MARK: Sales

    func list(householdID: UUID) async throws -> [SaleSummary] {
        let sales = try await Sale.query(on: db).filter(\.$household.$id == householdID).all()
        let lots = try await Lot.query(on: db).filter(\.$household.$id == householdID)
            .with(\.$members) { $0.with(\.$item) }.all()
        return
            sales
            .map { sale in SaleSummary(sale: sale, lots: lots.filter { $0.$sale.id == sale.id }) }
            .sorted {
                ($0.sale.date ?? "9999", $0.sale.createdAt ?? now) < ($1.sale.date ?? "9999", $1.sale.createdAt ?? now)
            }
    }

    func find(_ id: UUID, householdID: UUID) async throws -> Sale {
        guard
            let sale = try await Sale.query(on: db).filter(\.$id == id).filter(\.$household.$id == householdID).first()
        else { throw AppError.notFound("sale") }
        return sale
    }

    func summary(_ id: UUID, householdID: UUID) async throws -> SaleSummary {
        let sale = try await find(id, householdID: householdID)
        return SaleSummary(sale: sale, lots: try await lots(saleID: id, householdID: householdID))
    }

    func create(_ input: SaleInput, by principal: Principal) async throws -> Sale {
        try principal.requireEditor()
        let sale = try Self.validated(input, householdID: principal.householdID)
        try await sale.create(on: db)
        return sale
    }

    static func validated(_ input: SaleInput, householdID: UUID) throws -> Sale {
        guard let raw = input.kind, let kind = SaleKind(rawValue: raw.trimmingWhitespace()) else {
            throw AppError.invalid(
                FieldError(
                    field: "kind",
                    message: "Please choose an estate sale, auction, consignment drop-off or donation run."))
        }
        let sale = Sale()
        sale.$household.id = householdID
        sale.kind = kind.rawValue
        if let raw = input.date { sale.date = try ItemDraft.day(raw, field: "date") }
        sale.venue = try Self.optional(input.venue, field: "venue")
        sale.notes = try Self.optional(input.notes, field: "notes", limit: maximumNotesLength)
        return sale
    }

    // MARK: Lots

    /// A sale's lots by number, their members loaded.
    func lots(saleID: UUID, householdID: UUID) async throws -> [Lot] {
        _ = try await find(saleID, householdID: householdID)
        return try await Lot.query(on: db).filter(\.$sale.$id == saleID).with(\.$members) { $0.with(\.$item) }
            .sort(\.$number).all()
    }

    func lot(_ id: UUID, householdID: UUID) async throws -> Lot {
        guard
            let lot = try await Lot.query(on: db).filter(\.$id == id).filter(\.$household.$id == householdID)
                .with(\.$members, { $0.with(\.$item) }).with(\.$sale).first()
        else { throw AppError.notFound("lot") }
        return lot
    }

    /// The members of a lot, in order, with their names.
    func members(of lot: Lot) async throws -> [LotMemberInfo] {
        let setIDs = lot.members.compactMap(\.setID)
        let setNames = try await SetNames(db: db).names(setIDs)
        return lot.members.sorted { $0.position < $1.position }.compactMap { member in
            if let item = member.item, let id = item.id { return LotMemberInfo(scope: .item, id: id, title: item.name) }
            if let id = member.setID { return LotMemberInfo(scope: .set, id: id, title: setNames[id] ?? "Set") }
            return nil
        }
    }

    func createLot(saleID: UUID, _ input: LotInput, by principal: Principal) async throws -> Lot {
        try principal.requireEditor()
        let sale = try await find(saleID, householdID: principal.householdID)
        let itemIDs = Self.unique(input.itemIDs)
        let setIDs = Self.unique(input.setIDs)
        guard !(itemIDs.isEmpty && setIDs.isEmpty) else {
            throw AppError.invalid(FieldError(field: "itemIds", message: "Please choose at least one item or set."))
        }
        guard itemIDs.count + setIDs.count <= Self.maximumMembers else {
            throw AppError.invalid(FieldError(field: "itemIds", message: "A lot can hold at most 500 items and sets."))
        }
        let items = try await Item.query(on: db).filter(\.$id ~~ itemIDs)
            .filter(\.$household.$id == principal.householdID).all()
        guard items.count == itemIDs.count else { throw AppError.notFound("item") }
        let setNames = try await SetNames(db: db).names(setIDs, householdID: principal.householdID)
        guard setNames.count == setIDs.count else { throw AppError.notFound("set") }
        let household = try await Household.find(principal.householdID, on: db)
        let currency = try Self.currency(input.currencyCode ?? household?.defaultCurrency ?? "USD")
        let byID = Dictionary(uniqueKeysWithValues: items.compactMap { item in item.id.map { ($0, item) } })
        let firstTitle = itemIDs.first.flatMap { byID[$0]?.name } ?? setIDs.first.flatMap { setNames[$0] } ?? "Lot"

        let lot = Lot()
        lot.$household.id = principal.householdID
        lot.$sale.id = try sale.requireID()
        lot.currencyCode = currency.code
        lot.title =
            try Self.optional(input.title, field: "title") ?? TextLimit.clipped(firstTitle, to: Self.maximumFieldLength)
        lot.room = try Self.optional(input.room, field: "room")
        lot.floor = try Self.optional(input.floor, field: "floor")
        lot.targetPrice = try Self.price(input.targetPrice, currency: currency)
        if let number = input.lotNumber { lot.number = try Self.lotNumber(number) }
        try await db.transaction { db in
            try await Self.requireFree(itemIDs: itemIDs, setIDs: setIDs, on: db)
            try await SaleGuard(db: db).requireSellable(itemIDs: itemIDs, setIDs: setIDs)
            if input.lotNumber == nil {
                let highest = try await Lot.query(on: db).filter(\.$sale.$id == saleID).max(\.$number) ?? 0
                lot.number = highest + 1
            } else if try await Lot.query(on: db).filter(\.$sale.$id == saleID).filter(\.$number == lot.number)
                .count() > 0
            {
                throw AppError.conflict(code: "lot_number_taken", message: "This sale already has a lot \(lot.number).")
            }
            try await Self.insert(lot, itemIDs: itemIDs, setIDs: setIDs, on: db)
        }
        return try await self.lot(try lot.requireID(), householdID: principal.householdID)
    }

    /// Saves a new lot with its members; a member another lot took meanwhile is a conflict.
    static func insert(_ lot: Lot, itemIDs: [UUID], setIDs: [UUID], on db: any Database) async throws {
        do {
            try await lot.create(on: db)
            var position = 0
            for id in itemIDs {
                position += 1
                let member = LotMember()
                member.$lot.id = try lot.requireID()
                member.$item.id = id
                member.position = position
                try await member.create(on: db)
            }
            for id in setIDs {
                position += 1
                let member = LotMember()
                member.$lot.id = try lot.requireID()
                member.setID = id
                member.position = position
                try await member.create(on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "already_in_lot", message: "One of these is already in a lot.")
        }
    }

    static func requireFree(itemIDs: [UUID], setIDs: [UUID], on db: any Database) async throws {
        var taken = 0
        if !itemIDs.isEmpty {
            taken += try await LotMember.query(on: db).filter(\.$item.$id ~~ itemIDs.map { Optional($0) }).count()
        }
        if !setIDs.isEmpty {
            taken += try await LotMember.query(on: db).filter(\.$setID ~~ setIDs.map { Optional($0) }).count()
        }
        guard taken == 0 else {
            throw AppError.conflict(code: "already_in_lot", message: "One of these is already in a lot.")
        }
    }

    func updateLot(_ id: UUID, _ update: LotUpdate, by principal: Principal) async throws -> Lot {
        try principal.requireEditor()
        let lot = try await self.lot(id, householdID: principal.householdID)
        let done: Set<LotStep>
        do {
            done = try LotChecklistRule.apply(update.checklist, to: lot.doneSteps)
        } catch .notYetDone(let missing) {
            throw AppError.conflict(
                code: "checklist_incomplete",
                message: "The lot can be ready once it is "
                    + missing.map { $0.displayName.lowercased() }.joined(separator: ", ") + ".")
        }
        if done.contains(.ready), !lot.isReady,
            let reason = try await SaleGuard(db: db).problems(lotIDs: [id])[id]?.first
        {
            throw AppError.conflict(code: "promised", message: reason)
        }
        for step in LotStep.allCases {
            let wasDone = lot.tick(step) != nil
            if done.contains(step), !wasDone {
                lot.setTick(step, (now, principal.name, principal.userID))
            } else if !done.contains(step), wasDone {
                lot.setTick(step, nil)
            }
        }
        if let raw = update.title {
            guard let title = try Self.optional(raw, field: "title") else {
                throw AppError.invalid(FieldError(field: "title", message: "Please give the lot a title."))
            }
            lot.title = title
        }
        if let raw = update.room { lot.room = try Self.optional(raw, field: "room") }
        if let raw = update.floor { lot.floor = try Self.optional(raw, field: "floor") }
        if let raw = update.targetPrice {
            lot.targetPrice = try Self.price(raw, currency: CurrencyCode(lot.currencyCode) ?? .usd)
        }
        if let number = update.lotNumber, number != lot.number {
            lot.number = try Self.lotNumber(number)
            let taken = try await Lot.query(on: db).filter(\.$sale.$id == lot.$sale.id)
                .filter(\.$number == lot.number).count()
            guard taken == 0 else {
                throw AppError.conflict(code: "lot_number_taken", message: "This sale already has a lot \(lot.number).")
            }
        }
        do {
            try await lot.save(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "lot_number_taken", message: "This sale already has a lot \(lot.number).")
        }
        return try await self.lot(id, householdID: principal.householdID)
    }

    // MARK: Checking input

    static func optional(_ raw: String?, field: String, limit: Int = maximumFieldLength) throws -> String? {
        guard let value = raw?.trimmingWhitespace(), !value.isEmpty else { return nil }
        do {
            try TextLimit.check(
                value, maximum: limit, field: field, tooLong: "This can be at most \(limit) characters long.")
        } catch { throw AppError.invalid(error) }
        guard !value.unicodeScalars.contains(where: { $0.value < 32 && $0 != "\n" && $0 != "\r" && $0 != "\t" })
        else {
            throw AppError.invalid(FieldError(field: field, message: "This holds characters that cannot be shown."))
        }
        return value
    }

    static func currency(_ raw: String) throws -> CurrencyCode {
        try CurrencyCode.parse(raw)
    }

    static func price(_ raw: String?, currency: CurrencyCode) throws -> Int64? {
        guard let text = raw?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return try Money.parse(text, currency: currency, field: "targetPrice").minorUnits
    }

    static func unique(_ ids: [UUID]) -> [UUID] {
        var seen = Set<UUID>()
        return ids.filter { seen.insert($0).inserted }
    }

    static func lotNumber(_ number: Int) throws -> Int {
        guard (1...99_999).contains(number) else {
            throw AppError.invalid(FieldError(field: "lotNumber", message: "A lot number is from 1 to 99999."))
        }
        return number
    }
}
