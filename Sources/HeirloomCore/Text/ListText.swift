/// Names joined as a sentence says them: "Ann", "Ann and Ben", "Ann, Ben and Cara".
public enum ListText {
    public static func and(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : "\(names.dropLast().joined(separator: ", ")) and \(last)"
    }
}
