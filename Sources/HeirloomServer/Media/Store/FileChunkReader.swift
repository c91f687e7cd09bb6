import Foundation
import NIOCore
import NIOPosix

/// Reads a stretch of a file a chunk at a time, for a stream of its bytes: the position and the handle belong to
/// the reader alone (an actor), and each read waits on the thread pool, not on a thread of Swift's own.
actor FileChunkReader {
    /// A chunk is at most a mebibyte: few reads for a large file, little memory for each.
    static let chunkSize = 1 << 20

    private var handle: FileHandle?
    private var left: Int64
    private let name: String

    /// Opens `file` at `offset` for `count` bytes; `name` says which file in an error.
    init(_ file: URL, from offset: Int64, count: Int64, name: String) throws {
        let handle = try FileHandle(forReadingFrom: file)
        try handle.seek(toOffset: UInt64(offset))
        self.handle = handle
        self.left = count
        self.name = name
    }

    /// The next chunk, or nil once the stretch has been read (the file is then closed).
    func next() async throws -> ByteBuffer? {
        guard let handle, left > 0 else {
            close()
            return nil
        }
        let wanted = Int(min(left, Int64(Self.chunkSize)))
        let data = try await NIOThreadPool.singleton.runIfActive { try handle.read(upToCount: wanted) }
        guard let data, !data.isEmpty else {
            close()
            throw MediaError.storage("\(name) ended early")
        }
        left -= Int64(data.count)
        return ByteBuffer(bytes: data)
    }

    private func close() {
        try? handle?.close()
        handle = nil
    }
}
