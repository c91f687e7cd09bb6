import Foundation
import Vapor

extension Application {
    /// The scheduler's work on the app's database, with its mail transport.
    func passingJobs() -> PassingJobs {
        let services = hub
        return PassingJobs(
            db: db, clock: services.clock, publicBaseURL: services.config.publicBaseURL, mail: services.config.mail,
            transport: services.mailTransport, logger: logger, store: services.media.store)
    }
}
