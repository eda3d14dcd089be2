import Foundation

/// Reads files that live inside a folder tabstage owns (references, the output manifest)
/// without ever following a symbolic link below that folder: a reference committed as a link
/// to `/proc/self/environ` or to a picture elsewhere is refused, never read into a report.
package enum ConfinedRead {
    /// What a confined read found.
    package enum Outcome: Equatable {
        /// The file's bytes.
        case bytes([UInt8])
        /// Nothing by that name.
        case missing
        /// Something is there but may not be read; the reason in words.
        case refused(String)
    }

    /// The regular file `components` (folders then a file name) names under `root`, at most
    /// `limit` bytes. `root` itself may be a link (the user chose it); nothing below it may be.
    package static func file(_ components: [String], under root: String, limit: Int) -> Outcome {
        var current = open(root.isEmpty ? "." : root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { return errno == ENOENT ? .missing : .refused(OutputTransaction.words(errno)) }
        for (index, component) in components.enumerated() {
            let isLast = index == components.count - 1
            // Non-blocking, so a FIFO is opened (and refused below) instead of waiting for a writer.
            let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (isLast ? O_NONBLOCK : O_DIRECTORY)
            let next = openat(current, component, flags)
            let code = errno
            close(current)
            guard next >= 0 else {
                switch code {
                case ENOENT: return .missing
                case ELOOP: return .refused("it is a symbolic link; tabstage reads only real files inside the folder it was given")
                case ENOTDIR:
                    var info = stat()
                    let path = ([root] + components[...index]).joined(separator: "/")
                    if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                        return .refused("'\(component)' is a symbolic link; tabstage reads only real files inside the folder it was given")
                    }
                    return .missing
                default: return .refused(OutputTransaction.words(code))
                }
            }
            current = next
        }
        defer { close(current) }
        return read(current, limit: limit)
    }

    /// Reads an open descriptor that must be a regular file of at most `limit` bytes.
    package static func read(_ descriptor: Int32, limit: Int) -> Outcome {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .refused(OutputTransaction.words(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .refused("it is a folder")
        default: return .refused("it is not a regular file (a pipe, device or socket)")
        }
        guard Int64(info.st_size) <= Int64(limit) else {
            return .refused("the file is \(info.st_size) bytes, over the limit of \(limit) bytes")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .refused(OutputTransaction.words(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        guard bytes.count <= limit else { return .refused("the file grew over the limit of \(limit) bytes while it was read") }
        return .bytes(bytes)
    }
}
