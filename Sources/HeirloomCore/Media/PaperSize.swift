/// The paper printed reports are laid out for.
public enum PaperSize: String, Sendable, CaseIterable {
    case a4
    case letter

    /// US Letter where it is the custom (the US, Canada, Mexico, the Philippines…), A4 elsewhere.
    public static func forCurrency(_ code: String) -> PaperSize {
        ["USD", "CAD", "MXN", "PHP", "CLP", "COP", "VES", "GTQ", "CRC"].contains(code) ? .letter : .a4
    }

    /// The name people know it by.
    public var label: String {
        switch self {
        case .a4: "A4"
        case .letter: "US Letter"
        }
    }
}
