import Foundation
import TabStageImageDiff
import TabStageRendering
import TabStageTestSupport
import Testing

/// A snapshot SVG is a file people open outside tabstage: every reference SVG the repository
/// holds is well-formed XML to xmllint, and resvg (another renderer, with its own font
/// matching) draws it within 0.5 % of the pixels of tabstage's own PNG.
@Suite struct PortabilityTests {
    /// Every reference pair: `Snapshots/` and the documentation snippets' `__Snapshots__/`.
    static func referenceSVGs() throws -> [URL] {
        var found: [URL] = []
        for folder in ["Snapshots", "Tests/DocumentationSnippets/__Snapshots__"] {
            let root = Fixtures.root.appendingPathComponent(folder)
            for path in try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted() where path.hasSuffix(".svg") {
                found.append(root.appendingPathComponent(path))
            }
        }
        return found
    }

    @Test func xmllintAcceptsEveryReferenceSVG() throws {
        guard let xmllint = installedTestTool(xmllintPath, "xmllint", installer: "Scripts/setup.sh --test", suite: "PortabilityTests")
        else { return }
        let files = try Self.referenceSVGs()
        // 75 references under Snapshots/ at least.
        #expect(files.count >= 75)
        // --huge: pictures make some files longer than libxml2's default text-node limit.
        let run = try runProcess(URL(fileURLWithPath: xmllint), ["--noout", "--nonet", "--huge"] + files.map(\.path))
        #expect(run.status == 0, "\(run.stderr.prefix(2000))")
    }

    /// An id names one element: with two (a gradient and the shape it fills, say), renderers
    /// resolve `url(#id)` differently (librsvg takes the gradient, resvg the first element of
    /// that id), so the same SVG draws two pictures.
    @Test func everyReferenceSVGNamesEachIdOnce() throws {
        let files = try Self.referenceSVGs()
        #expect(files.count >= 75)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            var seen: [Substring: Int] = [:]
            var rest = text[...]
            while let mark = rest.range(of: " id=\"") {
                let value = rest[mark.upperBound...]
                guard let close = value.firstIndex(of: "\"") else { break }
                seen[value[..<close], default: 0] += 1
                rest = value[close...]
            }
            let repeated = seen.filter { $0.value > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(file.path): ids used more than once: \(repeated)")
        }
    }

    @Test func resvgDrawsEveryReferenceWithinHalfAPercentOfTabstagesPNG() throws {
        guard let resvg = installedTestTool(resvgPath, "resvg", installer: "Scripts/test-tools.sh", suite: "PortabilityTests") else {
            return
        }
        guard
            let freezer = installedTestTool(
                featureFreezerPath, "pyftfeatfreeze", installer: "Scripts/test-tools.sh", suite: "PortabilityTests")
        else { return }
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Counts and times ask for tabular digits: tabstage names the family "Inter Tabular",
        // which its fontconfig maps to Inter with the OpenType feature tnum. resvg applies no
        // OpenType feature (nor font-variant-numeric), so it is given that family as fonts of
        // its own: each Inter weight with tnum frozen into its character map and renamed. Without
        // them its proportional digits move a count's letters, 1.3 % of an AX3 header's pixels.
        let fonts = scratch.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        for weight in ["Regular", "Medium", "SemiBold", "Bold"] {
            let run = try runProcess(
                URL(fileURLWithPath: freezer),
                [
                    "-f", "tnum", "-R", "Inter/Inter Tabular", "/usr/share/fonts/opentype/inter/Inter-\(weight).otf",
                    fonts.appendingPathComponent("InterTabular-\(weight).otf").path,
                ])
            try #require(run.status == 0, "pyftfeatfreeze \(weight): \(run.stderr)")
        }
        // The fonts tabstage draws with and the examples' theme fonts, no other (tabstage's
        // fontconfig never reads the system's configuration either), so another font installed
        // on the machine cannot change what resvg draws. With every system font, resvg's
        // fallback took other faces than tabstage's: its largest difference was 0.28 %, 0.23 %
        // with these.
        let themeFonts = Fixtures.root.appendingPathComponent("Examples/fonts").path
        let fontArguments =
            ["--skip-system-fonts", "--use-fonts-dir", fonts.path, "--use-fonts-dir", themeFonts]
            + RendererIdentity.fontFiles.flatMap { ["--use-font-file", $0] }
        var worst = (ratio: 0.0, file: "")
        // Each SVG with its PNG (swift-snapshot-testing numbers its `.svg` and `.png` apart: a
        // lone SVG has no tabstage PNG to compare with). The 75 pairs of Snapshots/ at least.
        let pairs = try Self.referenceSVGs().filter {
            FileManager.default.fileExists(atPath: $0.deletingPathExtension().appendingPathExtension("png").path)
        }
        #expect(pairs.count >= 75)
        for svg in pairs {
            let png = svg.deletingPathExtension().appendingPathExtension("png")
            let reference = try PNGCodec.decode(Array(try Data(contentsOf: png)))
            let out = scratch.appendingPathComponent("resvg.png")
            // At the reference's pixel width: the SVG's own size is in points.
            let run = try runProcess(
                URL(fileURLWithPath: resvg), fontArguments + ["-w", String(reference.width), svg.path, out.path])
            #expect(run.status == 0, "\(svg.lastPathComponent): \(run.stderr)")
            let drawn = try PNGCodec.decode(Array(try Data(contentsOf: out)))
            #expect(drawn.width == reference.width && drawn.height == reference.height, "\(svg.path)")
            guard drawn.width == reference.width, drawn.height == reference.height else { continue }
            let result = try PerceptualDiff.compare(reference, drawn)
            let ratio = Double(result.differentPixels) / Double(reference.width * reference.height)
            #expect(ratio < 0.005, "\(svg.path): resvg differs in \(result.differentPixels) pixels (\(ratio * 100) %)")
            if ratio > worst.ratio { worst = (ratio, svg.path) }
        }
        print("PortabilityTests: the largest resvg difference is \(worst.ratio * 100) % of the pixels, in \(worst.file)")
    }

    /// The digest a reference PNG carries is taken over the SVG without the portability
    /// additions, so the PNG keeps its bytes when they are added.
    @Test func theDrawingFormUndoesExactlyThePortabilityAdditions() {
        let before = """
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10" font-family="&apos;Brand 0123456789abcdef&apos;, Inter, sans-serif">
            <defs><image id="picture-0" width="2" height="2" href="data:image/png;base64,AAAA"/></defs>
            <svg x="0" y="0" width="2" height="2" viewBox="0 0 2 2"><use href="#picture-0"/></svg>
            <text>xlink:href="#a" stays</text>
            <text direction="rtl">שלום, עולם! 👋🏽 café</text>
            </svg>

            """
        let after = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" viewBox="0 0 10 10" font-family="&apos;Brand 0123456789abcdef&apos;, &apos;Brand&apos;, Inter, sans-serif">
            <defs><image id="picture-0" width="2" height="2" xlink:href="data:image/png;base64,AAAA"/></defs>
            <svg x="0" y="0" width="2" height="2" viewBox="0 0 2 2"><use href="#picture-0" xlink:href="#picture-0"/></svg>
            <text>xlink:href="#a" stays</text>
            <text direction="rtl">שלום, עולם! 👋🏽 café</text>
            </svg>

            """
        // Text outside an attribute keeps its words (a space before xlink is what marks one).
        #expect(PortableSVG.drawingForm(after) == before)
        // An SVG written before the additions is its own drawing form.
        #expect(PortableSVG.drawingForm(before) == before)
    }
}
