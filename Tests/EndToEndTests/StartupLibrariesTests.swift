import Foundation
import ImageDiff
import TabStageTestSupport
import Testing

/// The commands that never draw start without the drawing libraries: GLib, cairo, librsvg,
/// fontconfig and Pango are loaded by the first drawing call (the trampolines of CRsvg and
/// CPango), so `--version`, `diff`, `devices` and `schema` never map them and `run` does. The
/// dynamic loader says what it loaded: with `LD_DEBUG=libs` it prints `calling init: PATH` on
/// stderr for every shared object it starts, at start-up and on each `dlopen`.
@Suite struct StartupLibrariesTests {
    /// What drawing loads: the libraries tabstage calls and two they bring (HarfBuzz, FreeType).
    static let drawing: Set<String> = [
        "librsvg-2.so.2", "libcairo.so.2", "libglib-2.0.so.0", "libgobject-2.0.so.0", "libfontconfig.so.1",
        "libpango-1.0.so.0", "libpangocairo-1.0.so.0", "libharfbuzz.so.0",
    ]

    /// The scenario `run` draws: one snapshot of the default fixture (iphone-14 at 3×).
    static let scenario = Fixtures.yaml(extra: "name: mini")

    /// Runs the built binary with the loader's trace; the file names of the shared objects it started.
    func traced(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> (
        result: CommandLineTests.Result, loaded: Set<String>
    ) {
        let result = try CommandLineTests().tabstageProcess(
            arguments, in: folder, environment: environment.merging(["LD_DEBUG": "libs"]) { $1 })
        let loaded = result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return line[range.upperBound...].split(separator: "/").last.map(String.init)
        }
        return (result, Set(loaded))
    }

    /// The lines the command itself wrote on stderr, without the loader's trace (each of its
    /// lines starts with the process id and a colon).
    func ownLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { line in
            let trimmed = line.drop { $0 == " " }
            return !(trimmed.first?.isNumber == true && trimmed.drop { $0.isNumber }.first == ":")
        }
    }

    @Test func versionStartsWithoutTheDrawingLibraries() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, loaded) = try traced(["--version"], in: folder)
        #expect(result.status == 0)
        // The trace works (Swift's runtime is always loaded), so an empty intersection means something.
        #expect(loaded.contains("libswiftCore.so"), "\(loaded.sorted())")
        #expect(loaded.isDisjoint(with: Self.drawing), "\(loaded.intersection(Self.drawing).sorted())")
    }

    @Test func commandsThatNeverDrawStartWithoutTheDrawingLibraries() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two 3×2 white images, the second with its first pixel black: diff reports that pixel
        // and exits 1, alone and as the one pair of two folders.
        var image = RGBAImage(width: 3, height: 2, fill: (r: 255, g: 255, b: 255, a: 255))
        let white = try PNGCodec.encode(image)
        image.pixels.replaceSubrange(0..<3, with: [0, 0, 0])
        let marked = try PNGCodec.encode(image)
        for folderName in ["expected", "actual"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(folderName), withIntermediateDirectories: true)
        }
        try Data(white).write(to: folder.appendingPathComponent("a.png"))
        try Data(marked).write(to: folder.appendingPathComponent("b.png"))
        try Data(white).write(to: folder.appendingPathComponent("expected/x.png"))
        try Data(marked).write(to: folder.appendingPathComponent("actual/x.png"))
        let commands: [([String], Int32)] = [
            (["diff", "a.png", "b.png"], 1), (["diff", "expected", "actual", "--report", "report"], 1), (["devices"], 0),
            (["schema"], 0), (["--help"], 0),
        ]
        for (arguments, status) in commands {
            let (result, loaded) = try traced(arguments, in: folder)
            #expect(result.status == status, "\(arguments): \(ownLines(result.stderr))")
            #expect(loaded.contains("libswiftCore.so"), "\(arguments): \(loaded.sorted())")
            #expect(loaded.isDisjoint(with: Self.drawing), "\(arguments): \(loaded.intersection(Self.drawing).sorted())")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report/index.html").path))
    }

    @Test func runLoadsTheDrawingLibrariesAndDraws() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario.write(to: folder.appendingPathComponent("mini.yaml"), atomically: true, encoding: .utf8)
        let (result, loaded) = try traced(["run", "mini.yaml", "--out", "out"], in: folder)
        #expect(result.status == 0, "\(ownLines(result.stderr))")
        #expect(ownLines(result.stderr).isEmpty)
        #expect(loaded.isSuperset(of: Self.drawing), "\(Self.drawing.subtracting(loaded).sorted())")
        let png = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("out/mini/start.png"))))
        #expect(png.width == 1170 && png.height == 2532)  // iphone-14: 390 × 844 pt at 3×
    }

    /// A drawing library that cannot be loaded: one line naming its Debian package, exit 2,
    /// nothing written. A command that never draws does not notice. The library is shadowed by
    /// an empty file of its name in a folder the loader searches first.
    @Test func aMissingDrawingLibraryIsOneLineNamingItsPackage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("lib/librsvg-2.so.2"))
        try Self.scenario.write(to: folder.appendingPathComponent("mini.yaml"), atomically: true, encoding: .utf8)
        let shadowed = ["LD_LIBRARY_PATH": folder.appendingPathComponent("lib").path]

        let version = try CommandLineTests().tabstageProcess(["--version"], in: folder, environment: shadowed)
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stderr.isEmpty)

        let run = try CommandLineTests().tabstageProcess(["run", "mini.yaml", "--out", "out"], in: folder, environment: shadowed)
        #expect(run.status == 2)
        // The loader's reason in brackets (glibc: "file too short"), the package after it.
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("tabstage: error: drawing needs librsvg-2.so.2, which could not be loaded ("), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("): install the Debian package librsvg2-2 (Scripts/setup.sh does)\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
