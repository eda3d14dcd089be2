import TabStageScenario

extension ScenarioLoader {
    /// Reads and parses a scenario file, refusing anything that is not a regular readable file
    /// inside its own folder; the pictures and fonts it names are read from that folder and
    /// decoded by tabstage's PNG and JPEG decoders and font check.
    ///
    /// - Parameter path: A `.yaml`, `.yml` or `.json` file; its base name is the default scenario name.
    /// - Returns: The validated scenario.
    /// - Throws: A `ScenarioError` for a missing, unreadable, oversized or invalid file.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        try load(path: path, decoder: SystemAssetDecoder())
    }
}
