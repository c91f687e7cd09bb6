import HeirloomAPI
import Vapor

/// The table of contents: every route, under the guard that lets a request reach it.
///
/// Web forms are checked for their CSRF field by `CSRFFormMiddleware` (upload forms check it in their stream).
/// Guards are middleware on each group: `member` needs someone signed in, `editor` an owner or editor,
/// `owner` an owner; `planner` is the editor guard for who-gets-what, which viewers are told does not exist.
///
/// Answered by middleware ahead of the router, and so not registered below (configure.swift chains them):
/// - `GET /metrics` (`MetricsMiddleware`) when `HEIRLOOM_METRICS_TOKEN` is set, for its bearer (401 otherwise).
/// - The Memory Palace app's calls that share Heirloom's routes, in the app's shapes, when they carry
///   `x-auth-token` (`MemoryPalaceMiddleware`): GET and POST /api/people, DELETE /api/people/{id},
///   GET /api/people/{id}/memories, GET /api/memories, DELETE /api/memories/{id}.
/// - The Legacy Treasure Chest app's /ai/ calls and its device-id photo analyses (`TreasureChestDivertMiddleware`,
///   chained on the API below).
/// - On the home-network listener, everything but the Memory Palace app's routes is 404 (`HomeNetworkResponder`).
/// - The files of Public/ (`PublicFileMiddleware`).
func routes(_ app: Application) throws {
    // The JSON API: every operation of Sources/HeirloomAPI/openapi.yaml, each handler checking its principal.
    // The Legacy Treasure Chest app's AI gateway (its /ai/ calls, and its photo analyses: a device id, no
    // credentials) is answered by TreasureChestDivertMiddleware, in the app's own shapes, before the generated code.
    let api = app.chained(TreasureChestDivertMiddleware(), RequestContextMiddleware())
    try APIHandler().registerHandlers(
        on: APITransport(routes: api), serverURL: Servers.Server1.url(), configuration: APIHandler.configuration,
        middlewares: [SignInFirstMiddleware()])
    app.get(.apiOpenAPIDocument, use: OpenAPIDocument.serve)
    // Files, streamed with Range and ETag outside the generated code; documented under "Media files".
    let apiMember = app.chained(RoleMiddleware(required: .member))
    apiMember.get(.apiMedia(.key, .key), use: MediaFileController().download)
    apiMember.get(.apiJournalCardAudio(.key), use: JournalAudioController().audio)
    // A recipient's files: their own token, no member needed.
    app.get(.apiRecipientMedia(.key, .key), use: RecipientMediaController().download)
    // The same files for phone apps that load them with no credentials, by addresses signed for the phone.
    app.get(.signedMedia(.key, .key), use: SignedMediaController().download)
    // Exports, streamed as they are made (documented under "Exports"): the household's for owners only, which
    // anyone else is told does not exist; each member's own journal.
    let exports = ExportController()
    let ownersExports = app.chained(RoleMiddleware(required: .owner, hidingAs: "page"))
    ownersExports.get(.apiExport, use: exports.household)
    ownersExports.get(.apiExportProgress(.key), use: exports.progress)
    apiMember.get(.apiJournalExport, use: exports.journal)
    // Printed reports (documented under "Reports"): owners and editors; viewers are told they do not exist.
    let reports = ReportController()
    let apiPlanner = app.chained(RoleMiddleware(required: .editor, hidingAs: "report"))
    apiPlanner.get(.apiReportEstate, use: reports.estate)
    apiPlanner.get(.apiReportInsurance, use: reports.insurance)
    apiPlanner.get(.apiBeneficiaryPacket(.key), use: reports.packet)
    // Lot labels of a sale (documented under "Sale labels"): owners and editors, like the reports.
    app.grouped(RoleMiddleware(required: .editor, hidingAs: "sale")).get(
        .apiSaleLabels(.key), use: SaleLabelController().labels)

    // The guard first, then the form's CSRF check: a viewer is told a hidden page does not exist even when the
    // form is stale, and nothing is read of a body that nobody may send.
    let web = app.chained(CSRFFormMiddleware())
    let member = webGuarded(app, .member)
    let editor = webGuarded(app, .editor)
    let owner = webGuarded(app, .owner)

    // Anyone: setting up, signing in and out, joining. Home sends a new hub to set-up, anyone else to sign in.
    let auth = AuthWebController()
    web.get(.home, use: HomeWebController().home)
    web.get(.setup, use: auth.setupForm)
    web.post(.setup, use: auth.setup)
    web.get(.login, use: auth.loginForm)
    web.post(.login, use: auth.login)
    web.post(.logout, use: auth.logout)
    web.get(.register, use: auth.registerForm)
    web.post(.register, use: auth.register)
    web.get(.invite(.key), use: auth.inviteForm)
    web.post(.invite(.key), use: auth.acceptInvite)
    // Password links: an owner's or an import's for members without one, and the reset links anyone may ask for
    // (the same answer whether or not an account uses the address; counted per address and per client).
    let passwordLinks = PasswordLinkWebController()
    web.get(.passwordLink(.key), use: passwordLinks.form)
    web.post(.passwordLink(.key), use: passwordLinks.set)
    let forgotPassword = PasswordForgotWebController()
    web.get(.passwordForgot, use: forgotPassword.new)
    web.post(.passwordForgot, use: forgotPassword.create)

    // The treasure chest.
    let items = ItemWebController()
    let itemMedia = ItemMediaWebController()
    member.get(.items, use: items.index)
    member.get(.item(.key), use: items.show)
    member.get(.itemPhoto(.key, .key), use: itemMedia.photo)
    editor.get(.itemNew, use: items.new)
    editor.post(.items, use: items.create)
    editor.get(.itemEdit(.key), use: items.edit)
    editor.post(.item(.key), use: items.update)
    editor.get(.itemDelete(.key), use: items.confirmDelete)
    editor.post(.itemDelete(.key), use: items.delete)
    editor.upload(.itemPhotos(.key), use: itemMedia.addPhotos)
    editor.post(.itemPhotoMove(.key, .key), use: itemMedia.movePhoto)
    editor.get(.itemPhotoDelete(.key, .key), use: itemMedia.confirmDeletePhoto)
    editor.post(.itemPhotoDelete(.key, .key), use: itemMedia.deletePhoto)
    editor.upload(.itemDocuments(.key), use: itemMedia.addDocument)
    editor.get(.itemDocumentDelete(.key, .key), use: itemMedia.confirmDeleteDocument)
    editor.post(.itemDocumentDelete(.key, .key), use: itemMedia.deleteDocument)
    editor.upload(.itemAudio(.key), use: itemMedia.addAudio)
    editor.post(.itemAudioRename(.key, .key), use: itemMedia.renameAudio)
    editor.get(.itemAudioDelete(.key, .key), use: itemMedia.confirmDeleteAudio)
    editor.post(.itemAudioDelete(.key, .key), use: itemMedia.deleteAudio)

    // Typed copies of recordings: corrected by editors and owners (and a member for their own journal cards).
    let transcripts = TranscriptWebController()
    member.post(.transcript(.key), use: transcripts.correct)
    member.post(.transcriptRetry(.key), use: transcripts.retry)

    // Downsizing: what happens to each item, and sets of items (everyone sees them; owners and editors decide).
    let downsizing = DownsizingWebController()
    editor.post(.itemDisposition(.key), use: downsizing.itemDisposition)
    member.get(.sets, use: downsizing.index)
    member.get(.set(.key), use: downsizing.show)
    editor.post(.sets, use: downsizing.create)
    editor.post(.set(.key), use: downsizing.update)
    editor.post(.setDisposition(.key), use: downsizing.setDisposition)
    editor.post(.setMembers(.key), use: downsizing.addMember)
    editor.post(.setMemberRemove(.key, .key), use: downsizing.removeMember)
    editor.get(.setDelete(.key), use: downsizing.confirmDelete)
    editor.post(.setDelete(.key), use: downsizing.delete)

    // The AI appraiser: one item, and batches of photos.
    let appraisal = AppraisalWebController()
    editor.post(.itemAppraisal(.key), use: appraisal.analyse)
    editor.post(.itemAppraisalNotes(.key), use: appraisal.saveNotes)
    editor.post(.itemAppraisalApply(.key), use: appraisal.apply)
    editor.get(.batches, use: appraisal.newBatch)
    editor.upload(.batches, use: appraisal.createBatch)
    webGuarded(app, .editor, hidingAs: "batch").get(.batch(.key), use: appraisal.showBatch)
    editor.post(.batchRetry(.key), use: appraisal.retryBatch)
    editor.post(.batchImport(.key), use: appraisal.importBatch)

    // Beneficiaries, and who receives each item.
    let beneficiaries = BeneficiaryWebController()
    let planner = webGuarded(app, .editor, hidingAs: "beneficiary")
    planner.get(.beneficiaries, use: beneficiaries.index)
    webGuarded(app, .editor, hidingAs: "page").get(.itemReports, use: reports.index)
    planner.get(.beneficiaryNew, use: beneficiaries.new)
    planner.post(.beneficiaries, use: beneficiaries.create)
    planner.get(.beneficiariesImport, use: beneficiaries.importForm)
    planner.upload(.beneficiariesImport, use: beneficiaries.importContacts)
    planner.get(.beneficiary(.key), use: beneficiaries.show)
    planner.get(.beneficiaryEdit(.key), use: beneficiaries.edit)
    planner.post(.beneficiary(.key), use: beneficiaries.update)
    planner.get(.beneficiaryDelete(.key), use: beneficiaries.confirmDelete)
    planner.post(.beneficiaryDelete(.key), use: beneficiaries.delete)
    let links = ItemBeneficiaryWebController()
    let itemPlanner = webGuarded(app, .editor, hidingAs: "item")
    itemPlanner.get(.itemBeneficiaryNew(.key), use: links.new)
    itemPlanner.post(.itemBeneficiaries(.key), use: links.create)
    itemPlanner.get(.itemBeneficiaryEdit(.key, .key), use: links.edit)
    itemPlanner.post(.itemBeneficiary(.key, .key), use: links.update)
    itemPlanner.get(.itemBeneficiaryDelete(.key, .key), use: links.confirmDelete)
    itemPlanner.post(.itemBeneficiaryDelete(.key, .key), use: links.delete)
    itemPlanner.post(.itemBeneficiariesSuggest(.key), use: appraisal.suggest)
    itemPlanner.post(.itemBeneficiaryDraft(.key, .key), use: appraisal.draft)

    // The memory hub: memories (owners change any, editors their own) and people.
    let memories = MemoryWebController()
    member.get(.memories, use: memories.index)
    member.get(.memory(.key), use: memories.show)
    editor.get(.memoryNew, use: memories.new)
    editor.upload(.memories, use: memories.create)
    editor.get(.memoryEdit(.key), use: memories.edit)
    editor.post(.memory(.key), use: memories.update)
    editor.get(.memoryFaces(.key), use: memories.faces)
    editor.post(.memoryFaces(.key), use: memories.saveFaces)
    editor.get(.memoryDelete(.key), use: memories.confirmDelete)
    editor.post(.memoryDelete(.key), use: memories.delete)
    let people = PeopleWebController()
    member.get(.people, use: people.index)
    member.get(.person(.key), use: people.show)
    editor.post(.people, use: people.create)
    editor.get(.personEdit(.key), use: people.edit)
    editor.post(.person(.key), use: people.update)
    editor.upload(.personAvatar(.key), use: people.uploadAvatar)
    editor.post(.personAvatarFromFace(.key), use: people.avatarFromFace)
    owner.get(.personDelete(.key), use: people.confirmDelete)
    owner.post(.personDelete(.key), use: people.delete)

    // The private journal: each member's own; a locked drawer answers with the unlock page.
    let journal = JournalWebController()
    let writer = member.chained(JournalLockedMiddleware())
    writer.get(.journal, use: journal.index)
    writer.get(.journalUnlock, use: journal.unlockForm)
    writer.post(.journalUnlock, use: journal.unlock)
    writer.post(.journalLock, use: journal.lock)
    writer.get(.journalDrawers, use: journal.drawers)
    writer.post(.journalDrawers, use: journal.createDrawer)
    writer.get(.journalDrawer(.key), use: journal.showDrawer)
    writer.post(.journalDrawer(.key), use: journal.updateDrawer)
    writer.post(.journalDrawerMove(.key), use: journal.moveDrawer)
    writer.get(.journalDrawerDelete(.key), use: journal.confirmDrawerDeletion)
    writer.post(.journalDrawerDelete(.key), use: journal.deleteDrawer)
    writer.get(.journalCardNew, use: journal.newCard)
    writer.post(.journalCards, use: journal.createCard)
    writer.upload(.journalVoiceCards, use: journal.createVoiceCard)
    writer.get(.journalCard(.key), use: journal.showCard)
    writer.get(.journalCardEdit(.key), use: journal.editCard)
    writer.post(.journalCard(.key), use: journal.updateCard)
    writer.get(.journalCardDelete(.key), use: journal.confirmCardDeletion)
    writer.post(.journalCardDelete(.key), use: journal.deleteCard)

    // Settings: one's own sessions, password and phones; the household for owners.
    let settings = SettingsWebController()
    let devices = DeviceWebController()
    member.get(.settings, use: settings.index)
    member.post(.settingsTokenRevoke(.key), use: settings.revokeToken)
    member.post(.settingsPassword, use: settings.changePassword)
    member.get(.devices, use: devices.index)
    member.post(.devices, use: devices.pair)
    member.post(.deviceRevoke(.key), use: devices.revoke)
    owner.post(.settingsHousehold, use: settings.renameHousehold)
    owner.post(.settingsMemberRole(.key), use: settings.changeRole)
    owner.get(.settingsMemberRemove(.key), use: settings.confirmRemoval)
    owner.post(.settingsMemberRemove(.key), use: settings.removeMember)
    owner.post(.settingsMemberPasswordLink(.key), use: settings.makePasswordLink)
    owner.post(.settingsInvitations, use: settings.invite)
    owner.post(.settingsInvitationRevoke(.key), use: settings.revokeInvitation)

    // Passing on: owners plan it (editors and viewers are told it does not exist); the holder says "still here".
    let passing = PassingOnWebController()
    let estateOwner = webGuarded(app, .owner, hidingAs: "page")
    estateOwner.get(.passingOn, use: passing.index)
    estateOwner.post(.passingOnSettings, use: passing.update)
    estateOwner.post(.passingOnExecutors, use: passing.addExecutor)
    estateOwner.post(.passingOnExecutorRemove(.key), use: passing.removeExecutor)
    let holderReturn = HolderReturnWebController()
    estateOwner.get(.passingOnReopen, use: holderReturn.confirmReopen)
    estateOwner.post(.passingOnReopen, use: passing.reopen)
    estateOwner.get(.outbox, use: passing.outbox)
    estateOwner.post(.outboxSent(.key), use: passing.markSent)
    estateOwner.post(.outboxResend(.key), use: passing.resend)
    estateOwner.post(.beneficiaryInvite(.key), use: passing.inviteRecipient)
    let heirPages = HeirWebController()
    estateOwner.post(.passingOnHeirEmail(.key), use: passing.saveEmail)
    estateOwner.post(.passingOnHeirLink(.key), use: heirPages.ownerLink)
    member.post(.passingOnCancel, use: passing.stillHere)
    member.get(.passingOnWhatHappened, use: holderReturn.show)
    planner.get(.passingOnPreview(.key), use: passing.preview)
    // The estate binder: the holder and the owners helping them; editors and viewers are told it does not exist.
    let binder = BinderWebController()
    let binderSections = BinderSectionWebController()
    estateOwner.get(.binder, use: binder.index)
    estateOwner.get(.binderEntryNew, use: binder.new)
    estateOwner.post(.binderEntries, use: binder.create)
    estateOwner.get(.binderEntry(.key), use: binder.show)
    estateOwner.post(.binderEntry(.key), use: binder.update)
    estateOwner.get(.binderEntryEdit(.key), use: binder.edit)
    estateOwner.get(.binderEntryDelete(.key), use: binder.confirmDelete)
    estateOwner.post(.binderEntryDelete(.key), use: binder.delete)
    estateOwner.post(.binderEntryPapers(.key), use: binder.addPaper)
    estateOwner.post(.binderPaperDelete(.key, .key), use: binder.deletePaper)
    estateOwner.get(.binderSection(.key), use: binderSections.show)
    estateOwner.post(.binderSection(.key), use: binderSections.update)
    estateOwner.get(.binderPreview, use: binderSections.preview)
    estateOwner.post(.binderLook, use: binderSections.look)
    web.get(.binderAddressCheck(.key), use: binderSections.confirmAddress)
    // Executors and recipients: their emailed link is their key; they see their own page and nothing else.
    let executorPages = ExecutorWebController()
    web.get(.executorLink(.key), use: executorPages.link)
    web.get(.executorHome, use: executorPages.show)
    web.post(.executorReport, use: executorPages.report)
    web.post(.executorHeirLink(.key), use: heirPages.executorLink)
    web.post(.executorChecklistTick(.key), use: executorPages.tick)
    web.post(.executorMemberReport(.key), use: executorPages.reportMember)
    let stillHere = StillHereWebController()
    web.get(.stillHere(.key), use: stillHere.show)
    web.post(.stillHere(.key), use: stillHere.confirm)
    let recipientPages = RecipientWebController()
    web.get(.recipientLink(.key), use: recipientPages.link)
    web.get(.recipientHome, use: recipientPages.show)
    web.post(.recipientItemAccept(.key), use: recipientPages.accept)
    web.post(.recipientItemDecline(.key), use: recipientPages.decline)
    // Dividing fairly: an owner, or a trusted contact once the estate is released, organises wish rounds; each
    // participant's emailed link is their key to their own page and their round's files.
    let rounds = WishRoundWebController()
    let organiser = app.chained(WishOrganiserMiddleware(), CSRFFormMiddleware())
    organiser.get(.wishRounds, use: rounds.index)
    organiser.post(.wishRounds, use: rounds.create)
    organiser.get(.wishRoundNew, use: rounds.new)
    organiser.get(.wishRound(.key), use: rounds.show)
    organiser.post(.wishRoundOpen(.key), use: rounds.open)
    organiser.post(.wishRoundClose(.key), use: rounds.close)
    organiser.post(.wishRoundDivide(.key), use: rounds.divide)
    organiser.post(.wishRoundAdjust(.key), use: rounds.adjust)
    organiser.post(.wishRoundConfirm(.key), use: rounds.confirm)
    organiser.post(.wishParticipantRemove(.key, .key), use: rounds.removeParticipant)
    let wishPages = WishWebController()
    web.get(.wishLink(.key), use: wishPages.link)
    web.get(.wishHome, use: wishPages.show)
    web.post(.wishHome, use: wishPages.save)
    web.post(.wishPick, use: wishPages.pick)
    member.get(.wishRoundTakePart(.key), use: wishPages.takePart)
    app.get(.apiWishMedia(.key, .key), use: WishMediaController().download)
    // A binder paper for a trusted contact or beneficiary who may read its entry: their own token or cookie.
    app.get(.apiBinderFile(.key, .key), use: BinderFileController().download)
    // The binder printed: a trusted contact's own (their token or cookie); the owners' packet for the executors.
    let binderPrint = BinderPrintController()
    app.get(.apiExecutorBinderPDF, use: binderPrint.executor)
    ownersExports.get(.apiBinderPacket, use: binderPrint.packet)
    // Letters for later: every member writes their own; each reader's emailed link is their key to their letter.
    let letters = LetterWebController()
    member.get(.letters, use: letters.index)
    member.get(.letterNew, use: letters.new)
    member.post(.letters, use: letters.create)
    member.get(.letterEdit(.key), use: letters.edit)
    member.post(.letter(.key), use: letters.update)
    member.upload(.letterRecording(.key), use: letters.addRecording)
    member.get(.letterWithdraw(.key), use: letters.confirmWithdraw)
    member.post(.letterWithdraw(.key), use: letters.withdraw)
    let letterPages = LetterReaderWebController()
    web.get(.letterLink(.key), use: letterPages.link)
    web.get(.letterHome, use: letterPages.show)
    app.get(.apiLetterPDF, use: letterPages.pdf)
    app.get(.apiLetterRecording(.key), use: LetterMediaController().recording)
    // The Legacy Treasure Chest app: owners approve its phones and keep the partner directory it answers from.
    let gatewayDevices = TreasureChestDeviceWebController()
    owner.post(.gatewayDevices, use: gatewayDevices.approveEntered)
    owner.post(.gatewayDeviceApprove(.key), use: gatewayDevices.approve)
    owner.post(.gatewayDeviceRefuse(.key), use: gatewayDevices.refuse)
    owner.post(.gatewayDeviceRemove(.key), use: gatewayDevices.remove)
    owner.post(.gatewayDeviceReplace(.key), use: gatewayDevices.replace)
    owner.post(.gatewayDeviceQuota(.key), use: gatewayDevices.setQuota)
    let partners = PartnerWebController()
    let partnerOwner = webGuarded(app, .owner, hidingAs: "partner")
    partnerOwner.get(.partners, use: partners.index)
    partnerOwner.get(.partnerNew, use: partners.new)
    partnerOwner.post(.partners, use: partners.create)
    partnerOwner.get(.partnerEdit(.key), use: partners.edit)
    partnerOwner.post(.partner(.key), use: partners.update)
    partnerOwner.get(.partnerDelete(.key), use: partners.confirmDelete)
    partnerOwner.post(.partnerDelete(.key), use: partners.delete)
    webGuarded(app, .owner, hidingAs: "page").get(.settingsExport, use: exports.index)
    webGuarded(app, .owner, hidingAs: "page").get(.hubSetup, use: HubSetupPage.show)
    owner.post(.gettingStartedDismiss, use: GettingStartedController().dismiss)

    // Downsizing: an item's liquidation brief and plan; sales, their lots and each lot's checklist. Everyone
    // reads them; owners and editors make briefs, choose paths, tick steps and plan sales.
    let liquidation = LiquidationWebController()
    member.get(.itemLiquidation(.key), use: liquidation.showItem)
    editor.post(.itemLiquidation(.key), use: liquidation.briefItem)
    editor.post(.itemLiquidationPlan(.key), use: liquidation.planItem)
    editor.post(.itemLiquidationStep(.key, .key), use: liquidation.stepItem)
    member.get(.setLiquidation(.key), use: liquidation.showSet)
    editor.post(.setLiquidation(.key), use: liquidation.briefSet)
    editor.post(.setLiquidationPlan(.key), use: liquidation.planSet)
    editor.post(.setLiquidationStep(.key, .key), use: liquidation.stepSet)
    let sales = SaleWebController()
    member.get(.sales, use: sales.index)
    editor.post(.sales, use: sales.create)
    editor.post(.salesFromUndecided, use: sales.fromUndecided)
    member.get(.sale(.key), use: sales.show)
    editor.post(.saleLots(.key), use: sales.createLot)
    member.get(.lot(.key), use: sales.showLot)
    editor.post(.lot(.key), use: sales.updateLot)
    editor.get(.saleDelete(.key), use: sales.confirmDelete)
    editor.post(.saleDelete(.key), use: sales.delete)
    editor.get(.lotDelete(.key), use: sales.confirmDeleteLot)
    editor.post(.lotDelete(.key), use: sales.deleteLot)
}

/// Web pages behind a guard: the role is checked before the form's CSRF field.
private func webGuarded(_ app: Application, _ role: RoleMiddleware.Required, hidingAs: String? = nil)
    -> any RoutesBuilder
{
    app.chained(RoleMiddleware(required: role, hidingAs: hidingAs), CSRFFormMiddleware())
}
