import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// A member's journal drawers: made on first use, then created, renamed, reordered, locked and deleted.
struct JournalDrawerService: Sendable {
    /// The hub's database: lists read through `database.reading`.
    let database: HubDatabase

    var db: any Database { database.db }

    /// A drawer with the number of cards the reader may count (nil while it is locked).
    struct Listed: Sendable {
        var drawer: JournalDrawer
        var cardCount: Int?
    }

    /// What may change about a drawer; nil leaves it as it is.
    struct Changes: Sendable {
        var name: String?
        var isLocked: Bool?
        /// The drawer's new position, counted from 0.
        var sortOrder: Int?
    }

    /// The reader's drawers in order, making the five default drawers on first use.
    func drawers(of reader: JournalReader) async throws -> [JournalDrawer] {
        let userID = reader.userID
        let existing = try await database.reading { sql in
            try await sql.select().column("*").from(JournalDrawer.schema).where("user_id", .equal, userID)
                .orderBy("sort_order").orderBy("created_at").all()
                .map { try $0.decode(fluentModel: JournalDrawer.self) }
        }
        guard existing.isEmpty else { return existing }
        do {
            try await db.transaction { db in
                for (index, drawer) in JournalRules.defaultDrawers.enumerated() {
                    try await JournalDrawer(
                        userID: reader.userID, name: drawer.name, isLocked: drawer.isLocked, sortOrder: index
                    ).create(on: db)
                }
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Another request made them at the same moment.
        }
        return try await query(reader).sort(\.$sortOrder).sort(\.$createdAt).all()
    }

    /// The drawers with their card counts; a locked drawer's cards are not counted while it is locked.
    func listed(for reader: JournalReader) async throws -> [Listed] {
        var listed: [Listed] = []
        for drawer in try await drawers(of: reader) {
            let count =
                reader.canRead(drawer)
                ? try await JournalCard.query(on: db).filter(\.$drawer.$id == drawer.requireID()).count() : nil
            listed.append(Listed(drawer: drawer, cardCount: count))
        }
        return listed
    }

    /// How many cards the reader's locked drawers hold while they are closed: a number only, so that a journal
    /// whose drawers are all locked says what is behind the locks instead of looking empty.
    func cardsBehindLocks(for reader: JournalReader) async throws -> Int {
        let closed = try await drawers(of: reader).filter { !reader.canRead($0) }.map { try $0.requireID() }
        guard !closed.isEmpty else { return 0 }
        return try await JournalCard.query(on: db).filter(\.$drawer.$id ~~ closed).count()
    }

    /// One of the reader's drawers; anyone else's is not found.
    func drawer(_ id: UUID, of reader: JournalReader) async throws -> JournalDrawer {
        guard let drawer = try await query(reader).filter(\.$id == id).first() else {
            throw AppError.notFound("drawer")
        }
        return drawer
    }

    /// Adds a drawer at the end.
    func create(name rawName: String, isLocked: Bool, for reader: JournalReader) async throws -> JournalDrawer {
        let name = try JournalRules.drawerName(rawName)
        let drawers = try await drawers(of: reader)
        try requireUnique(name, among: drawers, except: nil)
        let drawer = JournalDrawer(
            userID: reader.userID, name: name, isLocked: isLocked, sortOrder: (drawers.map(\.sortOrder).max() ?? -1) + 1
        )
        try await save(drawer)
        return drawer
    }

    /// Renames, locks or unlocks, or moves a drawer. A locked drawer is renamed or made unlocked only while
    /// the journal is unlocked; locking and moving are always allowed.
    func update(_ id: UUID, _ changes: Changes, for reader: JournalReader) async throws -> JournalDrawer {
        let drawers = try await drawers(of: reader)
        guard let drawer = try drawers.first(where: { try $0.requireID() == id }) else {
            throw AppError.notFound("drawer")
        }
        if let rawName = changes.name {
            let name = try JournalRules.drawerName(rawName)
            if name != drawer.name {
                try reader.requireOpen(drawer)
                try requireUnique(name, among: drawers, except: id)
                drawer.name = name
            }
        }
        if let isLocked = changes.isLocked, isLocked != drawer.isLocked {
            if !isLocked { try reader.requireOpen(drawer) }
            drawer.isLocked = isLocked
        }
        try await db.transaction { db in
            if let position = changes.sortOrder {
                var order = drawers.filter { $0 !== drawer }
                order.insert(drawer, at: min(max(position, 0), order.count))
                for (index, each) in order.enumerated() where each.sortOrder != index || each === drawer {
                    each.sortOrder = index
                    try await each.save(on: db)
                }
            }
            try await drawer.save(on: db)
        }
        return drawer
    }

    /// Deletes a drawer; its cards first move to `moveTo`, which is required when it holds any.
    func delete(_ id: UUID, moveTo: UUID?, for reader: JournalReader) async throws {
        let drawers = try await drawers(of: reader)
        guard let drawer = try drawers.first(where: { try $0.requireID() == id }) else {
            throw AppError.notFound("drawer")
        }
        try reader.requireOpen(drawer)
        guard drawers.count > 1 else {
            throw AppError.conflict(
                code: "last_drawer", message: "Your journal needs at least one drawer. Make another one first.")
        }
        let cards = JournalCard.query(on: db).filter(\.$drawer.$id == id)
        let holdsCards = try await cards.count() > 0
        var found: JournalDrawer?
        if holdsCards {
            guard let moveTo, moveTo != id else {
                throw AppError.conflict(
                    code: "drawer_not_empty",
                    message: "This drawer holds cards. Please choose another drawer to move them to (moveTo).")
            }
            guard let chosen = try drawers.first(where: { try $0.requireID() == moveTo }) else {
                throw AppError.invalid(FieldError(field: "moveTo", message: "Please choose one of your drawers."))
            }
            try reader.requireOpen(chosen)
            found = chosen
        }
        let target = found
        try await db.transaction { db in
            if let target {
                try await JournalCard.query(on: db).filter(\.$drawer.$id == id)
                    .set(\.$drawer.$id, to: try target.requireID()).update()
            }
            try await drawer.delete(on: db)
        }
    }

    private func query(_ reader: JournalReader) -> QueryBuilder<JournalDrawer> {
        JournalDrawer.query(on: db).filter(\.$user.$id == reader.userID)
    }

    private func requireUnique(_ name: String, among drawers: [JournalDrawer], except id: UUID?) throws {
        let taken = try drawers.contains { try $0.requireID() != id && $0.name.lowercased() == name.lowercased() }
        if taken {
            throw AppError.invalid(FieldError(field: "name", message: "You already have a drawer called \(name)."))
        }
    }

    private func save(_ drawer: JournalDrawer) async throws {
        do {
            try await drawer.save(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.invalid(
                FieldError(field: "name", message: "You already have a drawer called \(drawer.name)."))
        }
    }
}
