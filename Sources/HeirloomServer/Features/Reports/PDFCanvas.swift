import CPangoCairo
import Foundation
import HeirloomCore

/// A PDF being drawn with cairo, its text set by pango (any script, fonts embedded), page by page from the top.
///
/// Reports are laid out twice: once without drawing, to count the pages for "Page 2 of 7", then for real.
final class PDFCanvas {
    typealias Paper = PaperSize

    /// What the foot of a page says, in a small type.
    struct Footer {
        var left = ""
        var center = ""
        var right = ""
        var font = "DejaVu Sans 8"
    }

    /// The sheet in points.
    let size: (width: Double, height: Double)
    let margin: Double
    /// Where the next thing goes, from the top of the page.
    private(set) var y: Double
    private(set) var pageNumber = 1
    let drawing: Bool
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let footer: (Int) -> Footer

    var width: Double { size.width - 2 * margin }
    var bottom: Double { size.height - margin - 24 }

    /// A canvas writing to `file`, or (not drawing) measuring only.
    convenience init(paper: Paper, file: URL?, footer: @escaping (Int) -> (left: String, right: String)) {
        self.init(size: paper.size, margin: 48, file: file) { page in
            let (left, right) = footer(page)
            return Footer(left: left, right: right)
        }
    }

    /// A canvas of any sheet and margin, writing to `file`, or (not drawing) measuring only.
    init(size: (width: Double, height: Double), margin: Double, file: URL?, footer: @escaping (Int) -> Footer) {
        self.size = size
        self.margin = margin
        self.footer = footer
        drawing = file != nil
        let (width, height) = size
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

    /// Sets text at the current line, wrapped to `width`; returns its height. `maxLines` ends it with "…"; `hanging`
    /// sets the lines after the first in.
    @discardableResult
    func text(
        _ text: String, font: String = "DejaVu Sans 10", x: Double = 0, width: Double? = nil, maxLines: Int? = nil,
        color: (Double, Double, Double) = (0.13, 0.12, 0.11), at top: Double? = nil, alignRight: Bool = false,
        centered: Bool = false, lineSpacing: Double = 0, hanging: Double = 0, advance: Bool = true
    ) -> Double {
        let layout = makeLayout(text, font: font, width: width ?? self.width - x, lineSpacing: lineSpacing)
        // A negative indent sets every line but the first in.
        if hanging > 0 { pango_layout_set_indent(layout, Int32(-hanging * Double(PANGO_SCALE))) }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if alignRight { pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT) }
        if centered { pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER) }
        if let maxLines {
            pango_layout_set_height(layout, Int32(-maxLines))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
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

    /// A pango layout of `text` wrapped at `width` points; `lineSpacing` is a factor of the font's line height (0: the
    /// font's own).
    private func makeLayout(_ text: String, font: String, width: Double, lineSpacing: Double = 0) -> OpaquePointer {
        let layout = pango_cairo_create_layout(cr)!
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if lineSpacing > 0 { pango_layout_set_line_spacing(layout, Float(lineSpacing)) }
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// Sets a paragraph line by line from the current line, going on to the next page where it no longer fits, so
    /// a long text flows across pages; `indent` sets its first line in.
    func flowingText(
        _ text: String, font: String, x: Double = 0, lineSpacing: Double = 0, indent: Double = 0,
        color: (Double, Double, Double) = (0.13, 0.12, 0.11)
    ) {
        let layout = makeLayout(text, font: font, width: width - x, lineSpacing: lineSpacing)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if indent > 0 { pango_layout_set_indent(layout, Int32(indent * Double(PANGO_SCALE))) }
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        // Where the layout's top sits on the page; moved up when a line goes on to the next page.
        var origin = y
        var end = y
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let lineTop = Double(logical.y) / scale
            let lineHeight = Double(logical.height) / scale
            if origin + lineTop + lineHeight > bottom, origin + lineTop > margin {
                newPage()
                origin = margin - lineTop
            }
            if drawing, let line = pango_layout_iter_get_line_readonly(iterator) {
                cairo_set_source_rgb(cr, color.0, color.1, color.2)
                // A line's own offset (an indent, an alignment) is in its extents.
                cairo_move_to(
                    cr, margin + x + Double(logical.x) / scale,
                    origin + Double(pango_layout_iter_get_baseline(iterator)) / scale)
                pango_cairo_show_layout_line(cr, line)
            }
            // The next line, or the next paragraph, keeps the same leading as the lines inside one.
            end = origin + lineTop + lineHeight * max(1, lineSpacing)
        } while pango_layout_iter_next_line(iterator) != 0
        y = end
    }

    /// A QR code of `modules` as filled squares with its quiet zone on white, `side` points wide, its top-left
    /// corner at `x` on the current line. Vector squares stay sharp on any printer.
    func qrCode(_ modules: QRCode.Modules, x: Double, side: Double) {
        guard drawing else { return }
        let quiet = 4
        let unit = side / Double(modules.width + 2 * quiet)
        cairo_save(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, margin + x, y, side, side)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        for row in 0..<modules.width {
            var column = 0
            while column < modules.width {
                guard modules.isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                let start = column
                while column < modules.width, modules.isDark(row: row, column: column) { column += 1 }
                cairo_rectangle(
                    cr, margin + x + Double(start + quiet) * unit, y + Double(row + quiet) * unit,
                    Double(column - start) * unit, unit)
            }
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The width of `text` set on one line.
    func width(of text: String, font: String) -> Double {
        let layout = makeLayout(text, font: font, width: 10_000)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Double(width)
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
        jpeg(image, x: x, width: box, height: box)
    }

    /// The size a JPEG takes scaled to fit in `width` × `height` points.
    static func fitted(_ image: PrintImage, width: Double, height: Double) -> (width: Double, height: Double) {
        let scale = min(width / Double(image.width), height / Double(image.height))
        return (Double(image.width) * scale, Double(image.height) * scale)
    }

    /// Places a JPEG (its bytes embedded as they are) in a `width` × `height` box, scaled to fit, its top-left corner
    /// at `x` on the current line.
    func jpeg(_ image: PrintImage, x: Double, width: Double, height: Double) {
        guard drawing else { return }
        let scale = min(width / Double(image.width), height / Double(image.height))
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
        let footer = footer(pageNumber)
        let top = size.height - margin
        let muted = (0.44, 0.40, 0.37)
        for (words, right, centered) in [
            (footer.left, false, false), (footer.right, true, false), (footer.center, false, true),
        ]
        where !words.isEmpty {
            text(words, font: footer.font, color: muted, at: top, alignRight: right, centered: centered, advance: false)
        }
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
