import Foundation

/// One message ready for the wire: the envelope and the RFC 5322 text.
struct OutgoingEmail: Sendable {
    var from: String
    var to: String
    var data: Data
}

/// Hands a message to a mail server; tests may replace it.
protocol MailTransport: Sendable {
    func send(_ email: OutgoingEmail) async throws
}

/// A delivery that failed, with what the server or the tool said.
struct MailDeliveryError: Error, CustomStringConvertible {
    var description: String
}

/// Delivers over SMTP with Debian's curl: STARTTLS when the server offers it (`smtp://`), TLS from the start
/// (`smtps://`), AUTH from the URL's user and password, which go to curl in a private config file rather than
/// on its command line (where other users could read them).
struct CurlMailTransport: MailTransport {
    var url: URL
    var directory: URL

    func send(_ email: OutgoingEmail) async throws {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw MailDeliveryError(description: "The SMTP address cannot be read.")
        }
        let user = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        let password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        components.user = nil
        components.password = nil
        components.path = ""
        guard let server = components.string else {
            throw MailDeliveryError(description: "The SMTP address cannot be read.")
        }
        try PrivateFiles.makeFolder(directory)
        let name = UUID().text
        let messageFile = directory.appendingPathComponent("\(name).eml")
        let configFile = directory.appendingPathComponent("\(name).curlrc")
        defer {
            try? FileManager.default.removeItem(at: messageFile)
            try? FileManager.default.removeItem(at: configFile)
        }
        try email.data.write(to: messageFile)
        var config = "url = \"\(Self.quoted(server))\"\n"
        if let user {
            config += "user = \"\(Self.quoted(user)):\(Self.quoted(password ?? ""))\"\n"
        }
        guard
            FileManager.default.createFile(
                atPath: configFile.path, contents: Data(config.utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw MailDeliveryError(description: "The mail spool \(directory.path) cannot be written to.")
        }
        var arguments = [
            "--silent", "--show-error", "--config", configFile.path,
            "--mail-from", email.from, "--mail-rcpt", email.to, "--upload-file", messageFile.path,
            "--connect-timeout", "20", "--max-time", "120",
        ]
        if url.scheme == "smtp" { arguments.append("--ssl") }  // STARTTLS when offered
        let result = try await ExternalTool.run("curl", arguments, timeout: 150)
        guard result.status == 0 else {
            throw MailDeliveryError(
                description: "The mail server did not accept the message (curl \(result.status)): "
                    + result.errorOutput.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
