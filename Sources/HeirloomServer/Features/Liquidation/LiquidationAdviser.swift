import Foundation
import HeirloomCore

/// The one way the hub advises on parting with things: the Legacy Treasure Chest app's gateway calls and the
/// hub's own stored briefs and plans both ask here. A configured provider answers through the AI client, its
/// reply checked against the app's schema; without one, the rule-based advice is given, labelled as such.
struct LiquidationAdviser: Sendable {
    let ai: AIClient
    let now: Date

    /// Whether the advice comes from the rules rather than a model.
    var isRuleBased: Bool { ai.provider == nil }

    /// The brief for the request (its photo, if any, sent to the model with it).
    func brief(_ request: LiquidationBriefRequest) async throws -> LiquidationBrief {
        guard let provider = ai.provider else { return LiquidationAdvice.rulesBrief(request, now: now) }
        var image: AIImage?
        if let raw = request.photoJpegBase64 {
            guard let data = Data(base64Encoded: raw) else {
                throw AppError.badRequest("photoJpegBase64 is not valid base64.")
            }
            image = AIImage(data: data, mimeType: "image/jpeg")
        }
        let prompt = AIPrompt(
            system: LiquidationAdvice.briefSystem,
            turns: [.init(role: .user, text: LiquidationAdvice.briefPrompt(request))], image: image,
            schemaJSON: LiquidationAdvice.briefSchemaJSON, schemaName: "liquidation_brief")
        let now = self.now
        return try await ai.ask(prompt, provider: provider) { text throws(AnalysisCheck.Problem) in
            try LiquidationAdvice.brief(
                fromReply: text, request: request, provider: provider.name, model: provider.model, now: now)
        }
    }

    /// The step-by-step checklist along the chosen path.
    func plan(_ request: LiquidationPlanRequest) async throws -> LiquidationPlan {
        guard let provider = ai.provider else { return LiquidationAdvice.rulesPlan(request, now: now) }
        let prompt = AIPrompt(
            system: LiquidationAdvice.planSystem,
            turns: [.init(role: .user, text: LiquidationAdvice.planPrompt(request))], image: nil,
            schemaJSON: LiquidationAdvice.planSchemaJSON, schemaName: "liquidation_plan")
        let now = self.now
        return try await ai.ask(prompt, provider: provider) { text throws(AnalysisCheck.Problem) in
            try LiquidationAdvice.plan(fromReply: text, request: request, now: now)
        }
    }
}

extension RequestServices {
    var liquidationAdviser: LiquidationAdviser { LiquidationAdviser(ai: ai, now: now) }
}
