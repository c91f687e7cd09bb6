import Foundation

/// How a partner (an auction house, a charity, a dealer) reads on pages.
enum PartnerPages {
    /// "12 High Street, Bath, Somerset", from the parts the household gave.
    static func place(_ partner: Partner) -> String? {
        let parts = [partner.address, partner.city, partner.region].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
