import Foundation
import Vapor

/// How a call to the AI provider went wrong, each with its own status, code and plain message.
enum AIProblem: Error, Equatable, Sendable {
    /// The provider refused to look at the photo (a safety block).
    case blocked
    /// The provider refused the hub's key.
    case badKey
    /// The key's quota is used up.
    case quota
    /// The provider kept failing (5xx, or 429 without end) until the deadline.
    case unavailable
    /// The provider could not be reached at all.
    case unreachable
    /// The provider did not answer within the deadline.
    case timeout
    /// The reply broke the schema, also after one repair attempt.
    case invalidReply
    /// The reply was cut off (the model ran out of tokens), also after one repair attempt.
    case cutOff
    /// The provider refused the request itself (a model it does not know, a redirect): its settings are wrong.
    case refused

    var status: HTTPResponseStatus {
        switch self {
        case .blocked, .badKey, .invalidReply, .cutOff, .refused: .badGateway
        case .quota, .unavailable, .unreachable: .serviceUnavailable
        case .timeout: .gatewayTimeout
        }
    }

    var code: String {
        switch self {
        case .blocked: "ai_blocked"
        case .badKey: "ai_bad_key"
        case .quota: "ai_quota"
        case .unavailable: "ai_unavailable"
        case .unreachable: "ai_unreachable"
        case .timeout: "ai_timeout"
        case .invalidReply: "ai_invalid_reply"
        case .cutOff: "ai_cut_off"
        case .refused: "ai_refused"
        }
    }

    var message: String {
        switch self {
        case .blocked:
            "The AI expert declined to look at this photo (its safety filter blocked it). Please try another photo."
        case .badKey:
            "The AI provider did not accept the hub's key. The hub's owner should check HEIRLOOM_AI_API_KEY."
        case .quota:
            "The AI provider's allowance for this hub is used up for now. Please try again later."
        case .unavailable:
            "The AI provider is busy or having trouble. Please try again in a few minutes."
        case .unreachable:
            "The hub could not reach the AI provider. Please check the hub's internet connection and try again."
        case .timeout:
            "The AI expert took too long to answer. Please try again."
        case .invalidReply:
            "The AI expert's answer could not be understood, even after asking twice. Please try again."
        case .cutOff:
            "The AI expert's answer was cut off before it was complete. Please try again."
        case .refused:
            "The AI provider refused the hub's request: it may not know the model named in HEIRLOOM_AI_MODEL, or HEIRLOOM_AI_BASE_URL may point at the wrong address. The hub's owner should check these settings."
        }
    }
}
