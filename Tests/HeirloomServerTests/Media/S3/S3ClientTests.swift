import Crypto
import Foundation
import NIOCore
import Testing

@testable import HeirloomServer

/// The client against a real S3 service (radosgw under scripts/with-s3.sh, or any other the variables name).
@Suite(
    "S3 client against a real service",
    .enabled(if: TestS3.isAvailable, "needs an S3 service (HEIRLOOM_TEST_S3_ENDPOINT; scripts/with-s3.sh)"))
struct S3ClientTests {
    @Test("an object put is found by HEAD, read whole and in ranges, and deleted")
    func objectRoundTrip() async throws {
        try await TestS3.withClient { client in
            // given an object under a key with a space, a plus, a tilde, slashes and an accent
            let key = "photos/a b+c~é/1.jpg"
            let bytes = TestS3.bytes(1000)
            // when
            try await client.put(key, body: ByteBuffer(bytes: bytes))
            // then HEAD tells its size
            let info = try #require(try await client.head(key))
            #expect(info.size == 1000)
            #expect(info.etag?.isEmpty == false)
            // and it reads back whole and in a range
            let whole = try await client.get(key)
            #expect(whole.status == 200 && whole.size == 1000 && whole.range == 0...999)
            #expect(try await TestS3.read(whole) == bytes)
            let part = try await client.get(key, range: 10...19)
            #expect(part.status == 206 && part.size == 1000 && part.range == 10...19 && part.contentLength == 10)
            #expect(try await TestS3.read(part) == Array(bytes[10...19]))
            // when deleted (twice: the second finds nothing, which is no error)
            try await client.delete(key)
            try await client.delete(key)
            // then it is gone
            #expect(try await client.head(key) == nil)
            let missing = await #expect(throws: S3Error.self) { try await client.get(key) }
            #expect(missing?.isMissingObject == true)
        }
    }

    @Test("a listing follows its continuation tokens over several pages, within its prefix")
    func listingPages() async throws {
        try await TestS3.withClient { client in
            // given seven objects under list/ and one beside it
            let keys = (1...7).map { "list/\($0) é.bin" }
            for (index, key) in keys.enumerated() {
                try await client.put(key, body: ByteBuffer(repeating: 1, count: index))
            }
            try await client.put("other/1.bin", body: ByteBuffer(string: "x"))
            // when listed three at a time
            let firstPage = try await client.listPage(
                prefix: client.settings.prefix + "list/", continuationToken: nil, pageSize: 3)
            var listed: [S3ListedObject] = []
            for try await object in client.list(prefix: "list/", pageSize: 3) { listed.append(object) }
            // then there was more than one page, and every object came, with its size, and only those
            #expect(firstPage.objects.count == 3 && firstPage.next != nil)
            #expect(listed.map(\.key) == keys.sorted())
            #expect(Set(listed.map(\.size)) == Set(0...6))
            #expect(listed.allSatisfy { $0.lastModified != nil })
        }
    }

    @Test("a copy is made on the service's side")
    func copy() async throws {
        try await TestS3.withClient { client in
            let bytes = TestS3.bytes(4096)
            try await client.put("uploads/tmp 1", body: ByteBuffer(bytes: bytes))
            try await client.copy(from: "uploads/tmp 1", to: "media/ab/cd/abcd")
            #expect(try await TestS3.read(client.get("media/ab/cd/abcd")) == bytes)
            #expect(try await client.head("uploads/tmp 1")?.size == 4096)
        }
    }

    @Test("an object touched gets a new date and keeps its bytes")
    func touch() async throws {
        try await TestS3.withClient { client in
            // given an object a second old
            let bytes = TestS3.bytes(100)
            try await client.put("media/old", body: ByteBuffer(bytes: bytes))
            let before = try #require(try await client.head("media/old")?.lastModified)
            // when it is touched once the service's clock (whole seconds) has moved on
            var after = before
            for _ in 0..<3 where after <= before {
                try await Task.sleep(for: .milliseconds(1100))
                try await client.touch("media/old")
                after = try #require(try await client.head("media/old")?.lastModified)
            }
            // then
            #expect(after > before)
            #expect(try await TestS3.read(client.get("media/old")) == bytes)
        }
    }

    @Test("a file of 20 MiB streams up in parts, several in flight, and reads back the same")
    func multipart() async throws {
        try await TestS3.withClient { client in
            // given 20 MiB and a bit, appended in odd-sized pieces
            let bytes = TestS3.bytes(20 << 20 + 12345)
            let upload = try client.multipartUpload("video/big.mov")
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 777_777)
                try await upload.append(ByteBuffer(bytes: bytes[offset..<end]))
                offset = end
            }
            // when
            try await upload.finish()
            // then the object is whole (three parts), and its bytes hash as the file's
            let info = try #require(try await client.head("video/big.mov"))
            #expect(info.size == Int64(bytes.count))
            #expect(info.etag?.hasSuffix("-3") == true)
            var hasher = SHA256()
            var received = 0
            for try await buffer in try await client.get("video/big.mov").body {
                buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                received += buffer.readableBytes
            }
            #expect(received == bytes.count)
            #expect(hasher.finalize() == SHA256.hash(data: bytes))
            // and no upload is left unfinished
            #expect(try await client.abandonedUploads().isEmpty)
        }
    }

    @Test("files go up in one PUT or in parts, and come down to disk")
    func files() async throws {
        try await TestS3.withClient { client in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("s3-files-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            for (name, size) in [("small", 100_000), ("large", 9 << 20)] {
                // given a file
                let bytes = TestS3.bytes(size)
                let file = folder.appendingPathComponent(name)
                try Data(bytes).write(to: file)
                // when it goes up and comes down again
                try await client.upload(name, file: file)
                let copy = folder.appendingPathComponent("\(name).copy")
                try await client.download(name, to: copy)
                // then it is the same, with one part for the small one and two for the large
                #expect(try Data(contentsOf: copy) == Data(bytes))
                let etag = try #require(try await client.head(name)?.etag)
                #expect(name == "small" ? !etag.contains("-") : etag.hasSuffix("-2"), "\(etag)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 4)
        }
    }

    @Test("an upload given up part-way leaves no parts and no object")
    func abort() async throws {
        try await TestS3.withClient { client in
            // given two parts sent
            let upload = try client.multipartUpload("video/cancelled.mov")
            try await upload.append(ByteBuffer(bytes: TestS3.bytes(17 << 20)))
            #expect(try await client.abandonedUploads().count == 1)
            // when the caller gives up
            try await upload.abort()
            // then nothing is left
            #expect(try await client.abandonedUploads().isEmpty)
            #expect(try await client.head("video/cancelled.mov") == nil)
            await #expect(throws: S3Error.self) { try await upload.append(ByteBuffer(string: "more")) }
        }
    }

    @Test("an upload whose caller is cancelled (a client gone) removes its parts")
    func cancelledCaller() async throws {
        try await TestS3.withClient { client in
            // given bytes streaming in, parts on their way
            let upload = try client.multipartUpload("video/gone.mov")
            let chunk = ByteBuffer(bytes: TestS3.bytes(1 << 20))
            let writer = Task {
                for _ in 0..<10_000 { try await upload.append(chunk) }
            }
            while try await client.abandonedUploads().isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            // when the caller is cancelled
            writer.cancel()
            let outcome = await writer.result
            // then the upload ends, aborted, with no part left
            #expect(throws: CancellationError.self) { try outcome.get() }
            #expect(try await client.abandonedUploads().isEmpty)
            #expect(try await client.head("video/gone.mov") == nil)
        }
    }

    @Test("an upload the service refuses part-way is aborted and the refusal reported")
    func refusedPartWay() async throws {
        try await TestS3.withClient { client in
            // given an upload under way whose upload id the service then forgets
            let upload = try client.multipartUpload("video/refused.mov")
            try await upload.append(ByteBuffer(bytes: TestS3.bytes(9 << 20)))
            let pending = try #require(try await client.abandonedUploads().first)
            try await client.abort(key: pending.key, uploadID: pending.uploadID)
            // when more parts are sent
            let error = await #expect(throws: S3Error.self) {
                try await upload.append(ByteBuffer(bytes: TestS3.bytes(17 << 20)))
                try await upload.finish()
            }
            // then the refusal says why, and nothing is left
            #expect(error?.code == "NoSuchUpload", "\(String(describing: error))")
            #expect(try await client.abandonedUploads().isEmpty)
            #expect(try await client.head("video/refused.mov") == nil)
        }
    }

    @Test("the service going down mid-upload: a clear error, and what was stored before is kept")
    func serviceDownMidUpload() async throws {
        let service = try #require(TestS3.settings).endpoint
        let proxy = try await LoopbackProxy.start(to: service.host ?? "127.0.0.1", port: service.port ?? 80)
        try await TestS3.withClient(port: proxy.port) { client in
            // given an object stored, and an upload under way with two parts sent
            try await client.put("media/kept", body: ByteBuffer(string: "kept"))
            let upload = try client.multipartUpload("video/interrupted.mov")
            try await upload.append(ByteBuffer(bytes: TestS3.bytes(17 << 20)))
            // when the service goes away
            await proxy.cut()
            let started = ContinuousClock.now
            let error = await #expect(throws: S3Error.self) {
                try await upload.append(ByteBuffer(bytes: TestS3.bytes(9 << 20)))
                try await upload.finish()
            }
            // then the error says it could not be reached, soon
            #expect(ContinuousClock.now - started < .seconds(30))
            #expect(
                error?.description.hasPrefix("could not reach the S3 service at") == true,
                "\(String(describing: error))")
            // and, the service seen directly, what was stored is there and the unfinished upload can be cleaned up
            try await TestS3.withSamePrefix(as: client) { direct in
                #expect(try await TestS3.read(direct.get("media/kept")) == Array("kept".utf8))
                #expect(try await direct.head("video/interrupted.mov") == nil)
                let left = try await direct.abandonedUploads()
                #expect(left.map(\.key) == ["video/interrupted.mov"])
                for pending in left { try await direct.abort(key: pending.key, uploadID: pending.uploadID) }
                #expect(try await direct.abandonedUploads().isEmpty)
            }
        }
    }

    @Test("virtual-host addressing: the bucket named in the host")
    func virtualHost() async throws {
        try await TestS3.withClient(virtualHost: true) { client in
            let bytes = TestS3.bytes(3000)
            try await client.put("a b/c", body: ByteBuffer(bytes: bytes))
            #expect(try await TestS3.read(client.get("a b/c", range: 100...199)) == Array(bytes[100...199]))
            var listed: [String] = []
            for try await object in client.list() { listed.append(object.key) }
            #expect(listed == ["a b/c"])
            try await client.delete("a b/c")
            #expect(try await client.head("a b/c") == nil)
        }
    }

    @Test("a wrong secret is refused with a sentence that says so, and never shows the secret")
    func wrongSecret() async throws {
        try await TestS3.withClient(secretAccessKey: "not-the-secret-\(UUID())") { client in
            let error = await #expect(throws: S3Error.self) { try await client.checkAccess() }
            #expect(error?.code == "SignatureDoesNotMatch")
            #expect(error?.description.contains("refused the secret access key") == true)
            #expect(error?.description.contains(client.settings.secretAccessKey) == false)
            await #expect(throws: S3Error.self) { try await client.put("a", body: ByteBuffer(string: "a")) }
        }
    }

    @Test("a missing bucket is named in the error")
    func missingBucket() async throws {
        try await TestS3.withClient(bucket: "heirloom-missing-\(UInt32.random(in: 0...UInt32.max))") { client in
            let error = await #expect(throws: S3Error.self) { try await client.checkAccess() }
            #expect(error?.description == "bucket \(client.settings.bucket) does not exist (NoSuchBucket)")
            let put = await #expect(throws: S3Error.self) { try await client.put("a", body: ByteBuffer(string: "a")) }
            #expect(put?.code == "NoSuchBucket")
        }
    }
}
