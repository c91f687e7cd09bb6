import Foundation
import HeirloomCore
import Testing

@Suite("The outbox's links: who reads which")
struct OutboxLinksTests {
    static let deliveries: [OutboxLinks.Delivery] = [.waiting, .delivered, .failed]

    @Test("a link that acts as one person is never shown, whatever became of its email", arguments: [true, false])
    func personalNever(hubSendsMail: Bool) {
        let personal = MessagePurpose.allCases.filter { $0.link == .personal }
        #expect(
            Set(personal) == [
                .passwordReset, .emailConfirmation, .holderPassingReported, .holderHalfwayReminder,
                .holderInactivityReminder, .executorAddressCheck,
            ])
        for purpose in personal {
            for delivery in Self.deliveries {
                #expect(!OutboxLinks.showsLink(purpose, hubSendsMail: hubSendsMail, delivery: delivery))
            }
        }
    }

    @Test("a link to pass on is shown where the hub cannot send it, or when its delivery failed")
    func handOn() {
        for purpose in MessagePurpose.allCases where purpose.link == .handOn {
            for delivery in Self.deliveries {
                #expect(OutboxLinks.showsLink(purpose, hubSendsMail: false, delivery: delivery))
                #expect(OutboxLinks.showsLink(purpose, hubSendsMail: true, delivery: delivery) == (delivery == .failed))
            }
        }
    }

    @Test("an invitation is never shown once delivered to the address it was made for")
    func invitations() {
        for purpose in [MessagePurpose.memberInvitation, .passwordLink] {
            #expect(OutboxLinks.showsLink(purpose, hubSendsMail: false, delivery: .waiting))
            #expect(!OutboxLinks.showsLink(purpose, hubSendsMail: false, delivery: .delivered))
            #expect(!OutboxLinks.showsLink(purpose, hubSendsMail: true, delivery: .waiting))
            #expect(!OutboxLinks.showsLink(purpose, hubSendsMail: true, delivery: .delivered))
            #expect(OutboxLinks.showsLink(purpose, hubSendsMail: true, delivery: .failed))
        }
        #expect(!OutboxLinks.showsLink(nil, hubSendsMail: false, delivery: .waiting))
    }

    @Test("every purpose is stored under a name of its own")
    func names() {
        let names = MessagePurpose.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(MessagePurpose(rawValue: "executorInvitation") == .executorInvitation)
    }

    @Test("an owner makes a first password only for a member with no way in")
    func firstPassword() {
        #expect(MembershipRules.needsFirstPassword(hasPassword: false, signsInWithApple: false))
        #expect(!MembershipRules.needsFirstPassword(hasPassword: true, signsInWithApple: false))
        #expect(!MembershipRules.needsFirstPassword(hasPassword: false, signsInWithApple: true))
    }
}
