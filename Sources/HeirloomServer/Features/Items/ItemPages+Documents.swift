import Foundation
import HeirloomCore

/// The papers kept with an item as its page lists them, and the form that says what one is.
extension ItemPages {
    /// A kind of paper for the form's "What is it?" choice.
    struct DocumentTypeChoice: Encodable {
        var value, label: String

        static let all = DocumentType.allCases.map { DocumentTypeChoice(value: $0.rawValue, label: $0.label) }
    }

    /// Changing a document's title and kind.
    struct DocumentForm: Encodable {
        var itemName, itemHref, action: String
        var fileName, fileLabel, viewUrl: String
        var thumbnailUrl: String?
        var form: [String: String]
        var errors: [String: String]
        var types = DocumentTypeChoice.all
    }
}

extension ItemPages.Show.Document {
    /// A document of the item's page: its title (else its file's name) first, then what it is and the file.
    init(_ document: ItemDocument, itemID: UUID) throws {
        let documentID = try document.requireID()
        let media = try document.media.requireID()
        let fileName = document.media.originalName
        let fileLabel = ItemPages.fileLabel(document.media)
        self.init(
            id: documentID.text, name: DocumentTitle.shown(title: document.title, fileName: fileName),
            fileName: fileName, kind: document.type.shownKind ?? "",
            label: document.title == nil ? fileLabel : "\(fileName) · \(fileLabel)",
            url: SiteURL.media(media, .original), downloadUrl: SiteURL.media(media, .original) + "?download=true",
            editHref: SiteURL.itemDocumentEdit(.value(itemID), .value(documentID)).path,
            deleteHref: SiteURL.itemDocumentDelete(.value(itemID), .value(documentID)).path,
            thumbnailUrl: document.media.thumbnailSHA256 == nil ? nil : SiteURL.media(media, .thumbnail))
    }
}

extension ItemPages {
    /// "PDF · 1.2 MB".
    static func fileLabel(_ media: MediaObject) -> String {
        "\(media.format.label) · \(ByteCountText.describe(media.sizeBytes))"
    }

    /// The form for `document` of `item`, with what was typed and what was wrong with it.
    static func documentForm(
        _ document: ItemDocument, of item: Item, values: [String: String], errors: [String: String]
    ) throws -> DocumentForm {
        let itemID = try item.requireID()
        let documentID = try document.requireID()
        let media = try document.media.requireID()
        return DocumentForm(
            itemName: item.name, itemHref: SiteURL.item(.value(itemID)).path(fragment: "documents"),
            action: SiteURL.itemDocumentEdit(.value(itemID), .value(documentID)).path,
            fileName: document.media.originalName, fileLabel: fileLabel(document.media),
            viewUrl: SiteURL.media(media, .original),
            thumbnailUrl: document.media.thumbnailSHA256 == nil ? nil : SiteURL.media(media, .thumbnail),
            form: values, errors: errors)
    }
}
