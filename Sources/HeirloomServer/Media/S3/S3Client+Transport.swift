import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

extension S3Client {
    /// A failure below HTTP as an `S3Error` a person can read: a timeout, or why the service could not be reached.
    /// Cancellation stays cancellation.
    static func transportError(_ error: Error, endpoint: String) -> Error {
        switch error {
        case is S3Error, is CancellationError:
            return error
        case let error as HTTPClientError:
            let timeouts: [HTTPClientError] = [
                .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout,
                .getConnectionFromPoolTimeout,
            ]
            if timeouts.contains(error) { return S3Error.timedOut(endpoint: endpoint) }
            if error == .cancelled { return CancellationError() }
            if error == .remoteConnectionClosed {
                return S3Error.unreachable(endpoint: endpoint, reason: "the service closed the connection")
            }
            return S3Error.unreachable(endpoint: endpoint, reason: "\(error)")
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first {
                return S3Error.unreachable(endpoint: endpoint, reason: reason(failure.error))
            }
            return S3Error.unreachable(endpoint: endpoint, reason: "no address was found for \(error.host)")
        default:
            return S3Error.unreachable(endpoint: endpoint, reason: reason(error))
        }
    }

    /// `connection refused`, from an errno where there is one.
    private static func reason(_ error: Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        let text = String(cString: strerror(error.errnoCode))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
