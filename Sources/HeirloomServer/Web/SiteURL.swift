import Foundation
import HeirloomCore

/// Every path the web pages link to and the server registers outside the generated API.
///
/// Route registration (`routes.swift`), redirects and page models all name paths through this enum, so a
/// renamed path is a compiler error rather than a dead link. A case's parameters are `.key` when a route is
/// registered and `.value(…)` when a link is made (in the spirit of SwiftPackageIndex-Server's `SiteURL`).
enum SiteURL: Sendable, Equatable {
    // Signing in and joining.
    case setup, login, logout, register
    case invite(Parameter<String>)
    case passwordLink(Parameter<String>)
    case passwordForgot

    case home

    // The treasure chest.
    case items, itemNew, itemReports, itemsDecide
    case item(Parameter<UUID>)
    case itemEdit(Parameter<UUID>)
    case itemDelete(Parameter<UUID>)
    case itemPhotos(Parameter<UUID>)
    case itemPhoto(Parameter<UUID>, Parameter<UUID>)
    case itemPhotoMove(Parameter<UUID>, Parameter<UUID>)
    case itemPhotoDelete(Parameter<UUID>, Parameter<UUID>)
    case itemDocuments(Parameter<UUID>)
    case itemDocumentEdit(Parameter<UUID>, Parameter<UUID>)
    case itemDocumentDelete(Parameter<UUID>, Parameter<UUID>)
    case itemAudio(Parameter<UUID>)
    case itemAudioRename(Parameter<UUID>, Parameter<UUID>)
    case itemAudioDelete(Parameter<UUID>, Parameter<UUID>)
    case transcript(Parameter<UUID>)
    case transcriptRetry(Parameter<UUID>)
    case itemDisposition(Parameter<UUID>)

    // Downsizing: sets of items that belong together.
    case sets
    case set(Parameter<UUID>)
    case setDisposition(Parameter<UUID>)
    case setMembers(Parameter<UUID>)
    case setMemberRemove(Parameter<UUID>, Parameter<UUID>)
    case setDelete(Parameter<UUID>)

    // The AI appraiser.
    case batches
    case batch(Parameter<UUID>)
    case batchRetry(Parameter<UUID>)
    case batchImport(Parameter<UUID>)
    case itemAppraisal(Parameter<UUID>)
    case itemAppraisalNotes(Parameter<UUID>)
    case itemAppraisalApply(Parameter<UUID>)
    case itemBeneficiariesSuggest(Parameter<UUID>)
    case itemBeneficiaryDraft(Parameter<UUID>, Parameter<UUID>)

    // Beneficiaries, and who receives each item.
    case beneficiaries, beneficiaryNew, beneficiariesImport
    case beneficiary(Parameter<UUID>)
    case beneficiaryEdit(Parameter<UUID>)
    case beneficiaryDelete(Parameter<UUID>)
    case itemBeneficiaries(Parameter<UUID>)
    case itemBeneficiaryNew(Parameter<UUID>)
    case itemBeneficiary(Parameter<UUID>, Parameter<UUID>)
    case itemBeneficiaryEdit(Parameter<UUID>, Parameter<UUID>)
    case itemBeneficiaryDelete(Parameter<UUID>, Parameter<UUID>)

    // The memory hub: memories and people (integer ids: the iPhone app keeps them).
    case memories, memoryNew
    case memory(Parameter<Int>)
    case memoryEdit(Parameter<Int>)
    case memoryFaces(Parameter<Int>)
    case memoryDelete(Parameter<Int>)
    case people
    case person(Parameter<Int>)
    case personEdit(Parameter<Int>)
    case personDelete(Parameter<Int>)
    case personAvatar(Parameter<Int>)
    case personAvatarFromFace(Parameter<Int>)

    // The private journal.
    case journal, journalUnlock, journalLock
    case journalDrawers
    case journalDrawer(Parameter<UUID>)
    case journalDrawerMove(Parameter<UUID>)
    case journalDrawerDelete(Parameter<UUID>)
    case journalCards, journalCardNew, journalVoiceCards
    case journalCard(Parameter<UUID>)
    case journalCardEdit(Parameter<UUID>)
    case journalCardDelete(Parameter<UUID>)

    // Settings and phones.
    case settings, settingsHousehold, settingsPassword, settingsInvitations, settingsEmailConfirmation
    case emailConfirmation(Parameter<String>)
    case settingsMemberRole(Parameter<UUID>)
    case settingsMemberRemove(Parameter<UUID>)
    case settingsMemberPasswordLink(Parameter<UUID>)
    case settingsInvitationRevoke(Parameter<UUID>)
    case settingsTokenRevoke(Parameter<UUID>)
    case devices
    case deviceRevoke(Parameter<UUID>)
    case settingsExport
    case hubSetup
    case gettingStartedDismiss

    // Passing on: the owners' settings and outbox, the executor's page and the recipient's page.
    case passingOn, passingOnSettings, passingOnExecutors, passingOnReopen, passingOnCancel, outbox
    case passingOnExecutorRemove(Parameter<UUID>)
    case passingOnPreview(Parameter<UUID>)
    case passingOnHeirEmail(Parameter<UUID>)
    case passingOnHeirLink(Parameter<UUID>)
    case passingOnWhatHappened
    // The estate binder: the holder's (and owners') pages, the executors' checklist, the address check.
    case binder, binderEntryNew, binderEntries, binderPreview, binderLook
    case binderEntry(Parameter<UUID>)
    case binderEntryEdit(Parameter<UUID>)
    case binderEntryDelete(Parameter<UUID>)
    case binderEntryPapers(Parameter<UUID>)
    case binderPaperDelete(Parameter<UUID>, Parameter<UUID>)
    case binderSection(Parameter<BinderSection>)
    case binderAddressCheck(Parameter<String>)
    case executorChecklistTick(Parameter<String>)
    case executorMemberReport(Parameter<UUID>)
    case outboxSent(Parameter<UUID>)
    case outboxResend(Parameter<UUID>)
    case beneficiaryInvite(Parameter<UUID>)
    case executorLink(Parameter<String>)
    case executorHome, executorReport
    case executorHeirLink(Parameter<UUID>)
    case stillHere(Parameter<String>)
    case recipientLink(Parameter<String>)
    case recipientHome
    case recipientItemAccept(Parameter<UUID>)
    case recipientItemDecline(Parameter<UUID>)
    // The Legacy Treasure Chest gateway: its devices (owners approve them) and the partner directory.
    case gatewayDevices
    case gatewayDeviceApprove(Parameter<UUID>)
    case gatewayDeviceRefuse(Parameter<UUID>)
    case gatewayDeviceRemove(Parameter<UUID>)
    case gatewayDeviceReplace(Parameter<UUID>)
    case gatewayDeviceQuota(Parameter<UUID>)
    case partners, partnerNew
    case partner(Parameter<UUID>)
    case partnerEdit(Parameter<UUID>)
    case partnerDelete(Parameter<UUID>)
    // Downsizing: liquidation briefs and plans, sales and their lots.
    case itemLiquidation(Parameter<UUID>)
    case itemLiquidationPlan(Parameter<UUID>)
    case itemLiquidationStep(Parameter<UUID>, Parameter<UUID>)
    case setLiquidation(Parameter<UUID>)
    case setLiquidationPlan(Parameter<UUID>)
    case setLiquidationStep(Parameter<UUID>, Parameter<UUID>)
    case sales, salesFromUndecided
    case sale(Parameter<UUID>)
    case saleLots(Parameter<UUID>)
    case lot(Parameter<UUID>)
    case saleDelete(Parameter<UUID>)
    case lotDelete(Parameter<UUID>)
    case lotEmpty(Parameter<UUID>)
    case apiSaleLabels(Parameter<UUID>)
    // Dividing fairly: wish rounds for their organiser (an owner, or a trusted contact after the release), and the
    // participant's page, reached from their emailed link.
    case wishRounds, wishRoundNew
    case wishRound(Parameter<UUID>)
    case wishRoundOpen(Parameter<UUID>)
    case wishRoundClose(Parameter<UUID>)
    case wishRoundDivide(Parameter<UUID>)
    case wishRoundAdjust(Parameter<UUID>)
    case wishRoundConfirm(Parameter<UUID>)
    case wishParticipantRemove(Parameter<UUID>, Parameter<UUID>)
    case wishParticipantLink(Parameter<UUID>, Parameter<UUID>)
    case wishParticipantLinkStop(Parameter<UUID>, Parameter<UUID>)
    case wishRoundTakePart(Parameter<UUID>)
    case wishLink(Parameter<String>)
    case wishHome, wishPick
    // Letters for later: the writer's letters, and the reader's page, reached from their emailed link.
    case letters, letterNew
    case letter(Parameter<UUID>)
    case letterEdit(Parameter<UUID>)
    case letterWithdraw(Parameter<UUID>)
    case letterRecording(Parameter<UUID>)
    case letterReaderLink(Parameter<UUID>, Parameter<UUID>)
    case letterLink(Parameter<String>)
    case letterHome
    // A question each week: the family's storytellers, and the storyteller's answer page from their emailed link.
    case storytellers
    case storyteller(Parameter<UUID>)
    case storytellerQuestions(Parameter<UUID>)
    case storytellerQuestion(Parameter<UUID>, Parameter<UUID>)
    case storytellerSendNow(Parameter<UUID>)
    case storytellerDelete(Parameter<UUID>)
    case storytellerBook(Parameter<UUID>)
    case storytellerBookPrint(Parameter<UUID>)
    case apiStorytellerBook(Parameter<UUID>)
    /// A printed book's QR code: one recording, for anyone holding the book (issue 45).
    case bookRecording(Parameter<String>)
    case bookRecordingFile(Parameter<String>)
    case storytellerBookLinkWithdraw(Parameter<UUID>, Parameter<UUID>)
    case storyNotices
    case storyLink(Parameter<String>)
    case storyLinkPhoto(Parameter<String>)
    case storyAnswer, storyAnswerPhoto, storyAnswerText, storyThanks
    /// The app's calls, without credentials (`TreasureChestGuardMiddleware`).
    case aiAnalyzeItemPhoto, aiAnalyzeItemText, aiSummarizeAudio, aiLiquidationBrief, aiLiquidationPlan
    case aiPartnersSearch

    // JSON API paths that pages link to or scripts call.
    case apiOpenAPIDocument
    case apiMedia(Parameter<UUID>, Parameter<MediaVariant>)
    case apiJournalCardAudio(Parameter<UUID>)
    /// A media file by an address signed for one paired phone (`SignedMediaURL`), loaded with no credentials.
    case signedMedia(Parameter<UUID>, Parameter<MediaVariant>)
    case apiItemAudio(Parameter<UUID>)
    case apiBatch(Parameter<UUID>)
    case apiExport, apiJournalExport
    case apiExportProgress(Parameter<String>)
    case apiReportEstate, apiReportInsurance
    case apiBeneficiaryPacket(Parameter<UUID>)
    case apiRecipientMedia(Parameter<UUID>, Parameter<MediaVariant>)
    case apiWishMedia(Parameter<UUID>, Parameter<MediaVariant>)
    case apiBinderFile(Parameter<UUID>, Parameter<MediaVariant>)
    case apiExecutorBinderPDF, apiBinderPacket
    case apiLetterPDF
    case apiLetterRecording(Parameter<MediaVariant>)
    /// Where a letter's writer keeps its recording (POST, as its "file"): the page's recorder sends it there.
    case apiLetterSetRecording(Parameter<UUID>)
    case apiAnswerPhoto
}

/// A path parameter: its placeholder when a route is registered, its value when a link is made.
enum Parameter<Value: Sendable & Equatable>: Sendable, Equatable {
    case key
    case value(Value)
}

/// The names of path parameters, shared by route registration and the handlers that read them.
enum RouteParameter: String, Sendable {
    case id, photoID, documentID, audioID, linkID, batchID, token, variant, stepID, memberID, paperID, section, task
}

/// The forms a stored file is served in (`/api/media/{id}/{variant}`).
enum MediaVariant: String, Sendable, Equatable, CaseIterable {
    case original, display, thumbnail, play
}
