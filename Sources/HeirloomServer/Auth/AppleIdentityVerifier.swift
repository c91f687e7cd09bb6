import Foundation
import JWTKit
import Vapor

/// Checks Sign in with Apple identity tokens against Apple's published keys.
///
/// RS256, issuer `https://appleid.apple.com`, an audience among the configured bundle ids, not expired.
/// The keys are fetched from the configured JWKS URL, kept for an hour, and fetched again (at most once a
/// minute) when a token names a key the hub does not know.
actor AppleIdentityVerifier {
    /// What the hub learns from a valid token.
    struct Identity: Sendable, Equatable {
        var subject: String
        var email: String?
    }

    private let jwksURL: URL
    private let bundleIDs: [String]
    private let clock: @Sendable () -> Date
    private var keys: JWTKeyCollection?
    private var fetchedAt: Date?

    init(jwksURL: URL, bundleIDs: [String], clock: @escaping @Sendable () -> Date) {
        self.jwksURL = jwksURL
        self.bundleIDs = bundleIDs
        self.clock = clock
    }

    func verify(_ identityToken: String, client: any Client) async throws -> Identity {
        guard !bundleIDs.isEmpty else {
            throw AppError.switchedOff(
                code: "apple_not_configured",
                message: "Sign in with Apple is not set up on this hub. Please sign in with your email and password."
            )
        }
        guard identityToken.count < 16_384 else { throw Self.invalidToken }
        let payload: AppleIdentityToken
        do {
            payload = try await currentKeys(client: client, refresh: false).verify(
                identityToken, as: AppleIdentityToken.self, expectedAudiences: bundleIDs)
        } catch let error as JWTError where error.errorType == .missingKIDHeader || error.errorType == .unknownKID {
            payload = try await verifyAfterRefresh(identityToken, client: client)
        } catch let error as AppError {
            throw error
        } catch {
            throw Self.invalidToken
        }
        let email = payload.email?.trimmingCharacters(in: .whitespaces).lowercased()
        return Identity(subject: payload.subject.value, email: email?.isEmpty == false ? email : nil)
    }

    private func verifyAfterRefresh(_ identityToken: String, client: any Client) async throws -> AppleIdentityToken {
        do {
            return try await currentKeys(client: client, refresh: true).verify(
                identityToken, as: AppleIdentityToken.self, expectedAudiences: bundleIDs)
        } catch let error as AppError {
            throw error
        } catch {
            throw Self.invalidToken
        }
    }

    private func currentKeys(client: any Client, refresh: Bool) async throws -> JWTKeyCollection {
        let now = clock()
        if let keys, let fetchedAt {
            let age = now.timeIntervalSince(fetchedAt)
            if age < 3600, !refresh || age < 60 { return keys }
        }
        let collection = JWTKeyCollection()
        do {
            let response = try await client.get(URI(string: jwksURL.absoluteString)) { request in
                request.timeout = .seconds(10)
            }
            guard response.status == .ok, let body = response.body else {
                throw AppError.unavailable(code: "apple_unavailable", message: Self.unreachable)
            }
            let jwks = try JSONDecoder().decode(JWKS.self, from: Data(buffer: body))
            try await collection.add(jwks: jwks)
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError.unavailable(code: "apple_unavailable", message: Self.unreachable)
        }
        keys = collection
        fetchedAt = now
        return collection
    }

    private static let unreachable = "Apple’s sign-in service could not be reached. Please try again in a moment."

    static let invalidToken = AppError.invalidCredentials(
        "Apple could not confirm this sign-in. Please try signing in with Apple again."
    )
}
