import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.RecipientItem {
    /// A released item as its recipient sees it: its value only when the owner chose to show values.
    /// `ownReason`: the heir reads it (not an owner's preview), so the wish round's reason to them is given.
    init(_ link: ItemBeneficiary, showValues: Bool, ownReason: Bool = true) throws {
        let item = link.item
        let value = showValues ? item.money(item.estimatedValue) : nil
        self.init(
            id: try item.requireID().text,
            name: item.name,
            description: item.description,
            category: ItemCategory.normalise(item.category).rawValue,
            personalMessage: link.personalMessage,
            divisionReason: ownReason ? link.divisionReason : nil,
            estimatedValue: value?.decimalString,
            currencyCode: value?.currency.code,
            notificationStatus: .init(rawValue: link.notificationStatus) ?? .notSent,
            photos: try item.photos.sorted { $0.position < $1.position }.map { try .init($0.media) },
            documents: try item.documents.sorted { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
                .map { try .init($0) },
            audioStories: try item.audioStories.map { try .init($0.media, name: $0.title) }
        )
    }
}

extension Components.Schemas.RecipientFile {
    /// A document as its recipient reads it: the family's title when there is one, and what it is.
    init(_ document: ItemDocument) throws {
        try self.init(
            document.media, name: DocumentTitle.shown(title: document.title, fileName: document.media.originalName))
        fileName = document.media.originalName
        documentType = .init(document.type)
    }

    init(_ media: MediaObject, name: String? = nil) throws {
        let id = try media.requireID()
        func url(_ variant: MediaVariant) -> String { SiteURL.apiRecipientMedia(.value(id), .value(variant)).path }
        let isAudio = media.kind == .audio || media.kind == .video
        self.init(
            id: id.text,
            name: name ?? media.originalName,
            url: url(isAudio ? .play : .original),
            displayUrl: media.displaySHA256 == nil ? nil : url(.display),
            thumbnailUrl: media.thumbnailSHA256 == nil ? nil : url(.thumbnail),
            width: media.width,
            height: media.height,
            durationSeconds: media.durationSeconds
        )
    }
}
