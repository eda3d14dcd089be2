import TabStageModel
import TabStageScenario

/// The decoder tabstage loads scenarios with: libjpeg-turbo and ImageDiff's PNG codec decode
/// pictures, cairo scales them down, FreeType opens fonts.
package struct SystemAssetDecoder: AssetDecoder {
    /// The decoder; it holds no state.
    package init() {}

    /// Decodes, checks, downscales and encodes again with `EmbeddedImage.decode`.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - reference: The file as the scenario names it, for messages.
    ///   - use: Where the picture is drawn.
    /// - Returns: The picture, ready to embed.
    /// - Throws: An `AssetError` naming the file when it is not a picture that can be drawn.
    package func image(_ bytes: [UInt8], reference: String, use: ImageUse) throws(AssetError) -> EmbeddedImage {
        try EmbeddedImage.decode(bytes, reference: reference, use: use)
    }

    /// Opens the font with FreeType (`FontFile.check`).
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - reference: The file as the scenario names it, for messages.
    /// - Returns: The font with its family, weight and bytes.
    /// - Throws: An `AssetError` naming the file when it is not a scalable font.
    package func font(_ bytes: [UInt8], reference: String) throws(AssetError) -> FontFile {
        try FontFile.check(bytes, reference: reference)
    }
}

extension AssetFolder {
    /// A folder whose pictures and fonts `SystemAssetDecoder` decodes.
    ///
    /// - Parameter path: the folder references are resolved in; usually the scenario file's.
    package init(path: String) {
        self.init(path: path, decoder: SystemAssetDecoder())
    }

    /// The folder that holds `scenarioFile`, decoding with `SystemAssetDecoder`.
    package init(scenarioFile: String) {
        self.init(scenarioFile: scenarioFile, decoder: SystemAssetDecoder())
    }
}
