import Fluent
import Foundation
import HeirloomCore

extension SaleService {
    /// Removes a sale with its lots (owners and editors). The items and sets in them are untouched: they are only
    /// no longer in a lot, and may be put in another.
    func delete(_ id: UUID, by principal: Principal) async throws {
        try principal.requireEditor()
        let saleID = try await find(id, householdID: principal.householdID).requireID()
        try await db.transaction { db in
            let lotIDs = try await Lot.query(on: db).filter(\.$sale.$id == saleID).all(\.$id)
            try await LotMember.query(on: db).filter(\.$lot.$id ~~ lotIDs).delete()
            try await LotNotice.query(on: db).filter(\.$sale.$id == saleID).delete()
            try await Lot.query(on: db).filter(\.$sale.$id == saleID).delete()
            try await Sale.query(on: db).filter(\.$id == saleID).delete()
        }
    }

    /// Removes one lot (owners and editors), leaving its items and sets untouched; returns its sale's id.
    @discardableResult
    func deleteLot(_ id: UUID, by principal: Principal) async throws -> UUID {
        try principal.requireEditor()
        let lot = try await lot(id, householdID: principal.householdID)
        let lotID = try lot.requireID()
        try await db.transaction { db in
            try await LotMember.query(on: db).filter(\.$lot.$id == lotID).delete()
            try await LotNotice.query(on: db).filter(\.$lotID == lotID).set(\.$lotID, to: nil).update()
            try await Lot.query(on: db).filter(\.$id == lotID).delete()
        }
        return lot.$sale.id
    }

    /// Takes every item and set out of a lot (owners and editors) and keeps the lot, with its number, title, place,
    /// target price, checklist and notices; the items and sets stay as they are, and may go in another lot.
    func emptyLot(_ id: UUID, by principal: Principal) async throws -> Lot {
        try principal.requireEditor()
        let lotID = try await lot(id, householdID: principal.householdID).requireID()
        try await LotMember.query(on: db).filter(\.$lot.$id == lotID).delete()
        return try await lot(lotID, householdID: principal.householdID)
    }
}
