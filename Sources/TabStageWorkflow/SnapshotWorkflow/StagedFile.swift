import Foundation

/// A temporary being written by `OutputTransaction.stage`.
package struct StagedFile {
    let descriptor: Int32
    /// Where the file will be once committed, for messages.
    package let path: String

    package func write(_ text: String) throws(WorkflowError) {
        try write(text.utf8)
    }

    package func write(_ bytes: some Collection<UInt8>) throws(WorkflowError) {
        var failure: Int32?
        if bytes.withContiguousStorageIfAvailable({ failure = writeAll(descriptor, $0) }) == nil {
            Array(bytes).withUnsafeBufferPointer { failure = writeAll(descriptor, $0) }
        }
        if let failure { throw WorkflowError("cannot write \(path): \(OutputTransaction.words(failure))") }
    }
}

/// write(2) until every byte is out; the errno of a failure, else nil.
func writeAll(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>) -> Int32? {
    var offset = 0
    while offset < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += count
    }
    return nil
}
