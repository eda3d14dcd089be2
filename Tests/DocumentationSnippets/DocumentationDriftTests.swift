import Foundation
import Testing

/// The README and the DocC articles show Swift code only as copies of the snippet files in
/// this folder, which `swift test` compiles and runs, so an example cannot stop compiling or
/// drift from what it claims. The README's Package.swift block is built by
/// Scripts/check-downstream.sh instead.
@Suite struct DocumentationDriftTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let snippetFolder = root.appendingPathComponent("Tests/DocumentationSnippets")
    static let articleFolder = root.appendingPathComponent("Sources/TabStage/TabStage.docc")

    /// The documents whose Swift code blocks must come from snippet files.
    static func documents() throws -> [URL] {
        let articles = try FileManager.default.contentsOfDirectory(at: articleFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
        return [root.appendingPathComponent("README.md")] + articles.sorted { $0.path < $1.path }
    }

    /// The text between `// snippet:begin` and `// snippet:end` of every snippet file, by file name.
    static func snippets() throws -> [String: String] {
        var found: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(at: snippetFolder, includingPropertiesForKeys: nil)
        where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            guard let begin = lines.firstIndex(of: "// snippet:begin"), let end = lines.firstIndex(of: "// snippet:end"), begin < end else {
                continue
            }
            found[file.lastPathComponent] = lines[(begin + 1)..<end].joined(separator: "\n")
        }
        return found
    }

    /// Fenced ```swift blocks of a Markdown text, without their fences.
    static func swiftBlocks(in markdown: String) -> [String] { blocks(in: markdown, language: "swift") }

    /// Fenced blocks of one language, without their fences.
    static func blocks(in markdown: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static func isManifest(_ block: String) -> Bool { block.hasPrefix("// swift-tools-version") }

    /// The first line of a block of iOS code (UIKit glue a team puts in its own UI tests),
    /// which Linux cannot compile: shown, marked as such, and not a snippet file.
    static let iOSOnlyMarker = "// iOS only: UIKit code for your own UI test target; this repository's Linux tests do not compile it."

    static func isIOSOnly(_ block: String) -> Bool { block.hasPrefix(iOSOnlyMarker + "\n") }

    @Test func everySwiftBlockIsASnippetFile() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count >= 4, "snippet files: \(snippets.keys.sorted())")
        for document in try Self.documents() {
            let blocks = Self.swiftBlocks(in: try String(contentsOf: document, encoding: .utf8))
            for block in blocks where !Self.isManifest(block) && !Self.isIOSOnly(block) {
                let isSnippet = snippets.values.contains(block)
                #expect(
                    isSnippet,
                    "a Swift block in \(document.lastPathComponent) matches no snippet file between its markers: \(block.prefix(120))…")
            }
        }
    }

    @Test func everySnippetIsShownSomewhere() throws {
        let shown = try Self.documents().flatMap { Self.swiftBlocks(in: try String(contentsOf: $0, encoding: .utf8)) }
        for (file, snippet) in try Self.snippets() {
            let isShown = shown.contains(snippet)
            #expect(isShown, "\(file) is not shown in the README or an article")
        }
    }

    @Test func theReadmeShowsTheDependencyLinesAndTheCompleteExample() throws {
        let readme = Self.swiftBlocks(in: try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8))
        let manifests = readme.filter(Self.isManifest)
        #expect(manifests.count == 1)
        #expect(manifests.first?.contains(#".product(name: "TabStageTesting", package: "tabstage")"#) == true)
        #expect(readme.contains(try #require(try Self.snippets()["GettingStarted.swift"])))
    }

    /// Scripts/check-downstream.sh builds the README's Package.swift; every other document
    /// shows that same manifest, so it is checked too.
    @Test func everyManifestIsTheReadmes() throws {
        let manifests = try Self.documents().flatMap {
            Self.swiftBlocks(in: try String(contentsOf: $0, encoding: .utf8)).filter(Self.isManifest)
        }
        #expect(manifests.count >= 2)
        #expect(Set(manifests).count == 1, "the Package.swift blocks differ between the README and the articles")
    }

    /// The extraction itself, on a document written here: a block is found exactly, other
    /// languages and unterminated blocks are not.
    @Test func swiftBlocksAreExtractedExactly() {
        let markdown = "text\n```swift\nlet a = 1\n\nlet b = 2\n```\n```sh\nls\n```\n```swift\nunterminated"
        #expect(Self.swiftBlocks(in: markdown) == ["let a = 1\n\nlet b = 2"])
    }
}
