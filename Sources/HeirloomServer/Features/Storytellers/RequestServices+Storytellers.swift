import Foundation

extension RequestServices {
    var storytellers: StorytellerService {
        StorytellerService(db: db, clock: services.clock, publicBaseURL: config.publicBaseURL)
    }
    var storyQueue: StoryQueue { StoryQueue(db: db, clock: services.clock) }
    var storySender: StorySender { StorySender(db: db, clock: services.clock, publicBaseURL: config.publicBaseURL) }
    var bookLinks: BookLinks { BookLinks(db: db, clock: services.clock, linkThrottle: services.linkThrottle) }
    var storyAnswers: StoryAnswers {
        StoryAnswers(
            db: db, clock: services.clock, media: media, publicBaseURL: config.publicBaseURL,
            linkThrottle: services.linkThrottle)
    }
}
