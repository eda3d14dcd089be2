import CFontQuery
import TabStageScenario

extension FontFile {
    /// Opens `data` with FreeType and reads its family and weight; `reference` names the file
    /// in messages.
    package static func check(_ data: [UInt8], reference: String) throws(AssetError) -> FontFile {
        let expected = "a TrueType or OpenType font file (.ttf or .otf)"
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw AssetError("FreeType could not start to read '\(shown(reference))'", expected: expected)
        }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let status = data.withUnsafeBufferPointer { bytes in
            FT_New_Memory_Face(library, bytes.baseAddress, FT_Long(bytes.count), 0, &face)
        }
        guard status == 0, let face else {
            throw AssetError("'\(shown(reference))' is not a font FreeType can read", expected: expected)
        }
        defer { FT_Done_Face(face) }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            throw AssetError("'\(shown(reference))' is a bitmap font, which cannot be drawn at every size", expected: expected)
        }
        guard let name = face.pointee.family_name.map({ String(cString: $0) }), !name.isEmpty else {
            throw AssetError("'\(shown(reference))' has no family name", expected: expected)
        }
        var weight = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            if (1...1000).contains(Int(os2.usWeightClass)) { weight = Int(os2.usWeightClass) }
        }
        return FontFile(family: name, weight: weight, data: data)
    }
}
