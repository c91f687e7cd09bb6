import Foundation

/// How much of a letter for later a household export holds, given who is exporting: the one answer shared by the
/// export and its offline page.
///
/// A letter is its writer's and, once delivered, its readers'. The writer's own export holds it whole (and, while
/// it is sealed, marked so); an owner's holds another member's letter only as the owners see it in the app (that it
/// exists, from whom, for whom and when), unless the writer shared it with the owners. Delivery does not widen it:
/// a letter written to a granddaughter is not the household's to read.
public enum LetterExportRule {
    /// What of one letter an export holds.
    public enum Share: Equatable, Sendable {
        /// The letter with its words, readers' addresses and recording.
        case whole
        /// Only that it exists: from whom, the readers' names, and when it goes.
        case notice
        /// Nothing at all.
        case nothing
    }

    /// The share of a letter in an export by a member (`isWriter`: they wrote it; `isOwner`: they may manage the
    /// household). An export without a member (`heirloom export` with no `--user`) is an owner's who wrote nothing.
    public static func share(isWriter: Bool, isOwner: Bool, isDelivered: Bool, isSharedWithOwners: Bool) -> Share {
        if isWriter { return .whole }
        guard isOwner else { return .nothing }
        return isSharedWithOwners ? .whole : .notice
    }
}
