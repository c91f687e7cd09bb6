extension Money {
    /// An item's worth as pages, lists and PDFs say it: "$300", or for alike pieces "$25 each, 12 pieces: $300";
    /// nil without a value.
    public static func worthText(each: Money?, quantity: Int) -> String? {
        guard let each else { return nil }
        guard quantity > 1 else { return each.displayString }
        return "\(each.displayString) each, \(quantity) pieces: \(each.times(quantity).displayString)"
    }
}
