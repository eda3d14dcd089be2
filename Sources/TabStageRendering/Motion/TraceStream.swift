import Foundation

/// The bytes of a trace, read a chunk at a time: from memory, or from a file descriptor so a
/// trace of 100 MB never sits in memory whole.
struct TraceBytes {
    private var buffer: [UInt8]
    private var position = 0
    private let source: Chunks?

    /// Reads a descriptor a chunk at a time and counts what it read.
    final class Chunks {
        let descriptor: Int32
        let limit: Int
        let chunkSize: Int
        /// Bytes read so far.
        private(set) var total = 0
        /// The most bytes of input held at once.
        private(set) var largest = 0

        init(descriptor: Int32, limit: Int, chunkSize: Int) {
            self.descriptor = descriptor
            self.limit = limit
            self.chunkSize = chunkSize
        }

        func next() -> [UInt8] {
            guard total < limit else { return [] }
            var chunk = [UInt8](repeating: 0, count: min(chunkSize, limit - total))
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return [] }
            total += count
            largest = max(largest, count)
            return Array(chunk.prefix(count))
        }
    }

    /// All of `data` at once.
    init(_ data: Data) {
        buffer = [UInt8](data)
        source = nil
    }

    /// The bytes of `chunks`' descriptor, one chunk at a time (a file that grew after its size
    /// was checked ends at the limit, and reads as malformed).
    init(_ chunks: Chunks) {
        buffer = []
        source = chunks
    }

    /// The next byte without taking it; nil at the end.
    mutating func peek() -> UInt8? {
        if position < buffer.count { return buffer[position] }
        if position == buffer.count {
            guard let source else { return nil }
            buffer = source.next()
            position = 0
            if buffer.isEmpty { return nil }
        }
        return buffer[position]
    }

    /// Takes the next byte; nil at the end.
    mutating func next() -> UInt8? {
        if position < buffer.count {
            position += 1
            return buffer[position - 1]
        }
        guard let byte = peek() else { return nil }
        position += 1
        return byte
    }
}

/// A pull reader of JSON that keeps nothing it is not asked for: values are skipped (their
/// syntax checked) unless read as a number or a string, so the memory a trace takes is what
/// the chart keeps, not the size of the file.
struct JSONPull {
    /// Not JSON, at the first wrong byte.
    struct Malformed: Error {}

    var bytes: TraceBytes
    /// Nesting reached while skipping, bounded like the decoder's.
    static let maximumDepth = 512

    /// What the next value is.
    enum Kind { case object, array, string, number, literal }

    mutating func skipSpace() {
        while let byte = bytes.peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { _ = bytes.next() }
    }

    /// The kind of the next value; malformed at the end of the input or before a `}` or `]`.
    mutating func kind() throws(Malformed) -> Kind {
        skipSpace()
        guard let byte = bytes.peek() else { throw Malformed() }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return .literal
        default: throw Malformed()
        }
    }

    mutating func expect(_ byte: UInt8) throws(Malformed) {
        skipSpace()
        guard bytes.next() == byte else { throw Malformed() }
    }

    /// Reads `{`; then call `nextKey` until it gives nil.
    mutating func beginObject() throws(Malformed) { try expect(UInt8(ascii: "{")) }

    /// The next key of an object (at most `keep` bytes of it kept), past its `:`, or nil at `}`.
    mutating func nextKey(first: inout Bool, keep: Int = 64) throws(Malformed) -> String? {
        skipSpace()
        if bytes.peek() == UInt8(ascii: "}") {
            _ = bytes.next()
            return nil
        }
        if !first { try expect(UInt8(ascii: ",")) }
        first = false
        let key = try string(keep: keep)
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Reads `[`; then call `nextElement` before each element until it gives false.
    mutating func beginArray() throws(Malformed) { try expect(UInt8(ascii: "[")) }

    /// Whether another element follows (past its `,`); false at `]`.
    mutating func nextElement(first: inout Bool) throws(Malformed) -> Bool {
        skipSpace()
        if bytes.peek() == UInt8(ascii: "]") {
            _ = bytes.next()
            return false
        }
        if !first { try expect(UInt8(ascii: ",")) }
        first = false
        return true
    }

    /// A string, its first `keep` characters kept (the rest read and checked).
    mutating func string(keep: Int) throws(Malformed) -> String {
        try expect(UInt8(ascii: "\""))
        var kept: [UInt8] = []
        var scalars = String.UnicodeScalarView()
        func flush() {
            if !kept.isEmpty { scalars.append(contentsOf: String(decoding: kept, as: UTF8.self).unicodeScalars) }
            kept.removeAll()
        }
        var count = 0
        var pendingHigh: UInt32?
        while true {
            guard let byte = bytes.next() else { throw Malformed() }
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw Malformed() }
            if byte != UInt8(ascii: "\\") {
                if pendingHigh != nil { throw Malformed() }
                count += 1
                if count <= keep * 4 { kept.append(byte) }
                continue
            }
            guard let escape = bytes.next() else { throw Malformed() }
            var scalar: UInt32
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalar = UInt32(escape)
            case UInt8(ascii: "b"): scalar = 8
            case UInt8(ascii: "f"): scalar = 12
            case UInt8(ascii: "n"): scalar = 10
            case UInt8(ascii: "r"): scalar = 13
            case UInt8(ascii: "t"): scalar = 9
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let hex = bytes.next(), let digit = Int(String(UnicodeScalar(hex)), radix: 16) else { throw Malformed() }
                    value = value * 16 + UInt32(digit)
                }
                scalar = value
            default: throw Malformed()
            }
            if (0xD800...0xDBFF).contains(scalar) {
                if pendingHigh != nil { throw Malformed() }
                pendingHigh = scalar
                continue
            }
            if (0xDC00...0xDFFF).contains(scalar) {
                guard let high = pendingHigh else { throw Malformed() }
                scalar = 0x10000 + ((high - 0xD800) << 10) + (scalar - 0xDC00)
                pendingHigh = nil
            } else if pendingHigh != nil {
                throw Malformed()
            }
            count += 1
            if count <= keep * 4 {
                flush()
                if let unicode = UnicodeScalar(scalar) { scalars.append(unicode) }
            }
        }
        if pendingHigh != nil { throw Malformed() }
        flush()
        return String(String(scalars).prefix(keep))
    }

    /// A number, as Double reads its text.
    mutating func number() throws(Malformed) -> Double {
        skipSpace()
        var text: [UInt8] = []
        while let byte = bytes.peek(),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        {
            text.append(byte)
            _ = bytes.next()
            if text.count > 400 { throw Malformed() }
        }
        guard Self.isJSONNumber(text), let value = Double(String(decoding: text, as: UTF8.self)) else { throw Malformed() }
        return value
    }

    /// Reads past a number, checking its grammar, converting nothing.
    mutating func skipNumber() throws(Malformed) {
        func digits() -> Int {
            var count = 0
            while let byte = bytes.peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                _ = bytes.next()
                count += 1
            }
            return count
        }
        if bytes.peek() == UInt8(ascii: "-") { _ = bytes.next() }
        let leadingZero = bytes.peek() == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !(leadingZero && whole > 1) else { throw Malformed() }
        if bytes.peek() == UInt8(ascii: ".") {
            _ = bytes.next()
            guard digits() > 0 else { throw Malformed() }
        }
        if bytes.peek() == UInt8(ascii: "e") || bytes.peek() == UInt8(ascii: "E") {
            _ = bytes.next()
            if bytes.peek() == UInt8(ascii: "+") || bytes.peek() == UInt8(ascii: "-") { _ = bytes.next() }
            guard digits() > 0 else { throw Malformed() }
        }
    }

    /// Whether `text` is a number as JSON writes one: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`.
    static func isJSONNumber(_ text: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        let whole = index
        guard digits() > 0 else { return false }
        if text[whole] == UInt8(ascii: "0"), index - whole > 1 { return false }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }

    /// Whether the next value is `null` (taken if so).
    mutating func null() throws(Malformed) -> Bool {
        guard try kind() == .literal, bytes.peek() == UInt8(ascii: "n") else { return false }
        try literal()
        return true
    }

    private mutating func literal() throws(Malformed) {
        skipSpace()
        let word: [UInt8]
        switch bytes.peek() {
        case UInt8(ascii: "t"): word = Array("true".utf8)
        case UInt8(ascii: "f"): word = Array("false".utf8)
        default: word = Array("null".utf8)
        }
        for expected in word { guard bytes.next() == expected else { throw Malformed() } }
    }

    /// Reads past the next value, keeping nothing.
    mutating func skip(depth: Int = 0) throws(Malformed) {
        guard depth < Self.maximumDepth else { throw Malformed() }
        switch try kind() {
        case .object:
            try beginObject()
            var first = true
            while try nextKey(first: &first, keep: 0) != nil { try skip(depth: depth + 1) }
        case .array:
            try beginArray()
            var first = true
            while try nextElement(first: &first) { try skip(depth: depth + 1) }
        case .string: _ = try string(keep: 0)
        case .number: try skipNumber()
        case .literal: try literal()
        }
    }

    /// Only space left.
    mutating func end() throws(Malformed) {
        skipSpace()
        guard bytes.peek() == nil else { throw Malformed() }
    }
}
