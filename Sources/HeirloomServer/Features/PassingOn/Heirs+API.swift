import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func listHeirs(_ input: Operations.ListHeirs.Input) async throws -> Operations.ListHeirs.Output {
        let heirs = try await request.heirloom.heirs.heirs(by: try principal)
        return .ok(.init(body: .json(.init(heirs: heirs.map { .init($0, forOwners: true) }))))
    }

    func handOutHeirLink(_ input: Operations.HandOutHeirLink.Input) async throws -> Operations.HandOutHeirLink.Output {
        let principal = try principal
        try principal.require(.change(.estatePlan), hidingAs: "beneficiary")
        let (heir, url) = try await request.heirloom.heirs.handOut(
            try uuid(input.path.beneficiaryId, "beneficiary"), householdID: principal.householdID, by: principal.name)
        return .created(.init(body: .json(.init(url: url, heir: .init(heir, forOwners: true)))))
    }

    func listExecutorHeirs(_ input: Operations.ListExecutorHeirs.Input) async throws
        -> Operations.ListExecutorHeirs.Output
    {
        let heirs = try await request.heirloom.heirs.heirs(for: try await executor())
        return .ok(.init(body: .json(.init(heirs: heirs.map { .init($0, forOwners: false) }))))
    }

    func handOutExecutorHeirLink(_ input: Operations.HandOutExecutorHeirLink.Input) async throws
        -> Operations.HandOutExecutorHeirLink.Output
    {
        let contact = try await executor()  // `handOut(_:by:)` refuses before the release
        let (heir, url) = try await request.heirloom.heirs.handOut(
            try uuid(input.path.beneficiaryId, "beneficiary"), by: contact)
        return .created(.init(body: .json(.init(url: url, heir: .init(heir, forOwners: false)))))
    }
}

extension Components.Schemas.Heir {
    /// An heir as the API shows them; a trusted contact reads no counts of things.
    init(_ heir: HeirService.Heir, forOwners: Bool) {
        self.init(
            beneficiaryId: heir.id.text, name: heir.person.name,
            state: .init(rawValue: heir.state.rawValue) ?? .waiting, stateLabel: heir.state.displayName,
            needsTelling: heir.state.needsTelling, hasEmail: heir.facts.hasEmail,
            released: forOwners ? heir.facts.visible : nil, total: forOwners ? heir.things : nil,
            notToldSince: heir.person.notToldAt, linkHandedOutAt: heir.person.linkHandedAt,
            openedAt: heir.person.openedAt)
    }
}
