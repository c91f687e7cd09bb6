import Fluent
import Foundation
import HeirloomCore

/// A family: everything in Heirloom belongs to exactly one household.
final class Household: Model, @unchecked Sendable {
    static let schema = "households"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    /// ISO 4217 code new items use unless told otherwise.
    @Field(key: "default_currency") var defaultCurrency: String
    /// IANA name of the household's time zone; nil means the server's. Dates left "after a day" open at midnight
    /// there, and days are counted there.
    @OptionalField(key: "time_zone") var timeZone: String?
    /// `PaperSize.rawValue` for printed reports; nil means the custom of the household's currency.
    @OptionalField(key: "paper_size") var paperSize: String?
    /// Whether viewers see what things are worth; owners and editors always do.
    @Field(key: "show_values_to_viewers") var showValuesToViewers: Bool
    /// Whether an owner put Home's "Getting started" list away.
    @Field(key: "getting_started_dismissed") var gettingStartedDismissed: Bool
    /// When an owner last downloaded the whole household (Keep a copy); nil before the first.
    @OptionalField(key: "last_copy_at") var lastCopyAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(id: UUID? = nil, name: String, defaultCurrency: String = "USD") {
        self.id = id
        self.name = name
        self.defaultCurrency = defaultCurrency
        self.showValuesToViewers = false
        self.gettingStartedDismissed = false
    }

    /// The household's time zone, or the server's when none is chosen (or a stored name is no longer known).
    var zone: TimeZone { timeZone.flatMap(TimeZone.init(identifier:)) ?? .current }

    /// How days read in the household's pages, emails and papers.
    var days: DayText { DayText(zone: zone) }

    /// The paper reports are printed on.
    var paper: PaperSize { paperSize.flatMap(PaperSize.init(rawValue:)) ?? .forCurrency(defaultCurrency) }
}

extension Household {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] {
        [
            $id, $name, $defaultCurrency, $timeZone, $paperSize, $showValuesToViewers, $gettingStartedDismissed,
            $lastCopyAt, $createdAt, $updatedAt,
        ]
    }
}
