import TabStageModel

/// Turns the bytes of a picture or a font a scenario names into the values the look and the
/// rows carry. The scenario parser reads and confines the files (`AssetFolder`) and asks a
/// decoder for the rest, so parsing itself never links an image or font library: the decoder
/// that does (`SystemAssetDecoder`, in the AssetDecoding module) is handed in from above.
package protocol AssetDecoder: Sendable {
    /// Decodes and checks the PNG or JPEG `bytes`, keeps only the pixels `use` can ever draw,
    /// and encodes them again, ready to embed.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents, within `AssetKind.image`'s limit.
    ///   - reference: The file as the scenario names it, for messages.
    ///   - use: Where the picture is drawn, which bounds the pixels worth keeping.
    /// - Returns: The picture, ready to embed.
    /// - Throws: An `AssetError` naming the file when it is not a picture that can be drawn.
    func image(_ bytes: [UInt8], reference: String, use: ImageUse) throws(AssetError) -> EmbeddedImage

    /// Opens the font `bytes` and reads its family and weight.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents, within `AssetKind.font`'s limit.
    ///   - reference: The file as the scenario names it, for messages.
    /// - Returns: The font with its family, weight and bytes.
    /// - Throws: An `AssetError` naming the file when it is not a scalable font.
    func font(_ bytes: [UInt8], reference: String) throws(AssetError) -> FontFile
}

extension AssetFolder {
    /// The PNG or JPEG image `reference` names, checked, kept at the largest size `use` draws,
    /// and ready to embed; decoded by `decoder` once per content and use (see `pictures`).
    package func loadImage(_ reference: String, use: ImageUse) throws(AssetError) -> EmbeddedImage {
        try pictures.picture(read(reference, kind: .image), use: use) { bytes throws(AssetError) in
            try decoder.image(bytes, reference: reference, use: use)
        }
    }

    /// The font `reference` names, read within the font limit and checked by `decoder`.
    package func loadFont(_ reference: String) throws(AssetError) -> FontFile {
        try decoder.font(read(reference, kind: .font), reference: reference)
    }

    /// The bytes of the file `reference` names (a font, a template, an items file), within its
    /// kind's limit.
    package func loadFile(_ reference: String, kind: AssetKind) throws(AssetError) -> [UInt8] {
        try read(reference, kind: kind)
    }
}
