import Vapor

extension Request {
    /// Runs a form's action; when it fails on one of the form's fields, shows the form again with the message
    /// next to that field and the error's status (422, 409, …). Any other failure goes on to the error page.
    ///
    /// - Parameter conflictField: where a conflict that names no field is shown (a name already taken, say).
    func submitForm(
        conflictsOn conflictField: String? = nil,
        _ action: () async throws -> Response,
        orShowAgain form: (_ errors: [String: String]) async throws -> View
    ) async throws -> Response {
        try await submitForm(conflictsOn: conflictField, action) { errors, status in
            try await form(errors).encodeResponse(status: status, for: self)
        }
    }

    /// The same, for a form page that answers with its own status.
    func submitForm(
        conflictsOn conflictField: String? = nil,
        _ action: () async throws -> Response,
        orShowAgain form: (_ errors: [String: String], _ status: HTTPStatus) async throws -> Response
    ) async throws -> Response {
        do {
            return try await action()
        } catch {
            let error = try AppError.userFacing(error)
            var errors = error.formErrors
            if error.field == nil {
                guard let conflictField, error.status == .conflict else { throw error }
                errors = [conflictField: error.message]
            }
            return try await form(errors, error.status)
        }
    }
}
