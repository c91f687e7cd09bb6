import Fluent
import Foundation
import HeirloomCore

/// The binder's own pages: the whole binder, one entry, and the entry form.
extension BinderPages {
    struct PreviewPerson: Encodable {
        var value: String
        var label: String
    }

    struct Notice: Encodable {
        var text: String
        var href: String?
    }

    struct Review: Encodable {
        var notices: [Notice]
        var lookDue: Bool
        var lastLook: String?
    }

    struct IndexPage: Encodable {
        var sections: [Section]
        var count: Int
        var previewPeople: [PreviewPerson]
        var review: Review
        var holderName: String?
        var readerIsHolder: Bool
    }

    struct EntryPage: Encodable {
        var entry: Entry
        var section: String
        var followsSection: Bool
        var editHref: String
        var deleteHref: String
        var papersAction: String
        var paperError: String?
        /// For the holder, when the entry keeps a number: the address that shows it whole, or masks it again.
        var numbers: NumbersControl? = nil
    }

    /// The holder's "Show the number" (or "Hide the number") link on an entry.
    struct NumbersControl: Encodable {
        var href: String
        var label: String
        var shown: Bool
    }

    /// The people a preview can be made as: each trusted contact and each beneficiary.
    static func previewPeople(householdID: UUID, on db: any Database) async throws -> [PreviewPerson] {
        let executors = try await Executor.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all()
        let people = try await Beneficiary.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all()
        return executors.map {
            PreviewPerson(value: "executor:\(($0.id ?? UUID()).text)", label: "\($0.name) (trusted contact)")
        }
            + people.map { PreviewPerson(value: "beneficiary:\(($0.id ?? UUID()).text)", label: $0.name) }
    }

    /// An entry due for a look, as Home and the binder page list it.
    static func reminder(_ entry: BinderEntry) -> Notice {
        Notice(
            text: "\u{201C}\(entry.title)\u{201D} is due for a look on \(DayText.calendarDay(entry.reviewOn ?? "")).",
            href: entry.id.map { SiteURL.binderEntry(.value($0)).path })
    }

    static func review(_ state: BinderReviewService.State, days: DayText) -> Review {
        var notices = state.dueEntries.map(reminder)
        notices += state.unconfirmedExecutors.map { executor in
            Notice(
                text:
                    "\(executor.name) has not yet confirmed that \(executor.email) still works. Check the address on Passing on.",
                href: SiteURL.passingOn.path)
        }
        notices += state.staleEntries.prefix(5).map { entry in
            Notice(
                text: "\u{201C}\(entry.title)\u{201D} has not been changed for over a year: is it still right?",
                href: entry.id.map { SiteURL.binderEntry(.value($0)).path })
        }
        return Review(notices: notices, lookDue: state.lookDue, lastLook: state.lastLook.map { days.day($0) })
    }

    static func entryForm(
        entry: BinderReading.Shown?, section: BinderSection, input: BinderEntryInput?, errors: [String: String],
        people: [Beneficiary], sectionWords: String, sectionVisibility: BinderVisibility
    ) -> EntryForm {
        let stored = entry?.entry.fields ?? [:]
        let visibility =
            (try? input?.readersChosen()) ?? entry?.visibility ?? sectionVisibility
        let follows = input.map { $0.follow == "section" } ?? entry?.followsSection ?? true
        let id = entry?.entry.id
        return EntryForm(
            heading: id == nil ? "A new entry: \(section.title)" : "Change \u{201C}\(entry?.entry.title ?? "")\u{201D}",
            action: id.map { SiteURL.binderEntryEdit(.value($0)).path } ?? SiteURL.binderEntryNew.path,
            backHref: id.map { SiteURL.binderEntry(.value($0)).path }
                ?? SiteURL.binder.path(fragment: section.rawValue),
            section: section.rawValue, sectionTitle: section.title, title: input?.title ?? entry?.entry.title ?? "",
            text: input?.text ?? entry?.entry.text ?? "", reviewOn: input?.reviewOn ?? entry?.entry.reviewOn ?? "",
            fields: inputs(section, values: input?.typedFields ?? stored, stored: stored, errors: errors),
            followsSection: follows, sectionWords: sectionWords,
            readers: readers(
                visibility, people: people, error: errors["visibility.beneficiaries"] ?? errors["executors"]),
            errors: errors, submitLabel: id == nil ? "Add to the binder" : "Save the entry")
    }
}

extension BinderPages {
    struct PreviewPage: Encodable {
        var name: String
        var after: Bool
        var binder: Reading
        var people: [PreviewPerson]
        var chosen: String
    }

    struct AddressPage: Encodable {
        var name: String?
    }
}
