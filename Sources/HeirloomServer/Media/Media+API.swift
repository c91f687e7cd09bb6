import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func uploadMedia(_ input: Operations.UploadMedia.Input) async throws -> Operations.UploadMedia.Output {
        let principal = try principal
        try principal.requireEditor()
        guard case .binary(let body) = input.body else {
            throw AppError.badRequest("Send the file as the request body.")
        }
        let use = MediaUse(input.query.use)
        let object = try await request.heirloom.media.ingest(
            body,
            fileName: input.query.fileName,
            use: use,
            origin: .init(householdID: principal.householdID, uploaderID: principal.userID)
        )
        return .created(.init(body: .json(try .init(object))))
    }

    func getMedia(_ input: Operations.GetMedia.Input) async throws -> Operations.GetMedia.Output {
        let object = try await visibleMedia(input.path.id)
        return .ok(.init(body: .json(try .init(object))))
    }

    func deleteMedia(_ input: Operations.DeleteMedia.Input) async throws -> Operations.DeleteMedia.Output {
        try principal.requireEditor()
        let object = try await visibleMedia(input.path.id)
        guard object.ownerType == nil else {
            throw AppError.conflict(
                code: "media_attached",
                message: "This file belongs to something in the household; delete it from there."
            )
        }
        try await request.heirloom.media.delete([object])
        return .noContent(.init())
    }

    /// A media object the signed-in member may see, or not found.
    private func visibleMedia(_ rawID: String) async throws -> MediaObject {
        let principal = try principal
        let request = try request
        let object = try await request.heirloom.media.find(try uuid(rawID, "file"), householdID: principal.householdID)
        guard try await request.heirloom.services.mediaAccess.allows(principal, object, db: request.db) else {
            throw AppError.notFound("file")
        }
        return object
    }
}

extension MediaUse {
    init(_ use: Components.Schemas.MediaUse) {
        switch use {
        case .photo: self = .photo
        case .document: self = .document
        case .audio: self = .audio
        case .video: self = .video
        }
    }
}

extension Components.Schemas.MediaFile {
    init(_ object: MediaObject) throws {
        self.init(try MediaRecord(object))
    }

    init(_ object: MediaRecord) {
        let mediaID = object.id
        let kind: Components.Schemas.MediaKind =
            switch object.kind {
            case .image: .image
            case .video: .video
            case .audio: .audio
            case .document: .document
            }
        self.init(
            id: mediaID.text,
            kind: kind,
            format: object.format.rawValue,
            fileName: object.originalName,
            sizeBytes: object.sizeBytes,
            width: object.width,
            height: object.height,
            takenAt: object.takenAt,
            durationSeconds: object.durationSeconds,
            waveform: object.waveform,
            pageCount: object.pageCount,
            originalUrl: SiteURL.media(mediaID, .original),
            displayUrl: object.hasDisplaySize ? SiteURL.media(mediaID, .display) : nil,
            thumbnailUrl: object.hasThumbnail ? SiteURL.media(mediaID, .thumbnail) : nil,
            playUrl: object.kind == .audio || object.kind == .video ? SiteURL.media(mediaID, .play) : nil,
            createdAt: object.createdAt ?? Date()
        )
    }
}
