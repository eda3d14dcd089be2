import Foundation
import TabStage
import TabStageImageDiff
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

@Suite struct HostileScenarioTests {
    @Test(arguments: [
        // YAML's own structure.
        (
            "device: iphone-14\ndevice: iphone-15\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: []",
            "test.yaml:2:1: error: 'device' is given twice; the first is at 1:1 (expected each key once in a mapping; keep one 'device')"
        ),
        (
            "device: iphone-14\ncontainer: {tabs: *missing}\nsteps: []",
            "test.yaml:2:19: error: malformed YAML: found undefined alias (expected valid YAML or JSON)"
        ),
        (
            String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000),
            "test.yaml:1:1: error: nested more than 1000 levels deep (expected at most 1000 nested mappings and lists)"
        ),
        (
            "device: iphone-14\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: [{snapshot: a}, &s {snapshot: b}, *s]",
            "test.yaml:3:38: error: snapshot 'b' is already taken at line 3 (expected a unique snapshot name)"
        ),  // the alias is the same node
        // Limits.
        (
            "device: {width: 4096, height: 4096, scale: 4}\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: []",
            "test.yaml:1:44: error: a 4096×4096 pt device at scale 4 renders 268435456 pixels, over the limit (expected at most 64000000 pixels per image)"
        ),
        (
            "device: {width: 4097, height: 800}\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: []",
            "test.yaml:1:17: error: 'device.width' is 4097, out of range (expected a number above 0 and at most 4096 (points))"
        ),
        (
            "device: iphone-14\ncontainer: {tabs: [{title: A, rows: 600000}, {title: B, rows: 600000}]}\nsteps: []",
            "test.yaml:2:46: error: the tabs hold more than 1000000 rows in all (expected at most 1000000 rows)"
        ),
        (
            "device: iphone-14\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: [{release: {velocity: 1e400}}]",
            "test.yaml:3:30: error: 'steps[0].release.velocity' must be finite, found 1e400 (expected a velocity in points per second from -100000 to 100000)"
        ),
        // Names that would escape the output folder.
        (
            "name: .hidden\ndevice: iphone-14\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: []",
            "test.yaml:1:7: error: scenario name '.hidden' is not a plain file name (expected 1 to 128 letters, digits, '-', '_' or '.', not starting with '.')"
        ),
        (
            "device: iphone-14\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: [{snapshot: 'a/../../b'}]",
            "test.yaml:3:20: error: snapshot name 'a/../../b' is not a plain file name (expected 1 to 128 letters, digits, '-', '_' or '.', not starting with '.')"
        ),
    ])
    func refused(text: String, message: String) {
        #expect(Fixtures.refusal(text) == message)
    }

    @Test func unreadableFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = folder.appendingPathComponent("latin1.yaml")
        try Data([0x64, 0x65, 0x76, 0x3A, 0x20, 0xE9, 0xFF, 0x0A]).write(to: latin1)
        #expect(
            throws: ScenarioError(SourceLocation(file: latin1.path), "the file is not UTF-8 text", expected: "a UTF-8 YAML or JSON file")
        ) {
            try ScenarioLoader.load(path: latin1.path)
        }
        #expect(
            throws: ScenarioError(
                SourceLocation(file: folder.path), "this is a folder, not a scenario file",
                expected: "a path to a .yaml, .yml or .json scenario")
        ) {
            try ScenarioLoader.load(path: folder.path)
        }
        let big = folder.appendingPathComponent("big.yaml")
        try Data(repeating: 0x20, count: ScenarioLoader.maxFileSize + 1).write(to: big)
        #expect(
            throws: ScenarioError(
                SourceLocation(file: big.path), "the file is \(ScenarioLoader.maxFileSize + 1) bytes, over the limit",
                expected: "a scenario of at most \(ScenarioLoader.maxFileSize) bytes")
        ) {
            try ScenarioLoader.load(path: big.path)
        }
    }
}

@Suite struct HostileImageTests {
    static let folder = Fixtures.root.appendingPathComponent("Tests/TabStageTests/Fixtures/png-bad")

    @Test(arguments: [
        ("huge-dimensions.png", "a 20000×20000 PNG is over the limit of 16384 px a side"),
        ("over-pixel-limit.png", "a 9000×9000 PNG is over the limit of 64000000 pixels"),
        ("truncated.png", "libspng could not decode the PNG: end of stream"),
        ("corrupt-crc.png", "libspng could not decode the PNG: IDAT stream error"),
        ("not-a-png.png", "not a PNG file (no PNG signature)"),
        ("empty.png", "not a PNG file (no PNG signature)"),
    ])
    func refusedWithAMessage(file: String, message: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(file))
        #expect(throws: RasterError(message)) { try PNGCodec.decode(Array(data)) }
    }
}

@Suite struct SafeOutputTests {
    /// Only tabstage's own scratch files of processes that are gone are swept: the old-style
    /// `.NAME.PID.tmp` is a name anyone could have made, and is left alone.
    @Test func abandonedTemporaryFilesAreRemoved() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A pid that cannot be running (above the kernel's pid_max) and our own, which is.
        let abandoned = folder.appendingPathComponent(".tabstage-99999999-1f.tmp")
        let abandonedBackup = folder.appendingPathComponent(".tabstage-99999999-2e.bak")
        let live = folder.appendingPathComponent(".tabstage-\(getpid())-3d.tmp")
        let foreign = folder.appendingPathComponent(".a.png.99999999.tmp")
        let unrelated = folder.appendingPathComponent(".notes.tmp")
        for url in [abandoned, abandonedBackup, live, foreign, unrelated] { try Data("x".utf8).write(to: url) }
        var writer = AtomicWriter()
        try writer.createDirectory(folder.path)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(!FileManager.default.fileExists(atPath: abandonedBackup.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(FileManager.default.fileExists(atPath: foreign.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    @Test func pixelLimitIsCheckedBeforeRendering() {
        let stage = Fixtures.iphone14Stage()
        #expect(RenderOptions(scale: 3).pixelLimitProblem(stage) == nil)
        // 390 × 844 at scale 30: 11700 × 25320 = 296 million pixels.
        #expect(
            RenderOptions(scale: 30).pixelLimitProblem(stage)
                == "a 11700×25320 px image is over the limit of 16384 px a side (390×844 pt at scale 30)")
        // 390 × 844 at scale 12: 4680 × 10128 = 47.4 million pixels, under both limits; at 19: 7410 × 16036 = 118.8 million.
        #expect(RenderOptions(scale: 12).pixelLimitProblem(stage) == nil)
        #expect(
            RenderOptions(scale: 19).pixelLimitProblem(stage)
                == "a 7410×16036 px image is over the limit of 64000000 pixels (390×844 pt at scale 19)")
        #expect(RenderOptions(formats: [.svg], scale: 30).pixelLimitProblem(stage) == nil, "SVG alone allocates no pixels")
    }
}
