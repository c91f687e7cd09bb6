import Fluent
import Foundation
import NIOConcurrencyHelpers

/// Who may see a media object: each feature says so for the objects it attaches media to.
final class MediaAccessRules: Sendable {
    /// Answers whether `principal` may see media attached to the feature object `ownerID`; throwing lets a
    /// feature answer with its own error (a locked journal answers 423).
    typealias Rule = @Sendable (_ principal: Principal, _ ownerID: String, _ db: any Database) async throws -> Bool

    private let rules = NIOLockedValueBox<[String: Rule]>([:])

    /// Registers the rule for an owner type; features call this while the app is configured.
    func register(_ ownerType: String, _ rule: @escaping Rule) {
        rules.withLockedValue { $0[ownerType] = rule }
    }

    /// Whether the principal may see the object: same household, and the owner's rule allows it.
    /// An upload not yet attached is seen only by whoever uploaded it.
    func allows(_ principal: Principal, _ object: MediaObject, db: any Database) async throws -> Bool {
        guard object.$household.id == principal.householdID else { return false }
        guard let ownerType = object.ownerType, let ownerID = object.ownerID else {
            return object.$uploadedBy.id == principal.userID
        }
        guard let rule = rules.withLockedValue({ $0[ownerType] }) else { return false }
        return try await rule(principal, ownerID, db)
    }
}
