import Foundation

/// One reader of a letter, as the writer names them.
public struct LetterRecipientInput: Equatable, Sendable {
    public var name: String
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}

/// A letter as its writer gives it, before the checks.
public struct LetterInput: Equatable, Sendable {
    public var to: [LetterRecipientInput]
    public var subject: String
    public var text: String
    /// "YYYY-MM-DD" for a letter on a day; nil with `afterPassing`.
    public var day: String?
    public var afterPassing: Bool

    public init(to: [LetterRecipientInput], subject: String, text: String, day: String?, afterPassing: Bool) {
        self.to = to
        self.subject = subject
        self.text = text
        self.day = day
        self.afterPassing = afterPassing
    }
}

/// A letter that passed the checks: names trimmed, addresses lowercased, each reader once.
public struct CheckedLetter: Equatable, Sendable {
    public var to: [LetterRecipientInput]
    public var subject: String
    public var text: String
    public var delivery: LetterDelivery
}

/// The checks on what a writer enters for a letter for later, each failure a `FieldError` they can fix.
public enum LetterRules {
    public static let recipients = 1...20
    public static let maximumSubjectLength = 200
    public static let maximumTextLength = 50_000

    /// Who may write a letter to be delivered after their passing.
    public struct Writer: Equatable, Sendable {
        /// The estate's holder: their passing is the one the estate confirms.
        public var isEstateHolder: Bool
        /// The household lets other members write letters for after their passing.
        public var membersMayWriteAfterPassing: Bool

        public init(isEstateHolder: Bool, membersMayWriteAfterPassing: Bool = false) {
            self.isEstateHolder = isEstateHolder
            self.membersMayWriteAfterPassing = membersMayWriteAfterPassing
        }

        var mayWriteAfterPassing: Bool { isEstateHolder || membersMayWriteAfterPassing }
    }

    /// The letter as it will be kept; throws every problem, so a form shows them all at once (`FieldChecks`). A day
    /// before today in `timeZone` is refused, so that no letter goes out the moment it is saved by mistake; today
    /// is allowed.
    public static func check(_ input: LetterInput, writer: Writer, now: Date, timeZone: TimeZone) throws
        -> CheckedLetter
    {
        var checks = FieldChecks()
        let to = try checks.value { try readers(input.to) }
        let subject = input.subject.trimmingWhitespace()
        if subject.isEmpty { checks.note(FieldError(field: "subject", message: "Please give the letter a subject.")) }
        try checks.value {
            try TextLimit.check(
                subject, maximum: maximumSubjectLength, field: "subject",
                tooLong: "The subject can be at most \(maximumSubjectLength) characters long.")
        }
        let text = input.text.trimmingWhitespace()
        if text.isEmpty { checks.note(FieldError(field: "text", message: "Please write the letter.")) }
        try checks.value {
            try TextLimit.check(
                text, maximum: maximumTextLength, field: "text",
                tooLong: "A letter can be at most 50,000 characters long.")
        }
        let delivery = try checks.value {
            try Self.delivery(
                day: input.day, afterPassing: input.afterPassing, writer: writer, now: now, timeZone: timeZone)
        }
        try checks.finish()
        guard let to, let delivery else { throw FieldError(field: "to", message: "Please check the letter.") }
        return CheckedLetter(to: to, subject: subject, text: text, delivery: delivery)
    }

    /// When the letter goes: exactly one of a day (not in the past) or after the writer's passing.
    public static func delivery(
        day raw: String?, afterPassing: Bool, writer: Writer, now: Date, timeZone: TimeZone
    ) throws(FieldError) -> LetterDelivery {
        let text = raw?.trimmingWhitespace() ?? ""
        if afterPassing {
            guard text.isEmpty else {
                throw FieldError(
                    field: "deliver", message: "Please choose either a day or after your passing, not both.")
            }
            guard writer.mayWriteAfterPassing else {
                throw FieldError(
                    field: "deliver",
                    message: "Only the estate holder can leave a letter for after their passing; please choose a day.")
            }
            return .afterPassing
        }
        guard !text.isEmpty else {
            throw FieldError(field: "deliver", message: "Please choose the day the letter should arrive.")
        }
        guard let day = Day(text) else {
            throw FieldError(field: "deliver", message: "Please give the day as year-month-day, like 2031-04-28.")
        }
        guard day >= Day(now, in: timeZone) else {
            throw FieldError(field: "deliver", message: "That day has passed; please choose today or a later day.")
        }
        return .onDay(day)
    }

    /// One to twenty readers, each with a name and, if they have one, an email address (each address once). A
    /// reader without one (`email` empty) is given their link by hand on the day; the words of a mistake say whose.
    public static func readers(_ raw: [LetterRecipientInput]) throws(FieldError) -> [LetterRecipientInput] {
        let given = raw.filter { !$0.name.trimmingWhitespace().isEmpty || !$0.email.trimmingWhitespace().isEmpty }
        guard !given.isEmpty else {
            throw FieldError(field: "to", message: "Please name who the letter is for.")
        }
        guard given.count <= recipients.upperBound else {
            throw FieldError(field: "to", message: "A letter can go to at most \(recipients.upperBound) people.")
        }
        var seen = Set<String>()
        var readers: [LetterRecipientInput] = []
        for person in given {
            let raw = person.email.trimmingWhitespace()
            if person.name.trimmingWhitespace().isEmpty {
                throw FieldError(
                    field: "to", message: "Please give the name of the reader at \(raw), as they are called.")
            }
            let name = try AccountRules.name(person.name, field: "to", what: "name for each reader")
            guard !raw.isEmpty else {
                readers.append(LetterRecipientInput(name: name, email: ""))
                continue
            }
            let email: String
            do { email = try AccountRules.email(raw, field: "to") } catch {
                throw FieldError(
                    field: "to",
                    message: "\(name)’s email address does not look right. Please check it, or leave it empty and "
                        + "print \(name)’s link on the day.")
            }
            guard seen.insert(email).inserted else {
                throw FieldError(field: "to", message: "\(email) is named twice; please name each reader once.")
            }
            readers.append(LetterRecipientInput(name: name, email: email))
        }
        return readers
    }
}
