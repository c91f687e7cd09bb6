import Foundation
import HeirloomAPI
import HeirloomCore

extension SaleInput {
    init(_ body: Components.Schemas.SaleInput) {
        self.init(kind: body.kind.rawValue, date: body.date, venue: body.venue, notes: body.notes)
    }
}

extension LotInput {
    init(_ body: Components.Schemas.LotInput) throws {
        func ids(_ list: [String]?, _ field: String) throws -> [UUID] {
            try (list ?? []).map { text in
                guard let id = UUID(uuidString: text) else {
                    throw AppError.invalid(FieldError(field: field, message: "This is not an id."))
                }
                return id
            }
        }
        self.init(
            itemIDs: try ids(body.itemIds, "itemIds"), setIDs: try ids(body.setIds, "setIds"), title: body.title,
            room: body.room, floor: body.floor, lotNumber: body.lotNumber, targetPrice: body.targetPrice,
            currencyCode: body.currencyCode)
    }
}

extension LotUpdate {
    init(_ body: Components.Schemas.LotUpdate) {
        var checklist: [LotStep: Bool] = [:]
        checklist[.prepared] = body.prepared
        checklist[.documented] = body.documented
        checklist[.staged] = body.staged
        checklist[.ready] = body.ready
        self.init(
            checklist: checklist, title: body.title, room: body.room, floor: body.floor, lotNumber: body.lotNumber,
            targetPrice: body.targetPrice)
    }
}

extension Components.Schemas.Sale {
    init(_ summary: SaleSummary) throws {
        let sale = summary.sale
        self.init(
            id: try sale.requireID().text, kind: .init(rawValue: sale.kind) ?? .estateSale, date: sale.date,
            venue: sale.venue, notes: sale.notes, lotCount: summary.lotCount, readyLotCount: summary.readyLotCount,
            targetTotals: summary.targetTotals.isEmpty
                ? nil : summary.targetTotals.map(Components.Schemas.MoneyTotal.init),
            createdAt: sale.createdAt ?? Date(timeIntervalSince1970: 0),
            updatedAt: sale.updatedAt ?? sale.createdAt ?? Date(timeIntervalSince1970: 0))
    }
}

extension Components.Schemas.Lot {
    init(_ lot: Lot, members: [LotMemberInfo], base: String) throws {
        func state(_ step: LotStep) -> Components.Schemas.LotStepState {
            guard let tick = lot.tick(step) else { return .init(done: false) }
            return .init(done: true, at: tick.at, by: .named(tick.byID, tick.by))
        }
        let id = try lot.requireID()
        let price = lot.price
        self.init(
            id: id.text, saleId: lot.$sale.id.text, lotNumber: lot.number, title: lot.title,
            room: lot.room, floor: lot.floor, targetPrice: price?.each.decimalString, pieces: lot.pieces,
            targetTotal: price.map { .init($0.total) }, targetText: price?.text, currencyCode: lot.currencyCode,
            members: members.map {
                .init(kind: $0.scope == .set ? .set : .item, id: $0.id.text, title: $0.title)
            },
            checklist: .init(
                prepared: state(.prepared), documented: state(.documented), staged: state(.staged),
                ready: state(.ready)),
            pageUrl: SiteURL.lot(.value(id)).url(on: base))
    }
}

extension Components.Schemas.UndecidedPreview {
    init(_ preview: UndecidedPreview) throws {
        self.init(
            adds: try preview.items.map { .init(kind: .item, id: try $0.requireID().text, title: $0.name) }
                + preview.sets.map { .init(kind: .set, id: $0.id.text, title: $0.name) },
            leftOut: preview.leftOut.map {
                .init(kind: $0.scope == .set ? .set : .item, id: $0.id.text, title: $0.name, reason: $0.reason)
            })
    }
}
