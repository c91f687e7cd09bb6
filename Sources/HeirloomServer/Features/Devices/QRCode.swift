import CQRencode
import Foundation

/// A QR code drawn as SVG by the hub itself, with libqrencode.
enum QRCode {
    enum Failure: Error { case tooLong }

    /// The square of modules of a code, row by row, without its quiet zone.
    struct Modules: Sendable {
        let width: Int
        let dark: [Bool]

        func isDark(row: Int, column: Int) -> Bool { dark[row * width + column] }
    }

    /// The modules of `text` at error-correction level M.
    static func modules(_ text: String) throws -> Modules {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { throw Failure.tooLong }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // Bit 0 of each byte says whether the module is dark.
        return Modules(width: width, dark: (0..<width * width).map { code.pointee.data[$0] & 1 == 1 })
    }

    /// An SVG document of `text` at error-correction level M, with the standard four-module quiet zone.
    /// One path draws the dark modules, so the picture stays sharp at any size and needs no styles.
    static func svg(_ text: String) throws -> String {
        let code = try modules(text)
        let width = code.width
        let quiet = 4
        let size = width + 2 * quiet
        var path = ""
        path.reserveCapacity(width * width * 4)
        for row in 0..<width {
            var column = 0
            while column < width {
                // Runs of dark modules become one rectangle.
                guard code.isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                let start = column
                while column < width, code.isDark(row: row, column: column) { column += 1 }
                path += "M\(start + quiet) \(row + quiet)h\(column - start)v1h-\(column - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" shape-rendering="crispEdges" \
            role="img" aria-label="QR code"><rect width="\(size)" height="\(size)" fill="#ffffff"/>\
            <path fill="#000000" d="\(path)"/></svg>
            """
    }
}
