import Foundation

/// Whether an owner reading the household's outbox sees the link a message carries.
///
/// The outbox is where a family without working mail passes links on by hand. A link that acts as one person (a
/// password reset, the holder's "I am still here") would let another member act as them, so it is never shown; a
/// link meant to be passed on is shown only where the hub cannot send it or could not deliver it.
public enum OutboxLinks {
    /// How far a message got.
    public enum Delivery: Sendable {
        case waiting, delivered, failed
    }

    /// `purpose` nil: a message written before purposes were typed, or of a kind this version does not know; its
    /// link is not shown.
    public static func showsLink(_ purpose: MessagePurpose?, hubSendsMail: Bool, delivery: Delivery) -> Bool {
        guard let purpose else { return false }
        switch purpose.link {
        case .page: return true
        case .personal: return false
        case .handOn: return !hubSendsMail || delivery == .failed
        case .invitation: return delivery != .delivered && (!hubSendsMail || delivery == .failed)
        }
    }
}
