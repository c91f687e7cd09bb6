import Foundation

/// Writes an outbox message as an RFC 5322 email with a plain-text and an HTML part, and the picture the HTML part
/// shows when the message carries one (multipart/related, the picture named by its Content-ID).
enum MIMEMessage {
    static func render(
        _ message: OutboxMessage, from: String, hubName: String, now: Date,
        image: (data: Data, contentType: String)? = nil
    ) throws -> Data {
        let id = try message.requireID().text.lowercased()
        let domain = from.split(separator: "@").last.map(String.init) ?? "heirloom.local"
        let boundary = "heirloom-\(id)"
        let headers = [
            "From: \(encodedWord("\(hubName) (Heirloom)")) <\(from)>",
            "To: \(encodedWord(message.toName)) <\(message.toEmail)>",
            "Subject: \(encodedWord(message.subject))",
            "Date: \(dateHeader(now))",
            // The same id on every attempt: a receiving server that saw it once can tell a repeat.
            "Message-ID: <\(id)@\(domain)>",
            "MIME-Version: 1.0",
        ]
        let alternative = [
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
            "--\(boundary)",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            base64Lines(Data(message.textBody.utf8)),
            "--\(boundary)",
            "Content-Type: text/html; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            base64Lines(Data(message.htmlBody.utf8)),
            "--\(boundary)--",
        ]
        guard let image else {
            return Data((headers + alternative + [""]).joined(separator: "\r\n").utf8)
        }
        let related = "\(boundary)-related"
        let extensionName = ["image/png": "png", "image/gif": "gif"][image.contentType] ?? "jpg"
        let lines =
            headers + [
                "Content-Type: multipart/related; boundary=\"\(related)\"; type=\"multipart/alternative\"", "",
                "--\(related)",
            ] + alternative + [
                "--\(related)",
                "Content-Type: \(image.contentType)",
                "Content-Transfer-Encoding: base64",
                "Content-ID: <\(Mail.inlineImageID)>",
                "Content-Disposition: inline; filename=\"photo.\(extensionName)\"",
                "",
                base64Lines(image.data),
                "--\(related)--",
                "",
            ]
        return Data(lines.joined(separator: "\r\n").utf8)
    }

    /// A header value as an RFC 2047 encoded word when it is not plain ASCII.
    static func encodedWord(_ text: String) -> String {
        let clean = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if clean.allSatisfy({ $0.isASCII && $0 != "\"" && $0 != "<" && $0 != ">" && $0 != "," && $0 != ";" }) {
            return clean
        }
        return "=?UTF-8?B?\(Data(clean.utf8).base64EncodedString())?="
    }

    private static func base64Lines(_ data: Data) -> String {
        data.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn])
            .replacingOccurrences(of: "\r", with: "\r\n")
    }

    private static func dateHeader(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
