import HTTPTypes
import HeirloomAPI
import OpenAPIRuntime
import Vapor

/// Asks who is calling before anything else is read: a protected operation answers 401 to an unauthenticated
/// caller whatever it sends, so a caller without credentials learns nothing from which parameters are checked.
///
/// The generated code decodes an operation's parameters and body before its handler runs, and the handler is
/// where the principal used to be asked for; this middleware runs before that decoding.
struct SignInFirstMiddleware: ServerMiddleware {
    /// The operations anyone may call: those whose `security` in the API document is empty. Executors' and
    /// recipients' own calls (`Request.isOutsiderAPI`) carry tokens of their own, which their handlers check.
    /// SignInFirstTests compares this list with the document.
    static let openOperations: Set<String> = [
        Operations.GetHealth.id, Operations.SetUp.id, Operations.Register.id, Operations.LogIn.id,
        Operations.SignInWithApple.id, Operations.AcceptInvitation.id, Operations.RequestPasswordReset.id,
        Operations.ResetPassword.id,
        Operations.GetAppHealth.id, Operations.TreasureChestAnalyzeItemText.id,
        Operations.TreasureChestSummarizeAudio.id, Operations.TreasureChestLiquidationBrief.id,
        Operations.TreasureChestLiquidationPlan.id, Operations.TreasureChestSearchPartners.id,
        Operations.StartExecutorSession.id, Operations.StartRecipientSession.id, Operations.StartWishSession.id,
        Operations.StartLetterSession.id, Operations.StartAnswerSession.id, Operations.ConfirmEmail.id,
    ]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if !Self.openOperations.contains(operationID) {
            let vaporRequest = try RequestContext.request()
            let executorMayCall = vaporRequest.acceptsExecutorBearer && vaporRequest.headers.bearerAuthorization != nil
            if !vaporRequest.isOutsiderAPI, !executorMayCall { _ = try vaporRequest.principal() }
        }
        return try await next(request, body, metadata)
    }
}
