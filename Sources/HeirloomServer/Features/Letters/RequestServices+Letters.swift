import Foundation

extension RequestServices {
    var letters: LetterService { LetterService(db: db, clock: services.clock, media: media) }
    var memberPassings: MemberPassingService {
        MemberPassingService(db: db, clock: services.clock, publicBaseURL: config.publicBaseURL)
    }
    var letterReader: LetterReader {
        LetterReader(db: db, clock: services.clock, linkThrottle: services.linkThrottle)
    }
}
