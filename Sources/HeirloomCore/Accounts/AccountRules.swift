/// The rules for what people type when they make or change an account.
public enum AccountRules {
    /// The fewest characters a password may have.
    public static let minimumPasswordLength = 10
    /// The most characters a password may have (hashing longer input only costs time).
    public static let maximumPasswordLength = 1024
    /// The most characters a person's or a household's name may have.
    public static let maximumNameLength = 200
    /// The most characters an email address may have (RFC 5321).
    public static let maximumEmailLength = 320

    /// Trims a name and checks that it is neither empty nor too long.
    public static func name(_ raw: String, field: String, what: String = "name") throws(FieldError) -> String {
        let name = raw.trimmingWhitespace()
        guard !name.isEmpty else {
            throw FieldError(field: field, message: "Please enter a \(what).")
        }
        try TextLimit.check(
            name, maximum: maximumNameLength, field: field,
            tooLong: "The \(what) can be at most \(maximumNameLength) characters long.")
        return name
    }

    /// Trims and lowercases an email address and checks that it looks like one.
    public static func email(_ raw: String, field: String = "email") throws(FieldError) -> String {
        let email = raw.trimmingWhitespace().lowercased()
        guard !email.isEmpty else {
            throw FieldError(field: field, message: "Please enter an email address.")
        }
        try TextLimit.check(
            email, maximum: maximumEmailLength, field: field, tooLong: "That email address is too long.")
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            !email.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "," })
        else {
            throw FieldError(field: field, message: "That does not look like an email address, like ann@example.com.")
        }
        return email
    }

    /// Checks a new password's length; spaces are allowed and kept.
    public static func newPassword(_ password: String, field: String = "password") throws(FieldError) -> String {
        guard password.count >= minimumPasswordLength else {
            throw FieldError(
                field: field,
                message:
                    "Please choose a password of at least \(minimumPasswordLength) characters. A short sentence is easy to remember."
            )
        }
        guard password.count <= maximumPasswordLength else {
            throw FieldError(
                field: field,
                message: "That password is too long; please use at most \(maximumPasswordLength) characters.")
        }
        return password
    }
}

extension String {
    /// The string without leading and trailing spaces and newlines.
    public func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
