import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Why the gateway refuses a call before it reaches the AI.
enum TreasureChestRefusal: Error, Sendable {
    /// The header is missing or not a UUID.
    case noDevice
    /// Not (yet) approved by an owner; a listed waiting phone's code goes with it.
    case notApproved(code: String?)
    /// Over the per-minute limits or the daily quota; wait this many seconds.
    case rateLimited(retryAfter: Int, daily: Bool)
}

/// The per-minute counts of every device, kept in the database (`ThrottleStore`) so that a phone's calls count
/// the same whichever of the hub's servers answers them.
struct TreasureChestLimiter: Sendable {
    /// Wrong approval codes: 10 per household and 30 per address in 15 minutes, so that codes are not guessed.
    let approvalGuesses = LoginThrottle("phone-approval", accountLimit: 10, addressLimit: 30)

    /// Counts the call when the device's limits allow it; otherwise answers how many seconds to wait.
    func admit(_ deviceKey: String, at now: Date, isAnalysis: Bool, on db: any Database) async throws -> Int? {
        let key = ThrottleStore.key("gateway", "device", deviceKey)
        return try await ThrottleStore(db: db).update(key, window: TreasureChestRateLimit.window, now: now) { moments in
            var limit = TreasureChestRateLimit(calls: moments.first ?? [], analyses: moments.dropFirst().first ?? [])
            let wait = limit.admit(at: now, isAnalysis: isAnalysis)
            if wait == nil { moments = [limit.calls, limit.analyses] }
            return wait
        }
    }
}

/// The devices that call the AI gateway: recording new ones, owners' approvals, and the limits.
struct TreasureChestDeviceService: Sendable {
    static let defaultDailyAnalyses = TreasureChestRateLimit.defaultDailyAnalyses
    /// At most this many devices wait for approval; others are refused without being listed.
    static let maximumWaiting = 50
    /// How long after an approved phone's call a recording's summary from the same address is its.
    static let addressWindow: TimeInterval = 24 * 60 * 60

    let db: any Database
    let now: Date
    /// Where owners' wrong approval codes are counted, and the address they come from (web and API).
    var guesses: (throttle: LoginThrottle, address: String)? = nil

    /// The device that may make this call, counting it; throws a `TreasureChestRefusal` otherwise.
    ///
    /// `requestID` is the id of this call's answer: a waiting phone shows its first characters, the code an owner
    /// approves it with.
    func admit(
        deviceKey raw: String?, address: String, requestID: String, isAnalysis: Bool, limiter: TreasureChestLimiter
    ) async throws -> GatewayDevice {
        let device: GatewayDevice
        if let raw {
            guard let uuid = UUID(uuidString: raw.trimmingCharacters(in: .whitespaces)) else {
                throw TreasureChestRefusal.noDevice
            }
            device = try await record(
                uuid.text, address: address, code: TreasureChestApproval.code(requestID: requestID))
        } else {
            // The app's recording summary carries no headers: it counts as the approved phone last seen at the
            // same address.
            guard
                let known = try await GatewayDevice.query(on: db).filter(\.$state == .approved)
                    .filter(\.$lastAddress == address).filter(
                        \.$lastSeenAt > now.addingTimeInterval(-Self.addressWindow)
                    )
                    .sort(\.$lastSeenAt, .descending).first()
            else { throw TreasureChestRefusal.noDevice }
            device = known
        }
        guard device.state == .approved, device.$household.id != nil else {
            let listed = device.state == .waiting && device.id != nil
            throw TreasureChestRefusal.notApproved(code: listed ? device.approvalCode : nil)
        }
        if let wait = try await limiter.admit(device.deviceKey, at: now, isAnalysis: isAnalysis, on: db) {
            throw TreasureChestRefusal.rateLimited(retryAfter: wait, daily: false)
        }
        if isAnalysis {
            guard let used = try await countAnalysis(of: try device.requireID()) else {
                throw TreasureChestRefusal.rateLimited(
                    retryAfter: TreasureChestRateLimit.secondsUntilNextDay(now), daily: true)
            }
            device.usageDay = TreasureChestRateLimit.day(now)
            device.analysesUsed = used
        }
        return device
    }

    /// Counts one analysis against today's quota in one conditional update, so that calls at the same time cannot
    /// all read the same count: the number used today with this one, or nil when the quota is used up.
    private func countAnalysis(of id: UUID) async throws -> Int? {
        let day = TreasureChestRateLimit.day(now)
        let usedToday = SQLQueryString("(CASE WHEN usage_day = \(bind: day) THEN analyses_used ELSE 0 END)")
        let rows = try await db.sql().update(GatewayDevice.schema)
            .set(SQLIdentifier("analyses_used"), to: SQLBinaryExpression(usedToday, .add, SQLLiteral.numeric("1")))
            .set("usage_day", to: day)
            .where("id", .equal, id)
            .where(usedToday, .lessThan, SQLIdentifier("daily_analyses"))
            .returning("analyses_used")
            .all()
        return try rows.first?.decode(column: "analyses_used", as: Int.self)
    }

    /// The device with this id, recorded as waiting when new (within the limits on waiting phones); its last call
    /// is noted, and a waiting phone's code.
    private func record(_ key: String, address: String, code: String) async throws -> GatewayDevice {
        if let device = try await GatewayDevice.query(on: db).filter(\.$deviceKey == key).first() {
            device.lastSeenAt = now
            device.lastAddress = address
            if device.state == .waiting { device.approvalCode = code }
            try await device.save(on: db)
            return device
        }
        // Waiting phones that stopped asking a day ago are forgotten, so made-up ids cannot fill the list for good,
        // and one address cannot take more than a few of its places.
        try await GatewayDevice.query(on: db).filter(\.$state == .waiting)
            .filter(\.$lastSeenAt < now.addingTimeInterval(-TreasureChestApproval.waitingLifetime)).delete()
        let device = GatewayDevice(deviceKey: key, seenAt: now, address: address)
        device.approvalCode = code
        guard try await GatewayDevice.query(on: db).filter(\.$state == .waiting).count() < Self.maximumWaiting,
            try await GatewayDevice.query(on: db).filter(\.$state == .waiting).filter(\.$lastAddress == address)
                .count() < TreasureChestApproval.waitingPerAddress
        else { return device }
        do {
            try await device.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Two first calls at once: the other one recorded it.
            return try await GatewayDevice.query(on: db).filter(\.$deviceKey == key).first() ?? device
        }
        return device
    }

    /// The devices an owner sees: every device waiting for approval (shown only by its fingerprint), and the
    /// household's own.
    func list(by principal: Principal) async throws -> (waiting: [GatewayDevice], own: [GatewayDevice]) {
        try principal.requireOwner()
        let waiting = try await GatewayDevice.query(on: db).filter(\.$state == .waiting)
            .filter(\.$lastSeenAt >= now.addingTimeInterval(-TreasureChestApproval.waitingLifetime))
            .sort(\.$lastSeenAt, .descending).all()
        let own = try await GatewayDevice.query(on: db).filter(\.$household.$id == principal.householdID)
            .sort(\.$firstSeenAt, .ascending).all()
        return (waiting, own)
    }

    /// Lets one of the household's devices (a refused one, say) work for it again.
    func approve(_ id: UUID, name: String?, dailyAnalyses: Int?, by principal: Principal) async throws {
        try await approve(try await find(id, by: principal), name: name, dailyAnalyses: dailyAnalyses, by: principal)
    }

    /// Lets the phone an owner names by its full device id, or by the code it shows while waiting, work for the
    /// owner's household. A device id nobody has seen yet is approved before its first call.
    func approve(entered raw: String, name: String?, dailyAnalyses: Int?, by principal: Principal) async throws
        -> GatewayDevice
    {
        try principal.requireOwner()
        let device: GatewayDevice
        switch TreasureChestApproval.entry(raw) {
        case .deviceID(let key):
            if let known = try await GatewayDevice.query(on: db).filter(\.$deviceKey == key).first() {
                guard known.state == .waiting || known.$household.id == principal.householdID else {
                    throw Self.noSuchPhone
                }
                device = known
            } else {
                device = GatewayDevice(deviceKey: key, seenAt: now, address: nil)
            }
        case .code(let code):
            let household = principal.householdID.uuidString
            try await guesses?.throttle.reserve(account: household, address: guesses?.address ?? "", now: now, on: db)
            let matching = try await GatewayDevice.query(on: db).filter(\.$state == .waiting)
                .filter(\.$approvalCode == code)
                .filter(\.$lastSeenAt >= now.addingTimeInterval(-TreasureChestApproval.waitingLifetime)).limit(2).all()
            guard matching.count == 1, let only = matching.first else { throw Self.noSuchPhone }
            try await guesses?.throttle.succeeded(
                account: household, address: guesses?.address ?? "", reservedAt: now, on: db)
            device = only
        case nil:
            throw AppError.invalid(
                FieldError(
                    field: "device",
                    message: "Please type the eight-character code the phone shows after its message, or its full "
                        + "device id."))
        }
        try await approve(device, name: name, dailyAnalyses: dailyAnalyses, by: principal)
        return device
    }

    private static var noSuchPhone: AppError {
        AppError.invalid(
            FieldError(
                field: "device",
                message: "No phone waiting for approval has this code or id. Use an AI feature on the phone once "
                    + "more and type the code shown with its latest message."))
    }

    private func approve(_ device: GatewayDevice, name: String?, dailyAnalyses: Int?, by principal: Principal)
        async throws
    {
        device.state = .approved
        device.approvalCode = nil
        device.$household.id = principal.householdID
        device.name = try Self.name(name) ?? device.name
        if let dailyAnalyses { device.dailyAnalyses = try Self.quota(dailyAnalyses) }
        device.approvedAt = now
        do {
            try await device.save(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // The phone's first call recorded it while it was being approved by its id.
            throw AppError.conflict(
                code: "device_changed", message: "The phone called the hub just now. Please try again.")
        }
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

    /// A phone whose app was reinstalled or its data erased asks again under a new id: it takes the place of the
    /// approved phone it replaces (its name and daily analyses), which is then forgotten. Only a waiting phone that
    /// asked from the address the old one last used is offered, and taken.
    func replace(_ oldID: UUID, with waitingID: UUID, by principal: Principal) async throws {
        let old = try await find(oldID, by: principal)
        guard old.state == .approved, let address = old.lastAddress,
            let waiting = try await GatewayDevice.find(waitingID, on: db), waiting.state == .waiting,
            waiting.lastAddress == address,
            (waiting.lastSeenAt ?? .distantPast) >= now.addingTimeInterval(-TreasureChestApproval.waitingLifetime)
        else { throw Self.noSuchPhone }
        // The new phone first: were the old one forgotten first and this failed, neither would work.
        try await approve(waiting, name: old.name, dailyAnalyses: old.dailyAnalyses, by: principal)
        try await old.delete(on: db)
    }

    /// Changes an approved device's daily analysis quota.
    func setQuota(_ id: UUID, dailyAnalyses: Int, by principal: Principal) async throws {
        let device = try await find(id, by: principal)
        device.dailyAnalyses = try Self.quota(dailyAnalyses)
        try await device.save(on: db)
    }

    /// One of the owner's household's devices (a waiting one belongs to no household: it is approved with its
    /// code or id).
    private func find(_ id: UUID, by principal: Principal) async throws -> GatewayDevice {
        try principal.requireOwner()
        guard let device = try await GatewayDevice.find(id, on: db), device.$household.id == principal.householdID
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
        do {
            try TextLimit.check(
                name, maximum: 100, field: "name", tooLong: "The name can be at most 100 characters long.")
        } catch { throw AppError.invalid(error) }
        return name
    }
}
