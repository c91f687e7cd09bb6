import Foundation

extension SiteURL {
    /// The pieces of each path; the only place that spells them.
    var segments: [Segment] {
        switch self {
        case .setup: ["setup"]
        case .login: ["login"]
        case .logout: ["logout"]
        case .register: ["register"]
        case .invite(let token): ["invite", .id(token, .token)]
        case .home: []

        case .items: ["items"]
        case .itemNew: ["items", "new"]
        case .item(let id): ["items", .id(id)]
        case .itemEdit(let id): ["items", .id(id), "edit"]
        case .itemDelete(let id): ["items", .id(id), "delete"]
        case .itemPhotos(let id): ["items", .id(id), "photos"]
        case .itemPhoto(let id, let photo): ["items", .id(id), "photos", .id(photo, .photoID)]
        case .itemPhotoMove(let id, let photo): ["items", .id(id), "photos", .id(photo, .photoID), "move"]
        case .itemPhotoDelete(let id, let photo): ["items", .id(id), "photos", .id(photo, .photoID), "delete"]
        case .itemDocuments(let id): ["items", .id(id), "documents"]
        case .itemDocumentDelete(let id, let document):
            ["items", .id(id), "documents", .id(document, .documentID), "delete"]
        case .itemAudio(let id): ["items", .id(id), "audio"]
        case .itemAudioRename(let id, let audio): ["items", .id(id), "audio", .id(audio, .audioID), "rename"]
        case .itemAudioDelete(let id, let audio): ["items", .id(id), "audio", .id(audio, .audioID), "delete"]

        case .batches: ["items", "batch"]
        case .batch(let id): ["items", "batch", .id(id, .batchID)]
        case .batchRetry(let id): ["items", "batch", .id(id, .batchID), "retry"]
        case .batchImport(let id): ["items", "batch", .id(id, .batchID), "import"]
        case .itemAppraisal(let id): ["items", .id(id), "appraisal"]
        case .itemAppraisalNotes(let id): ["items", .id(id), "appraisal", "notes"]
        case .itemAppraisalApply(let id): ["items", .id(id), "appraisal", "apply"]
        case .itemBeneficiariesSuggest(let id): ["items", .id(id), "beneficiaries", "suggest"]
        case .itemBeneficiaryDraft(let id, let link):
            ["items", .id(id), "beneficiaries", .id(link, .linkID), "draft"]

        case .beneficiaries: ["beneficiaries"]
        case .beneficiaryNew: ["beneficiaries", "new"]
        case .beneficiariesImport: ["beneficiaries", "import"]
        case .beneficiary(let id): ["beneficiaries", .id(id)]
        case .beneficiaryEdit(let id): ["beneficiaries", .id(id), "edit"]
        case .beneficiaryDelete(let id): ["beneficiaries", .id(id), "delete"]
        case .itemBeneficiaries(let id): ["items", .id(id), "beneficiaries"]
        case .itemBeneficiaryNew(let id): ["items", .id(id), "beneficiaries", "new"]
        case .itemBeneficiary(let id, let link): ["items", .id(id), "beneficiaries", .id(link, .linkID)]
        case .itemBeneficiaryEdit(let id, let link): ["items", .id(id), "beneficiaries", .id(link, .linkID), "edit"]
        case .itemBeneficiaryDelete(let id, let link):
            ["items", .id(id), "beneficiaries", .id(link, .linkID), "delete"]

        case .memories: ["memories"]
        case .memoryNew: ["memories", "new"]
        case .memory(let id): ["memories", .id(id)]
        case .memoryEdit(let id): ["memories", .id(id), "edit"]
        case .memoryFaces(let id): ["memories", .id(id), "faces"]
        case .memoryDelete(let id): ["memories", .id(id), "delete"]
        case .people: ["people"]
        case .person(let id): ["people", .id(id)]
        case .personEdit(let id): ["people", .id(id), "edit"]
        case .personDelete(let id): ["people", .id(id), "delete"]
        case .personAvatar(let id): ["people", .id(id), "avatar"]
        case .personAvatarFromFace(let id): ["people", .id(id), "avatar-from-face"]

        case .journal: ["journal"]
        case .journalUnlock: ["journal", "unlock"]
        case .journalLock: ["journal", "lock"]
        case .journalDrawers: ["journal", "drawers"]
        case .journalDrawer(let id): ["journal", "drawers", .id(id)]
        case .journalDrawerMove(let id): ["journal", "drawers", .id(id), "move"]
        case .journalDrawerDelete(let id): ["journal", "drawers", .id(id), "delete"]
        case .journalCards: ["journal", "cards"]
        case .journalCardNew: ["journal", "cards", "new"]
        case .journalVoiceCards: ["journal", "cards", "voice"]
        case .journalCard(let id): ["journal", "cards", .id(id)]
        case .journalCardEdit(let id): ["journal", "cards", .id(id), "edit"]
        case .journalCardDelete(let id): ["journal", "cards", .id(id), "delete"]

        case .settings: ["settings"]
        case .settingsHousehold: ["settings", "household"]
        case .settingsPassword: ["settings", "password"]
        case .settingsInvitations: ["settings", "invitations"]
        case .settingsMemberRole(let id): ["settings", "members", .id(id), "role"]
        case .settingsMemberRemove(let id): ["settings", "members", .id(id), "remove"]
        case .settingsInvitationRevoke(let id): ["settings", "invitations", .id(id), "revoke"]
        case .settingsTokenRevoke(let id): ["settings", "tokens", .id(id), "revoke"]
        case .devices: ["settings", "devices"]
        case .deviceRevoke(let id): ["settings", "devices", .id(id), "revoke"]

        case .apiOpenAPIDocument: ["api", "openapi.yaml"]
        case .apiMedia(let id, let variant): ["api", "media", .id(id), .id(variant, .variant)]
        case .apiJournalCardAudio(let id): ["api", "journal", "cards", .id(id), "audio"]
        case .apiItemAudio(let id): ["api", "items", .id(id), "audio"]
        case .apiBatch(let id): ["api", "batches", .id(id)]
        }
    }
}
