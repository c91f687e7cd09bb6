import HeirloomCore

/// An upload whose first bytes were read to tell what it is, handed on whole: those bytes, then the rest.
struct PrefixedChunks<Base: AsyncIteratorProtocol>: AsyncSequence where Base.Element: Collection<UInt8> {
    typealias Element = [UInt8]

    let head: [UInt8]
    let base: Base

    struct AsyncIterator: AsyncIteratorProtocol {
        var head: [UInt8]?
        var base: Base

        mutating func next() async throws -> [UInt8]? {
            if let pending = head {
                head = nil
                if !pending.isEmpty { return pending }
            }
            return try await base.next().map { Array($0) }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(head: head, base: base) }

    /// Reads enough of `chunks` to recognise the format, and returns it with the whole upload.
    static func sniff<Chunks: AsyncSequence>(_ chunks: Chunks) async throws -> (
        format: MediaFormat?, upload: PrefixedChunks<Chunks.AsyncIterator>
    ) where Chunks.AsyncIterator == Base {
        var iterator = chunks.makeAsyncIterator()
        var head: [UInt8] = []
        while head.count < MediaSniffer.headerLength, let chunk = try await iterator.next() { head += chunk }
        return (MediaSniffer.detect(head), PrefixedChunks(head: head, base: iterator))
    }
}
