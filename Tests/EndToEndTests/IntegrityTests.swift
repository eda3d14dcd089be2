import Foundation
import TabStageImageDiff
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// Files that come from a pull request stay honest: a scenario that is a link out of its folder
/// is refused by path, and nothing of a file that is not a scenario reaches the log.
@Suite struct ScenarioFileIntegrityTests {
    let cli = CommandLineTests()
    /// What a leaked token would look like; no output may contain it.
    let secret = "ghs_S3CR3TT0KEN"

    /// `root/Scenarios/s.yaml` (a scenario) and `root/.git-credentials` (a secret beside it).
    func repository() throws -> URL {
        let root = try temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
        try Fixtures.yaml(extra: "name: s").write(to: root.appendingPathComponent("Scenarios/s.yaml"), atomically: true, encoding: .utf8)
        try "https://x-access-token:\(secret)@github.com\n".write(
            to: root.appendingPathComponent(".git-credentials"), atomically: true, encoding: .utf8)
        return root
    }

    func link(_ name: String, to target: String, in root: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(name).path, withDestinationPath: target)
    }

    @Test func aScenarioLinkOutOfItsFolderIsRefusedByPathOnly() throws {
        let root = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        try link("Scenarios/gc.yaml", to: "../.git-credentials", in: root)
        try link("Scenarios/env.yaml", to: "/proc/self/environ", in: root)
        try link("Scenarios/abs.yaml", to: root.appendingPathComponent(".git-credentials").path, in: root)
        for name in ["gc.yaml", "env.yaml", "abs.yaml"] {
            for command in [
                ["run", "Scenarios/\(name)", "--out", "out"], ["verify", "Scenarios/\(name)"], ["record", "Scenarios/\(name)"],
            ] {
                let result = try cli.tabstage(command, in: root, environment: [:])
                #expect(result.status == 2, "\(command): \(result.stderr)")
                #expect(
                    result.stderr
                        == "Scenarios/\(name):1:1: error: this is a symbolic link that leads out of its folder; tabstage reads a scenario only inside its own folder (expected a real scenario file, or a link to one in the same folder)\n"
                )
                #expect(!result.stderr.contains(secret) && !result.stderr.contains("credentials") && !result.stderr.contains("environ"))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("__Snapshots__").path))
    }

    @Test func aLinkInsideItsFolderIsReadButNotALinkToAPipe() throws {
        let root = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        try link("Scenarios/current.yaml", to: "s.yaml", in: root)
        let read = try cli.tabstage(["run", "Scenarios/current.yaml", "--out", "out"], in: root)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/s/start.png").path))
        #expect(mkfifo(root.appendingPathComponent("Scenarios/pipe").path, 0o600) == 0)
        try link("Scenarios/pipe.yaml", to: "pipe", in: root)
        // Nobody writes to the FIFO: reading it must be refused, not wait for a writer.
        let pipe = try cli.tabstage(["run", "Scenarios/pipe.yaml", "--out", "out2"], in: root)
        #expect(pipe.status == 2)
        #expect(
            pipe.stderr
                == "Scenarios/pipe.yaml:1:1: error: not a regular file (a pipe, device or socket) (expected a path to a .yaml, .yml or .json scenario)\n"
        )
        try link("Scenarios/dev.yaml", to: "/dev/zero", in: root)
        let device = try cli.tabstage(["run", "Scenarios/dev.yaml", "--out", "out2"], in: root)
        #expect(device.status == 2)
        #expect(device.stderr.hasPrefix("Scenarios/dev.yaml:1:1: error: this is a symbolic link that leads out of its folder"))
    }

    /// A secret given by a wrong path (no link at all) is read but not repeated: its top level
    /// is text, or a mapping with none of the scenario's keys, so the message says only that.
    @Test func aFileThatIsNotAScenarioIsNeverQuoted() throws {
        let root = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let credentials = try cli.tabstage(["run", ".git-credentials", "--out", "out"], in: root)
        #expect(credentials.status == 2)
        // "https://x-access-token:ghs_S3CR3TT0KEN@github.com" is 23 + 15 + 11 = 49 characters;
        // the trailing line break ends the plain scalar, so one line.
        #expect(
            credentials.stderr
                == ".git-credentials:1:1: error: the file is not a scenario: it is text of 49 character(s) on 1 line(s), not a mapping (not quoted: tabstage repeats nothing from a file that is not a scenario) (expected keys name, device, orientation, multitasking, contentSizeCategory, layoutDirection, appearance, iOSVersion, designCompatibility, traitOverride, fps, frames, verify, split, theme, container, appTabBar, steps, pseudoLocale, variants)\n"
        )
        try "{\"auths\": {\"ghcr.io\": {\"auth\": \"\(secret)\"}}}\n".write(
            to: root.appendingPathComponent("config.json"), atomically: true, encoding: .utf8)
        let docker = try cli.tabstage(["run", "config.json", "--out", "out"], in: root)
        #expect(docker.status == 2)
        #expect(
            docker.stderr.hasPrefix(
                "config.json:1:1: error: the file is not a scenario: none of its 1 top-level key(s) is a scenario key (not quoted"))
        #expect(!docker.stderr.contains(secret) && !docker.stderr.contains("auths") && !docker.stderr.contains("ghcr"))
        // A key file: several lines of text, one plain scalar.
        try "-----BEGIN OPENSSH PRIVATE KEY-----\n\(secret)\n-----END OPENSSH PRIVATE KEY-----\n".write(
            to: root.appendingPathComponent("id_ed25519"), atomically: true, encoding: .utf8)
        let key = try cli.tabstage(["run", "id_ed25519", "--out", "out"], in: root)
        #expect(key.status == 2)
        #expect(!key.stderr.contains(secret) && !key.stderr.contains("OPENSSH"), "\(key.stderr)")
        #expect(key.stderr.split(separator: "\n").count == 1)
        // An unquoted colour hint repeats at most a colour's 8 hex digits of the failing line.
        try "token: {a: #0123456789abcdef0123}\n".write(to: root.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let hex = try cli.tabstage(["run", "t.yaml", "--out", "out"], in: root)
        #expect(hex.status == 2)
        #expect(!hex.stderr.contains("0123456789"), "\(hex.stderr)")
    }

    /// A name with the byte 0xFF (not UTF-8) reaches the command as U+FFFD: the error says so
    /// with the byte escaped, instead of "no such file".
    @Test func aScenarioPathThatIsNotUTF8IsNamedWithItsBytes() throws {
        let root = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let scenario = try String(contentsOf: root.appendingPathComponent("Scenarios/s.yaml"), encoding: .utf8)
        let shell = URL(fileURLWithPath: "/bin/sh")
        _ = try runProcess(shell, ["-c", "printf '%s' \"$1\" > \"$(printf 'bad\\377.yaml')\"", "sh", scenario], in: root)
        for command in ["run", "record", "verify"] {
            let result = try runProcess(
                shell, ["-c", "exec \"$0\" \(command) \"$(printf 'bad\\377.yaml')\"", CommandLineTests.binary.path], in: root)
            #expect(result.status == 2, "\(command)")
            #expect(
                result.stderr
                    == "bad\\xFF.yaml:1:1: error: the scenario's path is not valid UTF-8 (bytes shown as \\xNN), so tabstage cannot name its outputs (expected a path in UTF-8: rename the file)\n",
                "\(command)")
        }
    }
}

/// A reference PNG must show what its SVG renders: the digest chunk of one snapshot's PNG
/// copied into another picture of the same size (what a pull request can do to the files CI
/// checks) fails `verify` in CI.
@Suite struct ForgedReferenceTests {
    let cli = CommandLineTests()

    /// `s.yaml` with two snapshots that differ (Posts, then Likes selected), recorded into `refs/`.
    func recorded() throws -> URL {
        let folder = try temporaryFolder()
        try Fixtures.yaml(
            device: Fixtures.smallDevice, extra: "name: s", steps: ["- snapshot: start", "- select: Likes", "- snapshot: likes"]
        ).write(
            to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let record = try cli.tabstage(["record", "s.yaml", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(record.status == 0, "\(record.stderr)")
        return folder
    }

    /// `refs/s/start.png` replaced by the Likes picture carrying start.png's `tabstage:svg` text.
    func forge(in folder: URL) throws {
        let start = folder.appendingPathComponent("refs/s/start.png"), likes = folder.appendingPathComponent("refs/s/likes.png")
        let digest = try #require(try PNGChunks.summary(Array(Data(contentsOf: start))).texts["tabstage:svg"])
        let forged = try PNGChunks.settingText(Array(Data(contentsOf: likes)), keyword: "tabstage:svg", value: digest)
        #expect(forged != Array(try Data(contentsOf: start)))
        try Data(forged).write(to: start)
    }

    /// The image data (every IDAT's data, in order) of a PNG.
    static func imageData(_ png: [UInt8]) -> [UInt8] {
        var offset = 8, data: [UInt8] = []
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" { data += png[offset + 8..<offset + 8 + length] }
            offset += 12 + length
        }
        return data
    }

    /// start.png made an APNG whose one animation frame is the Likes picture: libspng decodes
    /// the IDAT (the honest pixels), while a browser shows the frame (no fcTL precedes the IDAT,
    /// so the IDAT is not part of the animation). It must never pass, in CI or outside it.
    @Test func anAnimatedReferenceNeverPasses() throws {
        let folder = try recorded()
        defer { try? FileManager.default.removeItem(at: folder) }
        let start = folder.appendingPathComponent("refs/s/start.png")
        let honest = Array(try Data(contentsOf: start))
        let likes = Array(try Data(contentsOf: folder.appendingPathComponent("refs/s/likes.png")))
        let summary = try PNGChunks.summary(honest)
        func be(_ value: Int) -> [UInt8] { DiffParityCorpus.bigEndian(UInt32(value)) }
        let size: [UInt8] = be(summary.width) + be(summary.height)
        // acTL: 1 frame, looping; fcTL: frame 0, full size at (0, 0), 1/1 s, no dispose or blend.
        let acTL = DiffParityCorpus.chunk("acTL", be(1) + be(0))
        let fcTL = DiffParityCorpus.chunk("fcTL", be(0) + size + be(0) + be(0) + [0, 1, 0, 1, 0, 0])
        let fdAT = DiffParityCorpus.chunk("fdAT", be(1) + Self.imageData(likes))
        let iend = honest.count - 12
        let forged = Array(honest[0..<33]) + acTL + Array(honest[33..<iend]) + fcTL + fdAT + Array(honest[iend...])
        #expect(try PNGChunks.summary(forged).animationChunk == "acTL")
        try Data(forged).write(to: start)
        for environment in [["CI": "true"], ["TABSTAGE_RECORD": "never"]] {
            let result = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: environment)
            #expect(result.status == 1, "\(environment): \(result.stdout) \(result.stderr)")
            #expect(
                (result.stdout + result.stderr).contains(
                    "the reference refs/s/start.png is an animated PNG (it has an acTL chunk), which browsers show instead of its image data (re-record it)"
                ), "\(result.stdout) \(result.stderr)")
        }
    }

    @Test func aForgedReferenceFailsInCI() throws {
        let folder = try recorded()
        defer { try? FileManager.default.removeItem(at: folder) }
        let honest = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: ["CI": "true"])
        #expect(honest.status == 0, "\(honest.stderr)")
        #expect(honest.stdout.contains("2 of 2 snapshots match; record mode never"), "\(honest.stdout)")
        #expect(!honest.stdout.contains("changed SVG"), "an equal SVG with equal pixels is a plain match: \(honest.stdout)")
        try forge(in: folder)
        // CI systems that set no `CI` (Jenkins, Azure Pipelines, TeamCity) are CI all the same.
        let environments: [[String: String]] = [
            ["CI": "true"], ["TABSTAGE_CHECK_PIXELS": "1", "TABSTAGE_RECORD": "never"], ["JENKINS_URL": "http://ci.example/"],
            ["TF_BUILD": "True"], ["TEAMCITY_VERSION": "2025.1"],
        ]
        for environment in environments {
            let forged = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: environment)
            // The summary line says which check ran.
            let variable = environment.keys.first { $0 != "TABSTAGE_RECORD" } ?? ""
            let reason = variable == "TABSTAGE_CHECK_PIXELS" ? "TABSTAGE_CHECK_PIXELS=1" : "CI mode: \(variable)"
            #expect(forged.stdout.contains("; pixels checked (\(reason))"), "\(forged.stdout)")
            #expect(forged.status == 1, "\(environment): \(forged.stdout) \(forged.stderr)")
            let output = forged.stdout + forged.stderr
            #expect(
                output.contains("the reference PNG refs/s/start.png does not show what its SVG refs/s/start.svg renders: "), "\(output)")
            #expect(output.contains(" pixels differ ("), "\(output)")
            #expect(output.contains("over the budget of 0 (re-record it)"), "\(output)")
            #expect(!output.contains("likes.png does not show"), "the honest reference still passes: \(output)")
        }
        // Outside CI the fast path trusts an equal SVG once the PNG's size, CRCs and digest
        // check out: the README says so, and this pins it.
        let local = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: ["TABSTAGE_RECORD": "never"])
        #expect(local.status == 0, "\(local.stdout) \(local.stderr)")
        #expect(local.stdout.contains("; pixels checked where the SVG differs"), "\(local.stdout)")
        // `CI=false` is not CI.
        let notCI = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: ["CI": "false"])
        #expect(notCI.status == 0, "\(notCI.stdout)")
    }
}

/// Folder `diff` accounts for every entry under either folder: nothing it cannot name is
/// left out while the folders "pass".
@Suite struct FolderDiffEntryTests {
    let cli = CommandLineTests()

    /// `expected/` and `actual/` with one equal picture each.
    func folders() throws -> URL {
        let folder = try temporaryFolder()
        for side in ["expected", "actual"] {
            try FolderDiffTests.put(try FolderDiffTests.picture(), "s.png", in: folder.appendingPathComponent(side))
        }
        return folder
    }

    /// `rm -rf`, which walks a tree deeper than PATH_MAX (FileManager does not).
    func remove(_ folder: URL) { _ = try? runProcess(URL(fileURLWithPath: "/bin/rm"), ["-rf", folder.path]) }

    @Test func aPipeOrSocketIsRefusedByPath() throws {
        let folder = try folders()
        defer { remove(folder) }
        #expect(mkfifo(folder.appendingPathComponent("expected/x.png").path, 0o600) == 0)
        let fifo = try cli.tabstage(["diff", "expected", "actual", "--report", "report"], in: folder)
        #expect(fifo.status == 2)
        #expect(
            fifo.stderr
                == "tabstage: error: expected/x.png is a pipe, socket or device; a folder diff compares only files (expected regular PNG files and folders: remove it)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report").path), "nothing written")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("expected/x.png"))
        // A socket under a sub-folder, with no .png in its name: still an entry to account for.
        let socketPath = folder.appendingPathComponent("actual/sub/listen").path
        try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("actual/sub").path, withIntermediateDirectories: true)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "the temporary folder's path fits a socket address")
        let listening = try cli.tabstage(["diff", "expected", "actual"], in: folder)
        #expect(listening.status == 2)
        #expect(listening.stderr.hasPrefix("tabstage: error: actual/sub/listen is a pipe, socket or device;"), "\(listening.stderr)")
    }

    @Test func aNameThatIsNotUTF8IsRefusedWithItsBytes() throws {
        let folder = try folders()
        defer { remove(folder) }
        // actual/bad<0xFF>.png, named through a shell since a Swift String cannot hold the byte.
        _ = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "cp actual/s.png \"actual/$(printf 'bad\\377.png')\""], in: folder)
        let result = try cli.tabstage(["diff", "expected", "actual"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "tabstage: error: actual/bad\\xFF.png: the name is not valid UTF-8 (bytes shown as \\xNN), so it cannot be compared or reported (expected UTF-8 file names: rename it)\n"
        )
    }

    /// `d/` × 2040 then `x.png`: 2 × 2040 + 5 = 4085 bytes below the folder, more than PATH_MAX
    /// (4096) once the temporary folder's path is in front. The two sides differ by a 4×4 black
    /// square, so 16 of 32 × 32 = 1024 pixels differ.
    @Test func aPathNearPathMaxIsCompared() throws {
        let folder = try folders()
        defer { remove(folder) }
        for (side, block) in [("expected", 0), ("actual", 4)] {
            var descriptor = open(folder.appendingPathComponent(side).path, O_RDONLY | O_DIRECTORY)
            for _ in 0..<2040 {
                #expect(mkdirat(descriptor, "d", 0o700) == 0)
                let next = openat(descriptor, "d", O_RDONLY | O_DIRECTORY)
                close(descriptor)
                descriptor = next
            }
            let file = openat(descriptor, "x.png", O_WRONLY | O_CREAT | O_EXCL, 0o600)
            let bytes = Array(try FolderDiffTests.picture(block: block))
            #expect(write(file, bytes, bytes.count) == bytes.count)
            close(file)
            close(descriptor)
        }
        let result = try cli.tabstage(["diff", "expected", "actual"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let deep = String(repeating: "d/", count: 2040) + "x.png"
        #expect(result.stdout.contains("\(deep): changed: 16 of 1024 pixels differ\n"), "\(result.stdout.suffix(200))")
        #expect(result.stdout.hasSuffix("1 passed, 1 changed, 0 new, 0 deleted\n"), "\(result.stdout.suffix(200))")
    }

    /// A link to a folder is not followed, but it is an entry: reported, not left out.
    @Test func aLinkToAFolderIsReportedNotLeftOut() throws {
        let folder = try folders()
        defer { remove(folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("actual/more").path, withDestinationPath: "/etc")
        let result = try cli.tabstage(["diff", "expected", "actual"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == "more: new: only in the actual folder\n1 passed, 0 changed, 1 new, 0 deleted\n", "\(result.stdout)")
    }
}
