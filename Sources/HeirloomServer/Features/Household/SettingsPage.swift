import Foundation
import HeirloomCore

/// The model of the Settings page.
struct SettingsPage: Encodable {
    struct HouseholdForm: Encodable {
        var name: String
        var defaultCurrency: String
        var timeZone: String
        /// "auto", "a4" or "letter".
        var paperSize: String
        /// What "auto" means for this household now, like "US Letter".
        var usualPaper: String
        var showValuesToViewers: Bool

        init(
            _ household: Household, name: String? = nil, timeZone: String? = nil, paperSize: String? = nil,
            showValuesToViewers: Bool? = nil
        ) {
            self.name = name ?? household.name
            defaultCurrency = household.defaultCurrency
            self.timeZone = timeZone ?? household.zone.identifier
            self.paperSize = paperSize ?? household.paperSize ?? "auto"
            usualPaper = PaperSize.forCurrency(household.defaultCurrency).label
            self.showValuesToViewers = showValuesToViewers ?? household.showValuesToViewers
        }
    }

    /// Every time zone the server knows, by place and part of the world, for the household form's list.
    static let timeZones = TimeZonePlaces.regions(TimeZone.knownTimeZoneIdentifiers)

    struct MemberRow: Encodable {
        var id: String
        var name: String
        var email: String
        var role: String
        var roleLabel: String
        var isYou: Bool
        var joined: String

        init(_ user: User, you: UUID, days: DayText) throws {
            let id = try user.requireID()
            self.id = id.text
            name = user.name
            email = user.email
            role = user.role.rawValue
            roleLabel = user.role.label
            isYou = id == you
            joined = days.day(user.createdAt)
        }
    }

    struct PendingInvitation: Encodable {
        var id: String
        var email: String
        var role: String
        var roleLabel: String
        var expires: String

        init(_ invitation: Invitation, days: DayText) throws {
            id = try invitation.requireID().text
            email = invitation.email ?? ""
            role = invitation.role.rawValue
            roleLabel = invitation.role.label
            expires = days.day(invitation.expiresAt)
        }
    }

    struct NewInvitation: Encodable {
        var url: String
        var role: String
        var roleLabel: String
        var expires: String
        /// The address the link was emailed to; nil when it was not (no address, or no mail on this hub).
        var emailedTo: String? = nil
    }

    struct TokenRow: Encodable {
        var id: String
        var name: String
        var kindLabel: String
        var created: String
        var lastUsed: String
        var isCurrent: Bool

        init(_ token: AuthToken, current: UUID, days: DayText) throws {
            let id = try token.requireID()
            self.id = id.text
            name = token.name
            isCurrent = id == current
            kindLabel =
                switch token.kind {
                case .session: isCurrent ? "This browser" : "Browser session"
                case .api: "App token"
                case .device: "Paired phone"
                }
            created = days.day(token.createdAt)
            lastUsed = days.dayAndTime(token.lastUsedAt)
        }
    }

    var isOwner: Bool
    /// Whether the hub sends mail, so that an invitation's address is where it is emailed.
    var deliversMail = false
    /// The reader's own address, and whether a link sent to it came back (`AddressProof`).
    var yourEmail = ""
    var emailConfirmed = false
    var householdForm: HouseholdForm
    var timeZones: [TimeZonePlaces.Region] = SettingsPage.timeZones
    /// ISO 4217 codes, the most used first.
    var currencies: [String]
    /// The household form's errors by field: name, timeZone, paperSize, defaultCurrency.
    var householdErrors: [String: String]
    var members: [MemberRow]
    var invitations: [PendingInvitation]
    var newInvitation: NewInvitation?
    var tokens: [TokenRow]
    var passwordErrors: [String: String]
    var backup: BackupPage?
    /// Members (after an import) who have no password yet and cannot sign in until they set one.
    var needsPassword: [Waiting]
    var newPasswordLink: NewPasswordLink?

    struct Waiting: Encodable {
        var id: String
        var name: String
        var email: String
    }

    struct NewPasswordLink: Encodable {
        var name: String
        var url: String
    }
}
