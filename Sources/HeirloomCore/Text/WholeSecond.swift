import Foundation

extension Date {
    /// This moment to the whole second, as PostgreSQL and SQLite both give a stored time back.
    public var wholeSecond: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
