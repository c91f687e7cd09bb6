import Crypto
import Foundation
import NIOCore
import ZIPFoundation

/// Writes a ZIP archive front to back as its entries are added, so an export is sent (or saved) as it is made
/// and is never held whole in memory or on disk.
///
/// Entries are stored (not compressed): photos and films are compressed already, and a stored archive's size is
/// known before the first byte is sent (`ZIPLayout.archiveSize`), which gives downloads an exact progress bar.
/// Each entry's CRC-32 is known before its header is written (ZIPFoundation's checksum), so no data
/// descriptors are needed and every unzip tool reads the result. ZIP64 records are added only when a size or an
/// offset passes the classic 4 GiB limit.
final class ZIPStreamWriter {
    typealias Write = (ByteBuffer) async throws -> Void

    private let write: Write
    private let layout: ZIPLayout
    private let dosTime: UInt16
    private let dosDate: UInt16
    private var offset: Int64 = 0
    private var central: [(name: [UInt8], crc: UInt32, size: Int64, offset: Int64)] = []

    /// Bytes written so far.
    var bytesWritten: Int64 { offset }

    init(modified: Date, layout: ZIPLayout = ZIPLayout(), write: @escaping Write) {
        self.write = write
        self.layout = layout
        (dosTime, dosDate) = Self.dosDateTime(modified)
    }

    /// Adds a small entry made in memory.
    func add(_ name: String, data: Data) async throws {
        let crc = data.crc32(checksum: 0)
        try await writeLocalHeader(name, crc: crc, size: Int64(data.count))
        try await emit(ByteBuffer(data: data))
    }

    /// Adds a file from disk whose checksum was taken with `ZIPStreamWriter.checksum(of:)`, reading it again in
    /// pieces; the file must still have `size` bytes.
    func add(_ name: String, file: URL, size: Int64, crc: UInt32) async throws {
        try await writeLocalHeader(name, crc: crc, size: size)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var remaining = size
        while remaining > 0 {
            guard let chunk = try handle.read(upToCount: Int(min(remaining, 1 << 20))), !chunk.isEmpty else {
                throw ZIPWriteError.fileChanged(name)
            }
            remaining -= Int64(chunk.count)
            try await emit(ByteBuffer(data: chunk))
        }
    }

    /// Writes the central directory; the archive is complete afterwards.
    func finish() async throws {
        let directoryOffset = offset
        var buffer = ByteBuffer()
        for entry in central {
            let big = layout.needsZIP64(size: entry.size)
            let farOffset = layout.needsZIP64(offset: entry.offset)
            var extra = ByteBuffer()
            if big || farOffset {
                extra.writeInteger(UInt16(0x0001), endianness: .little)
                extra.writeInteger(UInt16((big ? 16 : 0) + (farOffset ? 8 : 0)), endianness: .little)
                if big {
                    extra.writeInteger(UInt64(entry.size), endianness: .little)
                    extra.writeInteger(UInt64(entry.size), endianness: .little)
                }
                if farOffset { extra.writeInteger(UInt64(entry.offset), endianness: .little) }
            }
            buffer.writeInteger(UInt32(0x0201_4b50), endianness: .little)
            buffer.writeInteger(UInt16(0x0300 | 45), endianness: .little)  // made by Unix, spec 4.5
            buffer.writeInteger(UInt16(big || farOffset ? 45 : 20), endianness: .little)
            buffer.writeInteger(UInt16(0x0800), endianness: .little)  // names are UTF-8
            buffer.writeInteger(UInt16(0), endianness: .little)  // stored
            buffer.writeInteger(dosTime, endianness: .little)
            buffer.writeInteger(dosDate, endianness: .little)
            buffer.writeInteger(entry.crc, endianness: .little)
            let size32 = big ? UInt32.max : UInt32(entry.size)
            buffer.writeInteger(size32, endianness: .little)
            buffer.writeInteger(size32, endianness: .little)
            buffer.writeInteger(UInt16(entry.name.count), endianness: .little)
            buffer.writeInteger(UInt16(extra.readableBytes), endianness: .little)
            buffer.writeInteger(UInt16(0), endianness: .little)  // comment
            buffer.writeInteger(UInt16(0), endianness: .little)  // disk
            buffer.writeInteger(UInt16(0), endianness: .little)  // internal attributes
            buffer.writeInteger(UInt32(0o100644) << 16, endianness: .little)  // a regular file, rw-r--r--
            buffer.writeInteger(farOffset ? UInt32.max : UInt32(entry.offset), endianness: .little)
            buffer.writeBytes(entry.name)
            buffer.writeBuffer(&extra)
            if buffer.readableBytes > 1 << 20 {
                try await emit(buffer)
                buffer = ByteBuffer()
            }
        }
        let directorySize = offset + Int64(buffer.readableBytes) - directoryOffset
        let count = central.count
        if layout.needsZIP64End(count: count, directorySize: directorySize, directoryOffset: directoryOffset) {
            let zip64End = directoryOffset + directorySize
            buffer.writeInteger(UInt32(0x0606_4b50), endianness: .little)
            buffer.writeInteger(UInt64(44), endianness: .little)
            buffer.writeInteger(UInt16(0x0300 | 45), endianness: .little)
            buffer.writeInteger(UInt16(45), endianness: .little)
            buffer.writeInteger(UInt32(0), endianness: .little)
            buffer.writeInteger(UInt32(0), endianness: .little)
            buffer.writeInteger(UInt64(count), endianness: .little)
            buffer.writeInteger(UInt64(count), endianness: .little)
            buffer.writeInteger(UInt64(directorySize), endianness: .little)
            buffer.writeInteger(UInt64(directoryOffset), endianness: .little)
            buffer.writeInteger(UInt32(0x0706_4b50), endianness: .little)
            buffer.writeInteger(UInt32(0), endianness: .little)
            buffer.writeInteger(UInt64(zip64End), endianness: .little)
            buffer.writeInteger(UInt32(1), endianness: .little)
        }
        let count16 = count >= 0xFFFF ? UInt16.max : UInt16(count)
        buffer.writeInteger(UInt32(0x0605_4b50), endianness: .little)
        buffer.writeInteger(UInt16(0), endianness: .little)
        buffer.writeInteger(UInt16(0), endianness: .little)
        buffer.writeInteger(count16, endianness: .little)
        buffer.writeInteger(count16, endianness: .little)
        buffer.writeInteger(
            layout.needsZIP64(offset: directorySize) ? UInt32.max : UInt32(directorySize), endianness: .little)
        buffer.writeInteger(
            layout.needsZIP64(offset: directoryOffset) ? UInt32.max : UInt32(directoryOffset), endianness: .little)
        buffer.writeInteger(UInt16(0), endianness: .little)
        try await emit(buffer)
    }

    private func writeLocalHeader(_ name: String, crc: UInt32, size: Int64) async throws {
        let nameBytes = Array(name.utf8)
        central.append((nameBytes, crc, size, offset))
        let big = layout.needsZIP64(size: size)
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32(0x0403_4b50), endianness: .little)
        buffer.writeInteger(UInt16(big ? 45 : 20), endianness: .little)
        buffer.writeInteger(UInt16(0x0800), endianness: .little)
        buffer.writeInteger(UInt16(0), endianness: .little)
        buffer.writeInteger(dosTime, endianness: .little)
        buffer.writeInteger(dosDate, endianness: .little)
        buffer.writeInteger(crc, endianness: .little)
        let size32 = big ? UInt32.max : UInt32(size)
        buffer.writeInteger(size32, endianness: .little)
        buffer.writeInteger(size32, endianness: .little)
        buffer.writeInteger(UInt16(nameBytes.count), endianness: .little)
        buffer.writeInteger(UInt16(big ? 20 : 0), endianness: .little)
        buffer.writeBytes(nameBytes)
        if big {
            buffer.writeInteger(UInt16(0x0001), endianness: .little)
            buffer.writeInteger(UInt16(16), endianness: .little)
            buffer.writeInteger(UInt64(size), endianness: .little)
            buffer.writeInteger(UInt64(size), endianness: .little)
        }
        try await emit(buffer)
    }

    private func emit(_ buffer: ByteBuffer) async throws {
        offset += Int64(buffer.readableBytes)
        try await write(buffer)
    }

    /// A file's CRC-32 (for its ZIP header) and SHA-256 (for the manifest), read once in pieces.
    static func checksum(of file: URL) throws -> (crc: UInt32, sha256: String, size: Int64) {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var crc: UInt32 = 0
        var hasher = SHA256()
        var size: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            crc = chunk.crc32(checksum: crc)
            hasher.update(data: chunk)
            size += Int64(chunk.count)
        }
        return (crc, hasher.finalize().map { String(format: "%02x", $0) }.joined(), size)
    }

    /// MS-DOS date and time fields, in UTC.
    static func dosDateTime(_ date: Date) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = min(max((parts.year ?? 1980) - 1980, 0), 127)
        let time = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
        let day = UInt16(year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
        return (time, day)
    }
}

/// The sizes of a stored ZIP archive's records, shared by the writer and by `archiveSize`.
struct ZIPLayout: Sendable {
    /// Sizes and offsets from this value on need ZIP64 records; tests lower it to exercise them.
    var limit: Int64 = Int64(UInt32.max)

    func needsZIP64(size: Int64) -> Bool { size >= limit }
    func needsZIP64(offset: Int64) -> Bool { offset >= limit }
    func needsZIP64End(count: Int, directorySize: Int64, directoryOffset: Int64) -> Bool {
        count >= 0xFFFF || needsZIP64(offset: directorySize) || needsZIP64(offset: directoryOffset)
    }

    /// The exact size of an archive of entries with these names and sizes, in this order.
    func archiveSize(_ entries: [(name: String, size: Int64)]) -> Int64 {
        var offset: Int64 = 0
        var directory: Int64 = 0
        for entry in entries {
            let nameLength = Int64(entry.name.utf8.count)
            let big = needsZIP64(size: entry.size)
            let farOffset = needsZIP64(offset: offset)
            directory += 46 + nameLength + (big || farOffset ? 4 + (big ? 16 : 0) + (farOffset ? 8 : 0) : 0)
            offset += 30 + nameLength + (big ? 20 : 0) + entry.size
        }
        let zip64End: Int64 =
            needsZIP64End(count: entries.count, directorySize: directory, directoryOffset: offset) ? 56 + 20 : 0
        return offset + directory + zip64End + 22
    }
}

/// Why an archive could not be finished.
enum ZIPWriteError: Error, CustomStringConvertible {
    case fileChanged(String)

    var description: String {
        switch self {
        case .fileChanged(let name): "\(name) changed while it was being exported"
        }
    }
}
