import HeirloomCore
import Testing

@Suite("Text in spreadsheet cells")
struct SpreadsheetTextTests {
    @Test(
        "text a spreadsheet would run as a formula gets a leading apostrophe",
        arguments: [
            "=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2+3", "@SUM(A1:A2)", "\t=1+1", "\r=1+1", "=", "-",
        ])
    func formulasAreNeutralised(text: String) {
        #expect(SpreadsheetText.cell(text) == "'" + text)
    }

    @Test(
        "other text is written as it is",
        arguments: [
            "", "Grandmother’s silver tea set", "1250.00", " =1+1", "a=b", "'quoted", "Daisy Miller; Ben Miller",
            "\n=1+1", "＝1+1",
        ])
    func plainTextStays(text: String) {
        #expect(SpreadsheetText.cell(text) == text)
    }
}
