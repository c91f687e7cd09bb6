import CQRencode
import Foundation

extension QRCode {
    /// The modules of `text`'s QR code at error-correction level M, with the four-module quiet zone, for drawing
    /// into a PDF.
    static func matrix(_ text: String) throws -> [[Bool]] {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { throw Failure.tooLong }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let quiet = 4
        let size = width + 2 * quiet
        var rows = Array(repeating: Array(repeating: false, count: size), count: size)
        for row in 0..<width {
            for column in 0..<width where code.pointee.data[row * width + column] & 1 == 1 {
                rows[row + quiet][column + quiet] = true
            }
        }
        return rows
    }
}
