import Fluent
import Foundation

extension HouseholdImport {
    /// Throws `exists` when the hub holds the household, a member's email address, or any record with an id of
    /// the export: an import never takes over, overwrites or attaches to another household's rows.
    func refuseExisting(_ records: ExportSnapshot) async throws {
        let household = records.household
        if let existing = try await Household.find(household.id, on: db) {
            throw ImportError.exists(
                "This hub already holds the household “\(existing.name)” (\(household.id)). Nothing was imported. "
                    + "To bring it back from this export, import into a new data folder, or remove it first.")
        }
        let emails = records.members.map(\.email)
        if let taken = try await User.query(on: db).filter(\.$email ~~ emails).first() {
            throw ImportError.exists(
                "\(taken.email) already has an account on this hub, so the household cannot be imported here. "
                    + "Nothing was imported.")
        }
        let items = records.items
        let memories = records.memories
        try await refuse(User.self, records.members.map(\.id), "members.json", "member")
        try await refuse(MediaObject.self, records.media.map(\.id), "media.json", "media record")
        try await refuse(Item.self, items.map(\.id), "items.json", "item")
        try await refuse(ItemPhoto.self, items.flatMap(\.photos).map(\.id), "items.json", "photo")
        try await refuse(ItemDocument.self, items.flatMap(\.documents).map(\.id), "items.json", "document")
        try await refuse(ItemAudio.self, items.flatMap(\.stories).map(\.id), "items.json", "story")
        try await refuse(ItemValuation.self, items.compactMap(\.valuation?.id), "items.json", "valuation")
        try await refuse(Beneficiary.self, records.beneficiaries.map(\.id), "beneficiaries.json", "beneficiary")
        try await refuse(ItemBeneficiary.self, records.links.map(\.id), "links.json", "link")
        try await refuse(Person.self, records.people.map(\.id), "people.json", "person")
        try await refuse(Memory.self, memories.map(\.id), "memories.json", "memory")
        try await refuse(MemoryMedia.self, memories.flatMap(\.files).map(\.id), "memories.json", "memory file")
        try await refuse(FaceTag.self, memories.flatMap(\.faces).map(\.id), "memories.json", "face")
        try await refuse(ItemSet.self, records.sets.map(\.id), "sets.json", "set")
        try await refuse(ItemSetMember.self, records.sets.flatMap(\.members).map(\.id), "sets.json", "set member")
        let binder = records.binder
        try await refuse(BinderEntry.self, binder.entries.map(\.id), "binder.json", "binder entry")
        try await refuse(BinderDocument.self, binder.entries.flatMap(\.papers).map(\.id), "binder.json", "paper")
        try await refuse(BinderSectionSetting.self, binder.sections.map(\.id), "binder.json", "binder section")
        try await refuse(BinderTick.self, binder.ticks.map(\.id), "binder.json", "checklist tick")
        let letters = records.letters
        try await refuse(Letter.self, letters.letters.map(\.id), "letters.json", "letter")
        try await refuse(LetterRecipient.self, letters.letters.flatMap(\.to).map(\.id), "letters.json", "letter reader")
        try await refuse(MemberPassing.self, letters.passings.map(\.id), "letters.json", "passing")
        let storytellers = records.storytellers.storytellers
        try await refuse(Storyteller.self, storytellers.map(\.id), "storytellers.json", "storyteller")
        try await refuse(
            StoryQuestion.self, storytellers.flatMap(\.questions).map(\.id), "storytellers.json", "question")
    }

    private func refuse<Row: Model>(_ model: Row.Type, _ ids: [Row.IDValue], _ file: String, _ what: String)
        async throws
    {
        var start = 0
        while start < ids.count {
            let chunk = Array(ids[start..<min(ids.count, start + 500)])
            start += 500
            if let row = try await Row.query(on: db).filter(\._$id ~~ chunk).first(), let id = row.id {
                throw ImportError.exists(
                    "The \(what) \(id) of \(file) is already on this hub, in another household, so the household "
                        + "cannot be imported here. Nothing was imported.")
            }
        }
    }
}
