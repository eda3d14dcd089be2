import Foundation

/// Two file names with the same key are the same file on a case-insensitive file system (APFS,
/// NTFS) and look the same to a reader: Unicode-normalized (NFC) and case-folded. The one rule
/// for output names and variant names alike.
package func fileNameCollisionKey(_ name: String) -> String {
    name.decomposedStringWithCanonicalMapping
        .folding(options: [.caseInsensitive], locale: nil)
        .precomposedStringWithCanonicalMapping
}
