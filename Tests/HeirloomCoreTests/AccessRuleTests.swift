import Foundation
import HeirloomCore
import Testing

@Suite("Who may read and change what: the one access rule")
struct AccessRuleTests {
    /// Every reader in every state, with and without values shown to viewers.
    static func everyone(_ check: (Reader, EstateState, Bool) -> Void) {
        for reader in Reader.allCases {
            for state in EstateState.allCases {
                for shown in [false, true] { check(reader, state, shown) }
            }
        }
    }

    static func reach(_ reader: Reader, _ act: Act, _ thing: Thing, _ state: EstateState, _ shown: Bool) -> Reach {
        AccessRule.reach(reader, act, thing, in: state, viewersSeeValues: shown)
    }

    @Test("nobody but the person themselves reads a journal, a wish sheet, a letter or an account, in any state")
    func ownThingsStayOwn() {
        Self.everyone { reader, state, shown in
            for thing in [Thing.journal, .wishSheets, .letters, .settings] {
                for act in Act.allCases {
                    #expect(Self.reach(reader, act, thing, state, shown) != .all, "\(reader) \(act) \(thing) \(state)")
                }
            }
        }
    }

    @Test("what the holder keeps \"only me\" is the holder's alone: not a co-owner's, not a trusted contact's")
    func onlyMeIsTheHolders() {
        Self.everyone { reader, state, shown in
            for act in Act.allCases {
                let reach = Self.reach(reader, act, .binderOnlyMe, state, shown)
                #expect(reach == (reader == .holder ? .all : .none), "\(reader) \(act) \(state)")
            }
        }
    }

    @Test("a trusted contact sees nothing of the family's things or their worth, and who receives what only after")
    func trustedContactSeesNoThings() {
        for state in EstateState.allCases {
            for act in Act.allCases {
                for thing in [Thing.items, .values, .memories, .journal, .wishSheets, .letters, .outbox] {
                    #expect(AccessRule.reach(.trustedContact, act, thing, in: state) == .none, "\(thing) \(state)")
                }
            }
            let released = state == .released
            #expect(AccessRule.allows(.trustedContact, .read(.gifts), in: state) == released)
            #expect(!AccessRule.allows(.trustedContact, .change(.gifts), in: state))
            #expect(AccessRule.allows(.trustedContact, .change(.wishRounds), in: state) == released)
            #expect(AccessRule.reach(.trustedContact, .read, .binder, in: state) == .own)
        }
    }

    @Test("a viewer reads the family's things and changes none of them; values only when an owner shows them")
    func viewersChangeNothingOfTheFamilys() {
        for state in EstateState.allCases {
            for thing in [Thing.items, .values, .memories, .gifts, .binder, .storytellers, .household, .estatePlan] {
                #expect(AccessRule.reach(.viewer, .change, thing, in: state) == .none, "\(thing)")
            }
            #expect(!AccessRule.allows(.viewer, .read(.values), in: state))
            #expect(AccessRule.allows(.viewer, .read(.values), in: state, viewersSeeValues: true))
            #expect(AccessRule.reach(.viewer, .change, .transcripts, in: state) == .own)
            #expect(!AccessRule.allows(.viewer, .read(.gifts), in: state))
        }
    }

    @Test("only owners run the household, its outbox and the estate's plan; editors plan who receives what")
    func ownersRunTheHousehold() {
        for state in EstateState.allCases {
            for thing in [Thing.household, .outbox, .estatePlan, .wishRounds, .binder, .auditLog] {
                #expect(AccessRule.allows(.holder, .read(thing), in: state))
                #expect(AccessRule.allows(.coOwner, .read(thing), in: state))
                #expect(!AccessRule.allows(.editor, .read(thing), in: state), "\(thing)")
            }
            #expect(AccessRule.reach(.editor, .change, .gifts, in: state) == .all)
            #expect(AccessRule.reach(.editor, .change, .items, in: state) == .all)
        }
    }

    @Test("nobody rewrites the audit log, and only the holder says \"I am still here\"")
    func auditLogIsWrittenByTheHubAlone() {
        Self.everyone { reader, state, shown in
            #expect(Self.reach(reader, .change, .auditLog, state, shown) == .none, "\(reader)")
            if reader.isMember {
                #expect(Self.reach(reader, .read, .estateNews, state, shown) == .all, "\(reader)")
                #expect((Self.reach(reader, .change, .estateNews, state, shown) != .none) == (reader == .holder))
            }
        }
    }

    @Test("people who come by a link reach only their own, and nothing of how the household is run")
    func linkPeopleReachOnlyTheirOwn() {
        Self.everyone { reader, state, shown in
            guard !reader.isMember else { return }
            for thing in Thing.allCases {
                for act in Act.allCases {
                    let reach = Self.reach(reader, act, thing, state, shown)
                    let organises = reader == .trustedContact && state == .released && thing == .wishRounds
                    let receives = reader == .trustedContact && state == .released && thing == .gifts
                    let news = reader == .trustedContact && thing == .estateNews && act == .read
                    if !organises && !receives && !news { #expect(reach != .all, "\(reader) \(act) \(thing)") }
                }
                #expect(Self.reach(reader, .read, .household, state, shown) == .none)
                #expect(Self.reach(reader, .read, .settings, state, shown) == .none)
            }
            if reader == .guest {
                #expect(Thing.allCases.allSatisfy { !AccessRule.allows(.guest, .read($0), in: state) })
            }
        }
    }

    @Test("a member's kind: an owner is the holder or a co-owner, as the estate names its holder")
    func membersKinds() {
        #expect(Reader.member(.owner, isHolder: true) == .holder)
        #expect(Reader.member(.owner, isHolder: false) == .coOwner)
        #expect(Reader.member(.editor, isHolder: true) == .editor)
        #expect(Reader.member(.viewer, isHolder: false) == .viewer)
        #expect(Access(words: "change binder") == .change(.binder))
        #expect(Access(words: "change") == nil)
        #expect(Access(words: "peek items") == nil)
        #expect(Access.read(.items).description == "read items")
    }

    @Test("docs/access.md is the rule printed; `make docs-access` writes it again")
    func docsTableIsTheRule() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/access.md")
        let printed = AccessTable.markdown()
        if ProcessInfo.processInfo.environment["HEIRLOOM_WRITE_DOCS"] == "1" {
            try printed.write(to: url, atomically: true, encoding: .utf8)
        }
        let kept = try String(contentsOf: url, encoding: .utf8)
        #expect(kept == printed, "docs/access.md differs from AccessRule: run `make docs-access`")
        #expect(printed.contains("| binder, only me | all | – |"))
    }
}
