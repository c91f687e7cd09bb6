import Fluent
import Foundation
import HeirloomCore

/// The writer's side of letters for later: write, list, read, change, postpone and withdraw a letter until it is
/// delivered. A letter is its writer's alone; the household's owners learn only that it exists, for whom and when,
/// unless the writer shares it with them. Anyone else is told it does not exist.
struct LetterService: Sendable {
    static let mediaOwnerType = "letter"

    let db: any Database
    let clock: @Sendable () -> Date
    let media: MediaService

    /// What a writer sends: the letter and whether the household's owners may read it before its day.
    struct Draft: Sendable {
        var input: LetterInput
        var sharedWithOwners: Bool
    }

    /// Writes a new letter, sealed until its day.
    func create(_ draft: Draft, by principal: Principal) async throws -> Letter {
        let checked = try await check(draft.input, by: principal)
        let letter = Letter()
        letter.$household.id = principal.householdID
        letter.$writer.id = principal.userID
        letter.writerName = principal.name
        letter.afterPassing = false
        letter.deliveredAt = nil
        apply(checked, shared: draft.sharedWithOwners, to: letter)
        try await db.transaction { db in
            try await letter.create(on: db)
            try await Self.replaceReaders(of: letter, with: checked.to, on: db)
        }
        return try await find(try letter.requireID(), by: principal)
    }

    /// The writer's own letters, the next to go first, delivered ones last.
    func mine(_ principal: Principal) async throws -> [Letter] {
        let letters = try await Letter.query(on: db).filter(\.$household.$id == principal.householdID)
            .filter(\.$writer.$id == principal.userID).with(\.$recipients).with(\.$recording).all()
        return letters.sorted(by: Self.order)
    }

    /// For an owner, the household's other letters: that they exist, for whom and when (their words only when
    /// shared). Empty for everyone else.
    func others(_ principal: Principal) async throws -> [Letter] {
        guard principal.role.canManageHousehold else { return [] }
        let letters = try await Letter.query(on: db).filter(\.$household.$id == principal.householdID)
            .group(.or) { $0.filter(\.$writer.$id != principal.userID).filter(\.$writer.$id == nil) }
            .with(\.$recipients).with(\.$recording).all()
        return letters.sorted(by: Self.order)
    }

    /// A letter its writer may read, or an owner when it is shared with them; 404 to anyone else.
    func find(_ id: UUID, by principal: Principal) async throws -> Letter {
        guard
            let letter = try await Letter.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).with(\.$recipients).with(\.$recording).first(),
            Self.mayRead(letter, principal)
        else { throw AppError.notFound("letter") }
        return letter
    }

    /// Changes a letter (its readers, words, day or sharing) until it is delivered; absent fields stay.
    func update(_ id: UUID, _ change: (inout Draft) -> Void, by principal: Principal) async throws -> Letter {
        let letter = try await changeable(id, by: principal)
        var draft = Self.draft(of: letter)
        change(&draft)
        let checked = try await check(draft.input, by: principal)
        apply(checked, shared: draft.sharedWithOwners, to: letter)
        letter.writerName = principal.name
        try await db.transaction { db in
            try await letter.save(on: db)
            try await Self.replaceReaders(of: letter, with: checked.to, on: db)
        }
        return try await find(id, by: principal)
    }

    /// Withdraws a letter before its day: it, its recording and its readers' links are gone at once.
    func withdraw(_ id: UUID, by principal: Principal) async throws {
        let letter = try await changeable(id, by: principal)
        let readers = try letter.recipients.map { try $0.requireID() }
        let recording = letter.recording.map { [$0] } ?? []
        try await media.delete(recording) { db in
            try await LinkToken.query(on: db).filter(\.$subjectID ~~ readers).delete()
            try await letter.delete(on: db)
        }
    }

    /// The letter as the writer last saved it, to change.
    static func draft(of letter: Letter) -> Draft {
        let readers = letter.recipients.sorted { $0.position < $1.position }
            .map { LetterRecipientInput(name: $0.name, email: $0.email) }
        return Draft(
            input: LetterInput(
                to: readers, subject: letter.subject, text: letter.text, day: letter.deliverOn,
                afterPassing: letter.afterPassing),
            sharedWithOwners: letter.sharedWithOwners)
    }

    /// The writer's letter while it may still change: 404 to anyone else, 409 once delivered or due.
    func changeable(_ id: UUID, by principal: Principal) async throws -> Letter {
        let letter = try await find(id, by: principal)
        guard letter.$writer.id == principal.userID else {
            throw AppError.forbidden("Only the letter's writer can change it.")
        }
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        let due = try await LetterWriterPassing.isDue(letter, estate: estate, at: clock(), on: db)
        if letter.deliveredAt != nil || due {
            throw AppError.conflict(
                code: "letter_delivered", message: "This letter has been delivered, so it can no longer be changed.")
        }
        return letter
    }

    static func mayRead(_ letter: Letter, _ principal: Principal) -> Bool {
        letter.$writer.id == principal.userID || (letter.sharedWithOwners && principal.role.canManageHousehold)
    }

    /// Who the member is as a writer: whether they may leave a letter for after their passing.
    func writer(_ principal: Principal) async throws -> (rules: LetterRules.Writer, zone: TimeZone) {
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        let writer = LetterRules.Writer(
            isEstateHolder: estate.$holder.id == principal.userID, membersMayWriteAfterPassing: estate.memberLetters)
        return (writer, estate.zone)
    }

    private func check(_ input: LetterInput, by principal: Principal) async throws -> CheckedLetter {
        let (writer, zone) = try await writer(principal)
        return try LetterRules.check(input, writer: writer, now: clock(), timeZone: zone)
    }

    private func apply(_ checked: CheckedLetter, shared: Bool, to letter: Letter) {
        letter.subject = checked.subject
        letter.text = checked.text
        letter.deliverOn = checked.delivery.day?.text
        letter.afterPassing = checked.delivery == .afterPassing
        letter.sharedWithOwners = shared
    }

    private static func replaceReaders(of letter: Letter, with readers: [LetterRecipientInput], on db: any Database)
        async throws
    {
        let letterID = try letter.requireID()
        try await LetterRecipient.query(on: db).filter(\.$letter.$id == letterID).delete()
        for (position, reader) in readers.enumerated() {
            try await LetterRecipient(letterID: letterID, name: reader.name, email: reader.email, position: position)
                .create(on: db)
        }
    }

    /// Undelivered first, by day (after-passing letters after dated ones), then delivered, newest first.
    private static func order(_ lhs: Letter, _ rhs: Letter) -> Bool {
        switch (lhs.deliveredAt, rhs.deliveredAt) {
        case (nil, .some): return true
        case (.some, nil): return false
        case (.some(let left), .some(let right)): return left > right
        case (nil, nil): return (lhs.deliverOn ?? "9999") < (rhs.deliverOn ?? "9999")
        }
    }
}
