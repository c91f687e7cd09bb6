import Foundation
import HeirloomCore

/// The rule a confirmed division leaves things by, before the release, as a form or the API sends it.
enum WishRoundConfirmRule {
    static func parse(permission: String, accessDate: String?) throws -> ReleaseRule {
        guard let permission = AccessPermission(rawValue: permission) else {
            throw AppError.invalid(
                FieldError(field: "accessPermission", message: "Please choose when they receive it."))
        }
        let text = accessDate?.trimmingWhitespace() ?? ""
        let date: Date?
        if text.isEmpty || permission != .afterSpecificDate {
            date = nil
        } else {
            guard let day = DayText.date(ofDay: text) else {
                throw AppError.invalid(FieldError(field: "accessDate", message: "Please give a day like 2031-05-01."))
            }
            date = day
        }
        do {
            return try ReleaseRule(permission: permission, accessDate: date)
        } catch {
            throw AppError.invalid(error)
        }
    }
}
