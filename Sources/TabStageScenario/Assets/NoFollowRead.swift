import Foundation
import TabStageModel

/// Reads a file below a folder without following a symbolic link anywhere below it: each
/// component is opened from its parent's descriptor with `O_NOFOLLOW`, and the file is read
/// through the descriptor that was checked, so a link swapped in meanwhile is refused, never
/// followed. The one way tabstage reads a file it did not choose itself (a scenario's assets,
/// references, compared PNGs, the output manifest).
package enum NoFollowRead {
    /// Why nothing was read; each caller words it for its own users.
    package enum Refusal: Error, Sendable, Equatable {
        /// Nothing by that name.
        case missing
        /// A symbolic link on the way (or at the end).
        case link
        /// A folder where a file was expected.
        case folder
        /// A pipe, device or socket.
        case notRegular
        /// Over the limit, with the file's size.
        case tooLarge(bytes: Int64)
        /// It grew over the limit while it was read.
        case grew
        /// The folder itself cannot be opened (the system's words).
        case folderUnreadable(String)
        /// Any other failure (the system's words).
        case system(String)

        /// The refusal in words that fit any caller: "it is a symbolic link; …".
        package var words: String {
            switch self {
            case .missing: return "it is missing"
            case .link: return "it is a symbolic link; tabstage reads only real files inside the folder it was given"
            case .folder: return "it is a folder"
            case .notRegular: return "it is not a regular file (a pipe, device or socket)"
            case .tooLarge(let bytes): return "the file is \(bytes) bytes, over the limit"
            case .grew: return "the file grew over the limit while it was read"
            case .folderUnreadable(let reason): return "its folder cannot be opened (\(reason))"
            case .system(let reason): return reason
            }
        }
    }

    /// The regular file `components` (folders, then the file's name) names under `root`, at
    /// most `limit` bytes. `root` itself may be a link (the user chose it); nothing below it may.
    package static func file(_ components: [String], under root: String, limit: Int) -> Result<[UInt8], Refusal> {
        var current = open(WorkingDirectory.resolve(root.isEmpty ? "." : root), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { return .failure(errno == ENOENT ? .missing : .folderUnreadable(systemWords(errno))) }
        for (index, component) in components.enumerated() {
            let isLast = index == components.count - 1
            // Non-blocking, so a FIFO is opened (and refused below) instead of waiting for a writer.
            let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (isLast ? O_NONBLOCK : O_DIRECTORY)
            let next = openat(current, component, flags)
            let code = errno
            guard next >= 0 else {
                defer { close(current) }
                switch code {
                case ENOENT: return .failure(.missing)
                case ELOOP: return .failure(.link)
                case ENOTDIR:
                    // A link to a folder (O_DIRECTORY with O_NOFOLLOW), or a file on the way.
                    var info = stat()
                    let isLink = fstatat(current, component, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
                    return .failure(isLink ? .link : .missing)
                default: return .failure(.system(systemWords(code)))
                }
            }
            close(current)
            current = next
        }
        defer { close(current) }
        return read(current, limit: limit)
    }

    /// Reads an open descriptor that must be a regular file of at most `limit` bytes.
    package static func read(_ descriptor: Int32, limit: Int) -> Result<[UInt8], Refusal> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.system(systemWords(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.folder)
        default: return .failure(.notRegular)
        }
        guard Int64(info.st_size) <= Int64(limit) else { return .failure(.tooLarge(bytes: Int64(info.st_size))) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(systemWords(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        guard bytes.count <= limit else { return .failure(.grew) }
        return .success(bytes)
    }

    private static func systemWords(_ code: Int32) -> String { String(cString: strerror(code)) }
}
