import Foundation

/// Reads the contacts in a vCard file (versions 2.1, 3.0 and 4.0, as Apple, Google and Outlook export them).
public enum VCardParser {
    /// The largest embedded photo that is kept; larger ones are skipped.
    public static let maximumPhotoBytes = 10 * 1024 * 1024

    /// One result per BEGIN:VCARD in the file, in order; a card that cannot be read is a rejection, never an error.
    ///
    /// The bytes may be UTF-8 (with or without a byte order mark) or UTF-16 with a byte order mark; values in other
    /// charsets are read by their CHARSET parameter. A file without any card gives no results.
    public static func parse(_ data: Data) -> [VCardParseResult] {
        parse(bytes: utf8Bytes(of: data))
    }

    /// One result per BEGIN:VCARD in the text, in order, as `parse(_: Data)` reads it.
    public static func parse(_ text: String) -> [VCardParseResult] {
        parse(bytes: Array(text.utf8).droppingUTF8ByteOrderMark())
    }

    private static func parse(bytes: [UInt8]) -> [VCardParseResult] {
        var results: [VCardParseResult] = []
        var card: [VCardProperty]?
        for line in VCardLines.unfolded(bytes) {
            guard let property = VCardProperty(line: line) else { continue }
            let isMarker = property.name == "BEGIN" || property.name == "END"
            let isCardMarker = isMarker && property.text.trimmingWhitespace().uppercased() == "VCARD"
            if property.name == "BEGIN", isCardMarker {
                if let open = card {
                    results.append(.rejected(rejection(open, index: results.count, reason: .missingEnd)))
                }
                card = []
            } else if property.name == "END", isCardMarker {
                if let open = card { results.append(contact(open, index: results.count)) }
                card = nil
            } else {
                card?.append(property)
            }
        }
        if let open = card {
            results.append(.rejected(rejection(open, index: results.count, reason: .missingEnd)))
        }
        return results
    }

    /// The file's bytes as UTF-8, without a byte order mark.
    private static func utf8Bytes(of data: Data) -> [UInt8] {
        let head = [UInt8](data.prefix(2))
        if head == [0xFF, 0xFE] || head == [0xFE, 0xFF], let text = String(data: data, encoding: .utf16) {
            return Array(text.utf8).droppingUTF8ByteOrderMark()
        }
        return [UInt8](data).droppingUTF8ByteOrderMark()
    }

    private static func rejection(
        _ properties: [VCardProperty], index: Int, reason: VCardRejection.Reason
    ) -> VCardRejection {
        let name = fullName(properties)
        return VCardRejection(index: index, name: name.isEmpty ? nil : String(name.prefix(200)), reason: reason)
    }

    /// A complete card as a contact, or its rejection when it has no usable name.
    private static func contact(_ properties: [VCardProperty], index: Int) -> VCardParseResult {
        let name = fullName(properties)
        guard !name.isEmpty else { return .rejected(rejection(properties, index: index, reason: .missingName)) }
        guard TextLimit.fits(name, maximum: AccountRules.maximumNameLength) else {
            return .rejected(rejection(properties, index: index, reason: .nameTooLong))
        }
        var labels: [String: String] = [:]
        for property in properties where property.name == "X-ABLABEL" {
            if let group = property.group { labels[group] = cleanLabel(property.text) }
        }
        var contact = ParsedContact(fullName: name)
        contact.uid = firstText("UID", in: properties) ?? firstText("X-ABUID", in: properties)
        for property in properties {
            let label = property.group.flatMap { labels[$0] }
            switch property.name {
            case "EMAIL":
                let address = removingScheme("mailto:", from: property.text.trimmingWhitespace())
                guard !address.isEmpty else { continue }
                let types = property.types.filter { $0 != "internet" }
                contact.emails.append(ContactEmail(address: address, types: types, label: label))
            case "TEL":
                let number = removingScheme("tel:", from: property.text.trimmingWhitespace())
                guard !number.isEmpty else { continue }
                contact.phones.append(ContactPhone(number: number, types: property.types, label: label))
            case "PHOTO" where contact.photo == nil:
                contact.photo = property.photo(maximumBytes: maximumPhotoBytes)
            default:
                continue
            }
        }
        return .contact(contact)
    }

    /// FN; else N's prefix, given, additional names, family name and suffix; else ORG; else "".
    private static func fullName(_ properties: [VCardProperty]) -> String {
        if let formatted = firstText("FN", in: properties) { return formatted }
        if let parts = properties.first(where: { $0.name == "N" })?.components {
            let order = [3, 1, 2, 0, 4].filter { $0 < parts.count }
            let name = collapsingWhitespace(order.map { parts[$0] }.joined(separator: " "))
            if !name.isEmpty { return name }
        }
        if let organisation = properties.first(where: { $0.name == "ORG" })?.components.first {
            return collapsingWhitespace(organisation)
        }
        return ""
    }

    /// The first non-empty value of the property called `name`, with its whitespace collapsed.
    private static func firstText(_ name: String, in properties: [VCardProperty]) -> String? {
        for property in properties where property.name == name {
            let text = collapsingWhitespace(property.text)
            if !text.isEmpty { return text }
        }
        return nil
    }

    private static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func removingScheme(_ scheme: String, from text: String) -> String {
        text.lowercased().hasPrefix(scheme) ? String(text.dropFirst(scheme.count)).trimmingWhitespace() : text
    }

    /// Apple's built-in labels are stored as `_$!<Other>!$_`; people's own labels as typed.
    private static func cleanLabel(_ label: String) -> String? {
        var text = label.trimmingWhitespace()
        if text.hasPrefix("_$!<"), text.hasSuffix(">!$_") { text = String(text.dropFirst(4).dropLast(4)) }
        return text.isEmpty ? nil : text
    }
}

extension [UInt8] {
    /// The bytes without a leading UTF-8 byte order mark.
    fileprivate func droppingUTF8ByteOrderMark() -> [UInt8] {
        starts(with: [0xEF, 0xBB, 0xBF]) ? Array(dropFirst(3)) : self
    }
}
