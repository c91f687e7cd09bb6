import Foundation

extension PDFCanvas {
    /// Lays a paper out once without drawing, to count its pages for "Page 2 of 7", then draws it into `file`.
    static func render(
        paper: Paper, to file: URL, footer: @escaping (_ page: Int, _ pages: Int) -> (left: String, right: String),
        draw: (PDFCanvas) -> Void
    ) throws {
        let measure = PDFCanvas(paper: paper, file: nil) { _ in ("", "") }
        draw(measure)
        let pages = measure.pageNumber
        let canvas = PDFCanvas(paper: paper, file: file) { footer($0, pages) }
        draw(canvas)
        try canvas.finish()
    }
}
