import Foundation
import Logging
import Vapor

/// The `heirloom` command: `serve` (the default), `migrate`, `create-user`, `reset-password`.
///
/// Whatever stops it (a refusal, a setting, a failure), it says why in one or two plain lines on standard
/// error and exits with a non-zero status (`CommandLineFailure`); it never ends in a Swift fatal error.
public enum HeirloomMain {
    public static func run() async {
        let app: Application
        let env: Environment
        do {
            var detected = try Environment.detect()
            try LoggingSystem.bootstrap(from: &detected)
            env = detected
            app = try await Application.make(env)
        } catch {
            CommandLineFailure.exit(with: error)
        }
        do {
            // Application.make has read .env into the process environment.
            let config: HeirloomConfig
            do {
                config = try HeirloomConfig.load(from: ProcessInfo.processInfo.environment)
            } catch let error as ConfigError {
                try? await app.asyncShutdown()
                CommandLineFailure.exit(with: error, status: 78)  // EX_CONFIG
            }
            try await configure(app, config: config)
            let command = env.arguments.dropFirst().first
            if command == nil || command == "serve" {
                // serve brings a new or older database up to date by itself.
                try await prepareDatabase(app)
            }
            // What `app.execute()` does, without its log line: the reason is printed once, below.
            try await app.startup()
            try await app.running?.onStop.get()
        } catch {
            try? await app.asyncShutdown()
            CommandLineFailure.exit(with: error)
        }
        try? await app.asyncShutdown()
    }
}
