import Fluent
import Foundation
import HeirloomCore

extension PeopleService {
    /// Stores an uploaded picture as the person's avatar, replacing (and freeing) the one before.
    func setAvatar<Chunks: AsyncSequence>(of id: Int, _ chunks: Chunks, fileName: String?, by principal: Principal)
        async throws -> Person where Chunks.Element: Collection<UInt8>
    {
        try principal.requireEditor()
        _ = try await find(id, householdID: principal.householdID)
        let upload = try await media.ingest(
            chunks, fileName: fileName, use: .photo,
            origin: .init(householdID: principal.householdID, uploaderID: principal.userID))
        return try await adoptAvatar(upload, for: id, by: principal)
    }

    /// Makes an upload not yet attached to anything the person's avatar; on failure the upload is deleted.
    func adoptAvatar(_ upload: MediaObject, for id: Int, by principal: Principal) async throws -> Person {
        do {
            try principal.requireEditor()
            _ = try await find(id, householdID: principal.householdID)
            upload.ownerType = Self.mediaOwnerType
            upload.ownerID = String(id)
            try await upload.save(on: db)
        } catch {
            try? await media.delete([upload])
            throw error
        }
        return try await replaceAvatar(of: id, with: upload, householdID: principal.householdID)
    }

    /// Makes the avatar from a face tagged on a memory's photo: a square around the box, cut from the
    /// upright display size.
    func setAvatar(of id: Int, fromFace faceTagID: Int, by principal: Principal) async throws -> Person {
        try principal.requireEditor()
        _ = try await find(id, householdID: principal.householdID)
        guard
            let face = try await FaceTag.query(on: db).filter(\.$id == faceTagID)
                .join(Memory.self, on: \FaceTag.$memory.$id == \Memory.$id)
                .filter(Memory.self, \.$household.$id == principal.householdID).first()
        else { throw AppError.notFound("face") }
        let photos = try await MemoryMedia.query(on: db).filter(\.$memory.$id == face.$memory.id)
            .with(\.$media).sort(\.$position).all()
        guard photos.indices.contains(face.photoIndex), let display = photos[face.photoIndex].media.displaySHA256
        else { throw AppError.notFound("photo") }
        let pipeline = media.pipeline
        let cropped = try await pipeline.store.withLocalFile(display) {
            try await FaceCrop.cut($0, box: face.box, pipeline: pipeline)
        }
        defer { try? FileManager.default.removeItem(at: cropped) }
        let object = try await media.ingest(
            FileChunks(url: cropped), fileName: "face.jpg", use: .photo,
            origin: .init(
                householdID: principal.householdID, uploaderID: principal.userID,
                ownerType: Self.mediaOwnerType, ownerID: String(id)))
        return try await replaceAvatar(of: id, with: object, householdID: principal.householdID)
    }

    private func replaceAvatar(of id: Int, with object: MediaObject, householdID: UUID) async throws -> Person {
        let person: Person
        do {
            person = try await find(id, householdID: householdID)
        } catch {
            try? await media.delete([object])
            throw error
        }
        person.$avatar.id = try object.requireID()
        try await person.save(on: db)
        // Frees every earlier picture of the person but the one now shown, read afresh, so that two uploads
        // at the same moment leave neither picture behind unseen.
        let current = try await find(id, householdID: householdID)
        let earlier = try await MediaObject.query(on: db).filter(\.$ownerType == Self.mediaOwnerType)
            .filter(\.$ownerID == String(id)).all().filter { $0.id != current.$avatar.id }
        if !earlier.isEmpty { try await media.delete(earlier) }
        return try await find(id, householdID: householdID)
    }
}

/// Cuts a face out of an upright picture with the vips command-line tool.
enum FaceCrop {
    static func cut(_ input: URL, box: FaceBox, pipeline: MediaPipeline) async throws -> URL {
        let info = try await pipeline.images.probe(input)
        let width = Double(info.width)
        let height = Double(info.height)
        // A square a little larger than the face, so the hair and chin are in it, kept inside the picture.
        let side = min((max(box.width * width, box.height * height) * 1.4).rounded(), width, height)
        let centreX = (box.x + box.width / 2) * width
        let centreY = (box.y + box.height / 2) * height
        let left = min(max(0, centreX - side / 2), width - side).rounded(.down)
        let top = min(max(0, centreY - side / 2), height - side).rounded(.down)
        let output = pipeline.store.temporaryFile(".jpg")
        let result = try await ExternalTool.run(
            "vips",
            [
                "crop", input.path, output.path + "[Q=88,strip]", "\(Int(left))", "\(Int(top))", "\(max(1, Int(side)))",
                "\(max(1, Int(side)))",
            ],
            timeout: 60)
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: output)
            throw MediaError.unreadable("the face could not be cut out: \(result.errorOutput)")
        }
        return output
    }
}
