import Foundation

/// Errors in words: a folder that cannot be opened, and a POSIX error as a user reads it.
extension OutputTransaction {
    static func folderError(_ code: Int32, path: String, label: String) -> WorkflowError {
        let named = label == "folder" || label == path ? "'\(path)'" : "\(label) '\(path)'"
        switch code {
        case ENOTDIR, EEXIST:
            return WorkflowError("\(named) is a file, not a folder (expected a folder to write into)", kind: .badInput)
        case ELOOP:
            // Sub-folders refuse links before they get here: this is a chain of links that loops.
            return WorkflowError(
                "\(named) is a symbolic link that loops (it leads back to itself) (expected a folder, or a link to one)", kind: .badInput)
        default:
            return WorkflowError("cannot create or open \(named): \(words(code))")
        }
    }

    /// A POSIX error as a user reads it.
    package static func words(_ code: Int32) -> String {
        switch code {
        case ENOSPC: "no space left on device"
        case EDQUOT: "disk quota exceeded"
        case EACCES, EPERM: "permission denied"
        case EROFS: "the file system is read-only"
        case ENOTDIR: "a part of the path is a file, not a folder"
        case ENAMETOOLONG: "the name is too long for the file system"
        case ENOENT: "no such file or folder"
        case EISDIR: "it is a folder"
        case EIO: "input/output error"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
