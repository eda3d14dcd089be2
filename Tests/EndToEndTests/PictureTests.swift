import CTurboJPEG
import Foundation
import TabStageImageDiff
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// Real photos as pictures: kept at the size they are drawn, embedded once per SVG, refused
/// early (from the header) when too large, and messages that say how to fix a file.
@Suite struct PictureTests {
    /// A scenario using `picture` as banner, avatar, post image, grid cell and in a template row.
    static func scenario(_ picture: String) -> String {
        """
        name: photos
        device: iphone-14
        theme:
          banner: {image: \(picture)}
        container:
          header: {height: 220, minHeight: 44, title: "Jane Appleseed", subtitle: "@jane", avatar: \(picture)}
          tabs:
            - {title: Posts, rows: 6, rowHeight: 300, template: post, items: [{title: Jane, text: Hello, image: \(picture)}]}
            - {title: Media, rows: 10, template: grid, items: [{image: \(picture)}]}
            - {title: Own, rows: 6, rowHeight: 100, template: row.svg.mustache, items: [{title: Jane, image: \(picture)}]}
        steps:
          - snapshot: posts
          - select: Media
          - snapshot: media
          - select: Own
          - snapshot: own
        """
    }

    static let template = """
        <image x="8" y="8" width="84" height="84" preserveAspectRatio="xMidYMid slice" href="{{image}}"/>
        <text x="100" y="40">{{title}}</text>
        """

    /// The `<image id="picture-N" width height>` copies an SVG holds, in order.
    static func pictures(in svg: String) -> [(width: Int, height: Int, bytes: Int)] {
        svg.components(separatedBy: "<image id=\"picture-").dropFirst().map { part in
            let fields = part.split(separator: "\"")
            // 0"  width="W" height="H" href="data…"
            return (Int(fields[2])!, Int(fields[4])!, fields[6].count)
        }
    }

    /// Runs the scenario through the command line with `photo` (a generated JPEG) and checks
    /// each snapshot's copies against the sizes worked out for that photo.
    func runWithPhoto(width: Int, height: Int, kept: [String: [(Int, Int)]]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(TestImages.photo(width: width, height: height)).write(to: folder.appendingPathComponent("photo.jpg"))
        let cli = CommandLineTests()
        try cli.write(Self.scenario("photo.jpg"), "photos.yaml", in: folder)
        try cli.write(Self.template, "row.svg.mustache", in: folder)
        let result = try cli.tabstage(["run", "photos.yaml", "--out", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        for (snapshot, sizes) in kept.sorted(by: { $0.key < $1.key }) {
            let svg = try String(contentsOf: folder.appendingPathComponent("out/photos/\(snapshot).svg"), encoding: .utf8)
            let copies = Self.pictures(in: svg)
            // In the order first drawn (pages before the header): compared as sets.
            let found = copies.map { [$0.width, $0.height] }.sorted { $0.lexicographicallyPrecedes($1) }
            #expect(found == sizes.map { [$0.0, $0.1] }.sorted { $0.lexicographicallyPrecedes($1) }, "\(snapshot)")
            // Each picture's data is in the SVG once: no other data URI, and the rest is markup.
            #expect(svg.components(separatedBy: "data:image/").count == copies.count + 1, "\(snapshot)")
            let data = copies.reduce(0) { $0 + $1.bytes }
            #expect(svg.utf8.count < data + 200_000, "\(snapshot): \(svg.utf8.count) bytes, \(data) of them pictures")
            // Under libxml2's 10 MB limit for one attribute, which a full-size photo was over.
            #expect(copies.allSatisfy { $0.bytes < 10_000_000 })
            let png = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("out/photos/\(snapshot).png"))))
            #expect(png.width == 1170 && png.height == 2532)
        }
    }

    @Test func aCameraPhotoInAGridAndEverywhereElseRenders() throws {
        // 2000×1500: a grid cell keeps 956 px wide (956/2000 = 0.478; 1500 × 0.478 = 717); the
        // banner (2868 px wide) and rows keep all of it; the avatar 180 px high: 240×180.
        let full = (2000, 1500), cell = (956, 717), avatar = (240, 180)
        try runWithPhoto(
            width: 2000, height: 1500,
            kept: ["posts": [full, avatar], "media": [full, avatar, cell], "own": [full, avatar]])
    }

    @Test func aTwelveMegapixelPhonePhotoRenders() throws {
        // 4032×3024: banner and rows keep 2868 px wide (2868/4032; 3024 × 2868/4032 = 2151),
        // which is the same picture for both, so it is embedded once.
        let wide = (2868, 2151), cell = (956, 717), avatar = (240, 180)
        try runWithPhoto(
            width: 4032, height: 3024,
            kept: ["posts": [wide, avatar], "media": [wide, avatar, cell], "own": [wide, avatar]])
    }

    @Test func twoRunsWriteTheSameBytes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(TestImages.photo(width: 1200, height: 900)).write(to: folder.appendingPathComponent("photo.jpg"))
        var translucent = RGBAImage(width: 1400, height: 700, fill: (r: 30, g: 90, b: 200, a: 128))
        for index in stride(from: 0, to: translucent.pixels.count, by: 28) { translucent.pixels[index] = 250 }
        try Data(PNGCodec.encode(translucent)).write(to: folder.appendingPathComponent("glass.png"))
        let cli = CommandLineTests()
        try cli.write(
            Self.scenario("photo.jpg").replacingOccurrences(of: "avatar: photo.jpg", with: "avatar: glass.png"), "photos.yaml", in: folder)
        try cli.write(Self.template, "row.svg.mustache", in: folder)
        #expect(try cli.tabstage(["run", "photos.yaml", "--out", "one"], in: folder).status == 0)
        #expect(try cli.tabstage(["run", "photos.yaml", "--out", "two"], in: folder).status == 0)
        for snapshot in ["posts", "media", "own"] {
            for format in ["svg", "png"] {
                let one = try Data(contentsOf: folder.appendingPathComponent("one/photos/\(snapshot).\(format)"))
                let two = try Data(contentsOf: folder.appendingPathComponent("two/photos/\(snapshot).\(format)"))
                #expect(one == two, "\(snapshot).\(format) differs between two runs")
            }
        }
    }

    @Test func aTemplateImageShowsTheOneCopyAndIsPlacedAsBefore() throws {
        let svg = try Self.render(svgOf: "own", picture: "photo.jpg", photo: (300, 200))
        // The template's <image> became a viewport with the same placement and aspect rule.
        #expect(
            svg.contains(
                "<svg x=\"8\" y=\"8\" width=\"84\" height=\"84\" viewBox=\"0 0 300 200\" preserveAspectRatio=\"xMidYMid slice\"><use href=\"#picture-"
            ))
        #expect(!svg.contains("<image x="))
        #expect(svg.components(separatedBy: "data:image/jpeg").count == 2)
    }

    @Test func aTemplateThatDoesNotDrawThePictureDoesNotEmbedIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(TestImages.photo(width: 300, height: 200)).write(to: folder.appendingPathComponent("photo.jpg"))
        let cli = CommandLineTests()
        let yaml = Fixtures.yaml().replacingOccurrences(
            of: "- {title: Posts, rows: 30, rowHeight: 100}",
            with: "- {title: Posts, rows: 30, rowHeight: 100, template: row.svg.mustache, items: [{title: A, image: photo.jpg}]}")
        try cli.write(yaml, "look.yaml", in: folder)
        try cli.write("<text x=\"16\" y=\"40\">{{title}} {{imageWidth}}</text>", "row.svg.mustache", in: folder)
        #expect(try cli.tabstage(["run", "look.yaml", "--out", "out", "--format", "svg"], in: folder).status == 0)
        let svg = try String(contentsOf: folder.appendingPathComponent("out/look/start.svg"), encoding: .utf8)
        #expect(svg.contains(">A 300</text>"))
        #expect(!svg.contains("data:image/"))
    }

    static func render(svgOf snapshot: String, picture: String, photo: (Int, Int)) throws -> String {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(TestImages.photo(width: photo.0, height: photo.1)).write(to: folder.appendingPathComponent(picture))
        let cli = CommandLineTests()
        try cli.write(Self.scenario(picture), "photos.yaml", in: folder)
        try cli.write(Self.template, "row.svg.mustache", in: folder)
        let result = try cli.tabstage(["run", "photos.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try String(contentsOf: folder.appendingPathComponent("out/photos/\(snapshot).svg"), encoding: .utf8)
    }

    // MARK: refusals

    /// What `tabstage run` says about the scenario `yaml` with `files` beside it.
    func run(_ yaml: String, files: [String: [UInt8]]) throws -> CommandLineTests.Result {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try CommandLineTests().write(yaml, "look.yaml", in: folder)
        return try CommandLineTests().tabstage(["run", "look.yaml", "--out", "out"], in: folder)
    }

    static func avatar(_ reference: String) -> String {
        Fixtures.yaml().replacingOccurrences(of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane\", avatar: \(reference)}")
    }

    @Test func anOverLimitPictureIsRefusedFromItsHeaderAtTheYAMLValue() throws {
        // A header with no pixel data: decoding it would fail differently, so this is the
        // header check. 10000 × 10000 is 100 Mpx; √(25/100) = 0.5 gives 5000×5000.
        let result = try run(Self.avatar("huge.png"), files: ["huge.png": TestImages.pngHeaderOnly(width: 10_000, height: 10_000)])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "look.yaml:4:92: error: 'huge.png' is 10000×10000 px (100000000 pixels), over the picture limit of 25 megapixels and 16384 px a side; scale it down to at most 5000×5000 px (expected a PNG or JPEG of at most 25 megapixels and 16384 px a side)\n"
        )
    }

    @Test func aCMYKJPEGIsRefusedWithHowToFixIt() throws {
        let result = try run(Self.avatar("print.jpg"), files: ["print.jpg": TestImages.photo(width: 32, height: 32, colorspace: TJCS_CMYK)])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("look.yaml:4:92: error: 'print.jpg' is a CMYK JPEG"), "\(result.stderr)")
        #expect(result.stderr.contains("save it as RGB"))
    }

    @Test func aTrailingSlashIsRefused() throws {
        let result = try run(Self.avatar("ok.png/"), files: ["ok.png": TestImages.png()])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "look.yaml:4:92: error: 'ok.png/' ends with '/', which names a folder, not a file (expected the file's path without the '/')\n"
        )
        let double = try run(Self.avatar("images//ok.png"), files: ["images/ok.png": TestImages.png()])
        #expect(double.status == 2)
        #expect(double.stderr.contains("'images//ok.png' has an empty component"), "\(double.stderr)")
    }

    @Test func aPictureTooLargeToEmbedIsRefusedWithAFix() throws {
        // Noise does not compress: 1850×1400 RGB noise is 7,770,000 bytes raw, so its PNG is
        // over the 7,000,000 bytes and still under the 8 MiB file limit. As a banner (2868 px
        // wide) it is kept at full size.
        var noise = RGBAImage(width: 1850, height: 1400, fill: (r: 0, g: 0, b: 0, a: 255))
        var state: UInt32 = 2_463_534_242
        for index in noise.pixels.indices where index % 4 != 3 {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            noise.pixels[index] = UInt8(truncatingIfNeeded: state)
        }
        let png = try PNGCodec.encode(noise)
        try #require(png.count > ImageLimits.maxEmbeddedBytes && png.count <= AssetKind.image.maxBytes)
        let result = try run(Fixtures.yaml(extra: "theme: {banner: {image: noise.png}}"), files: ["noise.png": png])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("look.yaml:2:25: error: 'noise.png' takes "), "\(result.stderr)")
        #expect(result.stderr.contains("save a photo as a JPEG, or scale it down"))
    }

    @Test func aMissingFileSuggestsTheClosestNameBesideIt() throws {
        let files = ["images/harbour.png": TestImages.png(), "images/meadow.png": TestImages.png()]
        let typo = try run(Self.avatar("images/harbor.png"), files: files)
        #expect(typo.status == 2)
        #expect(typo.stderr.hasPrefix("look.yaml:4:92: error: no such file 'images/harbor.png' in '.'; did you mean 'images/harbour.png'?"))
        // Nothing close: no suggestion.
        let far = try run(Self.avatar("images/sunset.png"), files: files)
        #expect(far.stderr.hasPrefix("look.yaml:4:92: error: no such file 'images/sunset.png' in '.' (expected"), "\(far.stderr)")
        // A folder in another letter case works on a Mac and fails on Linux CI: named right.
        let cased = try run(Self.avatar("Images/harbour.png"), files: files)
        #expect(
            cased.stderr.hasPrefix("look.yaml:4:92: error: no such file 'Images/harbour.png' in '.'; did you mean 'images/harbour.png'?"),
            "\(cased.stderr)")
    }

    @Test func imagesInAnItemsFileResolveFromTheScenariosFolder() throws {
        // data/items.yaml names `pics/a.png`: found beside the scenario, not beside the items file.
        let yaml = Fixtures.yaml().replacingOccurrences(
            of: "- {title: Posts, rows: 30, rowHeight: 100}", with: "- {title: Posts, rows: 30, rowHeight: 100, items: data/items.yaml}")
        let items = Array("- {title: A, image: pics/a.png}\n".utf8)
        #expect(try run(yaml, files: ["data/items.yaml": items, "pics/a.png": TestImages.png()]).status == 0)
        let beside = try run(yaml, files: ["data/items.yaml": items, "data/pics/a.png": TestImages.png()])
        #expect(beside.status == 2)
        #expect(beside.stderr.hasPrefix("data/items.yaml:1:21: error: no such file 'pics/a.png' in '.'"), "\(beside.stderr)")
    }

    @Test func aTranslucentPNGKeepsItsColourWhenScaledDown() throws {
        // 2000×1000 → grid cell: 956/2000 = 0.478, so 956×478. Premultiplied for the filter and
        // back, a flat half-transparent red stays itself within a rounding step.
        let box = AssetSandbox()
        box.write("glass.png", try PNGCodec.encode(RGBAImage(width: 2000, height: 1000, fill: (r: 200, g: 10, b: 10, a: 128))))
        let image = try box.folder.loadImage("glass.png", use: .gridCell)
        #expect(image.width == 2000 && image.height == 1000 && image.embeddedWidth == 956 && image.embeddedHeight == 478)
        let decoded = try PNGCodec.decode(Array(Data(base64Encoded: String(image.dataURI.dropFirst(22)))!))
        #expect(decoded.width == 956 && decoded.height == 478)
        for (x, y) in [(0, 0), (478, 239), (955, 477)] {
            let pixel = decoded.pixel(x: x, y: y)
            #expect(abs(Int(pixel.r) - 200) <= 2 && abs(Int(pixel.g) - 10) <= 2 && pixel.a == 128, "\(x),\(y): \(pixel)")
        }
    }

    @Test func keptSizesCoverEachUsesBox() {
        // A 4032×3024 photo: banner 2868 wide (covers 2868×930), avatar 180 high (covers 180×180).
        #expect(ImageUse.banner.keptSize(width: 4032, height: 3024) == (2868, 2151))
        #expect(ImageUse.avatar.keptSize(width: 4032, height: 3024) == (240, 180))
        #expect(ImageUse.gridCell.keptSize(width: 2000, height: 1500) == (956, 717))
        // Within 10 % of the box, or smaller: kept as it is.
        #expect(ImageUse.gridCell.keptSize(width: 960, height: 720) == (960, 720))
        #expect(ImageUse.row.keptSize(width: 100, height: 50) == (100, 50))
        // A tall picture is bounded by its width only in a row: 6000 → 2868 is 0.478, 12000 × 0.478.
        #expect(ImageUse.row.keptSize(width: 6000, height: 12000) == (2868, 5736))
    }
}
