import Foundation
import HeirloomCore
import Vapor

/// Sales, a sale's lots and a lot's checklist, on the web.
struct SaleWebController {
    struct SaleRow: Encodable {
        var href: String
        var title: String
        var when: String?
        var venue: String?
        var lotCount: Int
        var readyLotCount: Int
        /// What its lots are offered at together: "$340".
        var target: String?
    }

    struct Option: Encodable {
        var value: String
        var label: String
    }

    struct IndexPage: Encodable {
        var sales: [SaleRow]
        var canEdit: Bool
        var kinds: [Option]
        var form: SaleForm
        var errors: [String: String]
    }

    struct SaleForm: Codable {
        var kind: String?
        var date: String?
        var venue: String?
        var notes: String?
        /// "yes" once the owner has seen what "everything undecided" adds.
        var confirm: String?

        var input: SaleInput { SaleInput(kind: kind, date: date ?? "", venue: venue ?? "", notes: notes ?? "") }
    }

    struct LotRow: Encodable {
        var href: String
        var number: Int
        var title: String
        var place: String?
        var target: String?
        var doneCount: Int
        var ready: Bool
        /// A set in it holds something promised: the lot cannot be ready until the family chooses.
        var needsChoice = false
    }

    struct ItemOption: Encodable {
        var id: String
        var name: String
    }

    struct ShowPage: Encodable {
        var title: String
        var kind: String
        var when: String?
        var venue: String?
        var notes: String?
        var lots: [LotRow]
        var readyCount: Int
        /// What the lots are offered at together, each following its quantity: "$340".
        var total: String?
        var canEdit: Bool
        var lotsAction: String
        /// The sale's own page, whose address a refused "add a lot" keeps.
        var page: String
        var labelsHref: String
        var items: [ItemOption]
        var sets: [ItemOption]
        var form: LotForm
        var errors: [String: String]
        /// "Remove this sale…", for owners and editors.
        var deleteHref = ""
        /// What the sale says changed on its own: things taken out of lots because they are promised.
        var notices: [String] = []
    }

    struct LotForm: Codable {
        var itemId: String?
        var title: String?
        var room: String?
        var floor: String?
        var targetPrice: String?
    }

    struct StepRow: Encodable {
        var name: String
        var lowerName: String
        var field: String
        var hint: String
        var done: Bool
        var who: String?
        var canTick: Bool
    }

    struct LotPage: Encodable {
        var saleHref: String
        var saleTitle: String
        var number: Int
        var title: String
        var room: String?
        var floor: String?
        var target: String?
        var members: [ItemOption]
        var steps: [StepRow]
        var ready: Bool
        var canEdit: Bool
        var action: String
        var errors: [String: String]
        /// "Remove this lot…", for owners and editors.
        var deleteHref = ""
        /// "Take everything out of this lot…", for owners and editors while it holds something.
        var emptyHref = ""
        /// What changed in the lot on its own, and why it cannot be ready now (`SaleGuard`).
        var notices: [String] = []
        var problems: [String] = []
    }

    struct StepForm: Decodable {
        var step: String?
        var done: String?
    }

    // MARK: Sales

    func index(req: Request) async throws -> View {
        try await indexPage(req, form: SaleForm(kind: SaleKind.estateSale.rawValue), errors: [:])
    }

    func indexPage(_ req: Request, form: SaleForm, errors: [String: String]) async throws -> View {
        let principal = try req.principal()
        try principal.requireSeesValues(hidingAs: "sale")
        let sales = try await req.heirloom.sales.list(householdID: principal.householdID)
        let rows = try sales.map { summary in
            SaleRow(
                href: SiteURL.sale(.value(try summary.sale.requireID())).path, title: SalePages.title(summary.sale),
                when: summary.sale.date.map(DayText.calendarDay), venue: summary.sale.venue, lotCount: summary.lotCount,
                readyLotCount: summary.readyLotCount, target: SalePages.total(summary.targetTotals))
        }
        return try await Page.render(
            .salesIndex, base: PageBase(request: req, title: "Sales", nav: .items),
            IndexPage(
                sales: rows, canEdit: principal.role.canEdit,
                kinds: SaleKind.allCases.map { Option(value: $0.rawValue, label: $0.displayName) }, form: form,
                errors: errors),
            on: req)
    }

    func create(req: Request) async throws -> Response {
        let form = try req.content.decode(SaleForm.self)
        return try await req.submitForm {
            let sale = try await req.heirloom.sales.create(form.input, by: try req.principal())
            return req.redirect(to: SiteURL.sale(.value(try sale.requireID())).path(done: .saleCreated))
        } orShowAgain: { errors in
            try await indexPage(req, form: form, errors: errors)
        }
    }

    func show(req: Request) async throws -> View {
        try await showPage(req, id: try req.id("sale"), form: LotForm(), errors: [:])
    }

    private func showPage(_ req: Request, id: UUID, form: LotForm, errors: [String: String]) async throws -> View {
        let principal = try req.principal()
        try principal.requireSeesValues(hidingAs: "sale")
        let service = req.heirloom.sales
        let sale = try await service.find(id, householdID: principal.householdID)
        let lots = try await service.lots(saleID: id, householdID: principal.householdID)
        let choices = try await service.lotChoices(householdID: principal.householdID)
        let problems = try await SaleGuard(db: req.db).problems(lotIDs: try lots.map { try $0.requireID() })
        let rows = try lots.map { lot in
            LotRow(
                href: SiteURL.lot(.value(try lot.requireID())).path, number: lot.number, title: lot.title,
                place: SalePages.place(lot), target: SalePages.target(lot), doneCount: lot.doneSteps.count,
                ready: lot.isReady, needsChoice: problems[try lot.requireID()] != nil)
        }
        return try await Page.render(
            .saleShow, base: PageBase(request: req, title: SalePages.title(sale), nav: .items),
            ShowPage(
                title: SalePages.title(sale), kind: SaleKind(rawValue: sale.kind)?.displayName ?? sale.kind,
                when: sale.date.map(DayText.calendarDay), venue: sale.venue, notes: sale.notes, lots: rows,
                readyCount: lots.filter(\.isReady).count,
                total: SalePages.total(LotPrice.totals(lots.compactMap(\.price))),
                canEdit: principal.role.canEdit,
                lotsAction: SiteURL.saleLots(.value(id)).path, page: SiteURL.sale(.value(id)).path,
                labelsHref: SiteURL.apiSaleLabels(.value(id)).path,
                items: try choices.items.map { ItemOption(id: try $0.requireID().text, name: $0.name) },
                sets: try choices.sets.map { ItemOption(id: "set:" + (try $0.requireID().text), name: $0.name) },
                form: form,
                errors: errors, deleteHref: SiteURL.saleDelete(.value(id)).path,
                notices: principal.role.canEdit ? try await service.notices(saleID: id) : []),
            on: req)
    }

    func createLot(req: Request) async throws -> Response {
        let id = try req.id("sale")
        let form = try req.content.decode(LotForm.self)
        return try await req.submitForm(conflictsOn: "itemId") {
            // An item's id, or "set:" and a set's id.
            let choice = form.itemId ?? ""
            let setID = choice.hasPrefix("set:") ? UUID(uuidString: String(choice.dropFirst(4))) : nil
            let itemID = UUID(uuidString: choice)
            guard itemID != nil || setID != nil else {
                throw AppError.invalid(
                    FieldError(field: "itemId", message: "Please choose an item or a set for the lot."))
            }
            _ = try await req.heirloom.sales.createLot(
                saleID: id,
                LotInput(
                    itemIDs: itemID.map { [$0] } ?? [], setIDs: setID.map { [$0] } ?? [], title: form.title,
                    room: form.room, floor: form.floor, targetPrice: form.targetPrice),
                by: try req.principal())
            return req.redirect(to: SiteURL.sale(.value(id)).path(done: .lotCreated))
        } orShowAgain: { errors in
            try await showPage(req, id: id, form: form, errors: errors)
        }
    }

    // MARK: Lots

    func showLot(req: Request) async throws -> View {
        try await lotPage(req, id: try req.id("lot"), errors: [:])
    }

    private func lotPage(_ req: Request, id: UUID, errors: [String: String]) async throws -> View {
        let principal = try req.principal()
        try principal.requireSeesValues(hidingAs: "lot")
        let service = req.heirloom.sales
        let lot = try await service.lot(id, householdID: principal.householdID)
        let members = try await service.members(of: lot)
        let done = lot.doneSteps
        let steps = LotStep.allCases.map { step in
            StepRow(
                name: step.displayName, lowerName: step.displayName.lowercased(), field: step.rawValue, hint: step.hint,
                done: done.contains(step),
                who: lot.tick(step).map { tick in
                    "Ticked" + (tick.by.map { " by \($0)" } ?? "") + " on \(principal.days.day(tick.at))"
                },
                canTick: step != .ready || done.isSuperset(of: [.prepared, .documented, .staged]))
        }
        return try await Page.render(
            .lotShow, base: PageBase(request: req, title: "Lot \(lot.number): \(lot.title)", nav: .items),
            LotPage(
                saleHref: SiteURL.sale(.value(lot.$sale.id)).path, saleTitle: SalePages.title(lot.sale),
                number: lot.number, title: lot.title, room: lot.room, floor: lot.floor, target: SalePages.target(lot),
                members: members.map {
                    ItemOption(
                        id: $0.scope == .item ? SiteURL.item(.value($0.id)).path : SiteURL.set(.value($0.id)).path,
                        name: $0.title)
                },
                steps: steps, ready: lot.isReady, canEdit: principal.role.canEdit,
                action: SiteURL.lot(.value(id)).path, errors: errors, deleteHref: SiteURL.lotDelete(.value(id)).path,
                emptyHref: SiteURL.lotEmpty(.value(id)).path,
                notices: principal.role.canEdit ? try await service.notices(lotIDs: [id])[id] ?? [] : [],
                problems: principal.role.canEdit ? try await SaleGuard(db: req.db).problems(lotIDs: [id])[id] ?? [] : []
            ),
            on: req)
    }

    func updateLot(req: Request) async throws -> Response {
        let id = try req.id("lot")
        let form = try req.content.decode(StepForm.self)
        return try await req.submitForm(conflictsOn: "ready") {
            guard let step = form.step.flatMap(LotStep.init(rawValue:)) else {
                throw AppError.badRequest("Please choose a step of the checklist.")
            }
            _ = try await req.heirloom.sales.updateLot(
                id, LotUpdate(checklist: [step: form.done == "true"]), by: try req.principal())
            return req.redirect(to: SiteURL.lot(.value(id)).path(done: .lotSaved))
        } orShowAgain: { errors in
            try await lotPage(req, id: id, errors: errors)
        }
    }
}
