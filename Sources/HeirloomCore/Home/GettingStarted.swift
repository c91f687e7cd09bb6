/// Home's "Getting started" list for owners after set-up: four things that make a hub worth trusting, each ticked
/// off by itself when done; the list goes once all are done, or when an owner puts it away.
public enum GettingStarted {
    public enum Step: String, CaseIterable, Sendable {
        case firstItem, beneficiaryWithEmail, trustedContact, backup
    }

    /// What the hub holds now, as the steps read it.
    public struct Facts: Sendable {
        public var hasItem: Bool
        public var hasBeneficiaryWithEmail: Bool
        public var hasTrustedContact: Bool
        /// Nightly backups are on (the person who runs the hub set them up).
        public var keepsBackups: Bool
        /// An owner downloaded the whole household (Keep a copy).
        public var hasCopy: Bool

        public init(
            hasItem: Bool, hasBeneficiaryWithEmail: Bool, hasTrustedContact: Bool, keepsBackups: Bool,
            hasCopy: Bool = false
        ) {
            self.hasItem = hasItem
            self.hasBeneficiaryWithEmail = hasBeneficiaryWithEmail
            self.hasTrustedContact = hasTrustedContact
            self.keepsBackups = keepsBackups
            self.hasCopy = hasCopy
        }
    }

    public static func isDone(_ step: Step, _ facts: Facts) -> Bool {
        switch step {
        case .firstItem: facts.hasItem
        case .beneficiaryWithEmail: facts.hasBeneficiaryWithEmail
        case .trustedContact: facts.hasTrustedContact
        case .backup: facts.keepsBackups || facts.hasCopy
        }
    }

    /// Whether Home shows the list: not once it was put away, nor once every step is done.
    public static func isShown(_ facts: Facts, dismissed: Bool) -> Bool {
        !dismissed && !Step.allCases.allSatisfy { isDone($0, facts) }
    }
}
