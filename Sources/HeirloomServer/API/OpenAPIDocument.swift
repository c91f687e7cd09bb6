import Vapor

/// Serves the API document the types, server stubs and client are generated from.
enum OpenAPIDocument {
    @Sendable static func serve(req: Request) async throws -> Response {
        let path = req.application.directory.resourcesDirectory + "openapi.yaml"
        let response = try await req.fileio.asyncStreamFile(at: path)
        response.headers.contentType = HTTPMediaType(
            type: "application", subType: "yaml", parameters: ["charset": "utf-8"])
        return response
    }
}
