/// Who may read and change what, in every state of the estate: the one rule every route of the hub asks.
///
/// A route says what it touches (`Access`: an act on a kind of thing); the rule says, for each kind of reader and
/// each state of the estate, how far that reaches. Rules about one object (which entry a trusted contact may open,
/// which gift an heir sees yet, whose journal card this is) stay with their feature and narrow what `.own` means;
/// they never widen what this rule refuses. docs/access.md is this rule printed (`AccessTable`).
public enum AccessRule {
    /// How far `reader` reaches with `act` on `thing` while the estate is in `state`.
    ///
    /// `viewersSeeValues`: the household's choice to show its viewers what things are worth.
    public static func reach(
        _ reader: Reader, _ act: Act, _ thing: Thing, in state: EstateState, viewersSeeValues: Bool = false
    ) -> Reach {
        switch reader {
        case .holder, .coOwner: owners(reader, act, thing)
        case .editor: editors(act, thing)
        case .viewer: viewers(act, thing, viewersSeeValues: viewersSeeValues)
        case .trustedContact: trustedContacts(act, thing, in: state)
        case .heir: heirs(act, thing)
        case .wishParticipant: thing == .wishSheets ? .own : (thing == .items && act == .read ? .own : .none)
        case .storyteller: thing == .storytellers ? .own : .none
        case .letterReader: thing == .letters && act == .read ? .own : .none
        case .guest: .none
        }
    }

    /// Whether `reader` reaches `access` at all in `state`.
    public static func allows(
        _ reader: Reader, _ access: Access, in state: EstateState, viewersSeeValues: Bool = false
    ) -> Bool {
        reach(reader, access.act, access.thing, in: state, viewersSeeValues: viewersSeeValues) != .none
    }

    /// Whether the answer for `reader` on `access` is the same in every state, so a route need not read the estate.
    public static func isSteady(_ reader: Reader, _ access: Access, viewersSeeValues: Bool = false) -> Bool {
        Set(EstateState.allCases.map { allows(reader, access, in: $0, viewersSeeValues: viewersSeeValues) }).count
            == 1
    }

    /// The holder and the owners helping them: everything of the household, but each person's own journal,
    /// letters, wishes and account; what the holder keeps "only me" is the holder's alone.
    private static func owners(_ reader: Reader, _ act: Act, _ thing: Thing) -> Reach {
        switch thing {
        case .journal, .letters, .wishSheets, .settings: .own
        case .binderOnlyMe: reader == .holder ? .all : .none
        case .auditLog: act == .read ? .all : .none
        case .estateNews: act == .read ? .all : (reader == .holder ? .own : .none)
        default: .all
        }
    }

    /// Editors change the family's things and plan who receives them; the estate's papers, its plan, the wish
    /// rounds and the household's running are the owners'.
    private static func editors(_ act: Act, _ thing: Thing) -> Reach {
        switch thing {
        case .items, .values, .memories, .gifts, .transcripts, .storytellers: .all
        case .journal, .letters, .wishSheets, .settings: .own
        case .estateNews: act == .read ? .all : .none
        case .binder, .binderOnlyMe, .wishRounds, .outbox, .auditLog, .household, .estatePlan: .none
        }
    }

    /// Viewers read the family's things and change only what is their own.
    private static func viewers(_ act: Act, _ thing: Thing, viewersSeeValues: Bool) -> Reach {
        switch thing {
        case .items, .memories, .storytellers, .estateNews: act == .read ? .all : .none
        case .values: act == .read && viewersSeeValues ? .all : .none
        case .transcripts: act == .read ? .all : .own
        case .journal, .letters, .wishSheets, .settings: .own
        case .binder, .binderOnlyMe, .gifts, .wishRounds, .outbox, .auditLog, .household, .estatePlan: .none
        }
    }

    /// A trusted contact sees nothing of the family's things or their worth: their own page and tasks, the binder
    /// entries shared with them, and after the release who receives what and the wish rounds to run.
    private static func trustedContacts(_ act: Act, _ thing: Thing, in state: EstateState) -> Reach {
        switch thing {
        case .estatePlan: .own
        case .estateNews: act == .read ? .all : .own
        case .binder: act == .read ? .own : .none
        case .gifts: state == .released && act == .read ? .all : .none
        case .wishRounds: state == .released ? .all : .none
        default: .none
        }
    }

    /// An heir reads what is given to them (their feature says when) and accepts or declines it, and reads the
    /// binder entries left to them.
    private static func heirs(_ act: Act, _ thing: Thing) -> Reach {
        switch thing {
        case .items: .own
        case .binder: act == .read ? .own : .none
        default: .none
        }
    }
}
