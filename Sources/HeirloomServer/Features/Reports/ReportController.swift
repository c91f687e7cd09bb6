import Fluent
import Foundation
import HeirloomCore
import Vapor

/// Items → Reports, and the three PDFs (owners and editors; viewers are told they do not exist).
struct ReportController {
    func index(req: Request) async throws -> View {
        let principal = try req.principal()
        let beneficiaries = try await Beneficiary.query(on: req.db)
            .filter(\.$household.$id == principal.householdID).sort(\.$name).all()
        let model = ReportsPage(
            beneficiaries: try beneficiaries.map {
                .init(name: $0.name, href: SiteURL.apiBeneficiaryPacket(.value(try $0.requireID())).path)
            })
        return try await Page.render(
            .reportsIndex, base: PageBase(request: req, title: "Reports", nav: .items), model, on: req)
    }

    func estate(req: Request) async throws -> Response {
        try await respond(req, kind: .estate, fileName: "estate-inventory.pdf", onlyFor: nil)
    }

    func insurance(req: Request) async throws -> Response {
        try await respond(req, kind: .insurance, fileName: "insurance-inventory.pdf", onlyFor: nil)
    }

    func packet(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("beneficiary")
        guard
            let beneficiary = try await Beneficiary.query(on: req.db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).first()
        else { throw AppError.notFound("beneficiary") }
        return try await respond(
            req, kind: .packet(name: beneficiary.name, relationship: beneficiary.relationship),
            fileName: "for-\(beneficiary.name).pdf", onlyFor: id)
    }

    private func respond(_ req: Request, kind: ReportDocument.Kind, fileName: String, onlyFor: UUID?) async throws
        -> Response
    {
        let principal = try req.principal()
        let household = try await req.heirloom.households.household(of: principal)
        let paper = try req.paper(otherwise: household.paper)
        let document = ReportDocument(
            kind: kind, hubName: household.name, date: req.heirloom.now, days: household.days, paper: paper,
            entries: try await req.heirloom.reports.entries(
                householdID: principal.householdID, onlyFor: onlyFor,
                passing: try await req.heirloom.estate.passingWords(for: principal)))
        return try await req.printedPDF(fileName) { try document.render(to: $0) }
    }
}

/// The model of Items → Reports.
struct ReportsPage: Encodable {
    struct Beneficiary: Encodable {
        var name: String
        var href: String
    }

    var beneficiaries: [Beneficiary]
}
