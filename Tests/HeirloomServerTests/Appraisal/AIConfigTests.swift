import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Choosing the AI provider at start-up")
struct AIConfigTests {
    @Test("offline by default; a bad provider, a missing key or a bad timeout stops start-up naming the variable")
    func config() throws {
        #expect(try HeirloomConfig.load(from: [:]).ai.provider == .offline)
        let gemini = try HeirloomConfig.load(from: ["HEIRLOOM_AI_PROVIDER": "gemini", "HEIRLOOM_AI_API_KEY": "k-123"])
        #expect(gemini.ai.model == "gemini-2.5-flash")
        #expect(gemini.ai.baseURL.absoluteString == "https://generativelanguage.googleapis.com")
        #expect(!"\(gemini)".contains("k-123"))
        let local = try HeirloomConfig.load(from: [
            "HEIRLOOM_AI_PROVIDER": "openai", "HEIRLOOM_AI_BASE_URL": "http://127.0.0.1:11434/v1",
            "HEIRLOOM_AI_MODEL": "llava",
        ])
        #expect(local.ai.apiKey == nil)
        let homeNetwork = try HeirloomConfig.load(from: [
            "HEIRLOOM_AI_PROVIDER": "openai", "HEIRLOOM_AI_BASE_URL": "http://192.168.1.5:11434/v1",
            "HEIRLOOM_AI_API_KEY": "k",
        ])
        #expect(homeNetwork.ai.apiKey != nil)
        for (environment, variable) in [
            (["HEIRLOOM_AI_PROVIDER": "claude"], "HEIRLOOM_AI_PROVIDER"),
            (["HEIRLOOM_AI_PROVIDER": "gemini"], "HEIRLOOM_AI_API_KEY"),
            (["HEIRLOOM_AI_PROVIDER": "openai"], "HEIRLOOM_AI_API_KEY"),
            (["HEIRLOOM_AI_TIMEOUT_SECONDS": "soon"], "HEIRLOOM_AI_TIMEOUT_SECONDS"),
            (["HEIRLOOM_AI_CONCURRENCY": "0"], "HEIRLOOM_AI_CONCURRENCY"),
            (["HEIRLOOM_AI_PROVIDER": "openai", "HEIRLOOM_AI_BASE_URL": "ftp://x"], "HEIRLOOM_AI_BASE_URL"),
            // A key never travels in clear text beyond this machine or the home network.
            (
                [
                    "HEIRLOOM_AI_PROVIDER": "openai", "HEIRLOOM_AI_BASE_URL": "http://ai.example.com/v1",
                    "HEIRLOOM_AI_API_KEY": "k",
                ], "HEIRLOOM_AI_BASE_URL"
            ),
        ] {
            #expect(throws: ConfigError.self) { try HeirloomConfig.load(from: environment) }
            do {
                _ = try HeirloomConfig.load(from: environment)
            } catch let error as ConfigError {
                #expect(error.variable == variable)
            }
        }
    }
}
