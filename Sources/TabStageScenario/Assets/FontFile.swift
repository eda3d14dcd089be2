/// A TrueType or OpenType font a scenario named, read from its folder and opened from memory by
/// the scenario's `AssetDecoder`: the bytes are known to be a scalable font before anything
/// renders with them.
package struct FontFile: Sendable, Hashable {
    /// The family name the font gives itself (its `name` table, as FreeType reads it).
    package var family: String
    /// The OpenType weight class: 400 regular, 700 bold (the OS/2 table's, or 400/700 from
    /// the font's bold flag when it has none).
    package var weight: Int
    /// The file's bytes, exactly as read.
    package var data: [UInt8]

    /// A font a decoder has opened and read the family and weight of.
    package init(family: String, weight: Int, data: [UInt8]) {
        self.family = family
        self.weight = weight
        self.data = data
    }
}
