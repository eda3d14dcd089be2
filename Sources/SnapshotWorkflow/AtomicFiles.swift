import Foundation

/// Writes files under a temporary name and renames them into place, so a crash or a kill
/// never leaves a truncated file; `rollback` removes what this writer wrote.
public struct AtomicWriter {
    public private(set) var written: [String] = []

    public init() {}

    public mutating func createDirectory(_ path: String) throws(WorkflowError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw WorkflowError("cannot create folder \(path): \(Self.reason(error))")
        }
        Self.removeAbandonedTemporaries(in: path)
    }

    /// A killed run leaves `.NAME.PID.tmp` files behind (never a truncated NAME). Remove those
    /// whose process is gone; a live writer's are left alone.
    static func removeAbandonedTemporaries(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.dropLast(4).split(separator: ".")
            guard let pid = parts.last.flatMap({ Int32($0) }), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
            }
        }
    }

    public mutating func write(_ bytes: some Collection<UInt8>, to path: String) throws(WorkflowError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\((path as NSString).lastPathComponent).\(getpid()).tmp"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw WorkflowError("cannot write \(path): \(Self.reason(error))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw WorkflowError("cannot write \(path): \(reason)")
        }
        written.append(path)
    }

    public func rollback() {
        for path in written { try? FileManager.default.removeItem(atPath: path) }
    }

    static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, let text = strerror(Int32(code)) { return String(cString: text) }
        return (error as NSError).localizedDescription
    }
}

/// A rendering or I/O failure in the workflow (exit code 3 at the command line).
public struct WorkflowError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
