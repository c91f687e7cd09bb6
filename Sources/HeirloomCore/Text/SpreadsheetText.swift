/// Text written into a spreadsheet cell (a CSV file the hub makes), so that it is read as text and never run.
///
/// Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` as a formula (a tab or a carriage return in front
/// can hide one), so an item named `=HYPERLINK(…)` would become a live link or worse. Such text gets a leading
/// apostrophe, which spreadsheets show as text and do not display. Numbers the hub writes itself are not text and
/// do not pass through here, so a negative amount stays a number.
public enum SpreadsheetText {
    /// The first characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` as a spreadsheet cell: unchanged, or with an apostrophe in front when it could be run as a formula.
    public static func cell(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, formulaStarts.contains(first) else { return text }
        return "'" + text
    }
}
