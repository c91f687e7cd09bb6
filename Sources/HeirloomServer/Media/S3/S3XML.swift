import Foundation
import NIOCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of one of S3's XML answers, with its text and children. The answers are small (a page of a listing
/// at most, a thousand keys), so they are read whole into this tree.
struct S3XML: Sendable {
    var name: String
    var text = ""
    var children: [S3XML] = []

    /// The first child named `name`.
    func child(_ name: String) -> S3XML? { children.first { $0.name == name } }

    /// Every child named `name`, in order.
    func children(_ name: String) -> [S3XML] { children.filter { $0.name == name } }

    /// The text of the first child named `name`.
    subscript(_ name: String) -> String? { child(name)?.text }

    /// Reads a whole answer; throws `S3Error.unreadableAnswer` when it is not XML.
    static func parse(_ bytes: ByteBuffer) throws -> S3XML {
        let reader = Reader()
        let parser = XMLParser(data: Data(bytes.readableBytesView))
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "no element"
            throw S3Error.unreadableAnswer("not XML (\(reason))")
        }
        return root
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var stack: [S3XML] = []
        var root: S3XML?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            stack.append(S3XML(name: name))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA data: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: data, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }
    }
}

extension S3XML {
    /// Text as an element's content: `&` and `<` escaped (an ETag's quotes may stay).
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// `2026-11-20T10:15:00.000Z`, with or without the milliseconds.
    static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}
