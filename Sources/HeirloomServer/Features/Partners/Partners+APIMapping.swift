import Foundation
import HeirloomAPI
import HeirloomCore

extension PartnerInput {
    init(_ body: Components.Schemas.PartnerInput) {
        self.init(
            name: body.name, partnerType: body.partnerType?.rawValue, phone: body.phone, website: body.website,
            email: body.email, address: body.address, city: body.city, region: body.region,
            categories: body.categories, notes: body.notes, questionsToAsk: body.questionsToAsk)
    }
}

extension Components.Schemas.Partner {
    init(_ partner: Partner) throws {
        self.init(
            id: try partner.requireID().text,
            name: partner.name,
            partnerType: .init(rawValue: partner.partnerType) ?? .consignment,
            phone: partner.phone, website: partner.website, email: partner.email, address: partner.address,
            city: partner.city, region: partner.region,
            categories: partner.categories,
            notes: partner.notes,
            questionsToAsk: partner.questions,
            createdAt: partner.createdAt ?? Date(timeIntervalSince1970: 0),
            updatedAt: partner.updatedAt ?? partner.createdAt ?? Date(timeIntervalSince1970: 0))
    }
}
