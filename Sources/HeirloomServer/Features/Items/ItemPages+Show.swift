import HeirloomCore
import Vapor

extension ItemPages {
    /// The item's page; with the errors and what was typed when "What happens to it" was refused.
    static func show(
        _ req: Request, id: UUID, dispositionErrors: [String: String] = [:], typed: DispositionInput? = nil
    ) async throws -> View {
        let principal = try req.principal()
        let item = try await req.heirloom.items.find(id, householdID: principal.householdID)
        var model = try Show(item, canEdit: principal.role.canEdit, days: principal.days)
        model.disposition = try await DownsizingPages.disposition(
            for: item, req: req, canEdit: principal.role.canEdit, errors: dispositionErrors, typed: typed)
        model.appraisal = try await AppraisalPages.panel(for: item, req: req, canEdit: principal.role.canEdit)
        let transcripts = try await TranscriptPages.blocks(
            .itemStory, ids: item.audioStories.compactMap(\.id), canCorrect: principal.role.canEdit, req: req)
        for index in model.audioStories.indices {
            model.audioStories[index].transcript = transcripts[model.audioStories[index].id]
        }
        if principal.role.canEdit {
            let itemID = try item.requireID()
            let links = try await req.heirloom.beneficiaries.links(of: itemID, by: principal)
            let taken = Set(links.map { $0.$beneficiary.id })
            let people = try await req.heirloom.beneficiaries.list(by: principal).map(\.beneficiary)
            let passing = try await req.heirloom.estate.passingWords(for: principal)
            model.beneficiaries = BeneficiaryPages.ItemSection(
                links: try links.map { try BeneficiaryPages.LinkRow($0, itemID: itemID, passing: passing) },
                uponPassing: passing.uponPassing,
                choices: try BeneficiaryPages.choices(people.filter { !taken.contains($0.id ?? UUID()) }),
                addAction: SiteURL.itemBeneficiaryNew(.value(itemID)).path,
                relationships: BeneficiaryPages.relationships
            )
        }
        if !principal.seesValues { model.hideValues() }
        return try await Page.render(
            .itemShow, base: PageBase(request: req, title: item.name, nav: .items), model, on: req)
    }
}
