import Foundation

/// Finds the folder that holds `Resources/Views` (the Leaf templates, the OpenAPI document) and `Public` (CSS,
/// scripts, icons), so that the server works from any working directory, as systemd or a container starts it.
///
/// In order: `HEIRLOOM_RESOURCES_DIR`; `share/heirloom` beside the executable's `bin` (what `make install`
/// lays out); the nearest folder above the executable that has both (a checkout's `.build/debug/heirloom`);
/// the working directory.
enum ResourceLocation {
    static let variable = "HEIRLOOM_RESOURCES_DIR"

    static func find(
        _ value: (String) -> String?,
        executable: URL?,
        workingDirectory: URL,
        isDirectory: (URL) -> Bool = Self.isDirectory
    ) throws -> URL {
        func holdsResources(_ folder: URL) -> Bool {
            isDirectory(folder.appendingPathComponent("Resources/Views"))
                && isDirectory(folder.appendingPathComponent("Public"))
        }
        if let raw = value(variable) {
            let folder = URL(fileURLWithPath: raw, relativeTo: workingDirectory).standardizedFileURL
            guard holdsResources(folder) else {
                throw ConfigError(
                    variable: variable,
                    problem: "\"\(folder.path)\" must hold Resources/Views and Public (as share/heirloom does)")
            }
            return folder
        }
        if let executable {
            let bin = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            let installed = bin.deletingLastPathComponent().appendingPathComponent("share/heirloom")
            if holdsResources(installed) { return installed }
            var folder = bin
            while folder.path != "/" {
                if holdsResources(folder) { return folder }
                folder = folder.deletingLastPathComponent()
            }
        }
        return workingDirectory
    }

    /// The running executable, as the kernel knows it.
    static var executable: URL? {
        Bundle.main.executableURL ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
