import Fluent
import Foundation
import HeirloomCore

/// Keeps promised heirlooms out of sales (`SaleEligibility`), the same way on every path.
///
/// Adding to a lot asks `requireSellable` first. Every path that designates something (a beneficiary link made by a
/// page, the API, the Treasure Chest app or an import, through `LegacySync`; an item's or a set's disposition set to
/// keep; an item put in a set) calls `release` in the same transaction: a promised item leaves its lot, and so does
/// a set marked to keep or coming to hold a promised item (one rule, on its own or through its set); the sale keeps
/// a line saying why (`LotNotice`) and the caller tells the owner. A set that was flagged in its lot before this
/// rule (`problems`) keeps its lot from being ready until the family chooses which wins.
struct SaleGuard: Sendable {
    let db: any Database

    /// The items as the sale rules see them: name, disposition and their beneficiaries' names.
    func things(_ itemIDs: [UUID]) async throws -> [UUID: SaleThing] {
        guard !itemIDs.isEmpty else { return [:] }
        let links = try await ItemBeneficiary.query(on: db).filter(\.$item.$id ~~ itemIDs).with(\.$beneficiary).all()
        var names: [UUID: [String]] = [:]
        for link in links { names[link.$item.id, default: []].append(link.beneficiary.name) }
        var things: [UUID: SaleThing] = [:]
        for item in try await Item.query(on: db).filter(\.$id ~~ itemIDs).all() {
            let id = try item.requireID()
            things[id] = SaleThing(
                name: item.name, disposition: item.disposition.value,
                beneficiaries: (names[id] ?? []).sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
        }
        return things
    }

    /// The sets as the sale rules see them, with their items.
    func sets(_ setIDs: [UUID]) async throws -> [UUID: (set: SaleThing, items: [SaleThing])] {
        guard !setIDs.isEmpty else { return [:] }
        let sets = try await ItemSet.query(on: db).filter(\.$id ~~ setIDs).all()
        let members = try await ItemSetMember.query(on: db).filter(\.$set.$id ~~ setIDs).all()
        let items = try await things(members.map { $0.$item.id })
        var result: [UUID: (set: SaleThing, items: [SaleThing])] = [:]
        for set in sets {
            let id = try set.requireID()
            let own = members.filter { $0.$set.id == id }.compactMap { items[$0.$item.id] }
            result[id] = (SaleThing(name: set.name, disposition: set.disposition.value), own)
        }
        return result
    }

    /// Refuses (409 `promised`, naming the person) a promised item, or a set that is kept or holds one.
    func requireSellable(itemIDs: [UUID], setIDs: [UUID]) async throws {
        do {
            let things = try await things(itemIDs)
            for id in itemIDs { if let thing = things[id] { try SaleEligibility.check(item: thing) } }
            let sets = try await sets(setIDs)
            for id in setIDs { if let set = sets[id] { try SaleEligibility.check(set: set.set, items: set.items) } }
        } catch let refusal as SaleRefusal {
            throw AppError.conflict(code: "promised", message: refusal.message)
        }
    }

    /// Why a lot may not be ready: each set in it that holds a promised item, in words.
    func problems(lotIDs: [UUID]) async throws -> [UUID: [String]] {
        guard !lotIDs.isEmpty else { return [:] }
        let members = try await LotMember.query(on: db).filter(\.$lot.$id ~~ lotIDs).all()
        let sets = try await sets(members.compactMap(\.setID))
        var problems: [UUID: [String]] = [:]
        for member in members {
            guard let setID = member.setID, let set = sets[setID] else { continue }
            do { try SaleEligibility.check(set: set.set, items: set.items) } catch {
                problems[member.$lot.id, default: []].append(error.message)
            }
        }
        return problems
    }

    /// Applies the rule after these items or sets may have become promised: what is promised leaves its lot, on its
    /// own or through its set (a set kept, or now holding a promised item, leaves whole and stays as it is). Returns
    /// what changed, in words, each also kept as a line of its sale. Call inside the transaction that designated them.
    @discardableResult
    func release(itemIDs: [UUID] = [], setIDs: [UUID] = []) async throws -> [String] {
        var told: [String] = []
        let things = try await things(itemIDs)
        let promised = things.filter { $0.value.promise != nil }.map(\.key)
        if !promised.isEmpty {
            let members = try await LotMember.query(on: db).filter(\.$item.$id ~~ promised.map { Optional($0) })
                .with(\.$lot).all()
            for member in members {
                guard let id = member.$item.id, let thing = things[id], let promise = thing.promise else { continue }
                let refusal = SaleRefusal.promised(name: thing.name, promise)
                told.append(try await takeOut(member, named: thing.name, because: refusal.because))
            }
        }
        // Sets in lots that may now be kept or hold a promised item: those of the promised items, and the sets changed.
        let holding = try await ItemSetMember.query(on: db).filter(\.$item.$id ~~ promised).all()
        let suspects = Array(Set(holding.map { $0.$set.id } + setIDs))
        guard !suspects.isEmpty else { return told }
        let inLots = try await LotMember.query(on: db).filter(\.$setID ~~ suspects.map { Optional($0) })
            .with(\.$lot).all()
        let sets = try await sets(inLots.compactMap(\.setID))
        for member in inLots {
            guard let setID = member.setID, let set = sets[setID] else { continue }
            do { try SaleEligibility.check(set: set.set, items: set.items) } catch {
                told.append(try await takeOut(member, named: "The set \(set.set.name)", because: error.because))
            }
        }
        return told
    }

    /// Takes a member out of its lot, and keeps the line saying why on its sale.
    private func takeOut(_ member: LotMember, named name: String, because: String) async throws -> String {
        try await member.delete(on: db)
        let lot = member.lot
        let message = "\(name) was taken out of lot \(lot.number) because \(because)."
        try await LotNotice(saleID: lot.$sale.id, lotID: try lot.requireID(), message: message).create(on: db)
        return message
    }
}
