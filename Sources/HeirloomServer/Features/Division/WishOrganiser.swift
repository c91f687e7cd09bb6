import Fluent
import Foundation
import HeirloomCore

/// Who organises a household's wish rounds: an owner at any time, or, once the estate is released, a trusted
/// contact. Anyone else is told there is no such thing.
struct WishOrganiser: Sendable {
    var householdID: UUID
    var name: String
    /// Whether they read the things' values and the settlement between heirs: an owner does; a trusted contact,
    /// promised nothing of the family's things but what is left to do, reads who receives what and no money.
    var seesValues = true

    /// An owner; editors and viewers see nothing of a round.
    static func member(_ principal: Principal) throws(AppError) -> WishOrganiser {
        try principal.require(.change(.wishRounds), hidingAs: "wish round")
        return WishOrganiser(householdID: principal.householdID, name: principal.name)
    }

    /// A trusted contact, once the estate is released (409 `not_released` before).
    static func executor(_ executor: Executor, clock: @Sendable () -> Date, on db: any Database) async throws
        -> WishOrganiser
    {
        let estate = try await EstateService.ensure(householdID: executor.$household.id, on: db)
        let state = estate.status.effectiveState(at: clock())
        guard AccessRule.allows(.trustedContact, .change(.wishRounds), in: state) else {
            throw AppError.conflict(
                code: "not_released",
                message: "A trusted contact can organise a wish round once the estate has been released.")
        }
        return WishOrganiser(householdID: executor.$household.id, name: executor.name, seesValues: false)
    }
}
