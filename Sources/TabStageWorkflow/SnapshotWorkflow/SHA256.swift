import Foundation

#if canImport(CommonCrypto)
import CommonCrypto
#else
import CCrypto
#endif

/// SHA-256, for the digests a report keeps of the files `accept` copies and of the inputs it
/// was made from. Foundation on Linux has no CryptoKit: there OpenSSL's libcrypto computes it,
/// loaded on the first digest (a command that takes none never loads it); on Apple's systems
/// CommonCrypto, part of the system, does. Checked against the standard's published test
/// vectors (AcceptCommandTests).
package enum SHA256 {
    /// Whether `text` is a digest as `hex` writes it: 64 lowercase hexadecimal digits.
    package static func isHex(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    package static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digest: [UInt8] =
            bytes.withContiguousStorageIfAvailable { (buffer: UnsafeBufferPointer<UInt8>) -> [UInt8] in
                Self.digest(UnsafeRawBufferPointer(buffer))
            } ?? Array(bytes).withUnsafeBytes { Self.digest($0) }
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xf)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The 32 bytes of the digest.
    private static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        // An empty buffer may have no address; nothing is read from it either way.
        let empty: UInt8 = 0
        withUnsafePointer(to: empty) { placeholder in
            let data = bytes.baseAddress ?? UnsafeRawPointer(placeholder)
            digest.withUnsafeMutableBufferPointer { out in
                #if canImport(CommonCrypto)
                // CommonCrypto takes at most 4 GiB a call: the input goes in pieces of 1 GiB.
                var context = CC_SHA256_CTX()
                CC_SHA256_Init(&context)
                var offset = 0
                repeat {
                    let piece = min(bytes.count - offset, 1 << 30)
                    CC_SHA256_Update(&context, data + offset, CC_LONG(piece))
                    offset += piece
                } while offset < bytes.count
                CC_SHA256_Final(out.baseAddress, &context)
                #else
                var length: UInt32 = 0
                // EVP_Digest fails only when libcrypto cannot hash at all (a broken OpenSSL
                // configuration): one line and exit 2, as for a library that cannot be loaded.
                guard EVP_Digest(data, bytes.count, out.baseAddress, &length, EVP_sha256(), nil) == 1, length == SHA256_DIGEST_LENGTH
                else {
                    FileHandle.standardError.write(
                        Data("tabstage: error: libcrypto could not compute a SHA-256 digest (check the OpenSSL configuration)\n".utf8))
                    exit(2)
                }
                #endif
            }
        }
        return digest
    }
}
