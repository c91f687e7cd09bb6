import HeirloomCore
import Vapor

extension BeneficiaryPages {
    /// "Give it to someone" or a link's edit form for an item; with the AI's help when a member asked for it.
    static func linkForm(
        _ req: Request, item: Item, link: ItemBeneficiary? = nil, values: [String: String], errors: [String: String],
        help: AppraisalPages.BeneficiaryHelp? = nil
    ) async throws -> View {
        let itemID = try item.requireID()
        var choices: [Choice] = []
        if link == nil {
            let taken = Set(
                try await req.heirloom.beneficiaries.links(of: itemID, by: try req.principal()).map {
                    $0.$beneficiary.id
                })
            let people = try await req.heirloom.beneficiaries.list(by: try req.principal()).map(\.beneficiary)
            choices = try Self.choices(people.filter { !taken.contains($0.id ?? UUID()) })
        }
        let linkID = try link?.requireID()
        let action =
            linkID.map { SiteURL.itemBeneficiaryEdit(.value(itemID), .value($0)) }
            ?? .itemBeneficiaryNew(.value(itemID))
        let model = LinkForm(
            mode: link == nil ? "new" : "edit", action: action.path,
            cancelHref: SiteURL.item(.value(itemID)).path(fragment: "beneficiaries"),
            itemName: item.name, beneficiaryName: link?.beneficiary.name ?? "", form: values, errors: errors,
            choices: choices, relationships: relationships,
            uponPassing: try await req.heirloom.estate.passingWords(for: try req.principal()).uponPassing,
            help: help ?? AppraisalPages.BeneficiaryHelp(itemID: itemID, linkID: linkID))
        let title = link.map { "\($0.beneficiary.name) · \(item.name)" } ?? "Give \(item.name) to someone"
        return try await Page.render(
            .itemLinkForm, base: PageBase(request: req, title: title, nav: .items), model, on: req)
    }
}
