import Fluent
import Foundation
import HeirloomCore

/// A thing of a round as pages, the API and the division read it: an item, or a set with its items.
struct WishThing: Sendable {
    var id: UUID
    var isSet: Bool
    var title: String
    var description: String
    var category: String?
    /// The appraised value in the round's currency (items in another currency are not counted), or nil.
    var value: Int64?
    var photoIDs: [UUID]
    var storyIDs: [UUID]
    /// The items a confirmed division leaves to the participant: the item, or the set's items.
    var itemIDs: [UUID]
}

/// Reads the things of a round, and the household's candidates for one.
struct WishThings: Sendable {
    let db: any Database

    /// The round's things in their order.
    func things(of round: WishRound) async throws -> [WishThing] {
        let rows = try await WishRoundThing.query(on: db).filter(\.$round.$id == round.requireID())
            .sort(\.$position).all()
        let setIDs = rows.compactMap { $0.$set.id }
        let members = try await ItemSetMember.query(on: db).filter(\.$set.$id ~~ setIDs).all()
        let sets = Dictionary(
            uniqueKeysWithValues: try await ItemSet.query(on: db).filter(\.$id ~~ setIDs).all().map { ($0.id!, $0) })
        let itemIDs = rows.compactMap { $0.$item.id } + members.map { $0.$item.id }
        let items = Dictionary(
            uniqueKeysWithValues: try await Item.query(on: db).filter(\.$id ~~ itemIDs).with(\.$photos)
                .with(\.$audioStories).all().map { ($0.id!, $0) })
        let currency = round.currencyCode
        func value(_ item: Item, quantity: Int) -> Int64? {
            guard item.currencyCode == currency, let each = item.estimatedValue else { return nil }
            return each.multipliedReportingOverflow(by: Int64(max(quantity, 1))).partialValue
        }
        return rows.compactMap { row -> WishThing? in
            if let itemID = row.$item.id, let item = items[itemID] {
                return WishThing(
                    id: itemID, isSet: false, title: item.name, description: item.description,
                    category: item.category, value: value(item, quantity: item.quantity),
                    photoIDs: item.photos.sorted { $0.position < $1.position }.map { $0.$media.id },
                    storyIDs: item.audioStories.map { $0.$media.id }, itemIDs: [itemID])
            }
            guard let setID = row.$set.id, let set = sets[setID] else { return nil }
            let parts = members.filter { $0.$set.id == setID }.compactMap { member in
                items[member.$item.id].map { ($0, member.quantity) }
            }
            let values = parts.compactMap { value($0.0, quantity: $0.1) }
            return WishThing(
                id: setID, isSet: true, title: set.name, description: set.story, category: nil,
                value: values.isEmpty ? nil : values.reduce(0, +),
                photoIDs: parts.flatMap {
                    $0.0.photos.sorted { $0.position < $1.position }.prefix(1).map { $0.$media.id }
                },
                storyIDs: parts.flatMap { $0.0.audioStories.map { $0.$media.id } }, itemIDs: parts.map { $0.0.id! })
        }
    }

    /// The household's items and sets as `WishGroup` sees them.
    func candidates(householdID: UUID) async throws -> (
        items: [WishGroup.Candidate<UUID>], sets: [WishGroup.Candidate<UUID>]
    ) {
        var promised: [UUID: [String]] = [:]
        for link in try await ItemBeneficiary.query(on: db).join(Item.self, on: \ItemBeneficiary.$item.$id == \Item.$id)
            .filter(Item.self, \.$household.$id == householdID).with(\.$beneficiary).all()
        {
            promised[link.$item.id, default: []].append(link.beneficiary.name)
        }
        let setOf = Dictionary(
            try await ItemSetMember.query(on: db).join(ItemSet.self, on: \ItemSetMember.$set.$id == \ItemSet.$id)
                .filter(ItemSet.self, \.$household.$id == householdID).all().map { ($0.$item.id, $0.$set.id) },
            uniquingKeysWith: { first, _ in first })
        let items = try await Item.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all().map {
            item in
            WishGroup.Candidate(
                id: item.id!, name: item.name, disposition: item.disposition.value, status: item.disposition.status,
                promisedTo: (promised[item.id!] ?? []).sorted(), setID: setOf[item.id!])
        }
        let sets = try await ItemSet.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all().map {
            set in
            WishGroup.Candidate(
                id: set.id!, name: set.name, disposition: set.disposition.value, status: set.disposition.status)
        }
        return (items, sets)
    }

    /// Why each of these things can no longer be divided (left to someone by hand, or gone since the round began),
    /// by thing id; those not named still can be.
    func refusals(of thingIDs: Set<UUID>, householdID: UUID) async throws -> [UUID: String] {
        let (items, sets) = try await candidates(householdID: householdID)
        var refusals: [UUID: String] = [:]
        for item in items where thingIDs.contains(item.id) {
            refusals[item.id] = WishGroup.refusal(item)
        }
        for set in sets where thingIDs.contains(set.id) {
            refusals[set.id] = WishGroup.refusal(set, members: items.filter { $0.setID == set.id })
        }
        return refusals
    }

    /// The things a new round takes: those asked for, each checked, or the default group when none were asked for.
    func chosen(_ refs: [WishRoundInput.ThingRef], householdID: UUID) async throws -> [WishRoundInput.ThingRef] {
        let (items, sets) = try await candidates(householdID: householdID)
        guard !refs.isEmpty else {
            let group = WishGroup.defaults(items: items, sets: sets)
            let chosen = group.items.map(WishRoundInput.ThingRef.item) + group.sets.map(WishRoundInput.ThingRef.set)
            guard !chosen.isEmpty else {
                throw AppError.invalid(
                    FieldError(
                        field: "things",
                        message: "Every thing is already left to someone or has gone, so there is nothing to divide."))
            }
            return chosen
        }
        guard Set(refs).count == refs.count else {
            throw AppError.invalid(FieldError(field: "things", message: "Each thing can be in the round once."))
        }
        let itemByID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        let setByID = Dictionary(uniqueKeysWithValues: sets.map { ($0.id, $0) })
        let setNames = Dictionary(uniqueKeysWithValues: sets.map { ($0.id, $0.name) })
        for ref in refs {
            let refusal: String?
            switch ref {
            case .item(let id):
                guard let item = itemByID[id] else { throw Self.unknownThing }
                if let setID = item.setID {
                    refusal = "\(item.name) belongs to the set \(setNames[setID] ?? ""); please choose the whole set."
                } else {
                    refusal = WishGroup.refusal(item)
                }
            case .set(let id):
                guard let set = setByID[id] else { throw Self.unknownThing }
                refusal = WishGroup.refusal(set, members: items.filter { $0.setID == id })
            }
            if let refusal { throw AppError.invalid(FieldError(field: "things", message: refusal)) }
        }
        return refs
    }

    static let unknownThing = AppError.invalid(
        FieldError(field: "things", message: "One of the things is not in this household."))
}
