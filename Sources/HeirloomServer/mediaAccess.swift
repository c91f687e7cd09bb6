import Foundation

extension MediaAccessRules {
    /// Who may see the files of each feature: one line per feature that attaches media, as
    /// `migrations.swift` lists migrations. A file whose feature has no line here is seen by nobody.
    func registerHeirloomRules(clock: @escaping @Sendable () -> Date) {
        // Items are the household's: every member may see their photos, documents and stories.
        register(ItemService.mediaOwnerType, ItemMediaAccess.rule)
        // A journal card's recording is its author's alone, and only while the card's drawer is open.
        register(JournalCardService.mediaOwnerType, JournalMediaAccess.rule(clock: clock))
        // Memories and people's pictures are the household's: every member may see them.
        register(MemoryService.mediaOwnerType, MemoryMediaAccess.memoryRule)
        register(PeopleService.mediaOwnerType, MemoryMediaAccess.personRule)
        // A batch's photos are seen by the household's editors and owners, who may add batches.
        register(AppraisalBatchService.mediaOwnerType, AppraisalMediaAccess.rule)
        // A binder paper is seen by whoever may read its entry: the holder, and owners unless it is the holder's alone.
        register(BinderService.mediaOwnerType, BinderMediaAccess.rule(clock: clock))
        // A letter's recording is its writer's, and the owners' when the writer shares the letter with them.
        register(LetterService.mediaOwnerType, LetterMediaAccess.rule)
    }
}
