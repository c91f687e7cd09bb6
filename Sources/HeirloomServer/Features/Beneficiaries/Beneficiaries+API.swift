import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func listBeneficiaries(_ input: Operations.ListBeneficiaries.Input) async throws
        -> Operations.ListBeneficiaries.Output
    {
        let people = try await request.heirloom.beneficiaries.list(by: try principal)
        return .ok(.init(body: .json(.init(beneficiaries: try people.map(Components.Schemas.Beneficiary.init)))))
    }

    func createBeneficiary(_ input: Operations.CreateBeneficiary.Input) async throws
        -> Operations.CreateBeneficiary.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let person = try await request.heirloom.beneficiaries.create(BeneficiaryInput(body), by: try principal)
        return .created(.init(body: .json(try .init(.init(beneficiary: person, itemCount: 0, totals: [])))))
    }

    func getBeneficiaryOverview(_ input: Operations.GetBeneficiaryOverview.Input) async throws
        -> Operations.GetBeneficiaryOverview.Output
    {
        let overview = try await request.heirloom.beneficiaries.overview(by: try principal)
        return .ok(
            .init(
                body: .json(
                    .init(
                        beneficiaries: try overview.beneficiaries.map(Components.Schemas.Beneficiary.init),
                        unassignedItems: try overview.unassigned.map(Components.Schemas.Item.init)))))
    }

    func importBeneficiaries(_ input: Operations.ImportBeneficiaries.Input) async throws
        -> Operations.ImportBeneficiaries.Output
    {
        let principal = try principal
        try BeneficiaryService.requirePlanner(principal)
        var data: Data?
        switch input.body {
        case .textVcard(let body):
            data = try await Self.collectContacts(body)
        case .multipartForm(let parts):
            for try await part in parts {
                switch part {
                case .file(let file): data = try await Self.collectContacts(file.payload.body)
                case .undocumented(let other): try await Self.drain(other.body)
                }
            }
        }
        guard let data else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose a contacts file (.vcf)."))
        }
        let cards = try await request.heirloom.beneficiaries.importContacts(data, by: principal)
        return .ok(.init(body: .json(.init(results: cards.map(Components.Schemas.ContactImportEntry.init)))))
    }

    func getBeneficiary(_ input: Operations.GetBeneficiary.Input) async throws -> Operations.GetBeneficiary.Output {
        let detail = try await request.heirloom.beneficiaries.detail(
            try uuid(input.path.id, "beneficiary"), by: try principal)
        return .ok(.init(body: .json(try .init(detail))))
    }

    func updateBeneficiary(_ input: Operations.UpdateBeneficiary.Input) async throws
        -> Operations.UpdateBeneficiary.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let id = try uuid(input.path.id, "beneficiary")
        let principal = try principal
        let service = try request.heirloom.beneficiaries
        _ = try await service.update(id, BeneficiaryInput(body), by: principal)
        return .ok(.init(body: .json(try .init(try await service.detail(id, by: principal).summary))))
    }

    func deleteBeneficiary(_ input: Operations.DeleteBeneficiary.Input) async throws
        -> Operations.DeleteBeneficiary.Output
    {
        try await request.heirloom.beneficiaries.delete(try uuid(input.path.id, "beneficiary"), by: try principal)
        return .noContent(.init())
    }

    func listItemBeneficiaries(_ input: Operations.ListItemBeneficiaries.Input) async throws
        -> Operations.ListItemBeneficiaries.Output
    {
        let links = try await request.heirloom.beneficiaries.links(of: try uuid(input.path.id, "item"), by: principal)
        return .ok(.init(body: .json(.init(links: try links.map(Components.Schemas.BeneficiaryLink.init)))))
    }

    func addItemBeneficiary(_ input: Operations.AddItemBeneficiary.Input) async throws
        -> Operations.AddItemBeneficiary.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let (link, takenOut) = try await request.heirloom.beneficiaries.designate(
            try uuid(input.path.id, "item"), try BeneficiaryLinkInput(body), by: try principal)
        var mapped = try Components.Schemas.BeneficiaryLink(link)
        mapped.takenOutOfLots = takenOut.isEmpty ? nil : takenOut
        return .created(.init(body: .json(mapped)))
    }

    func updateItemBeneficiary(_ input: Operations.UpdateItemBeneficiary.Input) async throws
        -> Operations.UpdateItemBeneficiary.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let link = try await request.heirloom.beneficiaries.updateLink(
            try uuid(input.path.linkId, "assignment"), of: try uuid(input.path.id, "item"),
            try BeneficiaryLinkInput(body), by: try principal)
        return .ok(.init(body: .json(try .init(link))))
    }

    func removeItemBeneficiary(_ input: Operations.RemoveItemBeneficiary.Input) async throws
        -> Operations.RemoveItemBeneficiary.Output
    {
        try await request.heirloom.beneficiaries.removeLink(
            try uuid(input.path.linkId, "assignment"), of: try uuid(input.path.id, "item"), by: try principal)
        return .noContent(.init())
    }

    /// Reads a contacts file into memory, refusing more than an import accepts.
    static func collectContacts(_ body: HTTPBody) async throws -> Data {
        var data = Data()
        for try await chunk in body {
            guard data.count + chunk.count <= BeneficiaryService.maximumImportBytes else {
                throw AppError.payloadTooLarge("The contacts file is larger than the 10 MB an import accepts.")
            }
            data.append(contentsOf: chunk)
        }
        return data
    }
}

extension BeneficiaryInput {
    init(_ body: Components.Schemas.BeneficiaryInput) {
        self.init(name: body.name, relationship: body.relationship, email: body.email, phoneNumber: body.phoneNumber)
    }
}

extension BeneficiaryLinkInput {
    init(_ body: Components.Schemas.BeneficiaryLinkInput) throws {
        var beneficiaryID: UUID?
        if let raw = body.beneficiaryId {
            guard let id = UUID(uuidString: raw) else { throw AppError.notFound("beneficiary") }
            beneficiaryID = id
        }
        self.init(
            beneficiaryID: beneficiaryID, accessPermission: body.accessPermission?.rawValue,
            accessDate: body.accessDate, personalMessage: body.personalMessage,
            notificationStatus: body.notificationStatus?.rawValue)
    }
}
