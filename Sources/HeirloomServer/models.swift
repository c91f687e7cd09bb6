import Fluent

/// Every Fluent model of the hub, one line each: `ModelPropertiesTests` checks each one's properties against
/// reflection, and that every table the migrations make belongs to a model here.
///
/// A model names its properties by hand (`var properties: [any AnyProperty]`, in the order they are declared)
/// when it is read on every request (the sign-in's) or many rows at a time (list pages, their joins, eager
/// loading): Fluent otherwise finds them by reflection for every row it reads. A model that also reads its own
/// rows (`RowReadingModel`, for one with `@Children` or `@Siblings` read often) lists its columns and relations.
/// Any other model keeps Fluent's reflection. A new model is added here, whether it has a list or not.
enum ModelRegistry {
    static let all: [any Model.Type] = [
        // Accounts and households.
        Household.self, User.self, AuthToken.self, Invitation.self, HubState.self, PasswordLink.self,
        // Media.
        MediaObject.self,
        // Items, their files, sets, valuations and batches.
        Item.self, ItemPhoto.self, ItemDocument.self, ItemAudio.self, ItemSet.self, ItemSetMember.self,
        ItemValuation.self, AppraisalBatch.self, AppraisalBatchEntry.self,
        // Beneficiaries.
        Beneficiary.self, ItemBeneficiary.self,
        // The journal.
        JournalDrawer.self, JournalCard.self, JournalTag.self, JournalCardTag.self,
        // Memories and people.
        Person.self, Memory.self, MemoryPerson.self, MemoryMedia.self, FaceTag.self,
        // The Legacy Treasure Chest app's devices and the partner directory.
        GatewayDevice.self, AudioSummary.self, Partner.self,
        // Passing on, and the mail outbox.
        Estate.self, Executor.self, AuditEntry.self, LinkToken.self, OutboxMessage.self,
        // Downsizing: liquidation briefs and plans, sales and lots.
        StoredBrief.self, LiquidationPlanStep.self, Sale.self, Lot.self, LotMember.self, LotNotice.self,
        // Dividing fairly: wish rounds.
        WishRound.self, WishRoundThing.self, WishParticipant.self, Wish.self, WishRun.self, WishPick.self,
        // The estate binder.
        BinderEntry.self, BinderSectionSetting.self, BinderDocument.self, BinderTick.self, BinderLook.self,
        ExecutorAddressCheck.self, BinderNotice.self,
        // Letters for later.
        Letter.self, LetterRecipient.self, MemberPassing.self,
        // Several servers on one database: throttles' counts, the claimed runs of whole jobs, followed exports.
        ThrottleWindow.self, JobRun.self, ExportDownload.self,
        // Moves of the media between stores.
        MediaMove.self, MediaMoveCopy.self,
        // Typed copies of recordings.
        Transcript.self,
        // A question each week: storytellers, their questions, and members' mail choices.
        Storyteller.self, StoryQuestion.self, MemberPreference.self,
    ]
}
