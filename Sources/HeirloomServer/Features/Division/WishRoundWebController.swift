import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The organiser's pages: the rounds, a new round, and one round from its invitations to its confirmation.
struct WishRoundWebController {
    func index(req: Request) async throws -> View {
        let rounds = try await req.heirloom.wishRounds.list(by: try req.requireWishOrganiser())
        return try await Page.render(
            .wishRounds, base: try await base(req, title: "Dividing fairly"),
            WishRoundPages.IndexPage(rounds: rounds.map(WishRoundPages.row), methods: WishRoundPages.methods),
            on: req)
    }

    func new(req: Request) async throws -> View {
        try await newPage(req, form: nil, errors: [:])
    }

    func create(req: Request) async throws -> Response {
        let form = try req.content.decode(WishRoundPages.NewForm.self)
        return try await req.submitForm {
            let input = form.input { id in
                form.shares?[id.text].flatMap {
                    Double($0.trimmingWhitespace().replacingOccurrences(of: "%", with: ""))
                }
            }
            let round = try await req.heirloom.wishRounds.create(input, by: try req.requireWishOrganiser())
            return req.redirect(to: SiteURL.wishRound(.value(round.round.id!)).path(done: .wishRoundDrafted))
        } orShowAgain: { errors in
            try await newPage(req, form: form, errors: errors)
        }
    }

    func show(req: Request) async throws -> View {
        try await roundPage(req, id: try req.id("wish round"), errors: [:])
    }

    func open(req: Request) async throws -> Response {
        try await step(req, done: .wishRoundOpened) { id, organiser in
            _ = try await req.heirloom.wishRounds.open(id, by: organiser)
        }
    }

    func close(req: Request) async throws -> Response {
        try await step(req, done: .wishRoundClosed) { id, organiser in
            _ = try await req.heirloom.wishRounds.close(id, by: organiser)
        }
    }

    func divide(req: Request) async throws -> Response {
        struct Form: Content { var seed: String? }
        let seedText = (try? req.content.decode(Form.self))?.seed?.trimmingWhitespace() ?? ""
        return try await step(req, done: .wishRoundDivided) { id, organiser in
            var seed: Int64?
            if !seedText.isEmpty {
                guard let number = Int64(seedText), number >= 0, number <= 9_007_199_254_740_991 else {
                    throw AppError.invalid(FieldError(field: "seed", message: "A draw number is a whole number."))
                }
                seed = number
            }
            _ = try await req.heirloom.wishRounds.divide(id, seed: seed, order: nil, by: organiser)
        }
    }

    func adjust(req: Request) async throws -> Response {
        struct Form: Content { var owners: [String: String]? }
        let owners = (try? req.content.decode(Form.self))?.owners ?? [:]
        return try await step(req, done: .wishDivisionAdjusted) { id, organiser in
            let current = try await req.heirloom.wishRounds.division(id, by: organiser)
            let now = Dictionary(
                uniqueKeysWithValues: current.result.placements.map { ($0.thingID.text, $0.participantID.text) })
            let moves = owners.compactMap { thing, person -> (thingID: UUID, to: UUID)? in
                guard now[thing] != person, let thingID = UUID(uuidString: thing), let to = UUID(uuidString: person)
                else { return nil }
                return (thingID, to)
            }
            _ = try await req.heirloom.wishRounds.adjust(id, moves: moves, by: organiser)
        }
    }

    func confirm(req: Request) async throws -> Response {
        struct Form: Content {
            var accessPermission: String?
            var accessDate: String?
        }
        let form = (try? req.content.decode(Form.self)) ?? Form()
        return try await step(req, done: .wishRoundConfirmed) { id, organiser in
            let rule = try form.accessPermission.map {
                try WishRoundConfirmRule.parse(permission: $0, accessDate: form.accessDate)
            }
            _ = try await req.heirloom.wishRounds.confirm(id, rule: rule, by: organiser)
        }
    }

    func removeParticipant(req: Request) async throws -> Response {
        let person = try req.id("participant", .memberID)
        return try await step(req, done: .wishParticipantRemoved) { id, organiser in
            try await req.heirloom.wishRounds.remove(participant: person, from: id, by: organiser)
        }
    }

    func stopParticipantLink(req: Request) async throws -> Response {
        let person = try req.id("participant", .memberID)
        return try await step(req, done: .wishParticipantLinkStopped) { id, organiser in
            try await req.heirloom.wishRounds.withdrawLink(participant: person, of: id, by: organiser)
        }
    }

    /// One step of a round from its page: done, back to the page with a notice; refused, the page again with why.
    private func step(
        _ req: Request, done: Notice, _ action: (UUID, WishOrganiser) async throws -> Void
    ) async throws -> Response {
        let id = try req.id("wish round")
        return try await req.submitForm(conflictsOn: "step") {
            try await action(id, try req.requireWishOrganiser())
            return req.redirect(to: SiteURL.wishRound(.value(id)).path(done: done))
        } orShowAgain: { errors in
            try await roundPage(req, id: id, errors: errors)
        }
    }

    private func roundPage(_ req: Request, id: UUID, errors: [String: String]) async throws -> View {
        let organiser = try req.requireWishOrganiser()
        let services = req.heirloom
        let view = try await services.wishRounds.round(id, by: organiser)
        let division =
            [.divided, .confirmed].contains(view.state)
            ? try await services.wishRounds.division(id, by: organiser) : nil
        let estate = try await EstateService.ensure(householdID: organiser.householdID, on: req.db)
        let model = WishRoundPages.round(
            view, division: division, live: try await services.wishRounds.live(view),
            released: estate.status.effectiveState(at: services.now) == .released,
            days: estate.days, errors: errors, seesValues: organiser.seesValues)
        return try await Page.render(
            .wishRound, base: try await base(req, title: view.round.title), model, on: req)
    }

    private func newPage(_ req: Request, form: WishRoundPages.NewForm?, errors: [String: String]) async throws -> View {
        let organiser = try req.requireWishOrganiser()
        let db = req.db
        let (items, sets) = try await WishThings(db: db).candidates(householdID: organiser.householdID)
        let group = WishGroup.defaults(items: items, sets: sets)
        let chosen = Set(form?.things ?? (group.items.map { "item:\($0.text)" } + group.sets.map { "set:\($0.text)" }))
        let membersBySet = Dictionary(grouping: items.filter { $0.setID != nil }) { $0.setID! }
        var things: [WishRoundPages.Choice] = []
        var leftOut: [String] = []
        for set in sets {
            if let refusal = WishGroup.refusal(set, members: membersBySet[set.id] ?? []) {
                leftOut.append(refusal)
            } else {
                let value = "set:\(set.id.text)"
                things.append(.init(value: value, label: set.name, detail: "A set", checked: chosen.contains(value)))
            }
        }
        for item in items where item.setID == nil {
            if let refusal = WishGroup.refusal(item) {
                leftOut.append(refusal)
            } else {
                let value = "item:\(item.id.text)"
                things.append(.init(value: value, label: item.name, detail: nil, checked: chosen.contains(value)))
            }
        }
        let people = try await Beneficiary.query(on: db).filter(\.$household.$id == organiser.householdID)
            .sort(\.$name).all()
        let picked = Set(form?.participants ?? [])
        let household = try await Household.find(organiser.householdID, on: db)
        let inTwoWeeks = Day((req.heirloom.now).addingTimeInterval(14 * 86_400), in: household?.zone ?? .current)
        let model = WishRoundPages.NewPage(
            form: .init(
                title: form?.title ?? "", method: form?.method ?? "points", closesOn: form?.closesOn ?? inTwoWeeks.text,
                showValues: form?.showValues == "yes", live: form?.live == "yes", turnHours: form?.turnHours ?? "48"),
            methods: WishRoundPages.methods,
            things: things.sorted { $0.label.localizedCaseInsensitiveCompare($1.label) == .orderedAscending },
            leftOut: leftOut,
            people: people.map { person in
                WishRoundPages.PersonChoice(person, picked: picked, share: form?.shares?[person.id!.text])
            },
            errors: errors, backHref: SiteURL.wishRounds.path)
        return try await Page.render(
            .wishRoundNew, base: try await base(req, title: "A new wish round"), model, on: req)
    }
}

extension WishRoundWebController {
    /// The layout's base: a member's navigation, or, for a trusted contact, the household's name.
    func base(_ req: Request, title: String) async throws -> PageBase {
        var base = PageBase(request: req, title: title, nav: .items)
        if base.user == nil, let organiser = req.wishOrganiser {
            base.household = .init(
                name: try await Household.find(organiser.householdID, on: req.db)?.name ?? "Heirloom")
        }
        return base
    }
}

extension WishRoundPages.PersonChoice {
    init(_ person: Beneficiary, picked: Set<String>, share: String?) {
        let id = person.id!.text
        self.init(
            id: id, name: person.name,
            detail: person.email?.isEmpty == false ? person.email : "No email address yet: add one to invite them",
            checked: picked.contains(id), share: share ?? "")
    }
}
