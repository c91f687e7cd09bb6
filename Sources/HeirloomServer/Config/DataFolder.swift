import Foundation

/// The data folder holds the database (every journal, password hashes, live recipient and executor links) and
/// the media: only the hub's own user may open it, whatever the umask `make run` or a shell gives.
enum DataFolder {
    /// Creates the data folder 0700 when it is new. Returns a warning for the start-up log when an existing
    /// folder is open to every user of the machine (nil when it is not; the systemd unit's 0750 shares it with
    /// the service's own group only).
    static func prepare(_ folder: URL) throws -> String? {
        let existed = FileManager.default.fileExists(atPath: folder.path)
        try PrivateFiles.makeFolder(folder)
        guard existed, let mode = PrivateFiles.mode(of: folder), mode & 0o007 != 0 else { return nil }
        return "The data folder \(folder.path) is readable by other users of this machine "
            + "(mode \(String(mode, radix: 8))) and holds every journal and the password hashes: "
            + "run `chmod 700 \(folder.path)`."
    }

    /// Creates a new SQLite database file empty with mode 0600 before SQLite opens it (SQLite would make it
    /// 0644 under the usual umask); SQLite gives its -wal and -shm files the mode of the database file.
    static func createDatabase(_ file: URL) throws {
        try PrivateFiles.makeFolder(file.deletingLastPathComponent())
        // O_EXCL: a database that is there already is never touched.
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, PrivateFiles.fileMode)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }
            throw PrivateFileError("Cannot create the database \(file.path) (errno \(errno)).")
        }
        fchmod(descriptor, PrivateFiles.fileMode)
        close(descriptor)
    }
}
