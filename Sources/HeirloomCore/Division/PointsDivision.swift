import Foundation

/// The points method's division: every one is weighted EF1, and no move or swap makes someone better off without
/// making someone worse off.
///
/// It is the Nash division (`NashDivision`) where that is weighted EF1: always with equal entitlements (Caragiannis et
/// al. 2016), and on all but about one in 750 of the tests' generated rounds with unequal ones. Otherwise (the Nash
/// division keeps only weak weighted EF1, Chakraborty et al. 2021: shares 1 and 4 over twelve like things give 2 and
/// 10, where 3 and 9 is weighted EF1) it is, on rounds small enough to search whole, the division of the best Nash
/// welfare among those with both properties; on larger ones the market's (`MarketDivision`). Weighted EF1 can cost
/// Nash welfare: with shares 1 and 4 and points 47, 240, 251, 0 and 0, 70, 60, 0, the best division with both
/// properties reaches 78 % of the best Nash welfare. Over 150,000 generated rounds of up to 4 participants and 8
/// things, 38 needed another division than the Nash one; the best with both properties reached 75 % to 100 % of the
/// Nash welfare, and the market's division was that best in 37 of them (93 % of it in the other).
public enum PointsDivision {
    /// Where a division comes from.
    public enum Source: Sendable, Equatable {
        /// The Nash division: the most even the hub found.
        case nash
        /// The most even of the divisions that are weighted EF1 with no Pareto-improving move or swap, every
        /// division searched.
        case fairestSearched
        /// The market's, raised by moves and swaps.
        case market
    }

    /// A division and where it comes from.
    public struct Outcome: Sendable, Equatable {
        /// The owner (a participant's index) of each thing.
        public var owners: [Int]
        public var source: Source
    }

    /// The division of `values` (points, as `NashDivision.divide` takes them) by `shares`.
    public static func divide(
        values raw: [[Double]], shares: [Double], exhaustiveLimit: Int = NashDivision.exhaustiveLimit
    ) -> Outcome {
        let owners = NashDivision.divide(values: raw, shares: shares, exhaustiveLimit: exhaustiveLimit)
        let weights = NashDivision.weights(shares, count: raw.count)
        let values = NashDivision.values(raw)
        let fair = { (owners: [Int]) in DivisionChecks.isWeightedEF1(owners, values: values, weights: weights) }
        guard Set(weights).count > 1, !fair(owners) else { return Outcome(owners: owners, source: .nash) }
        if pow(Double(raw.count), Double(owners.count)) <= Double(exhaustiveLimit),
            let best = NashDivision.exhaustive(
                values: values, weights: weights,
                accepts: { fair($0) && !DivisionChecks.hasParetoImprovingMove($0, values: values) })
        {
            return Outcome(owners: best, source: .fairestSearched)
        }
        guard let market = MarketDivision.divide(values: values, weights: weights) else {
            return Outcome(owners: owners, source: .nash)
        }
        return Outcome(owners: market, source: .market)
    }
}
