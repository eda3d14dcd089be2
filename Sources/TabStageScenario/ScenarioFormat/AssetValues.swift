import TabStageModel

extension YAMLValue {
    /// The file this text value names, read from the scenario's folder within `kind`'s limit;
    /// every refusal is placed at this value.
    func assetFile(_ kind: AssetKind) throws(ScenarioError) -> [UInt8] {
        let (folder, reference) = try assetReference()
        do {
            return try folder.loadFile(reference, kind: kind)
        } catch {
            throw located(error)
        }
    }

    /// The refusal at this value; a missing file suggests the closest name beside it.
    private func located(_ error: AssetError) -> ScenarioError {
        var message = error.message
        if let missing = error.missing, let closest = suggestion(for: missing.name, among: missing.siblings) {
            message += "; did you mean '\(quoted(missing.folder + closest))'?"
        }
        return self.error(message, expected: error.expected)
    }

    /// The PNG or JPEG image this text value names, decoded, checked, kept at the largest
    /// size `use` draws and ready to embed.
    func assetImage(use: ImageUse) throws(ScenarioError) -> EmbeddedImage {
        let (folder, reference) = try assetReference()
        do {
            return try folder.loadImage(reference, use: use)
        } catch {
            throw located(error)
        }
    }

    /// The TrueType or OpenType font this text value names, checked by the folder's decoder.
    func assetFont() throws(ScenarioError) -> FontFile {
        let (folder, reference) = try assetReference()
        do {
            return try folder.loadFont(reference)
        } catch {
            throw located(error)
        }
    }

    private func assetReference() throws(ScenarioError) -> (AssetFolder, String) {
        let reference = try string()
        guard let assets else {
            throw error(
                "\(quotedPath) names the file '\(quoted(reference))', but this scenario was given as text with no folder to read files from",
                expected:
                    "a scenario loaded from its file, which reads the files it names from the file's folder: Stage(scenario:), or ScenarioLoader.load(path:) from TabStageRendering"
            )
        }
        return (assets, reference)
    }
}
