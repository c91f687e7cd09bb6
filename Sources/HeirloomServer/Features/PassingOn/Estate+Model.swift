import Fluent
import Foundation
import HeirloomCore

/// A row that keeps a passing's state machine (`EstateStatus`) in four columns: the estate's, and a member's
/// passing reported for their letters (`MemberPassing`).
protocol PassingStatusRow: AnyObject {
    /// `EstateState.rawValue`.
    var state: String { get set }
    var reportedAt: Date? { get set }
    var releaseAt: Date? { get set }
    var releasedAt: Date? { get set }
}

extension PassingStatusRow {
    /// The state machine's view of the row.
    var status: EstateStatus {
        get {
            EstateStatus(
                state: EstateState(rawValue: state) ?? .active, reportedAt: reportedAt, releaseAt: releaseAt,
                releasedAt: releasedAt)
        }
        set {
            state = newValue.state.rawValue
            reportedAt = newValue.reportedAt
            releaseAt = newValue.releaseAt
            releasedAt = newValue.releasedAt
        }
    }
}

/// A household's plan for passing on: whose legacy it is, how long a reported passing waits, and where it stands.
final class Estate: Model, PassingStatusRow, @unchecked Sendable {
    static let schema = "estates"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    /// The person whose legacy this is; nil only when that member was removed and no owner was chosen yet.
    @OptionalParent(key: "holder_user_id") var holder: User?
    @Field(key: "waiting_period_days") var waitingPeriodDays: Int
    @OptionalField(key: "inactivity_months") var inactivityMonths: Int?
    @Field(key: "show_values_to_recipients") var showValuesToRecipients: Bool
    /// Whether members other than the holder may leave letters for after their own passing, which a trusted
    /// contact reports and the same waiting period confirms.
    @Field(key: "member_letters") var memberLetters: Bool
    /// `EstateState.rawValue`.
    @Field(key: "state") var state: String
    @OptionalField(key: "reported_at") var reportedAt: Date?
    /// The name of the executor who reported the passing.
    @OptionalField(key: "reported_by") var reportedBy: String?
    /// YYYY-MM-DD as the executor gave it.
    @OptionalField(key: "date_of_passing") var dateOfPassing: String?
    @OptionalField(key: "report_note") var reportNote: String?
    @OptionalField(key: "release_at") var releaseAt: Date?
    @OptionalField(key: "released_at") var releasedAt: Date?
    /// When the halfway reminder to the holder was queued for the current report.
    @OptionalField(key: "halfway_notice_at") var halfwayNoticeAt: Date?
    /// The holder's last sign-in or request (for the inactivity check).
    @OptionalField(key: "holder_seen_at") var holderSeenAt: Date?
    /// How many inactivity reminders went out since the holder was last seen (0 to 3).
    @Field(key: "inactivity_reminders") var inactivityReminders: Int
    /// When the executors were told that the holder has not been seen.
    @OptionalField(key: "inactivity_executors_told_at") var inactivityExecutorsToldAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    /// The household's time zone: date rules open at midnight there. Every query of estates loads the household.
    var zone: TimeZone { $household.value?.zone ?? .current }

    /// The trusted contact's note from their report, for the heirs once the estate is released.
    var noteForHeirs: (by: String, text: String)? {
        guard let text = reportNote, !text.isEmpty else { return nil }
        return (reportedBy ?? "The trusted contact", text)
    }

    /// How days read in the estate's pages and emails: on the household's calendar.
    var days: DayText { DayText(zone: zone) }
}

/// A trusted contact who may report the holder's passing; not necessarily a member of the household.
final class Executor: Model, @unchecked Sendable {
    static let schema = "executors"

    enum Status: String, Codable, Sendable {
        case invited, confirmed
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "name") var name: String
    @Field(key: "email") var email: String
    @Enum(key: "status") var status: Status
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}

extension Estate {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] {
        [
            $id, $household, $holder, $waitingPeriodDays, $inactivityMonths, $showValuesToRecipients, $memberLetters,
            $state,
            $reportedAt, $reportedBy, $dateOfPassing, $reportNote, $releaseAt, $releasedAt, $halfwayNoticeAt,
            $holderSeenAt, $inactivityReminders, $inactivityExecutorsToldAt, $createdAt, $updatedAt,
        ]
    }
}
