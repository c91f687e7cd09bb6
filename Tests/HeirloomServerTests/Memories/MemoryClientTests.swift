import Foundation
import HeirloomAPI
import HeirloomClient
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing
import Vapor

@testable import HeirloomServer

@Suite("Memories through the generated Swift client")
struct MemoryClientTests {
    @Test("people, a text memory sent as multipart, faces, pairing: the document and the hub agree")
    func clientRoundTrip() async throws {
        try await withApp { app in
            // given a hub listening on loopback and a signed-in client
            let owner = try await app.setUpHub()
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.hubServerAddress?.port)
            let client = HeirloomClient.make(
                serverURL: try #require(URL(string: "http://127.0.0.1:\(port)")), token: owner.token,
                transport: AsyncHTTPClientTransport())

            // when
            let ann = try await client.createPerson(body: .json(.init(name: "Ann", relationship: "Mother")))
                .created.body.json
            let duplicate = try await client.createPerson(body: .json(.init(name: "ann")))
            let parts: [Operations.CreateMemory.Input.Body.MultipartFormPayload] = [
                ._type(.init(payload: .init(body: "text"))), .title(.init(payload: .init(body: "How we met"))),
                .content(.init(payload: .init(body: "In the rain."))), .date(.init(payload: .init(body: "1961"))),
                .personIds(.init(payload: .init(body: HTTPBody(String(ann.id))))),
            ]
            let memory = try await client.createMemory(body: .multipartForm(.init(parts))).created.body.json
            let listed = try await client.listMemories(query: .init(personId: ann.id, _type: .text)).ok.body.json
            let people = try await client.listPeople().ok.body.json
            let pairing = try await client.pairDevice(body: .json(.init(name: "iPad"))).created.body.json

            // then
            #expect(ann.relationship == "Mother")
            #expect(try duplicate.conflict.body.json.error.code == "person_exists")
            #expect(memory._type == .text && memory.date == "1961" && memory.people.map(\.name) == ["Ann"])
            #expect(listed.memories.map(\.id) == [memory.id])
            #expect(people.map(\.memoryCount) == [1])
            #expect(pairing.settings.token.count > 20 && pairing.qrSvg.hasPrefix("<svg"))
            let faces = try await client.replaceMemoryFaces(
                path: .init(id: memory.id), body: .json([.init(photoIndex: 0, x: 0, y: 0, width: 0.5, height: 0.5)]))
            #expect(try faces.unprocessableContent.body.json.error.field == "faceTags")
            await app.server.shutdown()
        }
    }
}
