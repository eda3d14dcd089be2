import Foundation
import TabStageImageDiff
import TabStageTestSupport
import Testing

/// Each command starts with only the libraries it calls: every C library tabstage calls (the
/// drawing stack, libspng, libdeflate, libwebp, libturbojpeg, FreeType, libxml2, libcrypto) is loaded by its
/// first call (the trampolines of CLibraryLoader and the C* targets), so `--version`, `--help`,
/// `devices`, `schema` and `plot` to SVG map none of them, `diff` libdeflate alone, and `run`
/// the drawing libraries and libdeflate. The dynamic loader says what it loaded: with
/// `LD_DEBUG=libs` it prints `calling init: PATH` on stderr for every shared object it starts,
/// at start-up and on each `dlopen`. Each command's set is checked whole: anything outside
/// Swift's runtime, Foundation, the C and C++ runtimes and the command's own libraries fails.
@Suite struct StartupLibrariesTests {
    /// What drawing loads: the libraries tabstage calls and two they bring (HarfBuzz, FreeType).
    static let drawing: Set<String> = [
        "librsvg-2.so.2", "libcairo.so.2", "libglib-2.0.so.0", "libgobject-2.0.so.0", "libfontconfig.so.1",
        "libpango-1.0.so.0", "libpangocairo-1.0.so.0", "libharfbuzz.so.0",
    ]

    /// Loaded by every command: the C and C++ runtimes, Swift's runtime and Foundation (with its
    /// own ICU, `lib_FoundationICU.so`, which Foundation links whatever tabstage does).
    static func isRuntime(_ library: String) -> Bool {
        ["libswift", "libFoundation", "lib_FoundationICU", "libdispatch", "libBlocksRuntime"].contains { library.hasPrefix($0) }
            || ["ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1"]
                .contains(library)
    }

    /// The libraries a command loaded beyond the runtime.
    static func beyondRuntime(_ loaded: Set<String>) -> Set<String> { loaded.filter { !isRuntime($0) } }

    /// The scenario `run` draws: one snapshot of the default fixture (iphone-14 at 3×).
    static let scenario = Fixtures.yaml(extra: "name: mini")

    /// A short fling at 10 frames a second, for a trace.json that `plot` charts.
    static let fling = """
        name: fling
        device: iphone-14
        fps: 10
        container:
          header: {height: 220, minHeight: 44, title: "Jane Appleseed", subtitle: "@jane"}
          tabs:
            - {title: Posts, rows: 30, rowHeight: 100}
        steps:
          - scroll: {to: 0}
          - release: {velocity: 300}
        """

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

    /// An environment in which `library` cannot be loaded: an empty file of its name in
    /// `folder/lib`, a folder the loader searches first (LD_LIBRARY_PATH).
    func shadowing(_ library: String, in folder: URL) throws -> [String: String] {
        let lib = folder.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try Data().write(to: lib.appendingPathComponent(library))
        return ["LD_LIBRARY_PATH": lib.path]
    }

    /// The lines the command itself wrote on stderr, without the loader's trace (each of its
    /// lines starts with the process id and a colon).
    func ownLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { line in
            let trimmed = line.drop { $0 == " " }
            return !(trimmed.first?.isNumber == true && trimmed.drop { $0.isNumber }.first == ":")
        }
    }

    @Test func versionLoadsNoLibraryBeyondTheRuntime() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, loaded) = try traced(["--version"], in: folder)
        #expect(result.status == 0)
        // The trace works (Swift's runtime is always loaded), so an empty set beyond it means something.
        #expect(loaded.contains("libswiftCore.so"), "\(loaded.sorted())")
        // Not libxml2, ICU 72 or liblzma either: the row templates' XML check loads libxml2 itself.
        #expect(Self.beyondRuntime(loaded).isEmpty, "\(Self.beyondRuntime(loaded).sorted())")
    }

    @Test func commandsThatNeverDrawLoadOnlyWhatTheyDecode() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two 3×2 white images, the second with its first pixel black: diff reports that pixel
        // and exits 1, alone and as the one pair of two folders (whose report writes PNGs).
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
        // A trace for plot, written by a run of its own (which draws nothing: SVG only).
        try Self.fling.write(to: folder.appendingPathComponent("fling.yaml"), atomically: true, encoding: .utf8)
        let frames = try CommandLineTests().tabstageProcess(
            ["run", "fling.yaml", "--frames", "--format", "svg", "--out", "frames"], in: folder)
        #expect(frames.status == 0, "\(frames.stderr)")
        // PNGs the common way (8-bit RGB or RGBA, not interlaced) decode with libdeflate alone.
        let deflate: Set<String> = ["libdeflate.so.0"]
        let commands: [(arguments: [String], status: Int32, libraries: Set<String>)] = [
            (["diff", "a.png", "b.png"], 1, deflate), (["diff", "expected", "actual", "--report", "report"], 1, deflate),
            (["devices"], 0, []), (["schema"], 0, []), (["--help"], 0, []),
            (["plot", "frames/fling/trace.json", "--out", "chart.svg"], 0, []),
        ]
        for (arguments, status, libraries) in commands {
            let (result, loaded) = try traced(arguments, in: folder)
            #expect(result.status == status, "\(arguments): \(ownLines(result.stderr))")
            #expect(loaded.contains("libswiftCore.so"), "\(arguments): \(loaded.sorted())")
            #expect(Self.beyondRuntime(loaded) == libraries, "\(arguments): \(Self.beyondRuntime(loaded).sorted())")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report/index.html").path))
        let chart = try String(contentsOf: folder.appendingPathComponent("chart.svg"), encoding: .utf8)
        #expect(chart.hasPrefix("<svg "), "\(chart.prefix(80))")
    }

    @Test func runLoadsTheDrawingLibrariesAndDraws() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario.write(to: folder.appendingPathComponent("mini.yaml"), atomically: true, encoding: .utf8)
        let (result, loaded) = try traced(["run", "mini.yaml", "--out", "out"], in: folder)
        #expect(result.status == 0, "\(ownLines(result.stderr))")
        #expect(ownLines(result.stderr).isEmpty)
        #expect(loaded.isSuperset(of: Self.drawing.union(["libdeflate.so.0"])), "\(Self.drawing.subtracting(loaded).sorted())")
        // What it never calls: no animation, no JPEG, only PNGs libdeflate writes.
        let unused: Set<String> = [
            "libspng.so.0", "libwebp.so.7", "libwebpmux.so.3", "libwebpdemux.so.2", "libturbojpeg.so.0", "libcrypto.so.3",
        ]
        #expect(loaded.isDisjoint(with: unused), "\(loaded.intersection(unused).sorted())")
        let png = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("out/mini/start.png"))))
        #expect(png.width == 1170 && png.height == 2532)  // iphone-14: 390 × 844 pt at 3×
    }

    /// A drawing library that cannot be loaded: one line naming its Debian package, exit 2,
    /// nothing written. A command that never draws does not notice. The library is shadowed by
    /// an empty file of its name in a folder the loader searches first.
    @Test func aMissingDrawingLibraryIsOneLineNamingItsPackage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario.write(to: folder.appendingPathComponent("mini.yaml"), atomically: true, encoding: .utf8)
        let shadowed = try shadowing("librsvg-2.so.2", in: folder)

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

    /// Only a command that hashes needs libcrypto: `record` and `verify` do without it; `verify
    /// --report` keeps the references' SHA-256 digests in report.json, so it loads libcrypto
    /// before it starts: a missing one is one line naming its package and exit 2, no report written.
    @Test func onlyAVerifyThatReportsNeedsTheCryptoLibrary() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario.write(to: folder.appendingPathComponent("mini.yaml"), atomically: true, encoding: .utf8)
        let shadowed = try shadowing("libcrypto.so.3", in: folder)

        for arguments in [["record", "mini.yaml", "--snapshots", "snaps"], ["verify", "mini.yaml", "--snapshots", "snaps"]] {
            let run = try CommandLineTests().tabstageProcess(arguments, in: folder, environment: shadowed)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let report = try CommandLineTests().tabstageProcess(
            ["verify", "mini.yaml", "--snapshots", "snaps", "--report", "report"], in: folder, environment: shadowed)
        #expect(report.status == 2)
        #expect(report.stderr.split(separator: "\n").count == 1, "\(report.stderr)")
        #expect(
            report.stderr.hasPrefix("tabstage: error: computing file digests needs libcrypto.so.3, which could not be loaded ("),
            "\(report.stderr)")
        #expect(report.stderr.hasSuffix("): install the Debian package libssl3 (Scripts/setup.sh does)\n"), "\(report.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report").path))
    }

    /// `--animate webp` encodes after every frame is drawn, so libwebp is loaded before the run
    /// starts: a missing libwebp is one line and exit 2 with no frame written, not a failure
    /// after the frames.
    @Test func aMissingWebPLibraryStopsAnAnimatedRunBeforeItWrites() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.fling.write(to: folder.appendingPathComponent("fling.yaml"), atomically: true, encoding: .utf8)
        let shadowed = try shadowing("libwebp.so.7", in: folder)

        let run = try CommandLineTests().tabstageProcess(
            ["run", "fling.yaml", "--frames", "--animate", "webp", "--out", "out"], in: folder, environment: shadowed)
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("tabstage: error: animated WebP needs libwebp.so.7, which could not be loaded ("), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("): install the Debian package libwebp7 (Scripts/setup.sh does)\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

        // Without --animate the same run never calls libwebp and does not notice.
        let still = try CommandLineTests().tabstageProcess(
            ["run", "fling.yaml", "--frames", "--format", "svg", "--out", "svg"], in: folder, environment: shadowed)
        #expect(still.status == 0, "\(still.stderr)")
    }

    /// The same for the PNG codec: `diff` names libdeflate's package, and `plot` to SVG, which
    /// decodes and draws nothing, does not notice either library missing.
    @Test func aMissingPNGLibraryIsOneLineNamingItsPackage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let white = try PNGCodec.encode(RGBAImage(width: 3, height: 2, fill: (r: 255, g: 255, b: 255, a: 255)))
        try Data(white).write(to: folder.appendingPathComponent("a.png"))
        try Data(white).write(to: folder.appendingPathComponent("b.png"))
        try Self.fling.write(to: folder.appendingPathComponent("fling.yaml"), atomically: true, encoding: .utf8)
        let frames = try CommandLineTests().tabstageProcess(
            ["run", "fling.yaml", "--frames", "--format", "svg", "--out", "frames"], in: folder)
        #expect(frames.status == 0, "\(frames.stderr)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("lib/libdeflate.so.0"))
        try Data().write(to: folder.appendingPathComponent("lib/librsvg-2.so.2"))
        let shadowed = ["LD_LIBRARY_PATH": folder.appendingPathComponent("lib").path]

        let diff = try CommandLineTests().tabstageProcess(["diff", "a.png", "b.png"], in: folder, environment: shadowed)
        #expect(diff.status == 2)
        #expect(diff.stderr.split(separator: "\n").count == 1, "\(diff.stderr)")
        #expect(
            diff.stderr.hasPrefix("tabstage: error: reading and writing PNG needs libdeflate.so.0, which could not be loaded ("),
            "\(diff.stderr)")
        #expect(diff.stderr.hasSuffix("): install the Debian package libdeflate0 (Scripts/setup.sh does)\n"), "\(diff.stderr)")

        let plot = try CommandLineTests().tabstageProcess(
            ["plot", "frames/fling/trace.json", "--out", "chart.svg"], in: folder, environment: shadowed)
        #expect(plot.status == 0, "\(plot.stderr)")
        #expect(plot.stderr.isEmpty, "\(plot.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("chart.svg").path))
    }
}
