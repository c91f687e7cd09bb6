import Foundation
import Testing

@testable import HeirloomServer

/// Every page template has a snapshot of its rendered HTML. The switch is exhaustive, so a new `Template` does
/// not compile here until its page has a snapshot; the test checks that each named snapshot is recorded.
@Suite("Every page has a snapshot")
struct PageSnapshotCoverage {
    /// The recorded snapshot of a whole page rendered from `template`: `Suite/test` under `__Snapshots__`.
    static func snapshot(of template: Template) -> String {
        switch template {
        case .error: "HomeAndAuthPageSnapshots/errorPage.1"
        case .confirm: "PageSnapshotTests/confirmPage.1"
        case .setup: "HomeAndAuthPageSnapshots/setup.1"
        case .register: "HomeAndAuthPageSnapshots/register.1"
        case .login: "PageSnapshotTests/loginPage.1"
        case .invite: "HomeAndAuthPageSnapshots/invite.1"
        case .inviteInvalid: "HomeAndAuthPageSnapshots/inviteInvalid.1"
        case .passwordLink: "HomeAndAuthPageSnapshots/passwordLink.1"
        case .passwordForgot: "HomeAndAuthPageSnapshots/passwordForgot.1"
        case .home: "HomeAndAuthPageSnapshots/home.1"
        case .itemsIndex: "ItemPageSnapshots/itemsIndex.1"
        case .itemForm: "ItemPageSnapshots/itemForm.1"
        case .itemShow: "ItemPageSnapshots/itemShow.1"
        case .itemPhoto: "ItemPageSnapshots/itemPhoto.1"
        case .itemDocumentForm: "ItemPageSnapshots/itemDocumentForm.1"
        case .appraisalResult: "AppraisalPageSnapshots/appraisalResult.1"
        case .batchNew: "AppraisalPageSnapshots/batchNew.1"
        case .batchShow: "AppraisalPageSnapshots/batchShow.1"
        case .beneficiariesIndex: "BeneficiaryPageSnapshots/beneficiariesIndex.1"
        case .beneficiaryForm: "BeneficiaryPageSnapshots/beneficiaryForm.1"
        case .beneficiaryShow: "BeneficiaryPageSnapshots/beneficiaryShow.1"
        case .beneficiaryStillAssigned: "BeneficiaryPageSnapshots/beneficiaryStillAssigned.1"
        case .beneficiariesImport: "BeneficiaryPageSnapshots/beneficiariesImport.1"
        case .beneficiariesImportResults: "BeneficiaryPageSnapshots/beneficiariesImportResults.1"
        case .itemLinkForm: "BeneficiaryPageSnapshots/itemLinkForm.1"
        case .memoriesIndex: "MemoryPageSnapshots/memoriesIndex.1"
        case .memoryNew: "MemoryPageSnapshots/memoryNew.1"
        case .memoryEdit: "MemoryPageSnapshots/memoryEdit.1"
        case .memoryShow: "MemoryPageSnapshots/memoryShow.1"
        case .memoryFaces: "MemoryPageSnapshots/memoryFaces.1"
        case .peopleIndex: "PeoplePageSnapshots/peopleIndex.1"
        case .personShow: "PeoplePageSnapshots/personShow.1"
        case .personEdit: "PeoplePageSnapshots/personEdit.1"
        case .journalIndex: "JournalPageSnapshots/journalIndex.1"
        case .journalDrawers: "JournalPageSnapshots/journalDrawers.1"
        case .journalDrawer: "JournalPageSnapshots/journalDrawer.1"
        case .journalDrawerDelete: "JournalPageSnapshots/journalDrawerDelete.1"
        case .journalCard: "JournalPageSnapshots/journalCard.1"
        case .journalCardForm: "JournalPageSnapshots/journalCardForm.1"
        case .journalUnlock: "JournalPageSnapshots/journalUnlock.1"
        case .settings: "SettingsPageSnapshots/settings.1"
        case .hubSetup: "SettingsPageSnapshots/hubSetup.1"
        case .devices: "SettingsPageSnapshots/devices.1"
        case .passingOn: "PassingOnPageSnapshots/passingOn.1"
        case .passingOnPreview: "PassingOnPageSnapshots/passingOnPreview.1"
        case .outbox: "PassingOnPageSnapshots/outbox.1"
        case .executorPage: "PassingOnPageSnapshots/executorPage.1"
        case .recipientPage: "PassingOnPageSnapshots/recipientPage.1"
        case .wishRounds: "WishPageSnapshots/wishRounds.1"
        case .wishRoundNew: "WishPageSnapshots/wishRoundNew.1"
        case .wishRound: "WishPageSnapshots/wishRound.1"
        case .wishLinkSheet: "WishPageSnapshots/wishLinkSheet.1"
        case .emailConfirmation: "HomeAndAuthPageSnapshots/emailConfirmation.1"
        case .wishSheet: "WishPageSnapshots/wishSheet.1"
        case .binderIndex: "BinderPageSnapshots/binderIndex.1"
        case .binderEntry: "BinderPageSnapshots/binderEntry.1"
        case .binderForm: "BinderPageSnapshots/binderForm.1"
        case .binderSection: "BinderPageSnapshots/binderSection.1"
        case .binderPreview: "BinderPageSnapshots/binderPreview.1"
        case .binderAddress: "BinderPageSnapshots/binderAddress.1"
        case .letters: "LetterPageSnapshots/letters.1"
        case .letterForm: "LetterPageSnapshots/letterForm.1"
        case .letterReader: "LetterPageSnapshots/letterReader.1"
        case .letterLinkSheet: "LetterPageSnapshots/letterLinkSheet.1"
        case .storytellers: "StorytellerPageSnapshots/storytellers.1"
        case .storyteller: "StorytellerPageSnapshots/storyteller.1"
        case .storyAnswer: "StorytellerPageSnapshots/storyAnswer.1"
        case .storyThanks: "StorytellerPageSnapshots/storyThanks.1"
        case .storytellerBook: "StorytellerPageSnapshots/book.1"
        case .bookRecording: "StorytellerPageSnapshots/bookRecording.1"
        case .outsiderMissing: "PassingOnPageSnapshots/outsiderMissing.1"
        case .stillHere: "PassingOnPageSnapshots/stillHere.asked"
        case .heirLink: "HandOverPageSnapshots/heirLink.1"
        case .whatHappened: "HandOverPageSnapshots/whatHappened.1"
        case .partnersIndex: "SettingsPageSnapshots/partnersIndex.1"
        case .partnerForm: "SettingsPageSnapshots/partnerForm.1"
        case .liquidationShow: "SalePageSnapshots/liquidationShow.1"
        case .salesIndex: "SalePageSnapshots/salesIndex.1"
        case .saleShow: "SalePageSnapshots/saleShow.1"
        case .lotShow: "SalePageSnapshots/lotShow.1"
        case .saleFromUndecided: "SalePageSnapshots/saleFromUndecided.1"
        case .exportIndex: "SettingsPageSnapshots/exportIndex.1"
        case .reportsIndex: "SettingsPageSnapshots/reportsIndex.1"
        case .setsIndex: "DownsizingPageSnapshots/setsIndex.1"
        case .setShow: "DownsizingPageSnapshots/setShow.1"
        case .itemsDecide: "DownsizingPageSnapshots/itemsDecide.1"
        }
    }

    @Test("Each page template's snapshot is recorded, and is that page rendered in the layout")
    func everyTemplateHasASnapshot() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        for template in Template.allCases {
            let file = folder.appendingPathComponent(Self.snapshot(of: template) + ".txt")
            let html = try #require(
                try? String(contentsOf: file, encoding: .utf8), "\(template.rawValue): no snapshot at \(file.path)")
            #expect(html.hasPrefix("<!doctype html>"), "\(template.rawValue): not a whole page")
        }
    }
}
