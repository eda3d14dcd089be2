import Foundation
import TabStageTestSupport
import Testing

/// The layers of the package hold: each target's dependencies, read from `Package.swift`,
/// followed transitively.
@Suite struct ModuleBoundaryTests {
    /// Every target's direct dependencies on other targets of this package (products of other
    /// packages are left out), read from the manifest's `name:` and `dependencies: [...]`.
    static func targets() throws -> [String: [String]] {
        let manifest = try String(contentsOf: Fixtures.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // One piece per target declaration, from its opening to the next one.
        let openings = manifest.ranges(of: /\.(target|executableTarget|systemLibrary|testTarget)\(/).map(\.lowerBound)
        var targets: [String: [String]] = [:]
        for (index, opening) in openings.enumerated() {
            let declaration = manifest[opening..<(index + 1 < openings.count ? openings[index + 1] : manifest.endIndex)]
            guard let name = declaration.firstMatch(of: /name: "([^"]+)"/)?.output.1 else { continue }
            // The list ends at its first "]": no dependency nests one.
            var dependencies: [String] = []
            if let start = declaration.range(of: "dependencies: ["), let end = declaration[start.upperBound...].firstIndex(of: "]") {
                let list = String(declaration[start.upperBound..<end]).replacing(/\.product\([^)]*\)/, with: "")
                dependencies = list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map
                { String($0.element) }
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
        #expect(targets["Presentation"] == ["Adaptive"])
        #expect(targets["Assets"] == ["TextSupport", "Adaptive"])
        #expect(targets["CRsvg"] == [])
    }

    @Test func parsingAScenarioLinksNoImageFontOrCairoLibrary() throws {
        let below = Self.closure(of: "ScenarioFormat", in: try Self.targets())
        #expect(below.contains("Assets"))
        for library in ["CRsvg", "CPango", "CTurboJPEG", "CFontQuery", "CSpng", "CDeflate", "ImageDiff", "Raster", "AssetDecoding"] {
            #expect(!below.contains(library), "ScenarioFormat depends on \(library)")
        }
    }

    @Test func theModelImportsNoLayerBelowIt() throws {
        let targets = try Self.targets()
        #expect(Self.closure(of: "Adaptive", in: targets).isEmpty)
        #expect(Self.closure(of: "Presentation", in: targets) == ["Adaptive"])
        #expect(Self.closure(of: "ScrollableTab", in: targets) == ["Adaptive"])
        #expect(Self.closure(of: "Stage", in: targets) == ["Adaptive", "Presentation", "Look", "ScrollableTab"])
    }
}
