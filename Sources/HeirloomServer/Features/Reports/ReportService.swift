import Fluent
import Foundation
import HeirloomCore

/// The printed reports: the estate inventory, the insurance inventory and each beneficiary's packet.
///
/// Each is drawn into a temporary PDF file (never held whole in memory) that the caller streams and deletes.
/// Photos are made small for print (about 600 px, JPEG), so a 500-item report stays near 30 MB.
struct ReportService: Sendable {
    let db: any Database
    let pipeline: MediaPipeline
    let now: Date

    /// The long edge of a printed photo in pixels: sharp at 2 inches and 300 dpi.
    static let photoSize = 600

    /// One item as the reports show it.
    struct Entry: Sendable {
        struct Receiver: Sendable {
            var beneficiaryID: UUID
            var name: String
            var rule: String
            var message: String?
        }

        var name: String
        var category: String
        var description: String
        var currency: String
        /// Each piece's values; `quantity` alike pieces.
        var estimated: Money?
        var purchase: Money?
        var quantity: Int
        var estimatedTotal: MoneyTotal? { estimated?.times(quantity) }
        var purchaseTotal: MoneyTotal? { purchase?.times(quantity) }
        var purchaseDate: String?
        var maker: String?
        var serialNumber: String?
        var photo: PrintImage?
        var documents: [String]
        var receivers: [Receiver]
    }

    /// The household's items in category order, then by name, with what the reports print of them.
    func entries(
        householdID: UUID, onlyFor beneficiaryID: UUID? = nil, passing: PassingWords = .reader
    ) async throws -> [Entry] {
        var query = Item.query(on: db).filter(\.$household.$id == householdID).with(\.$photos) { $0.with(\.$media) }
            .with(\.$documents) { $0.with(\.$media) }
        if let beneficiaryID {
            let itemIDs = try await ItemBeneficiary.query(on: db).filter(\.$beneficiary.$id == beneficiaryID).all()
                .map(\.$item.id)
            query = query.filter(\.$id ~~ itemIDs)
        }
        let items = try await query.sort(\.$category).sort(\.$name).all()
        let links = try await ItemBeneficiary.query(on: db).filter(\.$item.$id ~~ items.compactMap(\.id))
            .with(\.$beneficiary).sort(\.$createdAt).all()
        var entries: [Entry] = []
        for item in items {
            let currency = CurrencyCode(item.currencyCode)
            let first = item.photos.sorted { $0.position < $1.position }.first?.media
            entries.append(
                Entry(
                    name: item.name, category: item.category, description: item.description,
                    currency: item.currencyCode,
                    estimated: currency.flatMap { code in
                        item.estimatedValue.map { Money(minorUnits: $0, currency: code) }
                    },
                    purchase: currency.flatMap { code in
                        item.purchasePrice.map { Money(minorUnits: $0, currency: code) }
                    },
                    quantity: item.quantity, purchaseDate: item.purchaseDate, maker: item.maker,
                    serialNumber: item.serialNumber,
                    photo: try await printImage(first),
                    documents: item.documents.sorted { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
                        .map {
                            DocumentTitle.described(title: $0.title, fileName: $0.media.originalName, type: $0.type)
                                + " (\($0.media.format.label))"
                        },
                    receivers: links.filter { $0.$item.id == item.id }.map { link in
                        Entry.Receiver(
                            beneficiaryID: link.$beneficiary.id, name: link.beneficiary.name,
                            rule: Self.rule(link, passing: passing), message: link.personalMessage)
                    }))
        }
        return entries
    }

    /// A photo made small for print, from its display rendition (upright, without metadata).
    func printImage(_ media: MediaObject?) async throws -> PrintImage? {
        try await pipeline.printImage(media, size: Self.photoSize)
    }

    static func rule(_ link: ItemBeneficiary, passing: PassingWords) -> String {
        switch AccessPermission(rawValue: link.accessPermission) {
        case .immediate: "Straight away"
        case .afterSpecificDate: "From \(DayText.calendarDay(link.accessDate))"
        case .uponPassing: passing.uponPassing
        case nil: link.accessPermission
        }
    }

    /// Sums amounts by currency, in a stable order: "$1,250 + €800"; a sum too large is said to be so.
    static func totals(_ amounts: [MoneyTotal?]) -> String {
        let sums = MoneyTotal.totals(amounts.compactMap { $0 })
        guard !sums.isEmpty else { return "No values" }
        return sums.map(\.displayString).joined(separator: " + ")
    }
}
