import Foundation
import Testing

/// A brace lost in a merge silently drops every rule after it (the letters' styles were lost so once): each
/// stylesheet under Public/ must close every block it opens.
@Suite("The stylesheets")
struct StylesheetTests {
    static let publicFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Public")

    @Test("every block that a stylesheet opens is closed, and none is closed twice")
    func bracesBalance() throws {
        let sheets = try FileManager.default.contentsOfDirectory(
            at: Self.publicFolder.appendingPathComponent("css"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "css" }
        #expect(!sheets.isEmpty)
        for sheet in sheets {
            let text = try String(contentsOf: sheet, encoding: .utf8)
                .replacing(#/\/\*[\s\S]*?\*\//#, with: "")
            var depth = 0
            var line = 1
            var opened: [Int] = []
            for character in text {
                switch character {
                case "\n": line += 1
                case "{":
                    depth += 1
                    opened.append(line)
                case "}":
                    depth -= 1
                    #expect(depth >= 0, "\(sheet.lastPathComponent): a block closed twice at line \(line)")
                    if !opened.isEmpty { opened.removeLast() }
                default: break
                }
            }
            #expect(opened.isEmpty, "\(sheet.lastPathComponent): blocks opened at lines \(opened) are never closed")
        }
    }
}
