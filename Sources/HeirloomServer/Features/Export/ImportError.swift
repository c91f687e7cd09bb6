import Foundation

/// Why an import stopped; nothing of the household was written.
enum ImportError: Error, CustomStringConvertible {
    case notAnExport(String)
    case damaged(String, String)
    case exists(String)
    case unreadableMedia(String, String)
    /// A record the API would refuse: its file, the record, and the rule it breaks.
    case invalid(String, String, String)
    /// The archive is larger than the hub takes, or than the room it has.
    case tooLarge(String)
    /// The rows could not be written (the database refused them).
    case notWritten(String)

    var description: String {
        switch self {
        case .notAnExport(let message): message
        case .damaged(let path, let why):
            "The file \(path) in the export is damaged or was changed: \(why). Nothing was imported."
        case .exists(let message): message
        case .unreadableMedia(let path, let why):
            "The file \(path) could not be read (\(why)). Nothing was imported."
        case .invalid(let path, let record, let why):
            "In \(path), \(record) breaks a rule of the hub: \(why) Nothing was imported."
        case .tooLarge(let message): message
        case .notWritten(let why): "The household could not be written (\(why)). Nothing was imported."
        }
    }
}

/// How much an import takes: checked against what the manifest and the ZIP declare, before anything is unpacked.
struct ImportLimits: Sendable {
    /// The most bytes a file of records (not media) may have; records are read into memory.
    var recordBytes: Int64 = 256 << 20
    /// The most bytes the archive's files may have together.
    var totalBytes: Int64 = 4 << 40
    /// Files larger than this may be packed at most `maximumRatio` to one: exports store their files as they are,
    /// and even text packed again by hand stays far below.
    var ratioFloor: Int64 = 1 << 20
    var maximumRatio: Int64 = 200
    /// Room the import leaves free on the data folder's disk (for renditions, the database, the hub's own work).
    var reserve: Int64 = 512 << 20

    /// Bytes free to this process on the disk that holds `folder`; nil when it cannot be told.
    static func freeSpace(at folder: URL) -> Int64? {
        var stats = statvfs()
        guard statvfs(folder.path, &stats) == 0 else { return nil }
        let (bytes, overflow) = UInt64(stats.f_bavail).multipliedReportingOverflow(by: UInt64(stats.f_frsize))
        return overflow ? Int64.max : Int64(clamping: bytes)
    }
}
