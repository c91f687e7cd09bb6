import CPangoCairo
import Foundation
import HeirloomCore

/// A PDF being drawn with cairo, its text set by pango (any script, fonts embedded), page by page from the top.
///
/// Reports are laid out twice: once without drawing, to count the pages for "Page 2 of 7", then for real.
final class PDFCanvas {
    typealias Paper = PaperSize

    let paper: Paper
    let margin = 48.0
    /// Where the next thing goes, from the top of the page.
    private(set) var y: Double
    private(set) var pageNumber = 1
    let drawing: Bool
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let footer: (Int) -> (left: String, right: String)

    var width: Double { paper.size.width - 2 * margin }
    var bottom: Double { paper.size.height - margin - 24 }

    /// A canvas writing to `file`, or (not drawing) measuring only.
    init(paper: Paper, file: URL?, footer: @escaping (Int) -> (left: String, right: String)) {
        self.paper = paper
        self.footer = footer
        drawing = file != nil
        let (width, height) = paper.size
        if let file {
            surface = cairo_pdf_surface_create(file.path, width, height)
        } else {
            // A PDF that is written nowhere measures text exactly as the real one sets it.
            surface = cairo_pdf_surface_create_for_stream(nil, nil, width, height)
        }
        cr = cairo_create(surface)
        y = margin
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Draws the last footer and writes the file.
    func finish() throws {
        drawFooter()
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ReportError.rendering(String(cString: cairo_status_to_string(status)))
        }
    }

    func newPage() {
        drawFooter()
        if drawing { cairo_show_page(cr) }
        pageNumber += 1
        y = margin
    }

    /// Starts a new page unless `height` more points fit on this one.
    func ensure(_ height: Double) {
        if y + height > bottom, y > margin { newPage() }
    }

    func space(_ points: Double) { y += points }

    /// Sets text at the current line, wrapped to `width`; returns its height. `maxLines` ends it with "…".
    @discardableResult
    func text(
        _ text: String, font: String = "DejaVu Sans 10", x: Double = 0, width: Double? = nil, maxLines: Int? = nil,
        color: (Double, Double, Double) = (0.13, 0.12, 0.11), at top: Double? = nil, alignRight: Bool = false,
        advance: Bool = true
    ) -> Double {
        let layout = pango_cairo_create_layout(cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_width(layout, Int32((width ?? self.width - x) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if alignRight { pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT) }
        if let maxLines {
            pango_layout_set_height(layout, Int32(-maxLines))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        pango_layout_set_text(layout, text, -1)
        var inkWidth: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &inkWidth, &height)
        let top = top ?? y
        if drawing {
            cairo_set_source_rgb(cr, color.0, color.1, color.2)
            cairo_move_to(cr, margin + x, top)
            pango_cairo_show_layout(cr, layout)
        }
        if advance, top == y { y += Double(height) }
        return Double(height)
    }

    /// Measures text without setting it.
    func height(of text: String, font: String = "DejaVu Sans 10", width: Double, maxLines: Int? = nil) -> Double {
        let saved = y
        let height = self.text(text, font: font, width: width, maxLines: maxLines, at: -10_000, advance: false)
        y = saved
        return height
    }

    /// A thin line across the page.
    func rule() {
        if drawing {
            cairo_set_source_rgb(cr, 0.84, 0.79, 0.72)
            cairo_set_line_width(cr, 0.75)
            cairo_move_to(cr, margin, y)
            cairo_line_to(cr, margin + width, y)
            cairo_stroke(cr)
        }
    }

    /// A thin rectangle's outline, from its top-left corner (in page coordinates inside the margin).
    func box(x: Double, top: Double, width: Double, height: Double) {
        guard drawing else { return }
        cairo_set_source_rgb(cr, 0.44, 0.40, 0.37)
        cairo_set_line_width(cr, 0.75)
        cairo_rectangle(cr, margin + x, top, width, height)
        cairo_stroke(cr)
    }

    /// Places a JPEG (its bytes embedded as they are) in a box, scaled to fit, at the current line.
    func jpeg(_ image: PrintImage, x: Double, box: Double) {
        guard drawing else { return }
        let scale = min(box / Double(image.width), box / Double(image.height))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(image.width), Int32(image.height))
        defer { cairo_surface_destroy(surface) }
        // cairo writes the JPEG itself into the PDF; the blank pixels are only for other surfaces.
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: image.data.count)
        image.data.copyBytes(to: bytes, count: image.data.count)
        cairo_surface_set_mime_data(
            surface, CAIRO_MIME_TYPE_JPEG, bytes, UInt(image.data.count),
            { pointer in pointer?.assumingMemoryBound(to: UInt8.self).deallocate() }, bytes)
        cairo_save(cr)
        cairo_translate(cr, margin + x, y)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private func drawFooter() {
        guard drawing else { return }
        let (left, right) = footer(pageNumber)
        let top = paper.size.height - margin
        text(left, font: "DejaVu Sans 8", color: (0.44, 0.40, 0.37), at: top, advance: false)
        text(right, font: "DejaVu Sans 8", color: (0.44, 0.40, 0.37), at: top, alignRight: true, advance: false)
    }
}

/// A photo made small for print: a JPEG and its size in pixels.
struct PrintImage: Sendable {
    var data: Data
    var width: Int
    var height: Int

    /// Reads the size from a JPEG's frame header; nil for anything that is not a baseline or progressive JPEG.
    init?(jpeg data: Data) {
        let bytes = [UInt8](data)
        var index = 2
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC3).contains(marker) {
                height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                self.data = data
                guard width > 0, height > 0 else { return nil }
                return
            }
            index += 2 + length
        }
        return nil
    }
}

enum ReportError: Error, CustomStringConvertible {
    case rendering(String)

    var description: String {
        switch self {
        case .rendering(let problem): "The report could not be drawn: \(problem)"
        }
    }
}

extension PaperSize {
    /// The sheet in points.
    var size: (width: Double, height: Double) {
        switch self {
        case .a4: (595.28, 841.89)
        case .letter: (612, 792)
        }
    }
}
