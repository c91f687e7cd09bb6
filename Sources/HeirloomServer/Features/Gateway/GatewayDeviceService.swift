import Fluent
import Foundation
import HeirloomCore
import NIOConcurrencyHelpers

/// Why the gateway refuses a call before it reaches the AI.
enum GatewayRefusal: Error, Sendable {
    /// The header is missing or not a UUID.
    case noDevice
    /// Not (yet) approved by an owner.
    case notApproved
    /// Over the per-minute limits or the daily quota; wait this many seconds.
    case rateLimited(retryAfter: Int, daily: Bool)
}

/// The per-minute counts of every device, kept in memory (a restart forgets them, which only helps a phone).
final class GatewayLimiter: Sendable {
    private let limits = NIOLockedValueBox<[String: GatewayRateLimit]>([:])

    func admit(_ deviceKey: String, at now: Date, isAnalysis: Bool) -> Int? {
        limits.withLockedValue { all in
            var limit = all[deviceKey] ?? GatewayRateLimit()
            let wait = limit.admit(at: now, isAnalysis: isAnalysis)
            all[deviceKey] = limit
            return wait
        }
    }
}

/// The devices that call the AI gateway: recording new ones, owners' approvals, and the limits.
struct GatewayDeviceService: Sendable {
    static let defaultDailyAnalyses = GatewayRateLimit.defaultDailyAnalyses
    /// At most this many devices wait for approval; others are refused without being listed.
    static let maximumWaiting = 50
    /// How long after an approved phone's call a recording's summary from the same address is its.
    static let addressWindow: TimeInterval = 24 * 60 * 60

    let db: any Database
    let now: Date

    /// The device that may make this call, counting it; throws a `GatewayRefusal` otherwise.
    func admit(deviceKey raw: String?, address: String, isAnalysis: Bool, limiter: GatewayLimiter) async throws
        -> GatewayDevice
    {
        let device: GatewayDevice
        if let raw {
            guard let uuid = UUID(uuidString: raw.trimmingCharacters(in: .whitespaces)) else {
                throw GatewayRefusal.noDevice
            }
            device = try await record(uuid.text, address: address)
        } else {
            // The app's recording summary carries no headers: it counts as the approved phone last seen at the
            // same address.
            guard
                let known = try await GatewayDevice.query(on: db).filter(\.$state == .approved)
                    .filter(\.$lastAddress == address).filter(
                        \.$lastSeenAt > now.addingTimeInterval(-Self.addressWindow)
                    )
                    .sort(\.$lastSeenAt, .descending).first()
            else { throw GatewayRefusal.noDevice }
            device = known
        }
        guard device.state == .approved, device.$household.id != nil else { throw GatewayRefusal.notApproved }
        if let wait = limiter.admit(device.deviceKey, at: now, isAnalysis: isAnalysis) {
            throw GatewayRefusal.rateLimited(retryAfter: wait, daily: false)
        }
        if isAnalysis {
            let day = GatewayRateLimit.day(now)
            if device.usageDay != day {
                device.usageDay = day
                device.analysesUsed = 0
            }
            guard device.analysesUsed < device.dailyAnalyses else {
                throw GatewayRefusal.rateLimited(retryAfter: GatewayRateLimit.secondsUntilNextDay(now), daily: true)
            }
            device.analysesUsed += 1
            try await device.save(on: db)
        }
        return device
    }

    /// The device with this id, recorded as waiting when new; its last call is noted.
    private func record(_ key: String, address: String) async throws -> GatewayDevice {
        if let device = try await GatewayDevice.query(on: db).filter(\.$deviceKey == key).first() {
            device.lastSeenAt = now
            device.lastAddress = address
            try await device.save(on: db)
            return device
        }
        let waiting = try await GatewayDevice.query(on: db).filter(\.$state == .waiting).count()
        let device = GatewayDevice(deviceKey: key, seenAt: now, address: address)
        guard waiting < Self.maximumWaiting else { return device }
        do {
            try await device.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Two first calls at once: the other one recorded it.
            return try await GatewayDevice.query(on: db).filter(\.$deviceKey == key).first() ?? device
        }
        return device
    }

    /// The devices an owner sees: every device waiting for approval, and the household's own.
    func list(by principal: Principal) async throws -> (waiting: [GatewayDevice], own: [GatewayDevice]) {
        try principal.requireOwner()
        let waiting = try await GatewayDevice.query(on: db).filter(\.$state == .waiting)
            .sort(\.$lastSeenAt, .descending).all()
        let own = try await GatewayDevice.query(on: db).filter(\.$household.$id == principal.householdID)
            .sort(\.$firstSeenAt, .ascending).all()
        return (waiting, own)
    }

    /// Lets a waiting (or this household's refused) device work for the owner's household.
    func approve(_ id: UUID, name: String?, dailyAnalyses: Int?, by principal: Principal) async throws {
        let device = try await find(id, by: principal)
        device.state = .approved
        device.$household.id = principal.householdID
        device.name = try Self.name(name) ?? device.name
        if let dailyAnalyses { device.dailyAnalyses = try Self.quota(dailyAnalyses) }
        device.approvedAt = now
        try await device.save(on: db)
    }

    /// Refuses the device's calls from now on.
    func refuse(_ id: UUID, by principal: Principal) async throws {
        let device = try await find(id, by: principal)
        device.state = .refused
        device.$household.id = principal.householdID
        try await device.save(on: db)
    }

    /// Forgets the device: its next call waits for approval again.
    func remove(_ id: UUID, by principal: Principal) async throws {
        try await find(id, by: principal).delete(on: db)
    }

    /// Changes an approved device's daily analysis quota.
    func setQuota(_ id: UUID, dailyAnalyses: Int, by principal: Principal) async throws {
        let device = try await find(id, by: principal)
        device.dailyAnalyses = try Self.quota(dailyAnalyses)
        try await device.save(on: db)
    }

    /// A device waiting for anyone, or one of the owner's household.
    private func find(_ id: UUID, by principal: Principal) async throws -> GatewayDevice {
        try principal.requireOwner()
        guard let device = try await GatewayDevice.find(id, on: db),
            device.state == .waiting || device.$household.id == principal.householdID
        else { throw AppError.notFound("device") }
        return device
    }

    static func quota(_ value: Int) throws -> Int {
        guard (0...1000).contains(value) else {
            throw AppError.invalid(
                FieldError(field: "dailyAnalyses", message: "The daily number of analyses must be from 0 to 1,000."))
        }
        return value
    }

    static func name(_ raw: String?) throws -> String? {
        guard let name = raw?.trimmingWhitespace(), !name.isEmpty else { return nil }
        guard name.count <= 100 else {
            throw AppError.invalid(FieldError(field: "name", message: "The name can be at most 100 characters long."))
        }
        return name
    }
}
