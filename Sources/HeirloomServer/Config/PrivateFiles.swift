import Foundation

/// Folders and files only the hub's own user may open (0700 and 0600), whatever the umask: the data folder,
/// backups and exports hold every journal, password hashes and live recipient and executor links.
enum PrivateFiles {
    static let folderMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// Creates `folder` and any missing folders above it, each 0700; an existing folder is left as it is.
    static func makeFolder(_ folder: URL) throws {
        let path = folder.standardizedFileURL.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw PrivateFileError("\(path) exists and is not a folder.") }
            return
        }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent()
        if parent.path != path { try makeFolder(parent) }
        guard mkdir(path, folderMode) == 0 || errno == EEXIST else {
            throw PrivateFileError("Cannot create the folder \(path): \(String(cString: strerror(errno))).")
        }
        // mkdir applies the umask, which can only take bits away; chmod makes the mode exact.
        chmod(path, folderMode)
    }

    /// Creates `file` empty (or empties it) with mode 0600 and returns it open for writing.
    static func createFile(_ file: URL) throws -> FileHandle {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, fileMode)
        guard descriptor >= 0 else {
            throw PrivateFileError("Cannot write to \(file.path): \(String(cString: strerror(errno))).")
        }
        // A file that was there before keeps its old mode through open(2).
        fchmod(descriptor, fileMode)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Writes `data` to `file`, which only the hub's user may read.
    static func write(_ data: Data, to file: URL) throws {
        let handle = try createFile(file)
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
    }

    /// Restricts an existing file (or folder) to the hub's own user.
    static func restrict(_ url: URL, isFolder: Bool = false) {
        chmod(url.path, isFolder ? folderMode : fileMode)
    }

    /// The permission bits of `url`, or nil when it is not there.
    static func mode(of url: URL) -> mode_t? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}

/// Why a private folder or file could not be made, in words for whoever runs the hub.
struct PrivateFileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension PrivateFiles {
    /// The folders and files in `folder` (itself included) that another user of the machine may open: any group or
    /// other permission bit. Symbolic links are not followed.
    static func openToOthers(in folder: URL) -> [(path: String, mode: mode_t)] {
        var found: [(path: String, mode: mode_t)] = []
        if let mode = mode(of: folder), mode & 0o077 != 0 { found.append((folder.path, mode)) }
        guard let entries = FileManager.default.enumerator(atPath: folder.path) else { return found }
        for case let relative as String in entries {
            let path = folder.appendingPathComponent(relative).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { continue }
            if info.st_mode & 0o077 != 0 { found.append((path, info.st_mode & 0o7777)) }
        }
        return found
    }
}
