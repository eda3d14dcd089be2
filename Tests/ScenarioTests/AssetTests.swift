import CTurboJPEG
import Foundation
import TabStageImageDiff
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

@Suite struct AssetFolderTests {
    func refusal(_ body: () throws(AssetError) -> Void) -> AssetError? {
        do {
            try body()
            return nil
        } catch { return error }
    }

    @Test func readsAFileInsideTheFolderAndThroughAnInnerLink() throws {
        let box = AssetSandbox()
        box.write("templates/row.svg.mustache", "<g/>")
        box.link("alias.mustache", to: "templates/row.svg.mustache")
        #expect(try box.folder.read("templates/row.svg.mustache", kind: .template) == Array("<g/>".utf8))
        #expect(try box.folder.read("./templates/../templates/row.svg.mustache", kind: .template) == Array("<g/>".utf8))
        // A link that stays inside the folder is followed.
        #expect(try box.folder.read("alias.mustache", kind: .template) == Array("<g/>".utf8))
    }

    @Test func refusesAbsolutePaths() {
        let box = AssetSandbox()
        let error = refusal { () throws(AssetError) in _ = try box.folder.read("/etc/passwd", kind: .template) }
        #expect(error?.message == "'/etc/passwd' is an absolute path")
    }

    @Test func refusesDotDotThatLeavesTheFolder() {
        let box = AssetSandbox()
        let error = refusal { () throws(AssetError) in _ = try box.folder.read("templates/../../outside/x", kind: .template) }
        #expect(error?.message == "'templates/../../outside/x' leaves the scenario's folder through '..'")
    }

    @Test func refusesALinkPointingOutsideAndAFolderLinkOnTheWay() {
        let box = AssetSandbox()
        _ = FileManager.default.createFile(atPath: box.outside + "/secret.txt", contents: Data("secret".utf8))
        box.link("secret.mustache", to: box.outside + "/secret.txt")
        box.link("out", to: box.outside)
        let direct = refusal { () throws(AssetError) in _ = try box.folder.read("secret.mustache", kind: .template) }
        #expect(direct?.message == "'secret.mustache' is a symbolic link (or passes through one) to a place outside the scenario's folder")
        let through = refusal { () throws(AssetError) in _ = try box.folder.read("out/secret.txt", kind: .template) }
        #expect(through?.message == "'out/secret.txt' is a symbolic link (or passes through one) to a place outside the scenario's folder")
    }

    /// A row template that is a link to `.git/config` inside the checkout copied a CI token
    /// into the SVG, the player page and the report: hidden files are never read, named
    /// directly or through a link that stays inside the folder.
    @Test func refusesHiddenFilesDirectlyAndThroughAnInnerLink() {
        let box = AssetSandbox()
        try! FileManager.default.createDirectory(atPath: box.scenario + "/.git", withIntermediateDirectories: true)
        box.write(".git/config", "[http]\n  extraheader = AUTHORIZATION: basic SECRETTOKEN123\n")
        box.write(".env", "TOKEN=SECRETTOKEN123")
        box.link("leak.svg.mustache", to: ".git/config")
        let linked = refusal { () throws(AssetError) in _ = try box.folder.read("leak.svg.mustache", kind: .template) }
        #expect(
            linked?.message
                == "'leak.svg.mustache' is a symbolic link to '.git/config', which is inside a hidden file or folder ('.git'); tabstage reads no dot-files, which hold settings and credentials"
        )
        let direct = refusal { () throws(AssetError) in _ = try box.folder.read(".env", kind: .items) }
        #expect(
            direct?.message
                == "'.env' is inside a hidden file or folder ('.env'); tabstage reads no dot-files, which hold settings and credentials")
        for error in [linked, direct] { #expect(error?.message.contains("SECRETTOKEN") == false) }
    }

    @Test func refusesALinkLoop() {
        let box = AssetSandbox()
        box.link("a", to: "b")
        box.link("b", to: "a")
        let error = refusal { () throws(AssetError) in _ = try box.folder.read("a", kind: .template) }
        #expect(error?.message == "'a' is a loop of symbolic links")
    }

    @Test func refusesAFIFOWithoutWaitingForAWriter() {
        let box = AssetSandbox()
        #expect(mkfifo(box.scenario + "/pipe.mustache", 0o600) == 0)
        let error = refusal { () throws(AssetError) in _ = try box.folder.read("pipe.mustache", kind: .template) }
        #expect(error?.message == "'pipe.mustache' is not a regular file (a pipe, device or socket)")
    }

    @Test func refusesAFolder() {
        let box = AssetSandbox()
        let error = refusal { () throws(AssetError) in _ = try box.folder.read("templates", kind: .template) }
        #expect(error?.message == "'templates' is a folder, not a file")
    }

    @Test func refusesAFileOverItsKindsLimit() throws {
        let box = AssetSandbox()
        // 64 KiB is allowed for a template, one byte more is not.
        box.write("exact.mustache", [UInt8](repeating: 0x20, count: 65_536))
        box.write("big.mustache", [UInt8](repeating: 0x20, count: 65_537))
        #expect(try box.folder.read("exact.mustache", kind: .template).count == 65_536)
        let error = refusal { () throws(AssetError) in _ = try box.folder.read("big.mustache", kind: .template) }
        #expect(error?.message == "'big.mustache' is 65537 bytes, over the limit of 64 KiB")
        #expect(error?.expected == "a template file of at most 64 KiB")
        // The same file is fine as an items file (1 MiB); one over that is named once as such.
        #expect(try box.folder.read("big.mustache", kind: .items).count == 65_537)
        box.write("big.yaml", [UInt8](repeating: 0x20, count: (1 << 20) + 1))
        let items = refusal { () throws(AssetError) in _ = try box.folder.read("big.yaml", kind: .items) }
        #expect(items?.expected == "an items file of at most 1 MiB")
    }

    @Test func missingFileNamesTheFolder() {
        let box = AssetSandbox()
        let error = refusal { () throws(AssetError) in _ = try box.folder.read("nope.svg.mustache", kind: .template) }
        #expect(error?.message == "no such file 'nope.svg.mustache' in '\(box.scenario)'")
    }

    @Test func scenarioFileFolder() {
        #expect(AssetFolder(scenarioFile: "Examples/x.yaml").path == "Examples")
        #expect(AssetFolder(scenarioFile: "x.yaml").path == ".")
        #expect(AssetFolder(scenarioFile: "/x.yaml").path == "/")
    }
}

@Suite struct EmbeddedImageTests {
    func refusal(_ box: borrowing AssetSandbox, _ name: String) -> AssetError? {
        do {
            _ = try box.folder.loadImage(name, use: .row)
            return nil
        } catch { return error }
    }

    @Test func pngIsDecodedAndEmbeddedAsPNGData() throws {
        let box = AssetSandbox()
        box.write("a.png", TestImages.png())
        let image = try box.folder.loadImage("a.png", use: .row)
        #expect(image.width == 3 && image.height == 2 && image.embeddedWidth == 3 && image.embeddedHeight == 2)
        #expect(image.dataURI.hasPrefix("data:image/png;base64,"))
        let decoded = try PNGCodec.decode(Array(Data(base64Encoded: String(image.dataURI.dropFirst(22)))!))
        #expect(decoded.pixel(x: 2, y: 1) == (r: 200, g: 10, b: 10, a: 255))
        // Deterministic: the same file gives the same bytes.
        #expect(try box.folder.loadImage("a.png", use: .row) == image)
    }

    @Test func jpegIsDecodedByLibjpegTurboAndEmbeddedAsItsOwnJPEG() throws {
        let box = AssetSandbox()
        box.write("b.jpg", TestImages.jpeg())
        let image = try box.folder.loadImage("b.jpg", use: .row)
        #expect(image.width == 16 && image.height == 8 && image.embeddedWidth == 16 && image.embeddedHeight == 8)
        #expect(image.dataURI.hasPrefix("data:image/jpeg;base64,"))
        let decoded = try TestImages.decodeJPEG(Array(Data(base64Encoded: String(image.dataURI.dropFirst(23)))!))
        // Mid grey in, mid grey out (JPEG is lossy by a step or two at most on a flat field).
        #expect(decoded.width == 16 && decoded.height == 8)
        #expect(abs(Int(decoded.pixel(x: 8, y: 4).r) - 128) <= 2)
    }

    @Test func refusesTextThatIsNotAnImage() {
        let box = AssetSandbox()
        box.write("a.png", "hello")
        #expect(refusal(box, "a.png")?.message == "'a.png' is neither a PNG nor a JPEG image")
    }

    @Test func refusesATruncatedPNG() {
        let box = AssetSandbox()
        let png = TestImages.png(width: 40, height: 40)
        box.write("cut.png", Array(png.prefix(png.count - 20)))
        #expect(refusal(box, "cut.png")?.message.hasPrefix("'cut.png' is not a readable PNG") == true)
    }

    @Test func refusesATruncatedJPEG() {
        let box = AssetSandbox()
        let jpeg = TestImages.jpeg(width: 64, height: 64, noisy: true)
        box.write("cut.jpg", Array(jpeg.prefix(jpeg.count * 3 / 4)))
        let message = refusal(box, "cut.jpg")?.message
        #expect(message?.hasPrefix("'cut.jpg' is not a readable JPEG (pixels: ") == true, "\(String(describing: message))")
    }

    @Test func refusesHugeDimensionsBeforeDecoding() {
        let box = AssetSandbox()
        box.write("huge.png", TestImages.pngHeaderOnly(width: 20_000, height: 10))
        // 20000 → 16384 is the side limit; 10 × 16384 / 20000 = 8.19, rounded down.
        #expect(
            refusal(box, "huge.png")?.message
                == "'huge.png' is 20000×10 px (200000 pixels), over the picture limit of 25 megapixels and 16384 px a side; scale it down to at most 16384×8 px"
        )
    }
}
