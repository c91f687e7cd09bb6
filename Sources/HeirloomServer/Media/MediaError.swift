import Foundation
import HeirloomCore

/// What can go wrong with an upload, each with its status and a message a person understands.
enum MediaError: Error, Sendable {
    case tooLarge(use: MediaUse, limit: Int64)
    case unsupported(use: MediaUse)
    case empty
    case unreadable(String)
    case tooManyPixels(width: Int, height: Int)
    case tooLong(limitSeconds: Double)
    case implausibleDuration(seconds: Double)
    case storage(String)
    /// The S3 service that keeps the media refused or did not answer; the detail is for the log only.
    case storeUnavailable(String)

    /// The refusal of a file over the limit, in the words the pages also say before a file is sent.
    static func tooLargeMessage(use: MediaUse, limit: Int64) -> String {
        "This file is larger than the \(ByteCountText.describe(limit)) allowed for \(use.noun)."
    }

    /// The refusal of a kind of file a use does not take, in the words the pages also say before it is sent.
    static func unsupportedMessage(use: MediaUse) -> String {
        "Heirloom cannot use this kind of file for \(use.noun). Please choose \(use.acceptedList)."
    }

    var appError: AppError {
        switch self {
        case .tooLarge(let use, let limit):
            .payloadTooLarge(Self.tooLargeMessage(use: use, limit: limit))
        case .unsupported(let use):
            .unsupportedMedia(Self.unsupportedMessage(use: use))
        case .empty:
            .invalid(FieldError(field: "file", message: "The file is empty."))
        case .unreadable(let detail):
            .invalid(
                FieldError(
                    field: "file", message: "This file could not be read; it may be damaged or incomplete. (\(detail))")
            )
        case .tooManyPixels(let width, let height):
            .invalid(
                FieldError(
                    field: "file",
                    message:
                        "This picture is \(width) × \(height) pixels, more than the 100 megapixels Heirloom accepts."
                )
            )
        case .tooLong(let limit):
            .invalid(
                FieldError(
                    field: "file",
                    message:
                        "This recording is longer than the \(AudioLimits.describe(seconds: limit)) Heirloom accepts."))
        case .implausibleDuration(let seconds):
            .invalid(
                FieldError(
                    field: "file",
                    message:
                        "This file says it plays for \(AudioLimits.describe(seconds: seconds)) but is far too small "
                        + "for that; it may be damaged. Please record it again."))
        case .storage:
            .internalProblem("storage")
        case .storeUnavailable:
            .unavailable(
                code: "media_store_unavailable",
                message:
                    "The place where this hub keeps photos and recordings is not answering just now. Nothing was lost; "
                    + "please try again in a few minutes.")
        }
    }
}

extension MediaUse {
    /// "photos", "documents", …, for messages.
    var noun: String {
        switch self {
        case .photo: "photos"
        case .document: "documents"
        case .audio: "recordings"
        case .video: "videos"
        }
    }
}
