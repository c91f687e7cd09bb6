import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.User {
    init(_ user: User) throws {
        self.init(id: try user.requireID().text, name: user.name, email: user.email)
    }
}

extension Components.Schemas.Household {
    /// The household; with `settings`, also its time zone and paper size (GET and PATCH /api/household).
    init(_ household: Household, settings: Bool = false) throws {
        self.init(
            id: try household.requireID().text, name: household.name, defaultCurrency: household.defaultCurrency,
            timeZone: settings ? household.zone.identifier : nil,
            paperSize: settings ? .init(rawValue: household.paper.rawValue) : nil,
            showValuesToViewers: settings ? household.showValuesToViewers : nil)
    }
}

extension Components.Schemas.Role {
    init(_ role: HouseholdRole) {
        switch role {
        case .owner: self = .owner
        case .editor: self = .editor
        case .viewer: self = .viewer
        }
    }

    var domain: HouseholdRole {
        switch self {
        case .owner: .owner
        case .editor: .editor
        case .viewer: .viewer
        }
    }
}

extension Components.Schemas.AuthResponse {
    init(_ signedIn: AccountService.SignedIn) throws {
        self.init(token: signedIn.secret, user: try .init(signedIn.user), household: try .init(signedIn.household))
    }
}

extension Components.Schemas.Member {
    init(_ user: User) throws {
        self.init(
            id: try user.requireID().text,
            name: user.name,
            email: user.email,
            role: .init(user.role),
            joinedAt: user.createdAt ?? Date()
        )
    }
}

extension Components.Schemas.TokenInfo {
    init(_ token: AuthToken, currentID: UUID) throws {
        let id = try token.requireID()
        let kind: Components.Schemas.TokenKind =
            switch token.kind {
            case .session: .session
            case .api: .api
            case .device: .device
            }
        self.init(
            id: id.text,
            name: token.name,
            kind: kind,
            createdAt: token.createdAt ?? Date(),
            lastUsedAt: token.lastUsedAt,
            current: id == currentID
        )
    }
}

extension Components.Schemas.Invitation {
    init(_ invitation: Invitation) throws {
        self.init(
            id: try invitation.requireID().text,
            role: .init(invitation.role),
            email: invitation.email,
            createdAt: invitation.createdAt ?? Date(),
            expiresAt: invitation.expiresAt
        )
    }
}
