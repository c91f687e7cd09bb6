import HeirloomCore

/// Every Leaf page, named by its path under Resources/Views (one folder per feature).
enum Template: String, Sendable, CaseIterable {
    case error = "shared/error"
    case confirm = "shared/confirm"

    case setup = "auth/setup"
    case register = "auth/register"
    case login = "auth/login"
    case invite = "auth/invite"
    case inviteInvalid = "auth/invite-invalid"
    case passwordLink = "auth/password-link"
    case passwordForgot = "auth/password-forgot"

    case home = "home/index"

    case itemsIndex = "items/index"
    case itemForm = "items/form"
    case itemShow = "items/show"
    case itemPhoto = "items/photo"
    case itemDocumentForm = "items/document-form"

    case appraisalResult = "appraisal/result"
    case batchNew = "appraisal/batch-new"
    case batchShow = "appraisal/batch"

    case beneficiariesIndex = "beneficiaries/index"
    case beneficiaryForm = "beneficiaries/form"
    case beneficiaryShow = "beneficiaries/show"
    case beneficiaryStillAssigned = "beneficiaries/still-assigned"
    case beneficiariesImport = "beneficiaries/import"
    case beneficiariesImportResults = "beneficiaries/import-results"
    case itemLinkForm = "beneficiaries/item-link-form"

    case memoriesIndex = "memories/index"
    case memoryNew = "memories/new"
    case memoryEdit = "memories/edit"
    case memoryShow = "memories/show"
    case memoryFaces = "memories/faces"
    case peopleIndex = "memories/people/index"
    case personShow = "memories/people/show"
    case personEdit = "memories/people/edit"

    case journalIndex = "journal/index"
    case journalDrawers = "journal/drawers"
    case journalDrawer = "journal/drawer"
    case journalDrawerDelete = "journal/drawer-delete"
    case journalCard = "journal/card"
    case journalCardForm = "journal/card-form"
    case journalUnlock = "journal/unlock"

    case settings = "household/settings"
    case hubSetup = "household/hub-setup"
    case devices = "devices/index"

    case passingOn = "passing-on/passing-on"
    case passingOnPreview = "passing-on/preview"
    case outbox = "passing-on/outbox"
    case executorPage = "passing-on/executor"
    case recipientPage = "passing-on/recipient"
    case wishRounds = "wishes/rounds"
    case binderIndex = "binder/index"
    case binderEntry = "binder/entry"
    case binderForm = "binder/form"
    case binderSection = "binder/section"
    case binderPreview = "binder/preview"
    case binderAddress = "binder/address"
    case wishRoundNew = "wishes/round-new"
    case wishRound = "wishes/round"
    case wishSheet = "wishes/sheet"
    case letters = "letters/index"
    case letterForm = "letters/form"
    case letterReader = "letters/reader"
    case letterLinkSheet = "letters/link"
    case storytellers = "storytellers/index"
    case storyteller = "storytellers/show"
    case storyAnswer = "storytellers/answer"
    case storyThanks = "storytellers/thanks"
    case storytellerBook = "storytellers/book"
    case bookRecording = "storytellers/hear"
    case outsiderMissing = "passing-on/missing"
    case stillHere = "passing-on/still-here"
    case heirLink = "passing-on/heir-link"
    case wishLinkSheet = "wishes/link"
    case emailConfirmation = "auth/confirm-email"
    case whatHappened = "passing-on/what-happened"
    case partnersIndex = "partners/index"
    case partnerForm = "partners/form"
    case liquidationShow = "liquidation/show"
    case salesIndex = "sales/index"
    case saleShow = "sales/show"
    case lotShow = "sales/lot"
    case saleFromUndecided = "sales/from-undecided"
    case exportIndex = "export/index"
    case reportsIndex = "reports/index"
    case setsIndex = "downsizing/sets"
    case setShow = "downsizing/set"
    case itemsDecide = "downsizing/decide"
}

/// The sections of the site's navigation; a page names the one it belongs to.
enum NavSection: String, Sendable, Encodable, CaseIterable {
    case none = ""
    case home, items, beneficiaries, memories, people, journal, settings

    /// The sections a member with `role` is offered; a viewer never learns who gets what, so not Beneficiaries.
    static func offered(to role: HouseholdRole) -> [NavSection] {
        allCases.filter { $0 != .none && ($0 != .beneficiaries || role.canEdit) }
    }

    /// What the navigation calls the section.
    var title: String {
        switch self {
        case .none: ""
        case .home: "Home"
        case .items: "Items"
        case .beneficiaries: "Beneficiaries"
        case .memories: "Memories"
        case .people: "People"
        case .journal: "Journal"
        case .settings: "Settings"
        }
    }

    /// What Home says the section is for.
    var summary: String {
        switch self {
        case .none, .home: ""
        case .items: "Your treasure chest: the things that matter, with photos, papers and their stories."
        case .beneficiaries: "Who should receive each item, and when, with a personal message."
        case .memories: "The family’s photos, videos, voices and written memories."
        case .people: "The people in your family’s memories."
        case .journal: "Your own private notes, in drawers only you can open."
        case .settings: "Your household, its members and invitations, your sessions and password."
        }
    }

    /// Where the section starts.
    var url: SiteURL {
        switch self {
        case .none, .home: .home
        case .items: .items
        case .beneficiaries: .beneficiaries
        case .memories: .memories
        case .people: .people
        case .journal: .journal
        case .settings: .settings
        }
    }
}
