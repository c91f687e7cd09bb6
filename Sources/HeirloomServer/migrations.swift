import Fluent

extension Migrations {
    /// Heirloom's migrations in order. Append only: a landed migration is never edited.
    func addHeirloomMigrations() {
        // Accounts and households (foundation).
        add(CreateHousehold())
        add(CreateUser())
        add(CreateAuthToken())
        add(CreateInvitation())
        add(CreateHubState())
        // Media pipeline.
        add(CreateMediaObject())
        // Treasure chest: items.
        add(AddDefaultCurrencyToHousehold())
        add(CreateItem())
        add(CreateItemMedia())
        add(CreateItemSearchIndex())
        // Beneficiaries.
        add(CreateBeneficiary())
        add(CreateItemBeneficiary())
        // The private journal (issue 8).
        add(CreateJournalDrawer())
        add(CreateJournalCard())
        add(CreateJournalTag())
        add(AddJournalUnlockedUntilToAuthToken())
        // The family memory hub (issue 7): people, memories, their files and face tags.
        add(CreatePerson())
        add(CreateMemory())
        add(CreateMemoryPerson())
        add(CreateMemoryMedia())
        add(CreateFaceTag())
        // The AI appraiser (issue 6): valuations with the owner's notes, and batches of photos.
        add(CreateItemValuation())
        add(CreateAppraisalBatch())
        add(AddValuationNotesToItemSearch())
        // One folder per feature (issue 13): the journal recording's missing foreign key.
        add(AddMediaForeignKeyToJournalCard())
        // The family's iPhone apps (issue 16): the phone a memory came from.
        add(AddDeviceNameToMemory())
        // The Legacy Treasure Chest gateway (issue 16): approved devices and the partner directory.
        add(CreateGatewayDevice())
        add(CreatePartner())
        // Keeping it for good (issue 18): one-time links with which imported members set a password.
        add(CreatePasswordLink())
        // Passing on (issue 15): the estate, executors, the audit log, outsiders' links, the outbox, recipients.
        add(CreateEstate())
        add(CreateExecutor())
        add(CreateEstateAudit())
        add(CreatePassingToken())
        add(CreateOutboxMessage())
        add(AddRecipientFieldsToBeneficiaries())
        // Keeping it for good (issue 18) and passing on (issue 15): the household's time zone and paper size,
        // and what insurers ask of an item.
        add(AddSettingsToHousehold())
        add(AddMakerAndSerialNumberToItem())
        // Downsizing (issue 19): quantity and disposition of items, and sets of items that belong together.
        add(AddQuantityAndDispositionToItem())
        add(CreateItemSet())
        // Downsizing (issue 19): stored liquidation briefs and plans; sales, lots and their members.
        add(CreateLiquidationBrief())
        add(CreateSale())
        // Hardening (issue 27): outsiders' sessions end, and a link's openings are logged once a day.
        add(AddExpiryToPassingToken())
        // Hardening (issue 27): a waiting Legacy Treasure Chest phone is approved with the code it shows.
        add(AddApprovalCodeToGatewayDevice())
        // The hand-over (issue 29): each heir's state, and who could not be told.
        add(AddHandOverFieldsToBeneficiaries())
        // The hand-over (issue 29): self-service password reset; a password link says why it was made.
        add(AddPurposeToPasswordLink())
        // No promised heirloom in a sale (issue 29): what a sale says about things taken out of its lots.
        add(CreateLotNotice())
        // Dividing fairly (issue 30): wish rounds, their things, participants, wishes and division runs.
        add(CreateWishRound())
        // The estate binder (issue 31): entries, their papers, section defaults, checklist ticks, yearly looks.
        add(CreateBinder())
        // Letters for later (issue 31): letters, their readers and their delivery.
        add(CreateLetter())
        // Letters after a member's passing (issue 31): the household's choice, and each member's reported passing.
        add(CreateMemberPassing())
        // The binder (issue 31): each beneficiary told once of each entry released to them.
        add(CreateBinderNotice())
        // Past one machine (issue 32): moves of the media between stores.
        add(CreateMediaMove())
        // Several servers on one database (issue 32): throttles count in the database, and each scheduled run of a
        // whole job (the nightly backup, the media sweep) is claimed by one server.
        add(CreateThrottleWindow())
        add(CreateJobRun())
        // Several servers on one database (issue 32): a followed export's progress, asked of any server.
        add(CreateExportDownload())
        // Family pages first (issue 34): whether viewers see values; Home's "Getting started" put away.
        add(AddFamilyPagesToHousehold())
        // Stories that get told (issue 33): the typed copy of every recording, each its own durable job.
        add(CreateTranscript())
        // Stories that get told (issue 33): the app's recording summaries, each recording heard once for its retry.
        add(CreateAudioSummary())
        // Stories that get told (issue 33): storytellers, the questions they are asked and their answers.
        add(CreateStoryteller())
        // Stories that get told (issue 33): the photo a question is about, carried inside its email.
        add(AddOutboxInlineImage())
        // Family pages first (issue 34): a title and a kind for each paper kept with an item.
        add(AddTitleAndTypeToItemDocument())
        // Promises kept between family members (issue 44): a transcript belongs to its recording, not its bytes.
        add(AttachTranscriptsToRecordings())
        // … and a wish round's reason kept apart from the holder's message to an heir.
        add(AddDivisionReasonToItemBeneficiary())
        // … and an invitation that greets the invited person by name.
        add(AddNameToInvitation())
        // … and addresses proved before they are trusted.
        add(AddAddressProof())
        // The family's second walk-through (issue 45): when the household was last downloaded whole.
        add(AddLastCopyToHousehold())
    }
}
