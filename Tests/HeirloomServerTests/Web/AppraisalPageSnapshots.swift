import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The AI appraiser's pages, rendered whole from fixture models. `appraisal/result` also covers the
/// `appraisal/panel` partial (the saved valuation beside the fresh answer).
@Suite("Appraisal pages, as snapshots")
struct AppraisalPageSnapshots {
    static let clockID = PageFixtures.id(1)

    static func panel() -> AppraisalPages.Panel {
        AppraisalPages.Panel(
            itemID: clockID.text, canEdit: true, hasPhoto: true, offline: false,
            providerLabel: "Google Gemini (gemini-2.5-flash)",
            analyseAction: SiteURL.itemAppraisal(.value(clockID)).path,
            notesAction: SiteURL.itemAppraisalNotes(.value(clockID)).path,
            editHref: SiteURL.itemEdit(.value(clockID)).path, userNotes: "", snapshot: nil)
    }

    @Test("A fresh appraisal of the clock, ready to apply to the item")
    func appraisalResult() async throws {
        let analysis = AppraisalPages.AnalysisView(
            title: "Victorian oak longcase clock", summary: "An eight-day longcase clock with a painted dial.",
            category: "Furniture",
            description: "Oak case with a swan-neck pediment; painted arch dial with moon phase.",
            range: "$2,000.00 – $3,000.00", midpoint: "$2,500.00", midpointValue: "2500.00", confidence: "fairly sure",
            rows: [
                .init(label: "Made of", value: "oak and brass"), .init(label: "Maker", value: "Smith & Sons, Derby"),
                .init(label: "Era", value: "about 1890"),
                .init(label: "Condition", value: "good, some wear to the base"),
            ],
            extractedText: "SMITH & SONS DERBY", aiNotes: "Dial restoration would lower the value.",
            descriptionAddition: "An eight-day longcase clock with a painted dial. Made of oak and brass.",
            by: "Google Gemini (gemini-2.5-flash)", json: #"{"title":"Victorian oak longcase clock"}"#,
            applyAction: SiteURL.itemAppraisalApply(.value(Self.clockID)).path)
        let model = AppraisalPages.Result(
            item: .init(
                id: Self.clockID.text, name: "Grandfather’s clock", href: SiteURL.item(.value(Self.clockID)).path),
            analysis: analysis, error: nil, offline: false, appraisal: Self.panel(), valueError: nil, customValue: nil)
        let html = try await PageFixtures.html(
            .appraisalResult, title: "AI appraisal · Grandfather’s clock", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("An appraisal that failed: the reason, and the item's saved valuation")
    func appraisalFailed() async throws {
        var panel = Self.panel()
        panel.snapshot = .init(
            range: "$2,000.00 – $3,000.00", confidence: "quite sure", valuedOn: "November 21, 2026",
            by: "Google Gemini (gemini-2.5-flash)", aiNotes: nil, sources: nil)
        let model = AppraisalPages.Result(
            item: .init(
                id: Self.clockID.text, name: "Grandfather’s clock", href: SiteURL.item(.value(Self.clockID)).path),
            analysis: nil, error: "The AI expert did not answer in time. Please try again in a minute.", offline: false,
            appraisal: panel, valueError: nil, customValue: nil)
        let html = try await PageFixtures.html(
            .appraisalResult, title: "AI appraisal · Grandfather’s clock", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Add items from photos: the upload form")
    func batchNew() async throws {
        let model = AppraisalPages.NewBatch(offline: false, maximum: AppraisalBatchService.maximumPhotos)
        let html = try await PageFixtures.html(.batchNew, title: "Add items from photos", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A batch of photos: one added, one ready to review, one being read, one that failed")
    func batchShow() async throws {
        let batchID = PageFixtures.id(40)
        let entries: [AppraisalPages.BatchPage.Entry] = [
            .init(
                index: 0, fileName: "clock.jpg", state: "done", stateLabel: "Added to your items",
                thumbnailUrl: SiteURL.media(PageFixtures.id(41), .thumbnail), title: "Oak longcase clock",
                category: "Furniture", summary: "An eight-day clock.", range: "$2,000.00 – $3,000.00", value: "2500.00",
                currency: "USD", error: nil, itemHref: SiteURL.item(.value(PageFixtures.id(1))).path),
            .init(
                index: 1, fileName: "quilt.jpg", state: "done", stateLabel: "Ready",
                thumbnailUrl: SiteURL.media(PageFixtures.id(42), .thumbnail), title: "Wedding ring quilt",
                category: "Decor", summary: "A hand-stitched cotton quilt.", range: "$400.00 – $800.00",
                value: "600.00",
                currency: "USD", error: nil, itemHref: nil),
            .init(
                index: 2, fileName: "cups.jpg", state: "running", stateLabel: "Being read…", thumbnailUrl: nil,
                title: nil, category: nil, summary: nil, range: nil, value: nil, currency: nil, error: nil,
                itemHref: nil),
            .init(
                index: 3, fileName: "blurry.jpg", state: "failed", stateLabel: "Could not be read", thumbnailUrl: nil,
                title: nil, category: nil, summary: nil, range: nil, value: nil, currency: nil,
                error: "The photo is too blurred to read.", itemHref: nil),
        ]
        let model = AppraisalPages.BatchPage(
            id: batchID.text, apiUrl: SiteURL.apiBatch(.value(batchID)).path, total: 4, finished: 3, failed: 1,
            isWorking: true, canImport: true, retryAction: SiteURL.batchRetry(.value(batchID)).path,
            importAction: SiteURL.batchImport(.value(batchID)).path, offline: false, entries: entries)
        let html = try await PageFixtures.html(.batchShow, title: "Add items from photos", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }
}
