import Foundation
import HeirloomAPI
import HeirloomCore
import Vapor

/// Absolute addresses of media files for the app's answers: signed for the paired phone that asked, or the
/// hub's own authenticated addresses for any other caller.
struct AppMediaLinks: Sendable {
    let url: @Sendable (UUID, MediaVariant) -> String

    init(request: Request, principal: Principal) {
        let base = request.heirloom.services.lan.address?.baseURL ?? request.heirloom.config.publicBaseURL
        if let secret = request.appToken {
            let signer = SignedMediaURL.Signer(
                baseURL: base, phoneID: principal.tokenID, tokenHash: SecretToken.hash(secret),
                now: request.heirloom.now)
            url = { signer.url($0, $1) }
        } else {
            let publicBase = request.heirloom.config.publicBaseURL
            url = { publicBase + SiteURL.media($0, $1) }
        }
    }

    func callAsFunction(_ media: MediaObject, _ variant: MediaVariant) -> String? { media.id.map { url($0, variant) } }
}

extension Components.Schemas.AppMemory {
    /// A memory as the app decodes it (`FamilyMemory`).
    init(_ memory: Memory, links: AppMediaLinks) throws {
        let files = memory.media.sorted { $0.position < $1.position }.map(\.media)
        let first = files.first
        let kind = memory.memoryKind
        let people = memory.people.sorted { $0.nameKey < $1.nameKey }
        let names = Dictionary(people.compactMap { person in person.id.map { ($0, person.name) } }) { a, _ in a }
        let added = MemoryPalaceFields.timestamp(memory.createdAt ?? Date())
        self.init(
            id: try memory.requireID(),
            _type: .init(rawValue: kind.rawValue) ?? .text,
            title: memory.title,
            description: memory.description ?? "",
            content: memory.content,
            whoWasThere: people.isEmpty ? nil : people.map(\.name).joined(separator: ", "),
            whenWasThis: MemoryPalaceFields.whenWasThis(memory.date),
            whereWasThis: memory.location,
            context: memory.context,
            duration: first?.durationSeconds,
            timestamp: added,
            deviceName: memory.deviceName ?? "Heirloom",
            imageUrl: kind == .photo
                ? first.flatMap { links($0, $0.displaySHA256 == nil ? .original : .display) } : nil,
            thumbnailUrl: first?.thumbnailSHA256 == nil ? nil : first.flatMap { links($0, .thumbnail) },
            audioUrl: kind == .voice ? first.flatMap { links($0, .play) } : nil,
            videoUrl: kind == .video ? first.flatMap { links($0, .original) } : nil,
            faceTags: try memory.faces.sorted { ($0.id ?? 0) < ($1.id ?? 0) }.map { face in
                let name = face.$person.id.flatMap { names[$0] }
                return .init(
                    id: String(try face.requireID()), personId: face.$person.id, personName: name,
                    boundingBox: .init(x: face.x, y: face.y, width: face.width, height: face.height),
                    confidence: 1, detectedAt: added, taggedAt: name == nil ? nil : added)
            })
    }
}

extension Components.Schemas.AppPerson {
    /// A person as the app decodes it (`ServerPerson`); the family's people are never the app's "primary" one.
    init(_ person: Person, links: AppMediaLinks) throws {
        let created = person.createdAt ?? Date()
        self.init(
            id: try person.requireID(),
            name: person.name,
            relationship: person.relationship,
            createdAt: MemoryPalaceFields.timestamp(created),
            lastSeenAt: MemoryPalaceFields.timestamp(person.updatedAt ?? created),
            avatarUrl: person.$avatar.value.flatMap { $0 }.flatMap {
                links($0, $0.thumbnailSHA256 == nil ? .original : .thumbnail)
            },
            isPrimary: false)
    }
}
