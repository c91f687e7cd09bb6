import Foundation
import HeirloomCore
import Vapor

/// The binder as a PDF: for a trusted contact, what they may read now with the checklist; for the holder and the
/// owners, the packet the executors will read once the passing is confirmed, to print and put with the will.
struct BinderPrintController {
    /// `GET /api/executor/binder.pdf`: the executor's bearer token or page cookie.
    func executor(req: Request) async throws -> Response {
        guard case .executor(let executor)? = try await BinderFileController.outsider(req) else {
            throw AppError.notFound("page")
        }
        let binder = try await req.heirloom.binder.binder(for: .executor(executor))
        let released = binder.estate.status.releaseMoment(at: req.heirloom.now) != nil
        let tasks = released ? try await req.heirloom.binder.checklist(of: binder) : []
        let print = BinderPrint(
            binder, checklist: tasks.map { ($0.tick == nil ? "" : "Done: ") + $0.task.text },
            wholeNumbers: BinderRelease.readsWholeNumbers(
                .executor, estate: binder.estate.status, at: req.heirloom.now),
            readerLine: "For \(executor.name), trusted contact.", hubName: Self.hubName(binder),
            date: req.heirloom.now, paper: try req.paper(otherwise: binder.estate.$household.value?.paper ?? .a4))
        return try await req.printedPDF("estate-binder.pdf") { try print.render(to: $0) }
    }

    /// `GET /api/binder/packet.pdf`: what the executors will read once the passing is confirmed.
    func packet(req: Request) async throws -> Response {
        let principal = try req.principal()
        let now = req.heirloom.now
        let binder = try await req.heirloom.binder.preview(as: .executor, at: now, by: principal)
        let tasks = BinderChecklist.tasks(binder.entries.map(BinderService.checklistSource))
        let print = BinderPrint(
            binder, checklist: tasks.map(\.text),
            readerLine: "For the trusted contacts, once the passing is confirmed.",
            hubName: Self.hubName(binder), date: now,
            paper: try req.paper(otherwise: binder.estate.$household.value?.paper ?? .a4))
        return try await req.printedPDF("estate-binder-for-executors.pdf") { try print.render(to: $0) }
    }

    private static func hubName(_ binder: BinderReading.Binder) -> String {
        binder.estate.$household.value?.name ?? "Heirloom"
    }
}
