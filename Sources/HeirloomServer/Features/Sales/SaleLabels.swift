import Foundation
import HeirloomCore
import Vapor

/// A sheet of lot labels: eight to a page, each with the lot number, its title, where it stands and its price.
///
/// No QR code: the lot's page is the family's, behind sign-in, and a buyer who scanned one would find a sign-in
/// page (issue 29). The label says what a buyer needs in print instead.
struct SaleLabels: Sendable {
    struct Label: Sendable {
        var number: Int
        var title: String
        var place: String?
        var price: String?
    }

    var saleTitle: String
    var paper: PDFCanvas.Paper
    var labels: [Label]

    static let columns = 2
    static let rows = 4

    func render(to file: URL) throws {
        let title = saleTitle
        let canvas = PDFCanvas(paper: paper, file: file) { page in ("Lot labels · \(title)", "Page \(page)") }
        let gap = 10.0
        let width = (canvas.width - gap) / Double(Self.columns)
        let height = (canvas.bottom - canvas.margin - gap * Double(Self.rows - 1)) / Double(Self.rows)
        for (index, label) in labels.enumerated() {
            let slot = index % (Self.columns * Self.rows)
            if slot == 0, index > 0 { canvas.newPage() }
            let x = Double(slot % Self.columns) * (width + gap)
            let top = canvas.margin + Double(slot / Self.columns) * (height + gap)
            canvas.box(x: x, top: top, width: width, height: height)
            let textWidth = width - 20
            var y = top + 10
            y += canvas.text(
                "Lot \(label.number)", font: "DejaVu Sans Bold 22", x: x + 10, width: textWidth, at: y, advance: false)
            y += 4
            y += canvas.text(
                label.title, font: "DejaVu Sans 13", x: x + 10, width: textWidth, maxLines: 3, at: y, advance: false)
            if let place = label.place {
                y += 4
                y += canvas.text(
                    place, font: "DejaVu Sans 9", x: x + 10, width: textWidth, maxLines: 2,
                    color: (0.44, 0.40, 0.37), at: y, advance: false)
            }
            if let price = label.price {
                y += 4
                canvas.text(price, font: "DejaVu Sans Bold 16", x: x + 10, width: textWidth, at: y, advance: false)
            }
        }
        if labels.isEmpty {
            canvas.text("This sale has no lots yet.", font: "DejaVu Sans 12")
        }
        try canvas.finish()
    }
}

/// GET /api/sales/{id}/labels.pdf (owners and editors; viewers are told it does not exist).
struct SaleLabelController {
    func labels(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("sale")
        let sales = req.heirloom.sales
        let sale = try await sales.find(id, householdID: principal.householdID)
        let household = try await req.heirloom.households.household(of: principal)
        let paper = try req.paper(otherwise: household.paper)
        let lots = try await sales.lots(saleID: id, householdID: principal.householdID)
        let document = SaleLabels(
            saleTitle: SalePages.title(sale), paper: paper,
            labels: lots.map { lot in
                SaleLabels.Label(
                    number: lot.number, title: lot.title, place: SalePages.place(lot),
                    price: SalePages.target(lot))
            })
        return try await req.printedPDF("lot-labels.pdf") { try document.render(to: $0) }
    }
}
