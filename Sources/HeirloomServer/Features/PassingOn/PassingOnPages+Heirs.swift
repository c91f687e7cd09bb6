import Foundation
import HeirloomCore

extension PassingOnPages {
    /// One heir on Settings → Passing on or the trusted contact's page: their state, and for someone nobody could
    /// tell, the one-step fixes (their email, for owners; their link to print).
    struct HeirRow: Encodable {
        var id: String
        var name: String
        var state: String
        var stateLabel: String
        var needsTelling: Bool
        /// Whether the reader may print their link here: owners for anyone the hub cannot tell, a trusted contact
        /// for someone with something released whom nobody could tell.
        var canPrint: Bool
        /// Where an owner saves their email address; nil on the trusted contact's page.
        var emailAction: String?
        var linkAction: String
        var error: String?
    }

    /// The rows, for owners (who can add an email) or a trusted contact (who prints links).
    static func heirRows(_ heirs: [HeirService.Heir], forOwners: Bool, errorFor: (id: UUID, message: String)? = nil)
        -> [HeirRow]
    {
        heirs.map { heir in
            HeirRow(
                id: heir.id.text, name: heir.person.name, state: heir.state.rawValue,
                stateLabel: heir.state.displayName, needsTelling: heir.state.needsTelling,
                canPrint: forOwners ? heir.state.needsTelling : heir.state == .notTold || heir.state == .givenByHand,
                emailAction: forOwners ? SiteURL.passingOnHeirEmail(.value(heir.id)).path : nil,
                linkAction: (forOwners
                    ? SiteURL.passingOnHeirLink(.value(heir.id)) : .executorHeirLink(.value(heir.id)))
                    .path,
                error: errorFor?.id == heir.id ? errorFor?.message : nil)
        }
    }

    /// Who could not be (or would not be) told, as a sentence; nil when everyone can be. Each page adds what its
    /// reader can do about it.
    static func heirsToTellText(_ heirs: [HeirService.Heir], released: Bool) -> String? {
        // After the release, someone with nothing released to them has nothing to be told yet.
        let names = heirs.filter { released ? $0.state == .notTold : $0.state.needsTelling }.map(\.person.name)
        guard !names.isEmpty else { return nil }
        let who = ListText.and(names)
        return released
            ? "\(who) \(names.count == 1 ? "has" : "have") not been told, because the hub has no email address "
                + "for them."
            : "\(who) would not be told when the time comes, because the hub has no email address for them."
    }

    /// A heir's personal link on paper: a short letter, the address to type and a code to scan.
    struct HeirLink: Encodable {
        var name: String
        var fromName: String
        var url: String
        var qrSVG: String
        var backHref: String
        var backLabel: String
        /// Whether the estate is released: before, the letter says the things will be there when the time comes.
        var released: Bool
    }
}
