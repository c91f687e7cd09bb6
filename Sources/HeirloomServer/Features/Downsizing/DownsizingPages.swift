import Foundation
import HeirloomCore

/// Page models of the downsizing pages: the "What happens to it" section, the sets and Home's downsizing summary.
enum DownsizingPages {
    struct Option: Encodable {
        var value: String
        var label: String
        var selected: Bool
    }

    /// "Decide several at once": the things to tick, and the choices.
    struct Decide: Encodable {
        var rows: [DecisionRow]
        /// Whether there are more things than the page lists.
        var more: Bool
        var showAll: Bool
        var choices: [Option]
        var undecidedHref: String
        var allHref: String
        var itemsError: String?
        var valueError: String?
    }

    struct DecisionRow: Encodable {
        var id, name, category, now, href: String
        var ticked: Bool
    }

    /// "What happens to it" on an item's or a set's page.
    struct DispositionSection: Encodable {
        var action: String
        /// The page the form is on, whose address a refused save keeps.
        var page: String
        var canEdit: Bool
        var valueLabel: String
        var statusLabel: String
        var isUndecided: Bool
        var isDone: Bool
        var note: String
        var amount: String
        var amountDisplay: String
        var currency: String
        var values: [Option]
        var statuses: [Option]
        var errors: [String: String]
        /// The set the item is in, whose choice its units follow while the item is undecided.
        var setName: String?
        var setHref: String?
        var setChoice: String?
        /// Promised items and a set to be sold: which wins (owners and editors only).
        var conflicts: [SetConflict] = []

        init(
            _ disposition: Disposition, currency: CurrencyCode, action: SiteURL, page: SiteURL, canEdit: Bool,
            allowLegacy: Bool,
            errors: [String: String] = [:], typed: DispositionInput? = nil
        ) {
            self.action = action.path
            self.page = page.path
            self.canEdit = canEdit
            valueLabel = disposition.value.displayName
            statusLabel = disposition.status.displayName
            isUndecided = disposition.value == .undecided
            isDone = disposition.status == .done
            note = typed?.note ?? disposition.note
            amount = typed?.amount ?? disposition.amount?.decimalString ?? ""
            amountDisplay = disposition.amount?.displayString ?? ""
            self.currency = currency.code
            let chosenValue = typed?.value ?? disposition.value.rawValue
            let chosenStatus = typed?.status ?? disposition.status.rawValue
            values = DispositionValue.allCases.filter { $0 != .legacy || allowLegacy }.map {
                Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == chosenValue)
            }
            statuses = DispositionStatus.allCases.map {
                Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == chosenStatus)
            }
            self.errors = Dictionary(
                errors.map { key, message in
                    (key.hasPrefix("disposition.") ? String(key.dropFirst("disposition.".count)) : key, message)
                }, uniquingKeysWith: { first, _ in first })
        }
    }

    struct SetRow: Encodable {
        var name: String
        var href: String
        var type: String
        var memberCount: Int
        var value: [String]
        var disposition: String
        var status: String
    }

    struct SetsIndex: Encodable {
        var sets: [SetRow]
        var canEdit: Bool
        var types: [Option]
        var form: [String: String]
        var errors: [String: String]
    }

    struct MemberRow: Encodable {
        var name: String
        var href: String
        var quantity: Int
        var itemQuantity: Int
        var each: String
        var removeAction: String
    }

    struct SetShow: Encodable {
        var id: String
        var name: String
        var type: String
        var story: String
        var sellTogether: Bool
        var value: [String]
        var members: [MemberRow]
        /// False for a viewer kept from values: no worth, and no selling advice.
        var showsValues: Bool
        var canEdit: Bool
        var disposition: DispositionSection
        var types: [Option]
        var updateAction: String
        var addAction: String
        var deleteHref: String
        var choices: [Option]
        var errors: [String: String]
    }

    /// Home's downsizing summary at a glance.
    struct Summary: Encodable {
        struct Row: Encodable {
            var label: String
            var units: Int
            var done: Int
            var totals: [String]
            var fetched: [String]
        }

        struct Valuable: Encodable {
            var name: String
            var href: String
            var worth: String
            var detail: String
        }

        struct Step: Encodable {
            var label: String
            var count: Int
            var href: String
        }

        var totals: [String]
        var fetched: [String]
        var legacy: [String]
        var everythingElse: [String]
        var valued: Int
        var itemCount: Int
        var unitCount: Int
        var setCount: Int
        var doneUnits: Int
        var byDisposition: [Row]
        var mostValuable: [Valuable]
        var nextSteps: [Step]
        var totalsAvailable: Bool
        var setsHref: String

        /// `canPlan`: owners and editors; a viewer is not sent to the beneficiaries, which they never see.
        init(_ summary: DownsizingSummaryService.Summary, canPlan: Bool = true) {
            let tally = summary.tally
            totals = tally.value.map(\.displayString)
            fetched = tally.fetched.map(\.displayString)
            legacy = tally.legacy.value.map(\.displayString)
            everythingElse = tally.everythingElse.value.map(\.displayString)
            valued = tally.valuedItemCount
            itemCount = tally.itemCount
            unitCount = tally.unitCount
            setCount = summary.setCount
            doneUnits = tally.byDisposition.values.reduce(0) { $0 + $1.doneUnits }
            byDisposition = DispositionValue.allCases.compactMap { value in
                tally.byDisposition[value].map {
                    Row(
                        label: value.displayName, units: $0.units, done: $0.doneUnits,
                        totals: $0.value.map(\.displayString), fetched: $0.fetched.map(\.displayString))
                }
            }
            mostValuable = summary.mostValuable.map {
                Valuable(
                    name: $0.name, href: SiteURL.item(.value($0.id)).path, worth: $0.total.displayString,
                    detail: $0.quantity == 1 ? $0.category.rawValue : "\($0.quantity) × \($0.each.displayString)")
            }
            let steps = summary.nextSteps
            nextSteps = [
                Step(label: "Items not decided yet", count: steps.undecidedItems, href: SiteURL.items.path),
                Step(label: "Items without a photo", count: steps.itemsWithoutPhoto, href: SiteURL.items.path),
                Step(
                    label: "Beneficiaries without an email", count: steps.beneficiariesWithoutEmail,
                    href: SiteURL.beneficiaries.path),
                Step(label: "Sale lots not ready", count: steps.lotsNotReady, href: SiteURL.sets.path),
            ].filter { $0.count > 0 && (canPlan || $0.href != SiteURL.beneficiaries.path) }
            totalsAvailable = summary.totalsAvailable
            setsHref = SiteURL.sets.path
        }
    }
}
