import Foundation
import TabStageImageDiff
import TabStageTestSupport
import Testing

extension StartupLibrariesTests {
    /// A library put beside a copied binary is not loaded: Swift links executables with
    /// `$ORIGIN` in their RUNPATH, so a bare `dlopen("libdeflate.so.0")` would find an empty
    /// `libdeflate.so.0` there before the system's ("file too short", exit 2). tabstage opens
    /// the system's folders by full path, so `diff` works with the system's libdeflate.
    @Test func aLibraryBesideTheBinaryIsNotLoaded() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("tabstage")
        do {
            try FileManager.default.linkItem(at: CommandLineTests.binary, to: copy)
        } catch {
            try FileManager.default.copyItem(at: CommandLineTests.binary, to: copy)
        }
        try Data().write(to: folder.appendingPathComponent("libdeflate.so.0"))
        let white = try PNGCodec.encode(RGBAImage(width: 3, height: 2, fill: (r: 255, g: 255, b: 255, a: 255)))
        try Data(white).write(to: folder.appendingPathComponent("a.png"))
        try Data(white).write(to: folder.appendingPathComponent("b.png"))
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = nil
        let diff = try runProcess(copy, ["diff", "a.png", "b.png"], in: folder, environment: environment)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(!diff.stderr.contains("could not be loaded"), "\(diff.stderr)")
    }
}
