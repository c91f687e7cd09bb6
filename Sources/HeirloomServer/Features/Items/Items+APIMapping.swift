import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.Item {
    init(_ item: Item) throws {
        self.init(try ItemRecord(item))
    }

    init(_ item: ItemRecord) {
        self.init(
            id: item.id.text,
            name: item.name,
            description: item.description,
            category: ItemCategory.normalise(item.category).rawValue,
            estimatedValue: item.money(item.estimatedValue)?.decimalString,
            currencyCode: item.currencyCode,
            suggestedPriceNew: item.money(item.suggestedPriceNew)?.decimalString,
            suggestedPriceUsed: item.money(item.suggestedPriceUsed)?.decimalString,
            purchasePrice: item.money(item.purchasePrice)?.decimalString,
            purchaseDate: item.purchaseDate,
            maker: item.maker,
            serialNumber: item.serialNumber,
            createdAt: item.createdAt ?? Date(),
            updatedAt: item.updatedAt ?? item.createdAt ?? Date(),
            photos: item.photos.map(Components.Schemas.ItemPhoto.init),
            documents: item.documents.map(Components.Schemas.ItemDocument.init),
            audioStories: item.stories.map(Components.Schemas.AudioStory.init),
            quantity: item.quantity,
            disposition: .init(item.disposition)
        )
    }
}

extension Components.Schemas.ItemPhoto {
    init(_ photo: ItemRecord.Photo) {
        let media = Components.Schemas.MediaFile(photo.media)
        self.init(
            id: photo.id.text,
            originalUrl: media.originalUrl,
            displayUrl: media.displayUrl ?? media.originalUrl,
            thumbnailUrl: media.thumbnailUrl ?? media.originalUrl,
            width: media.width ?? 0,
            height: media.height ?? 0,
            takenAt: media.takenAt
        )
    }
}

extension Components.Schemas.ItemDocument {
    init(_ document: ItemRecord.Document) {
        let media = Components.Schemas.MediaFile(document.media)
        self.init(
            id: document.id.text,
            fileName: media.fileName,
            kind: document.media.format.label,
            title: document.title,
            documentType: .init(document.type),
            sizeBytes: media.sizeBytes,
            url: media.originalUrl,
            thumbnailUrl: media.thumbnailUrl,
            pageCount: media.pageCount
        )
    }
}

extension Components.Schemas.DocumentType {
    init(_ type: DocumentType) {
        self = Self(rawValue: type.rawValue) ?? .other
    }
}

extension Components.Schemas.AudioStory {
    init(_ story: ItemRecord.Story) {
        let media = Components.Schemas.MediaFile(story.media)
        self.init(
            id: story.id.text,
            title: story.title,
            durationSeconds: media.durationSeconds ?? 0,
            waveform: media.waveform ?? [],
            url: media.playUrl ?? media.originalUrl,
            createdAt: story.createdAt ?? Date()
        )
    }
}
