import CSV
import Foundation
import HeirloomCore

/// items.csv: one row per item for spreadsheets and insurers, values as plain decimal numbers (each, and for alike
/// pieces the quantity and their total); every text cell passes through `SpreadsheetText.cell`, so nothing a person
/// typed runs as a formula.
enum ExportSpreadsheet {
    static let header = [
        "name", "category", "estimated value", "purchase value", "currency", "description", "beneficiaries",
        "quantity", "estimated total",
    ]

    static func csv(_ snapshot: ExportSnapshot) throws -> Data {
        let stream = OutputStream(toMemory: ())
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: header)
        let names = Dictionary(uniqueKeysWithValues: snapshot.beneficiaries.map { ($0.id, $0.name) })
        for item in snapshot.items {
            let receivers = snapshot.links.filter { $0.itemId == item.id }.compactMap { names[$0.beneficiaryId] }
            let text = SpreadsheetText.cell
            let quantity = max(item.quantity ?? 1, 1)
            try writer.write(row: [
                text(item.name), text(item.category), decimal(item.estimatedValue, item.currency),
                decimal(item.purchasePrice, item.currency), text(item.currency), text(item.description),
                text(receivers.joined(separator: "; ")), String(quantity),
                decimal(total(item.estimatedValue, quantity), item.currency),
            ])
        }
        writer.stream.close()
        guard let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else {
            throw AppError.internalProblem("The spreadsheet could not be made.")
        }
        return data
    }

    /// Each piece's value times the quantity; empty without a value or when the product does not fit.
    static func total(_ each: Int64?, _ quantity: Int) -> Int64? {
        guard let each else { return nil }
        let (product, overflow) = each.multipliedReportingOverflow(by: Int64(quantity))
        return overflow ? nil : product
    }

    /// "1250.00" for 125000 cents, "5000" for 5000 yen, "" for no amount.
    static func decimal(_ minorUnits: Int64?, _ code: String) -> String {
        guard let minorUnits else { return "" }
        let digits = CurrencyCode(code)?.minorUnitDigits ?? 2
        guard digits > 0 else { return String(minorUnits) }
        var factor: Int64 = 1
        for _ in 0..<digits { factor *= 10 }
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        let fraction = String(magnitude % UInt64(factor))
        return
            "\(sign)\(magnitude / UInt64(factor)).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
    }
}
