import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Documents on the item page")
struct DocumentPageTests {
    @Test("the upload form asks what it is; the list shows the title and the kind, the file's name small")
    func uploadWithTitleAndKind() async throws {
        try await withApp { app in
            // given an owner signed in, on a clock's page
            let owner = try await app.setUpHub()
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Mantel clock"])
                .decoded(Components.Schemas.Item.self)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let form = try await browser.get("/items/\(item.id)").body.string
            #expect(form.contains("What is it?") && form.contains(#"<option value="appraisal">Appraisal</option>"#))

            // when a scan is uploaded as an appraisal with a title
            let upload = try await browser.postParts(
                "/items/\(item.id)/documents",
                [
                    .text("documentType", "appraisal"), .text("title", "Appraisal by Sotheby’s, 2019"),
                    .file(
                        "file", fileName: "scan-0042.pdf", contentType: "application/pdf",
                        try await MediaFixtures.data("letter.pdf")),
                ])
            #expect(upload.headers.first(name: .location) == "/items/\(item.id)#documents")

            // then the page names it by its title and kind, with the file's name beside its size
            let page = try await browser.get("/items/\(item.id)").body.string
            #expect(page.contains(#"<p class="doc__kind">Appraisal</p>"#))
            #expect(page.contains(#">Appraisal by Sotheby’s, 2019</a></p>"#))
            #expect(page.contains(#"<p class="doc__name"><a href="/api/media/"#))
            #expect(page.contains("scan-0042.pdf · PDF"))
        }
    }

    @Test("the edit form changes the title and kind at its own address, and shows a refusal beside its field")
    func editForm() async throws {
        try await withApp { app in
            // given a paper of no kind and no title
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Mantel clock"])
                .decoded(Components.Schemas.Item.self)
            let added = try await app.multipart(
                "/api/items/\(item.id)/documents", token: owner.token,
                files: [("file", "IMG_2211.jpg", try await MediaFixtures.data("photo.jpg"))])
            let documentID = try #require(try added.decoded(Components.Schemas.Item.self).documents.first?.id)
            let edit = "/items/\(item.id)/documents/\(documentID)/edit"
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            // the item page shows the file's name, and links to the form
            let itemPage = try await browser.get("/items/\(item.id)").body.string
            #expect(itemPage.contains(#">IMG_2211.jpg</a></p>"#) && itemPage.contains(edit))
            let form = try await browser.get(edit)
            #expect(form.status == .ok)
            #expect(form.body.string.contains(#"<option value="other" selected>Other</option>"#))

            // when a title too long is sent
            let long = String(repeating: "x", count: 201)
            let refused = try await browser.post(edit, ["title": long, "documentType": "receipt"])
            // then the form comes back at its own address with the words beside the field and what was chosen
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains(#"id="document-title-error""#))
            #expect(refused.body.string.contains(#"<option value="receipt" selected>Receipt</option>"#))

            // when a title and a kind are saved
            let saved = try await browser.post(edit, ["title": "Bought in Basel, 1972", "documentType": "receipt"])
            #expect(saved.headers.first(name: .location) == "/items/\(item.id)?done=document-saved#documents")
            let document = try await app.api(.GET, "/api/items/\(item.id)", token: owner.token)
                .decoded(Components.Schemas.Item.self).documents.first
            #expect(document?.title == "Bought in Basel, 1972" && document?.documentType == .receipt)

            // and a viewer sees it by its title and is offered no change
            let granddaughter = WebSession(app: app)
            _ = try await granddaughter.post("/login", ["email": viewer.email, "password": viewer.password])
            let viewed = try await granddaughter.get("/items/\(item.id)").body.string
            #expect(viewed.contains("Bought in Basel, 1972") && !viewed.contains(edit))
            #expect(try await granddaughter.get(edit).status == .forbidden)
            #expect(try await granddaughter.post(edit, ["title": "Mine"]).status == .forbidden)
        }
    }
}
