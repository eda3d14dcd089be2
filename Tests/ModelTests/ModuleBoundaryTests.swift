import Foundation
import TabStageTestSupport
import Testing

/// The layers of the package hold: each target's dependencies, read from `Package.swift`,
/// followed transitively.
@Suite struct ModuleBoundaryTests {
    /// Every target's direct dependencies on other targets of this package (products of other
    /// packages are left out), read from the manifest's `name:` and `dependencies:`: a list
    /// written in place (`[...]`), a named list the manifest declares (`let NAME: [Target.Dependency]
    /// = [...]`), or a named list plus a list (`NAME + [...]`).
    static func targets() throws -> [String: [String]] {
        let manifest = try String(contentsOf: Fixtures.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // The names in a list's text, `.product(...)` left out. No dependency nests a "]", so a
        // list ends at its first one.
        func names(_ list: Substring) -> [String] {
            String(list).replacing(/\.product\([^)]*\)/, with: "").split(separator: "\"", omittingEmptySubsequences: false)
                .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        var lists: [String: [String]] = [:]
        for match in manifest.matches(of: /let (\w+): \[Target\.Dependency\] = \[([^\]]*)\]/) {
            lists[String(match.output.1)] = names(match.output.2)
        }
        // One piece per target declaration, from its opening to the next one.
        let openings = manifest.ranges(of: /\.(target|executableTarget|systemLibrary|testTarget)\(/).map(\.lowerBound)
        var targets: [String: [String]] = [:]
        for (index, opening) in openings.enumerated() {
            let declaration = manifest[opening..<(index + 1 < openings.count ? openings[index + 1] : manifest.endIndex)]
            guard let name = declaration.firstMatch(of: /name: "([^"]+)"/)?.output.1 else { continue }
            var dependencies: [String] = []
            if let match = declaration.firstMatch(of: /dependencies: (?:(\w+)(?: \+ )?)?(?:\[([^\]]*)\])?/) {
                if let list = match.output.1 { dependencies += lists[String(list)] ?? ["unknown list \(list)"] }
                if let written = match.output.2 { dependencies += names(written) }
            }
            targets[String(name)] = dependencies
        }
        return targets
    }

    /// `target` and everything it depends on, directly or not.
    static func closure(of target: String, in targets: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var queue = [target]
        while let next = queue.popLast() {
            for dependency in targets[next] ?? [] where seen.insert(dependency).inserted {
                queue.append(dependency)
            }
        }
        return seen
    }

    @Test func theManifestIsRead() throws {
        let targets = try Self.targets()
        // Two dependency lists written by hand in Package.swift, read back.
        #expect(targets["TabStageLayout"] == ["TabStageModel"])
        #expect(targets["TabStageImageDiff"] == ["CSpng", "CDeflate"])
        #expect(targets["CRsvg"] == ["CLibraryLoader"])
        #expect(targets["CLibraryLoader"] == [])
    }

    @Test func parsingAScenarioLinksNoImageFontOrCairoLibrary() throws {
        let below = Self.closure(of: "TabStageScenario", in: try Self.targets())
        #expect(below == ["TabStageModel", "TabStageLayout", "CXML", "CLibraryLoader"])
        for library in [
            "CRsvg", "CPango", "CTurboJPEG", "CFontQuery", "CSpng", "CDeflate", "CWebP", "TabStageImageDiff", "TabStageRendering",
        ] {
            #expect(!below.contains(library), "TabStageScenario depends on \(library)")
        }
    }

    @Test func theModelImportsNoLayerBelowIt() throws {
        let targets = try Self.targets()
        #expect(Self.closure(of: "TabStageModel", in: targets).isEmpty)
        #expect(Self.closure(of: "TabStageLayout", in: targets) == ["TabStageModel"])
    }

    /// What an iOS test target links holds no tabstage target and no C library (Pango,
    /// librsvg and the others exist on no iPhone): TabStageDriver depends on nothing of the
    /// package, and its files import Foundation and Apple's UI frameworks only.
    @Test func theDriverAnIOSTestLinksDependsOnNothingOfThePackage() throws {
        let targets = try Self.targets()
        #expect(targets["TabStageDriver"] == [])
        #expect(Self.closure(of: "TabStageDriver", in: targets).isEmpty)
        let files = try Self.sources(of: "TabStageDriver")
        #expect(files.count >= 5, "only \(files.count) files read from Sources/TabStageDriver")
        for (name, text) in files {
            let imported = Set(Self.imports(text))
            #expect(imported.isSubset(of: ["Foundation", "UIKit", "SwiftUI", "Observation"]), "\(name) imports \(imported.sorted())")
        }
        // The recorder plays the same plans: it depends on the driver, never the other way.
        #expect(Self.closure(of: "TabStageRecording", in: targets).contains("TabStageDriver"))
    }

    /// The Swift files of a folder under `Sources` (`TabStageModel/Stage`, or a whole module's
    /// `TabStageModel`) and of its subfolders, by path inside that folder, with their text.
    static func sources(of folder: String) throws -> [(name: String, text: String)] {
        try swiftFiles(in: Fixtures.root.appendingPathComponent("Sources/\(folder)"))
    }

    /// The Swift files of `directory` and of its subfolders, by path inside it, sorted, with their text.
    static func swiftFiles(in directory: URL) throws -> [(name: String, text: String)] {
        guard let walk = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        let names = walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The modules a file imports (`import X`, `@_exported import X`, `public import X`…).
    static func imports(_ text: String) -> [String] {
        // Only lines that name `import` go through the pattern (the pattern over every line of
        // the package was a second of the suite's time).
        text.split(separator: "\n").compactMap { line in
            guard line.contains("import") else { return nil }
            return line.firstMatch(
                of: /^\s*(?:@_exported\s+)?(?:(?:public|package|internal)\s+)?import\s+(?:(?:struct|enum|class|func)\s+)?([A-Za-z_]+)/
            )
            .map { String($0.output.1) }
        }
    }

    /// The names of the stored properties `struct name` declares in `text` (`var x:`, `let x:`,
    /// `var x =` at the struct's own level, not in its methods or nested types).
    static func storedProperties(of name: String, in text: String) -> [String]? {
        guard let pattern = try? Regex("struct \(name)\\b[^{]*\\{"), let start = text.firstMatch(of: pattern) else { return nil }
        var depth = 1
        var line = ""
        var opensBlock = false  // a computed property or a method: not stored
        var names: [String] = []
        for character in text[start.range.upperBound...] {
            if character == "{" {
                if depth == 1 { opensBlock = true }
                depth += 1
            } else if character == "}" {
                depth -= 1
                if depth == 0 { break }
            } else if character == "\n" {
                if !opensBlock,
                    let match = line.firstMatch(
                        of: /^\s*(?:(?:public|package|private|fileprivate|internal)(?:\(set\))?\s+)*(?:var|let)\s+([A-Za-z_]+)\s*[:=]/)
                {
                    names.append(String(match.output.1))
                }
                line = ""
                opensBlock = false
            } else if depth == 1 {
                line.append(character)
            }
        }
        return names
    }

    /// Theme, header text and row content are drawing data: they live in `TabStageLayout`'s
    /// `Look`, beside the state, so the model (`TabStageModel`: the container, the stage) never
    /// imports it. Each model file, in every folder of the model, may import only Foundation.
    @Test func theModelImportsNoLookOrDrawingModule() throws {
        for part in ["TextSupport", "Adaptive", "Presentation", "ScrollableTab", "Stage"] {
            let files = try Self.sources(of: "TabStageModel/\(part)")
            #expect(!files.isEmpty, "no sources read for TabStageModel/\(part)")
        }
        let files = try Self.sources(of: "TabStageModel")
        for file in files {
            let imported = Self.imports(file.text)
            #expect(!imported.contains("TabStageLayout"), "TabStageModel/\(file.name) imports TabStageLayout")
            #expect(
                Set(imported).isSubset(of: ["Foundation"]),
                "TabStageModel/\(file.name) imports \(Set(imported).subtracting(["Foundation"]).sorted())")
        }
        // The manifest agrees: the model lists nothing, so neither the look nor anything drawn.
        #expect(try Self.targets()["TabStageModel"] == [])
    }

    /// The reader finds imports in every spelling a file may use, so the check above cannot
    /// pass for want of reading them.
    @Test func importsAreReadInEverySpelling() {
        let text =
            "import TabStageModel\n@_exported import TabStageLayout\npublic import struct TabStageScenario.Stage\n  import Foundation\n// import TabStageRendering\n"
        #expect(Self.imports(text) == ["TabStageModel", "TabStageLayout", "TabStageScenario", "Foundation"])
    }

    /// The state carries no drawing data: `StageState` has no look, `HeaderConfig` no name or
    /// handle, `TabConfig` no row content (tab titles stay: the tab bar sizes its cells by them).
    @Test func theStateCarriesNoLookTitleOrRowContent() throws {
        let stage = try Self.sources(of: "TabStageModel/Stage").map(\.text).joined(separator: "\n")
        let config = try Self.sources(of: "TabStageModel/ScrollableTab").map(\.text).joined(separator: "\n")
        let state = try #require(Self.storedProperties(of: "StageState", in: stage))
        #expect(state == ["window", "split", "container", "presentation", "appTabBar"])
        let header = try #require(Self.storedProperties(of: "HeaderConfig", in: config))
        #expect(!header.contains("title") && !header.contains("subtitle") && header.contains("height"))
        let tab = try #require(Self.storedProperties(of: "TabConfig", in: config))
        #expect(tab == ["title", "content"])
        for name in ["look", "title", "subtitle", "rowContent"] { #expect(!state.contains(name)) }
    }

    /// The property reader sees a struct's own stored properties only, not its methods' locals
    /// or a nested type's.
    @Test func storedPropertiesAreReadAtTheStructsOwnLevel() {
        let text = """
            public struct Outer: Sendable {
                public private(set) var look: Int
                let title = "x"
                struct Inner { var rowContent: Int }
                func f() { var local = 1; local += 1 }
                var computed: Int { 1 }
                static let shared = 1
            }
            """
        #expect(Self.storedProperties(of: "Outer", in: text) == ["look", "title"])
    }
}
