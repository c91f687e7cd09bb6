import Foundation
import Logging
import Vapor

/// The `heirloom` command: `serve` (the default), `migrate`, `create-user`, `reset-password`.
public enum HeirloomMain {
    public static func run() async throws {
        var env = try Environment.detect()
        try LoggingSystem.bootstrap(from: &env)
        let app = try await Application.make(env)
        do {
            // Application.make has read .env into the process environment.
            let config: HeirloomConfig
            do {
                config = try HeirloomConfig.load(from: ProcessInfo.processInfo.environment)
            } catch let error as ConfigError {
                app.logger.critical("Heirloom cannot start: \(error)")
                try? await app.asyncShutdown()
                exit(78)  // EX_CONFIG
            }
            try await configure(app, config: config)
            let command = env.arguments.dropFirst().first
            if command == nil || command == "serve" {
                // serve brings a new or older database up to date by itself.
                try await prepareDatabase(app)
            }
            try await app.execute()
        } catch {
            app.logger.report(error: error)
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
