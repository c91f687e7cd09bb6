import AsyncHTTPClient
import Crypto
import NIOCore

/// A request's body as the buffers it is made of, sent one after the other without being joined: a part of an
/// upload goes out as the pieces it arrived in, with no copy into one buffer.
struct S3Payload: Sendable {
    var buffers: [ByteBuffer]

    init(_ buffer: ByteBuffer) { buffers = [buffer] }
    init(_ buffers: [ByteBuffer]) { self.buffers = buffers }

    /// Its length in bytes.
    var count: Int { buffers.reduce(0) { $0 + $1.readableBytes } }

    /// The lower-case hex SHA-256 of its bytes, for the signature.
    func sha256() -> String {
        var hasher = SHA256()
        for buffer in buffers { buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) } }
        return S3Signer.hex(hasher.finalize())
    }

    /// The body to send; it can be sent again (a busy service is asked again).
    var httpBody: HTTPClientRequest.Body {
        if buffers.count <= 1 { return .bytes(buffers.first ?? ByteBuffer()) }
        return .stream(Pieces(buffers: buffers), length: .known(Int64(count)))
    }

    /// The buffers as an asynchronous sequence, which is how the HTTP client takes a body in pieces.
    private struct Pieces: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let buffers: [ByteBuffer]

        struct AsyncIterator: AsyncIteratorProtocol {
            let buffers: [ByteBuffer]
            var index = 0

            mutating func next() async -> ByteBuffer? {
                guard index < buffers.count else { return nil }
                defer { index += 1 }
                return buffers[index]
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffers: buffers) }
    }
}
