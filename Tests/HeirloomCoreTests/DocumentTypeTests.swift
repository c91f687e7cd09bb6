import HeirloomCore
import Testing

@Suite("What a document is, and what a person reads for it")
struct DocumentTypeTests {
    @Test("the six types, in the order the form offers them, with their words")
    func types() {
        #expect(
            DocumentType.allCases.map(\.rawValue) == [
                "appraisal", "receipt", "warranty", "insurance", "certificate", "other",
            ])
        #expect(
            DocumentType.allCases.map(\.label) == [
                "Appraisal", "Receipt", "Warranty", "Insurance", "Certificate", "Other",
            ])
        #expect(DocumentType.other.shownKind == nil && DocumentType.receipt.shownKind == "Receipt")
    }

    @Test(
        "the type field: absent or empty is nil, any case and spaces are fine, anything else names the field",
        arguments: [
            (nil, DocumentType?.none), ("", nil), ("  ", nil), ("appraisal", .appraisal), (" Receipt ", .receipt),
            ("CERTIFICATE", .certificate), ("other", .other),
        ] as [(String?, DocumentType?)])
    func parse(raw: String?, expected: DocumentType?) throws {
        #expect(try DocumentType.parse(raw) == expected)
    }

    @Test("an unknown type is refused, naming the field and the six choices", arguments: ["deed", "receipts", "0"])
    func unknown(raw: String) {
        #expect(throws: FieldError.self) { try DocumentType.parse(raw) }
        do {
            _ = try DocumentType.parse(raw)
        } catch {
            #expect(error.field == "documentType")
            #expect(error.message.contains("appraisal, receipt, warranty, insurance, certificate or other"))
        }
        #expect(DocumentType(stored: raw) == .other, "a stored row that is not known reads as other")
    }

    @Test("a title is trimmed, empty is none, and at most 200 characters")
    func title() throws {
        #expect(try DocumentTitle.parse("  Sotheby’s, 2019 ") == "Sotheby’s, 2019")
        #expect(try DocumentTitle.parse("   ") == nil)
        #expect(try DocumentTitle.parse(nil) == nil)
        #expect(try DocumentTitle.parse(String(repeating: "é", count: 200))?.count == 200)
        #expect(throws: FieldError.self) { try DocumentTitle.parse(String(repeating: "a", count: 201)) }
    }

    @Test("a person reads the title, else the file's name; with its kind first unless it is other")
    func shown() {
        #expect(DocumentTitle.shown(title: "Sotheby’s, 2019", fileName: "scan.pdf") == "Sotheby’s, 2019")
        #expect(DocumentTitle.shown(title: nil, fileName: "scan.pdf") == "scan.pdf")
        #expect(DocumentTitle.shown(title: "", fileName: "scan.pdf") == "scan.pdf")
        #expect(
            DocumentTitle.described(title: "Sotheby’s, 2019", fileName: "scan.pdf", type: .appraisal)
                == "Appraisal: Sotheby’s, 2019")
        #expect(DocumentTitle.described(title: nil, fileName: "scan.pdf", type: .receipt) == "Receipt: scan.pdf")
        #expect(DocumentTitle.described(title: "Notes", fileName: "scan.pdf", type: .other) == "Notes")
    }
}
