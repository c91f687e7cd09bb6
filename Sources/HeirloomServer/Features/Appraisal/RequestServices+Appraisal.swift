import Fluent
import Foundation
import HeirloomCore
import Vapor

extension RequestServices {
    /// The configured AI provider behind retries, the deadline and the schema check.
    var ai: AIClient { AIClient.live(settings: config.ai, client: client, sleep: services.aiSleep) }
    var appraisal: AppraisalService {
        AppraisalService(
            db: db, items: items, ai: ai, store: services.media.store, now: now, images: services.media.images)
    }
    var beneficiaryAdvisor: BeneficiaryAdvisor { BeneficiaryAdvisor(db: db, beneficiaries: beneficiaries, ai: ai) }
}

extension Request {
    /// Batches, whose analysis runs in the background on the application's database and client.
    var appraisalBatches: AppraisalBatchService {
        let services = heirloom
        let app = application
        let appDB = app.db
        let runner = app.hub.batchRunner
        let ai = AIClient.live(
            settings: services.config.ai, client: app.client, sleep: app.hub.aiSleep)
        let appraisal = AppraisalService(
            db: appDB,
            items: ItemService(
                database: app.hub.database(on: appDB), media: MediaService(db: appDB, pipeline: app.hub.media)
            ),
            ai: ai, store: app.hub.media.store, now: services.now)
        let concurrency = services.config.ai.concurrency
        var batches = AppraisalBatchService(db: db, media: services.media, items: services.items) { batchID in
            let currency = await Self.batchCurrency(batchID, db: appDB)
            // A claim outlasts the longest analysis (one deadline, retries included) by a minute.
            await runner.start(batchID, db: appDB, concurrency: concurrency, lease: ai.settings.timeout + 60) { media in
                var request = AppraisalRequest(currencyCode: currency)
                request.facts = AppraisalService.facts(of: media)
                return try await ai.analyse(try await appraisal.image(of: media), request: request)
            }
        }
        batches.now = services.now
        return batches
    }

    private static func batchCurrency(_ batchID: UUID, db: any Database) async -> String {
        guard let batch = try? await AppraisalBatch.find(batchID, on: db),
            let household = try? await Household.find(batch.$household.id, on: db)
        else { return "USD" }
        return household.defaultCurrency
    }
}
