import Foundation
import HeirloomCore

/// The models of the item pages, built from items as the services return them.
enum ItemPages {
    struct Card: Encodable {
        var id: String
        var name: String
        var category: String
        var value: String
        var thumbnailUrl: String?
        var href: String

        init(_ item: Item) throws {
            self.init(try ItemRecord(item))
        }

        init(_ item: ItemRecord) {
            id = item.id.text
            name = item.name
            category = ItemCategory.normalise(item.category).rawValue
            value = Money.worthText(each: item.money(item.estimatedValue), quantity: item.quantity) ?? ""
            thumbnailUrl = item.photos.first.map { SiteURL.media($0.media.id, .thumbnail) }
            href = SiteURL.item(.value(item.id)).path
        }
    }

    struct Group: Encodable {
        var name: String
        var count: Int
        var totals: [String]
        var items: [Card]
        var href: String
    }

    struct Index: Encodable {
        var query: String
        var category: String
        var sort: String
        var categories: [String]
        var canEdit: Bool
        var isSearching: Bool
        var groups: [Group]
        var results: [Card]
        var nextHref: String?
        var prevHref: String?
        var totalCount: Int
        /// False for a viewer kept from values: no worth, and no order by worth.
        var showsValues = true
    }

    struct Form: Encodable {
        var mode: String
        var action: String
        var cancelHref: String
        var form: [String: String]
        var errors: [String: String]
        var categories: [String]
        var currencies: [String]
    }

    struct Show: Encodable {
        struct Details: Encodable {
            var id, name, description, category, estimatedValue, suggestedNew, suggestedUsed, purchasePrice,
                purchaseDate, maker, serialNumber, created, updated: String
            var quantity = 1
        }

        struct Photo: Encodable {
            var id, displayUrl, thumbnailUrl, originalUrl, href, alt, moveAction, deleteHref: String
            var isPrimary, canMoveUp, canMoveDown: Bool
        }

        struct Document: Encodable {
            /// `name` is the title, else the file's name; `kind` is empty for other; `label` is the file in words.
            var id, name, fileName, kind, label, url, downloadUrl, editHref, deleteHref: String
            var thumbnailUrl: String?
        }

        struct Story: Encodable {
            var id, title, duration, date, url, renameAction, deleteHref: String
            var waveform: [Double]
            /// Its typed copy (issue 33).
            var transcript: TranscriptPages.Block?
        }

        var item: Details
        var canEdit: Bool
        /// False for a viewer whose household keeps values from viewers: no amount anywhere on the page.
        var showsValues = true
        var photos: [Photo]
        var documents: [Document]
        var audioStories: [Story]
        var photoUploadAction, documentUploadAction, audioUploadAction, audioApiUrl: String
        /// The upload form's "What is it?" choice.
        var documentTypes = DocumentTypeChoice.all
        /// Who receives the item; only for owners and editors (a viewer never learns who gets what).
        var beneficiaries: BeneficiaryPages.ItemSection?
        /// The AI appraisal section.
        var appraisal: AppraisalPages.Panel?
        /// What happens to it when the home is downsized.
        var disposition: DownsizingPages.DispositionSection?
    }

    struct PhotoView: Encodable {
        struct ItemRef: Encodable { var id, name, href: String }
        struct Picture: Encodable {
            var displayUrl, originalUrl, alt: String
            var width, height: Int
        }

        var item: ItemRef
        var photo: Picture
        var prevHref: String?
        var nextHref: String?
        var position: String
    }

    /// The most used currencies first, then every other active code.
    static let currencies: [String] = {
        let common = ["USD", "EUR", "GBP", "CAD", "AUD", "CHF", "JPY", "NZD", "SEK", "NOK", "DKK"]
        return common + CurrencyCode.all.map(\.code).filter { !common.contains($0) }
    }()

    /// "2:05" from seconds.
    static func duration(_ seconds: Double?) -> String {
        let total = Int((seconds ?? 0).rounded())
        return "\(total / 60):" + String(format: "%02d", total % 60)
    }
}

extension ItemPages.Show {
    init(_ item: Item, canEdit: Bool, days: DayText) throws {
        let itemID = try item.requireID()
        let id = itemID.text
        let money = { (value: Int64?) in item.money(value)?.displayString ?? "" }
        self.item = Details(
            id: id, name: item.name, description: item.description,
            category: ItemCategory.normalise(item.category).rawValue,
            estimatedValue: money(item.estimatedValue), suggestedNew: money(item.suggestedPriceNew),
            suggestedUsed: money(item.suggestedPriceUsed), purchasePrice: money(item.purchasePrice),
            purchaseDate: item.purchaseDate.map(DayText.calendarDay) ?? "", maker: item.maker ?? "",
            serialNumber: item.serialNumber ?? "", created: days.day(item.createdAt),
            updated: days.day(item.updatedAt), quantity: item.quantity
        )
        self.canEdit = canEdit
        let photos = item.photos.sorted { $0.position < $1.position }
        self.photos = try photos.enumerated().map { index, photo in
            let photoID = try photo.requireID()
            let media = try photo.media.requireID()
            return Photo(
                id: photoID.text, displayUrl: SiteURL.media(media, .display),
                thumbnailUrl: SiteURL.media(media, .thumbnail), originalUrl: SiteURL.media(media, .original),
                href: SiteURL.itemPhoto(.value(itemID), .value(photoID)).path,
                alt: "Photo \(index + 1) of \(item.name)",
                moveAction: SiteURL.itemPhotoMove(.value(itemID), .value(photoID)).path,
                deleteHref: SiteURL.itemPhotoDelete(.value(itemID), .value(photoID)).path,
                isPrimary: index == 0, canMoveUp: index > 0, canMoveDown: index < photos.count - 1
            )
        }
        documents = try item.documents.sorted { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
            .map { try Document($0, itemID: itemID) }
        audioStories = try item.audioStories.sorted { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
            .map { story in
                let storyID = try story.requireID()
                return Story(
                    id: storyID.text, title: story.title,
                    duration: ItemPages.duration(story.media.durationSeconds),
                    date: days.day(story.createdAt), url: SiteURL.media(try story.media.requireID(), .play),
                    renameAction: SiteURL.itemAudioRename(.value(itemID), .value(storyID)).path,
                    deleteHref: SiteURL.itemAudioDelete(.value(itemID), .value(storyID)).path,
                    waveform: story.media.waveform ?? [], transcript: nil
                )
            }
        photoUploadAction = SiteURL.itemPhotos(.value(itemID)).path
        documentUploadAction = SiteURL.itemDocuments(.value(itemID)).path
        audioUploadAction = SiteURL.itemAudio(.value(itemID)).path
        audioApiUrl = SiteURL.apiItemAudio(.value(itemID)).path
    }
}

extension ItemPages.Index {
    /// The list as a viewer sees it when the household keeps values from viewers: things, not what they are worth.
    mutating func hideValues() {
        showsValues = false
        for index in groups.indices {
            groups[index].totals = []
            for card in groups[index].items.indices { groups[index].items[card].value = "" }
        }
        for index in results.indices { results[index].value = "" }
    }
}

extension ItemPages.Show {
    /// The page as a viewer sees it when the household keeps values from viewers.
    mutating func hideValues() {
        showsValues = false
        item.estimatedValue = ""
        item.suggestedNew = ""
        item.suggestedUsed = ""
        item.purchasePrice = ""
        appraisal = nil
        disposition?.amountDisplay = ""
        disposition?.amount = ""
    }
}
