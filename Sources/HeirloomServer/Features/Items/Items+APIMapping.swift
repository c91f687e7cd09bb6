import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.Item {
    init(_ item: Item) throws {
        let photos = item.$photos.value ?? []
        let documents = item.$documents.value ?? []
        let stories = item.$audioStories.value ?? []
        self.init(
            id: try item.requireID().uuidString,
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
            photos: try photos.sorted { $0.position < $1.position }.map(Components.Schemas.ItemPhoto.init),
            documents: try documents.sorted { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
                .map(Components.Schemas.ItemDocument.init),
            audioStories: try stories.sorted { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
                .map(Components.Schemas.AudioStory.init),
            quantity: item.quantity,
            disposition: .init(item.disposition)
        )
    }
}

extension Components.Schemas.ItemPhoto {
    init(_ photo: ItemPhoto) throws {
        let media = try Components.Schemas.MediaFile(photo.media)
        self.init(
            id: try photo.requireID().uuidString,
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
    init(_ document: ItemDocument) throws {
        let media = try Components.Schemas.MediaFile(document.media)
        self.init(
            id: try document.requireID().uuidString,
            fileName: media.fileName,
            kind: document.media.format.label,
            sizeBytes: media.sizeBytes,
            url: media.originalUrl,
            thumbnailUrl: media.thumbnailUrl,
            pageCount: media.pageCount
        )
    }
}

extension Components.Schemas.AudioStory {
    init(_ story: ItemAudio) throws {
        let media = try Components.Schemas.MediaFile(story.media)
        self.init(
            id: try story.requireID().uuidString,
            title: story.title,
            durationSeconds: media.durationSeconds ?? 0,
            waveform: media.waveform ?? [],
            url: media.playUrl ?? media.originalUrl,
            createdAt: story.createdAt ?? Date()
        )
    }
}
