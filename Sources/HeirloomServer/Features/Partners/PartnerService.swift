import Fluent
import Foundation
import HeirloomCore

/// What a partner is, as a form or an API call gives it; nil leaves a field as it is when changing one.
struct PartnerInput: Sendable {
    var name: String?
    var partnerType: String?
    var phone: String?
    var website: String?
    var email: String?
    var address: String?
    var city: String?
    var region: String?
    var categories: [String]?
    var notes: String?
    var questionsToAsk: [String]?
}

/// The household's partner directory: listing, adding, changing and removing partners.
struct PartnerService: Sendable {
    let db: any Database

    static let maximumFieldLength = 500
    static let maximumNotesLength = 5000
    static let maximumListEntries = 30

    func list(householdID: UUID) async throws -> [Partner] {
        try await Partner.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all()
    }

    func find(_ id: UUID, householdID: UUID) async throws -> Partner {
        guard let partner = try await Partner.find(id, on: db), partner.$household.id == householdID else {
            throw AppError.notFound("partner")
        }
        return partner
    }

    func create(_ input: PartnerInput, by principal: Principal) async throws -> Partner {
        try principal.requireOwner()
        let partner = Partner()
        partner.$household.id = principal.householdID
        partner.categoryLines = ""
        partner.questionLines = ""
        guard input.name != nil else {
            throw AppError.invalid(FieldError(field: "name", message: "Please give the partner’s name."))
        }
        guard input.partnerType != nil else {
            throw AppError.invalid(
                FieldError(field: "partnerType", message: "Please choose what kind of partner it is."))
        }
        try Self.apply(input, to: partner)
        try await partner.create(on: db)
        return partner
    }

    func update(_ id: UUID, _ input: PartnerInput, by principal: Principal) async throws -> Partner {
        try principal.requireOwner()
        let partner = try await find(id, householdID: principal.householdID)
        try Self.apply(input, to: partner)
        try await partner.save(on: db)
        return partner
    }

    func delete(_ id: UUID, by principal: Principal) async throws {
        try principal.requireOwner()
        try await find(id, householdID: principal.householdID).delete(on: db)
    }

    /// Checks every given field and copies it; an empty optional field clears it.
    static func apply(_ input: PartnerInput, to partner: Partner) throws {
        if let raw = input.name {
            let name = raw.trimmingWhitespace()
            guard !name.isEmpty else {
                throw AppError.invalid(FieldError(field: "name", message: "Please give the partner’s name."))
            }
            partner.name = try text(name, field: "name", limit: 200)
        }
        if let raw = input.partnerType {
            guard let type = PartnerType(rawValue: raw.trimmingWhitespace()) else {
                throw AppError.invalid(
                    FieldError(field: "partnerType", message: "Please choose what kind of partner it is."))
            }
            partner.partnerType = type.rawValue
        }
        if let raw = input.phone { partner.phone = try optional(raw, field: "phone") }
        if let raw = input.website {
            let website = try optional(raw, field: "website")
            if let website, !(website.lowercased().hasPrefix("http://") || website.lowercased().hasPrefix("https://")) {
                throw AppError.invalid(
                    FieldError(
                        field: "website", message: "Please give the website as an address starting with https://."))
            }
            partner.website = website
        }
        if let raw = input.email {
            let email = try optional(raw, field: "email")
            if let email, !email.contains("@") {
                throw AppError.invalid(FieldError(field: "email", message: "Please give a valid email address."))
            }
            partner.email = email
        }
        if let raw = input.address { partner.address = try optional(raw, field: "address") }
        if let raw = input.city { partner.city = try optional(raw, field: "city") }
        if let raw = input.region { partner.region = try optional(raw, field: "region") }
        if let raw = input.notes { partner.notes = try optional(raw, field: "notes", limit: maximumNotesLength) }
        if let list = input.categories { partner.categoryLines = try lines(list, field: "categories") }
        if let list = input.questionsToAsk { partner.questionLines = try lines(list, field: "questionsToAsk") }
    }

    private static func text(_ value: String, field: String, limit: Int = maximumFieldLength) throws -> String {
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

    private static func optional(_ raw: String, field: String, limit: Int = maximumFieldLength) throws -> String? {
        let value = raw.trimmingWhitespace()
        return value.isEmpty ? nil : try text(value, field: field, limit: limit)
    }

    private static func lines(_ list: [String], field: String) throws -> String {
        let entries = list.flatMap { Partner.lines($0) }
        guard entries.count <= maximumListEntries else {
            throw AppError.invalid(FieldError(field: field, message: "Please list at most 30 entries."))
        }
        return try entries.map { try text($0, field: field, limit: 300) }.joined(separator: "\n")
    }
}
