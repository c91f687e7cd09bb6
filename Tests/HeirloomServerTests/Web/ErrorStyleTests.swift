import Foundation
import Testing

/// A mistake looks the same on every page: a form's in the red banner (`banner--error`), a field's beside it
/// (`field__error`, the field marked `field--error`). A class that merely says "error" and has no style of its own
/// (the wish sheet's `notice--error`, once) shows a mistake as plain text.
@Suite("Page snapshots: one style for mistakes")
struct ErrorStyleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The classes the stylesheet gives a rule whose name says "error".
    static func styledErrorClasses() throws -> Set<String> {
        let css = try String(contentsOf: root.appendingPathComponent("Public/css/heirloom.css"), encoding: .utf8)
        let names = css.matches(of: /\.([A-Za-z0-9_-]*error[A-Za-z0-9_-]*)/).map { String($0.output.1) }
        return Set(names)
    }

    /// Each class attribute of `html` (a template, Leaf's #if … #endif read as spaces, or a rendered page) as its
    /// class names.
    static func classLists(_ html: String) -> [[String]] {
        let plain = html.replacing(/#(if|elseif)\((?:[^()]|\([^()]*\))*\):|#else:|#endif/, with: " ")
        return plain.matches(of: /class="([^"]*)"/).map { match in
            String(match.output.1).split(separator: " ").map(String.init)
        }
    }

    static func files(under folder: String, ending suffix: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.path.hasSuffix(suffix) }
    }

    @Test("every template and every recorded page shows a mistake with a style the stylesheet has")
    func oneErrorStyle() throws {
        let styled = try Self.styledErrorClasses()
        #expect(styled.isSuperset(of: ["banner--error", "field__error", "field--error"]))
        let pages =
            Self.files(under: "Resources/Views", ending: ".leaf")
            + Self.files(under: "Tests/HeirloomServerTests/Web/__Snapshots__", ending: ".txt")
        #expect(pages.count > 100)
        var unstyled: [String] = []
        for page in pages {
            let html = try String(contentsOf: page, encoding: .utf8)
            for classes in Self.classLists(html) where classes.contains(where: { $0.contains("error") }) {
                if !classes.contains(where: styled.contains) {
                    unstyled.append("\(page.lastPathComponent): \(classes.joined(separator: " "))")
                }
            }
        }
        #expect(unstyled.isEmpty, "\(unstyled)")
    }
}
