import Foundation
import LeafKit

/// `#url("itemNew")` or `#url("itemEdit", item.id)` in a template: the path of a `SiteURL`, so templates spell
/// no paths of their own. An unknown name or an id that cannot be one is a rendering error, caught by the tests
/// that render every page.
struct SiteURLTag: LeafTag {
    struct UnknownPath: Error, CustomStringConvertible {
        var name: String
        var description: String { "#url cannot make the path \(name)" }
    }

    func render(_ context: LeafContext) throws -> LeafData {
        let values = context.parameters.map { $0.string ?? "" }
        guard let name = values.first, let url = SiteURL.named(name, ids: Array(values.dropFirst())) else {
            throw UnknownPath(name: values.first ?? "")
        }
        return .string(url.path)
    }
}

extension SiteURL {
    /// The paths without parameters that templates name.
    static let templatePaths: [String: SiteURL] = [
        "home": .home, "setup": .setup, "login": .login, "logout": .logout, "register": .register,
        "passwordForgot": .passwordForgot,
        "items": .items, "itemNew": .itemNew, "itemsDecide": .itemsDecide, "batches": .batches,
        "beneficiaries": .beneficiaries,
        "beneficiaryNew": .beneficiaryNew, "beneficiariesImport": .beneficiariesImport, "memories": .memories,
        "memoryNew": .memoryNew, "people": .people, "journal": .journal, "journalUnlock": .journalUnlock,
        "journalLock": .journalLock, "journalDrawers": .journalDrawers, "journalCards": .journalCards,
        "journalCardNew": .journalCardNew, "journalVoiceCards": .journalVoiceCards, "settings": .settings,
        "settingsHousehold": .settingsHousehold, "settingsPassword": .settingsPassword,
        "settingsInvitations": .settingsInvitations, "settingsEmailConfirmation": .settingsEmailConfirmation,
        "devices": .devices, "settingsExport": .settingsExport,
        "hubSetup": .hubSetup,
        "gatewayDevices": .gatewayDevices,
        "passingOn": .passingOn, "passingOnSettings": .passingOnSettings, "passingOnExecutors": .passingOnExecutors,
        "passingOnReopen": .passingOnReopen, "passingOnCancel": .passingOnCancel, "outbox": .outbox,
        "passingOnWhatHappened": .passingOnWhatHappened,
        "executorReport": .executorReport, "recipientHome": .recipientHome,
        "partners": .partners, "partnerNew": .partnerNew, "sets": .sets, "sales": .sales,
        "salesFromUndecided": .salesFromUndecided, "wishRounds": .wishRounds, "wishRoundNew": .wishRoundNew,
        "wishHome": .wishHome, "wishPick": .wishPick,
        "binder": .binder, "binderEntryNew": .binderEntryNew, "binderPreview": .binderPreview,
        "binderLook": .binderLook,
        "apiExecutorBinderPDF": .apiExecutorBinderPDF, "apiBinderPacket": .apiBinderPacket,
        "letters": .letters, "letterNew": .letterNew,
        "letterHome": .letterHome, "apiLetterPDF": .apiLetterPDF,
        "storytellers": .storytellers, "storyNotices": .storyNotices, "storyAnswer": .storyAnswer,
        "storyAnswerPhoto": .storyAnswerPhoto, "storyAnswerText": .storyAnswerText, "storyThanks": .storyThanks,
        "apiExport": .apiExport, "apiJournalExport": .apiJournalExport, "itemReports": .itemReports,
        "apiReportEstate": .apiReportEstate, "apiReportInsurance": .apiReportInsurance,
    ]

    /// The paths templates name, made from their ids as text.
    static func named(_ name: String, ids: [String]) -> SiteURL? {
        if ids.isEmpty, let url = templatePaths[name] { return url }
        let uuid = ids.first.flatMap(UUID.init(uuidString:)).map(Parameter.value)
        let number = ids.first.flatMap { Int($0) }.map(Parameter.value)
        switch (name, uuid, number) {
        case ("itemEdit", .some(let id), _): return .itemEdit(id)
        case ("letter", .some(let id), _): return .letter(id)
        case ("letterEdit", .some(let id), _): return .letterEdit(id)
        case ("letterWithdraw", .some(let id), _): return .letterWithdraw(id)
        case ("letterRecording", .some(let id), _): return .letterRecording(id)
        case ("letterReaderLink", .some(let id), _):
            return ids.dropFirst().first.flatMap(UUID.init(uuidString:)).map { .letterReaderLink(id, .value($0)) }
        case ("itemDelete", .some(let id), _): return .itemDelete(id)
        case ("itemBeneficiaries", .some(let id), _): return .itemBeneficiaries(id)
        case ("itemBeneficiaryNew", .some(let id), _): return .itemBeneficiaryNew(id)
        case ("itemBeneficiariesSuggest", .some(let id), _): return .itemBeneficiariesSuggest(id)
        case ("beneficiaryEdit", .some(let id), _): return .beneficiaryEdit(id)
        case ("beneficiaryDelete", .some(let id), _): return .beneficiaryDelete(id)
        case ("apiBeneficiaryPacket", .some(let id), _): return .apiBeneficiaryPacket(id)
        case ("memory", _, .some(let id)): return .memory(id)
        case ("memoryEdit", _, .some(let id)): return .memoryEdit(id)
        case ("memoryFaces", _, .some(let id)): return .memoryFaces(id)
        case ("memoryDelete", _, .some(let id)): return .memoryDelete(id)
        case ("person", _, .some(let id)): return .person(id)
        case ("personEdit", _, .some(let id)): return .personEdit(id)
        case ("personDelete", _, .some(let id)): return .personDelete(id)
        case ("personAvatar", _, .some(let id)): return .personAvatar(id)
        case ("personAvatarFromFace", _, .some(let id)): return .personAvatarFromFace(id)
        case ("journalDrawer", .some(let id), _): return .journalDrawer(id)
        case ("journalDrawerMove", .some(let id), _): return .journalDrawerMove(id)
        case ("journalDrawerDelete", .some(let id), _): return .journalDrawerDelete(id)
        case ("journalCard", .some(let id), _): return .journalCard(id)
        case ("journalCardEdit", .some(let id), _): return .journalCardEdit(id)
        case ("journalCardDelete", .some(let id), _): return .journalCardDelete(id)
        case ("settingsMemberRole", .some(let id), _): return .settingsMemberRole(id)
        case ("settingsMemberRemove", .some(let id), _): return .settingsMemberRemove(id)
        case ("settingsMemberPasswordLink", .some(let id), _): return .settingsMemberPasswordLink(id)
        case ("settingsInvitationRevoke", .some(let id), _): return .settingsInvitationRevoke(id)
        case ("settingsTokenRevoke", .some(let id), _): return .settingsTokenRevoke(id)
        case ("deviceRevoke", .some(let id), _): return .deviceRevoke(id)
        case ("passingOnExecutorRemove", .some(let id), _): return .passingOnExecutorRemove(id)
        case ("passingOnPreview", .some(let id), _): return .passingOnPreview(id)
        case ("passingOnHeirEmail", .some(let id), _): return .passingOnHeirEmail(id)
        case ("passingOnHeirLink", .some(let id), _): return .passingOnHeirLink(id)
        case ("executorHeirLink", .some(let id), _): return .executorHeirLink(id)
        case ("outboxSent", .some(let id), _): return .outboxSent(id)
        case ("outboxResend", .some(let id), _): return .outboxResend(id)
        case ("beneficiaryInvite", .some(let id), _): return .beneficiaryInvite(id)
        case ("recipientItemAccept", .some(let id), _): return .recipientItemAccept(id)
        case ("recipientItemDecline", .some(let id), _): return .recipientItemDecline(id)
        case ("gatewayDeviceApprove", .some(let id), _): return .gatewayDeviceApprove(id)
        case ("gatewayDeviceRefuse", .some(let id), _): return .gatewayDeviceRefuse(id)
        case ("gatewayDeviceRemove", .some(let id), _): return .gatewayDeviceRemove(id)
        case ("gatewayDeviceReplace", .some(let id), _): return .gatewayDeviceReplace(id)
        case ("gatewayDeviceQuota", .some(let id), _): return .gatewayDeviceQuota(id)
        case ("set", .some(let id), _): return .set(id)
        case ("setDelete", .some(let id), _): return .setDelete(id)
        case ("partner", .some(let id), _): return .partner(id)
        case ("partnerEdit", .some(let id), _): return .partnerEdit(id)
        case ("partnerDelete", .some(let id), _): return .partnerDelete(id)
        case ("itemLiquidation", .some(let id), _): return .itemLiquidation(id)
        case ("setLiquidation", .some(let id), _): return .setLiquidation(id)
        case ("sale", .some(let id), _): return .sale(id)
        case ("saleLots", .some(let id), _): return .saleLots(id)
        case ("lot", .some(let id), _): return .lot(id)
        case ("apiSaleLabels", .some(let id), _): return .apiSaleLabels(id)
        case ("wishRound", .some(let id), _): return .wishRound(id)
        case ("wishRoundOpen", .some(let id), _): return .wishRoundOpen(id)
        case ("wishRoundClose", .some(let id), _): return .wishRoundClose(id)
        case ("wishRoundDivide", .some(let id), _): return .wishRoundDivide(id)
        case ("wishRoundAdjust", .some(let id), _): return .wishRoundAdjust(id)
        case ("wishRoundConfirm", .some(let id), _): return .wishRoundConfirm(id)
        case ("wishParticipantRemove", .some(let id), _):
            return ids.dropFirst().first.flatMap(UUID.init(uuidString:)).map { .wishParticipantRemove(id, .value($0)) }
        case ("wishParticipantLink", .some(let id), _):
            return ids.dropFirst().first.flatMap(UUID.init(uuidString:)).map { .wishParticipantLink(id, .value($0)) }
        case ("wishParticipantLinkStop", .some(let id), _):
            return ids.dropFirst().first.flatMap(UUID.init(uuidString:)).map {
                .wishParticipantLinkStop(id, .value($0))
            }
        case ("storyteller", .some(let id), _): return .storyteller(id)
        case ("storytellerQuestions", .some(let id), _): return .storytellerQuestions(id)
        case ("storytellerSendNow", .some(let id), _): return .storytellerSendNow(id)
        case ("storytellerDelete", .some(let id), _): return .storytellerDelete(id)
        case ("storytellerBook", .some(let id), _): return .storytellerBook(id)
        case ("storytellerBookLinkWithdraw", .some(let id), _):
            return ids.dropFirst().first.flatMap(UUID.init(uuidString:)).map {
                .storytellerBookLinkWithdraw(id, .value($0))
            }
        case ("storytellerQuestion", .some(let id), _):
            return ids.dropFirst().first.flatMap(UUID.init(uuidString:)).map { .storytellerQuestion(id, .value($0)) }
        case ("invite", _, _): return ids.first.map { .invite(.value($0)) }
        case ("passwordLink", _, _): return ids.first.map { .passwordLink(.value($0)) }
        case ("stillHere", _, _): return ids.first.map { .stillHere(.value($0)) }
        case ("emailConfirmation", _, _): return ids.first.map { .emailConfirmation(.value($0)) }
        case ("bookRecordingFile", _, _): return ids.first.map { .bookRecordingFile(.value($0)) }
        default: return nil
        }
    }
}
