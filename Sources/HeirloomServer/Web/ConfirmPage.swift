import Vapor

/// The model of the generic "are you sure" page: what will be lost, named, and one button to go ahead.
struct ConfirmPage: Encodable {
    var heading: String
    var consequence: String
    var action: String
    var confirmLabel: String
    var cancelHref: String

    init(heading: String, consequence: String, action: SiteURL, confirmLabel: String, cancel: String) {
        self.heading = heading
        self.consequence = consequence
        self.action = action.path
        self.confirmLabel = confirmLabel
        self.cancelHref = cancel
    }

    init(heading: String, consequence: String, action: SiteURL, confirmLabel: String, cancel: SiteURL) {
        self.init(
            heading: heading, consequence: consequence, action: action, confirmLabel: confirmLabel, cancel: cancel.path)
    }

    /// Renders the page in the section it belongs to.
    func render(title: String, nav: NavSection, on request: Request) async throws -> View {
        try await Page.render(.confirm, base: PageBase(request: request, title: title, nav: nav), self, on: request)
    }
}
