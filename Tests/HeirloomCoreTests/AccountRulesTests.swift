import Foundation
import HeirloomCore
import Testing

@Suite("Account rules")
struct AccountRulesTests {
    @Test("emails are trimmed and lowercased")
    func normalisesEmail() throws {
        #expect(try AccountRules.email("  Ann.Miller@Example.COM ") == "ann.miller@example.com")
    }

    @Test(
        "things that are not email addresses are refused",
        arguments: [
            "", "ann", "ann@", "@example.com", "ann@example", "a b@example.com", "ann@.com", "ann@example.com.",
        ])
    func refusesBadEmail(_ email: String) {
        #expect(throws: FieldError.self) { try AccountRules.email(email) }
    }

    @Test("passwords need at least 10 characters and at most 1024")
    func passwordLength() throws {
        #expect(throws: FieldError.self) { try AccountRules.newPassword("123456789") }
        #expect(try AccountRules.newPassword("1234567890") == "1234567890")
        #expect(try AccountRules.newPassword("  spaces kept  ") == "  spaces kept  ")
        #expect(throws: FieldError.self) { try AccountRules.newPassword(String(repeating: "x", count: 1025)) }
    }

    @Test("names are trimmed and must be 1 to 200 characters; the error names the field")
    func names() throws {
        #expect(try AccountRules.name("  Ann Miller\n", field: "name") == "Ann Miller")
        do {
            _ = try AccountRules.name("   ", field: "householdName", what: "household name")
            Issue.record("an empty name was accepted")
        } catch {
            #expect(error.field == "householdName")
            #expect(error.message.contains("household name"))
        }
        #expect(throws: FieldError.self) { try AccountRules.name(String(repeating: "é", count: 201), field: "name") }
    }
}

@Suite("Roles and memberships")
struct MembershipRulesTests {
    @Test("only viewers cannot edit; only owners manage the household")
    func permissions() {
        #expect(HouseholdRole.owner.canEdit && HouseholdRole.editor.canEdit && !HouseholdRole.viewer.canEdit)
        #expect(HouseholdRole.owner.canManageHousehold)
        #expect(!HouseholdRole.editor.canManageHousehold && !HouseholdRole.viewer.canManageHousehold)
    }

    @Test("the last owner can neither step down nor be removed")
    func lastOwner() throws {
        #expect(throws: MembershipRules.Refusal.lastOwner) {
            try MembershipRules.checkRoleChange(from: .owner, to: .editor, ownerCount: 1)
        }
        #expect(throws: MembershipRules.Refusal.lastOwner) {
            try MembershipRules.checkRemoval(of: .owner, ownerCount: 1)
        }
        try MembershipRules.checkRoleChange(from: .owner, to: .editor, ownerCount: 2)
        try MembershipRules.checkRoleChange(from: .owner, to: .owner, ownerCount: 1)
        try MembershipRules.checkRoleChange(from: .viewer, to: .owner, ownerCount: 1)
        try MembershipRules.checkRemoval(of: .editor, ownerCount: 1)
    }
}

@Suite("Attempt windows")
struct AttemptWindowTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test("the limit-th failure within the window makes the next attempt wait until the oldest leaves")
    func waits() {
        var window = AttemptWindow(limit: 5, window: 900)
        for minute in 0..<4 {
            window.recordFailure(now: start.addingTimeInterval(Double(minute) * 60))
        }
        #expect(window.retryAfter(now: start.addingTimeInterval(240)) == nil)
        window.recordFailure(now: start.addingTimeInterval(240))
        #expect(window.retryAfter(now: start.addingTimeInterval(241)) == start.addingTimeInterval(900))
        #expect(window.retryAfter(now: start.addingTimeInterval(900)) == nil)
    }

    @Test("old failures are forgotten")
    func forgets() {
        var window = AttemptWindow(limit: 2, window: 60)
        window.recordFailure(now: start)
        window.recordFailure(now: start.addingTimeInterval(61))
        #expect(window.failures.count == 1)
        #expect(window.retryAfter(now: start.addingTimeInterval(62)) == nil)
        #expect(window.isEmpty(now: start.addingTimeInterval(200)))
    }
}

@Suite("Device names")
struct DeviceNameTests {
    @Test(
        "browsers are named as people know them",
        arguments: [
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
                "Safari on iPhone"
            ),
            (
                "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
                "Chrome on Android"
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0",
                "Edge on Windows"
            ),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0", "Firefox on Linux"),
        ]
    )
    func names(agent: String, expected: String) {
        #expect(DeviceName.describe(userAgent: agent) == expected)
    }

    @Test("no agent is a web browser")
    func missing() {
        #expect(DeviceName.describe(userAgent: nil) == "Web browser")
    }
}
