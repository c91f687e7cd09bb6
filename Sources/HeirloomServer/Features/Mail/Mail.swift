import Foundation
import HeirloomCore

/// An email to write to the outbox: who it is for, what it says in plain text and HTML, and its personal link.
struct Mail: Sendable {
    var purpose: MessagePurpose
    var toName: String
    var toEmail: String
    var subject: String
    /// Paragraphs of plain words; the link is shown on its own line after them.
    var paragraphs: [String]
    var link: String?
    /// The words on the link's button in the HTML part.
    var linkLabel: String?
    var beneficiaryID: UUID?
    var linkIDs: [UUID] = []
    /// A picture carried inside the message and shown in the HTML part above the link (a photo a question is
    /// about): a stored blob and its type.
    var inlineImage: (sha256: String, contentType: String)?

    /// How the HTML part names the picture carried inside the message.
    static let inlineImageID = "question-photo@heirloom"

    /// The plain-text part.
    var text: String {
        var parts = ["Dear \(toName),"] + paragraphs
        if let link { parts.append("\(linkLabel ?? "Open the page"):\n\(link)") }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// The HTML part: the same words, in large calm type.
    var html: String {
        var body = "<p>Dear \(Self.escape(toName)),</p>"
        for paragraph in paragraphs { body += "<p>\(Self.escape(paragraph))</p>" }
        if inlineImage != nil {
            body +=
                "<p><img src=\"cid:\(Self.inlineImageID)\" alt=\"The photo the question is about\" "
                + "style=\"max-width:100%;border-radius:8px\"></p>"
        }
        if let link {
            let href = Self.escape(link)
            body +=
                "<p><a href=\"\(href)\" style=\"display:inline-block;padding:14px 22px;background:#211E1C;"
                + "color:#FCF9F3;text-decoration:none;border-radius:8px\">\(Self.escape(linkLabel ?? "Open the page"))"
                + "</a></p><p style=\"color:#70675E\">If the button does not work, copy this address into your "
                + "browser:<br>\(href)</p>"
        }
        return "<!doctype html><html><body style=\"background:#F6F1E7;color:#211E1C;font-family:Georgia,serif;"
            + "font-size:19px;line-height:1.5;padding:24px\">\(body)</body></html>"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
