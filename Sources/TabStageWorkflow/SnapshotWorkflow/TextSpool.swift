import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Text made once and read back later, held in memory up to `memoryLimit` bytes and past that
/// in a temporary file removed as soon as it is made (its descriptor is its only name), so a
/// long run's `trace.json` costs the same memory at 2,500 steps as at 10,000. Appended to from
/// one thread, then read (`replay`) as often as needed.
package final class TextSpool: @unchecked Sendable {
    /// Bytes kept in memory before they go to the file: the file system's 1 MiB writes.
    package static let memoryLimit = 1 << 20

    private var buffer: [UInt8] = []
    private var descriptor: Int32 = -1
    /// Bytes in the file.
    private var spilled = 0
    /// Every byte appended.
    package var byteCount: Int { spilled + buffer.count }

    /// An empty spool; the file is made at the first spill.
    package init() {}

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Adds `text` at the end.
    package func append(_ text: String) throws(WorkflowError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.memoryLimit { try spill() }
    }

    private func spill() throws(WorkflowError) {
        if descriptor < 0 {
            var template = Array((NSTemporaryDirectory() + "/tabstage-spool-XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                throw WorkflowError("cannot make a temporary file in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
            }
            unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        var done = 0
        while done < buffer.count {
            let count = buffer.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(spilled + done)) }
            guard count > 0 else {
                throw WorkflowError("cannot write a temporary file in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
            }
            done += count
        }
        spilled += done
        buffer.removeAll(keepingCapacity: true)
    }

    /// Hands every byte appended, in order, to `write` in pieces of at most `memoryLimit`.
    package func replay(_ write: ([UInt8]) throws -> Void) throws {
        var chunk = [UInt8](repeating: 0, count: spilled > 0 ? Self.memoryLimit : 0)
        var offset = 0
        while offset < spilled {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, min($0.count, spilled - offset), off_t(offset)) }
            guard count > 0 else {
                throw WorkflowError("cannot read a temporary file in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
            }
            try write(Array(chunk[..<count]))
            offset += count
        }
        if !buffer.isEmpty { try write(buffer) }
    }
}
