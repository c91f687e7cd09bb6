/// A member's role in their household, from most to least powerful.
public enum HouseholdRole: String, Codable, CaseIterable, Sendable {
    /// Manages the household, its members and invitations, and changes everything.
    case owner
    /// Adds and changes the household's things.
    case editor
    /// Reads the household's things and changes nothing.
    case viewer

    /// Whether this role may add, change or delete household content.
    public var canEdit: Bool { self != .viewer }

    /// Whether this role may rename the household and manage members and invitations.
    public var canManageHousehold: Bool { self == .owner }

    /// The role's name as people read it.
    public var label: String {
        switch self {
        case .owner: "Owner"
        case .editor: "Editor"
        case .viewer: "Viewer"
        }
    }

    /// One sentence saying what the role may do.
    public var summary: String {
        switch self {
        case .owner: "Manages the household, its members and everything in it."
        case .editor: "Adds and changes the family's things."
        case .viewer: "Looks at everything and changes nothing."
        }
    }
}
