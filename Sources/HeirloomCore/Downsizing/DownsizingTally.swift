import Foundation

/// Items alike for the downsizing totals: one item, or a group of items a database query summed up.
///
/// `setValue` and `setUnits` are the units that belong to a set (counted under the set's disposition when the item
/// itself is undecided), `looseValue` and `looseUnits` the rest. Values are each × units, in minor units.
public struct DownsizingLine: Sendable, Equatable {
    public var category: ItemCategory
    public var currency: CurrencyCode
    public var own: DispositionValue
    public var ownDone: Bool
    /// The disposition of the set the units in `setUnits` belong to; nil when there are none.
    public var set: DispositionValue?
    public var setDone: Bool
    public var items: Int
    /// Items with an estimated value.
    public var valuedItems: Int
    public var looseUnits: Int
    public var setUnits: Int
    public var looseValue: Int64
    public var setValue: Int64
    /// What the items fetched on their own (only decided, done items have an amount).
    public var fetched: Int64

    public init(
        category: ItemCategory, currency: CurrencyCode, own: DispositionValue, ownDone: Bool, set: DispositionValue?,
        setDone: Bool, items: Int, valuedItems: Int, looseUnits: Int, setUnits: Int, looseValue: Int64,
        setValue: Int64, fetched: Int64
    ) {
        self.category = category
        self.currency = currency
        self.own = own
        self.ownDone = ownDone
        self.set = set
        self.setDone = setDone
        self.items = items
        self.valuedItems = valuedItems
        self.looseUnits = looseUnits
        self.setUnits = setUnits
        self.looseValue = looseValue
        self.setValue = setValue
        self.fetched = fetched
    }

    /// The line of one item: `each` is its estimated value per unit, `memberQuantity` how many of it are in its set.
    public static func item(
        category: ItemCategory, each: Money?, currency: CurrencyCode, quantity: Int, own: Disposition,
        memberQuantity: Int?, set: Disposition?
    ) throws(MoneyError) -> DownsizingLine {
        let split = SetUnits.split(itemQuantity: quantity, memberQuantity: set == nil ? nil : memberQuantity)
        func value(_ units: Int) throws(MoneyError) -> Int64 {
            guard let each else { return 0 }
            let (product, overflow) = each.minorUnits.multipliedReportingOverflow(by: Int64(units))
            guard !overflow else { throw .tooLarge }
            return product
        }
        return DownsizingLine(
            category: category, currency: currency, own: own.value, ownDone: own.status == .done,
            set: split.inSet > 0 ? set?.value : nil, setDone: set?.status == .done, items: 1,
            valuedItems: each == nil ? 0 : 1, looseUnits: split.loose, setUnits: split.inSet,
            looseValue: try value(split.loose), setValue: try value(split.inSet), fetched: own.amount?.minorUnits ?? 0)
    }
}

/// A set for the downsizing totals: its disposition and what it fetched as a whole.
public struct DownsizingSetLine: Sendable, Equatable {
    public var currency: CurrencyCode
    public var value: DispositionValue
    public var done: Bool
    public var sets: Int
    public var fetched: Int64

    public init(currency: CurrencyCode, value: DispositionValue, done: Bool, sets: Int, fetched: Int64) {
        self.currency = currency
        self.value = value
        self.done = done
        self.sets = sets
        self.fetched = fetched
    }
}

/// The downsizing totals: every unit of every item counted once, under the disposition that applies to it.
///
/// A set has no value of its own: its worth is its members' units, which are counted once, under the set's
/// disposition (unless the item made its own choice) and never again under the item's. What a set fetched is
/// counted once; its members that follow it cannot have fetched anything themselves (they are undecided).
public struct DownsizingTally: Sendable, Equatable {
    /// Units, how many are done, their estimated value and what they fetched, one amount per currency.
    public struct Bucket: Sendable, Equatable {
        public var units = 0
        public var doneUnits = 0
        public var value: [Money] = []
        public var fetched: [Money] = []
        /// Sets whose disposition this is, and how many of them are done.
        public var sets = 0
        public var doneSets = 0

        public init() {}
    }

    public var itemCount = 0
    public var valuedItemCount = 0
    public var unitCount = 0
    public var value: [Money] = []
    public var fetched: [Money] = []
    public var byCategory: [ItemCategory: Bucket] = [:]
    public var byDisposition: [DispositionValue: Bucket] = [:]

    /// Units going to beneficiaries.
    public var legacy: Bucket { byDisposition[.legacy] ?? Bucket() }

    /// Everything that is not going to a beneficiary, undecided included.
    public var everythingElse: Bucket {
        var rest = Bucket()
        var value: [Money] = []
        var fetched: [Money] = []
        for (disposition, bucket) in byDisposition where disposition != .legacy {
            rest.units += bucket.units
            rest.doneUnits += bucket.doneUnits
            rest.sets += bucket.sets
            rest.doneSets += bucket.doneSets
            value += bucket.value
            fetched += bucket.fetched
        }
        rest.value = (try? Money.totals(value)) ?? []
        rest.fetched = (try? Money.totals(fetched)) ?? []
        return rest
    }

    public init() {}

    /// Adds up `lines` and `sets`; throws `tooLarge` when a total would overflow.
    public init(lines: [DownsizingLine], sets: [DownsizingSetLine]) throws(MoneyError) {
        var values: [DispositionValue: [Money]] = [:]
        var fetchedBy: [DispositionValue: [Money]] = [:]
        var categoryValues: [ItemCategory: [Money]] = [:]
        var categoryFetched: [ItemCategory: [Money]] = [:]
        func add(_ disposition: DispositionValue, units: Int, done: Bool, value: Int64, currency: CurrencyCode) {
            guard units > 0 else { return }
            byDisposition[disposition, default: Bucket()].units += units
            if done { byDisposition[disposition, default: Bucket()].doneUnits += units }
            values[disposition, default: []].append(Money(minorUnits: value, currency: currency))
        }
        for line in lines {
            itemCount += line.items
            valuedItemCount += line.valuedItems
            unitCount += line.looseUnits + line.setUnits
            add(line.own, units: line.looseUnits, done: line.ownDone, value: line.looseValue, currency: line.currency)
            let inSet = line.set.map { line.own == .undecided ? ($0, line.setDone) : (line.own, line.ownDone) }
            if let inSet {
                add(inSet.0, units: line.setUnits, done: inSet.1, value: line.setValue, currency: line.currency)
            }
            var category = byCategory[line.category] ?? Bucket()
            category.units += line.looseUnits + line.setUnits
            byCategory[line.category] = category
            let worth = Money(minorUnits: line.looseValue, currency: line.currency)
            let setWorth = Money(minorUnits: line.setValue, currency: line.currency)
            categoryValues[line.category, default: []] += [worth, setWorth]
            if line.fetched != 0 {
                let amount = Money(minorUnits: line.fetched, currency: line.currency)
                fetchedBy[line.own, default: []].append(amount)
                categoryFetched[line.category, default: []].append(amount)
            }
        }
        for set in sets {
            byDisposition[set.value, default: Bucket()].sets += set.sets
            if set.done { byDisposition[set.value, default: Bucket()].doneSets += set.sets }
            if set.fetched != 0 {
                fetchedBy[set.value, default: []].append(Money(minorUnits: set.fetched, currency: set.currency))
            }
        }
        for (disposition, amounts) in values {
            byDisposition[disposition, default: Bucket()].value = try Self.nonZero(amounts)
        }
        for (disposition, amounts) in fetchedBy {
            byDisposition[disposition, default: Bucket()].fetched = try Self.nonZero(amounts)
        }
        for (category, amounts) in categoryValues {
            byCategory[category, default: Bucket()].value = try Self.nonZero(amounts)
        }
        for (category, amounts) in categoryFetched {
            byCategory[category, default: Bucket()].fetched = try Self.nonZero(amounts)
        }
        value = try Self.nonZero(values.values.flatMap { $0 })
        fetched = try Self.nonZero(fetchedBy.values.flatMap { $0 })
    }

    /// Totals per currency, leaving out currencies that add up to nothing (only unvalued items).
    private static func nonZero(_ amounts: [Money]) throws(MoneyError) -> [Money] {
        try Money.totals(amounts).filter { $0.minorUnits != 0 }
    }
}
