import Foundation

/// An account or policy number as people are shown it: all but its last four characters hidden.
public enum MaskedNumber {
    /// The character that stands for a hidden one.
    public static let hidden: Character = "•"

    /// "•••• 4321" for "12-3456-4321": the last four letters or digits kept, the rest hidden; a number of four
    /// characters or fewer is hidden whole, so that no number is ever shown in full.
    public static func mask(_ number: String) -> String {
        let kept = number.filter { $0.isLetter || $0.isNumber }
        guard kept.count > 4 else { return String(repeating: hidden, count: 4) }
        return String(repeating: hidden, count: 4) + " " + String(kept.suffix(4))
    }
}
