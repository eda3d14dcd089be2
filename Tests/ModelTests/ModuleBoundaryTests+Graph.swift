import Foundation
import TabStageTestSupport
import Testing

/// The module graph as CONTRIBUTING.md draws it, which module may import which, and that the
/// manifest lists exactly what each module imports.
extension ModuleBoundaryTests {
    /// The edges of the diagram in CONTRIBUTING.md's `mermaid` block (`A --> B`: A imports B).
    static func drawnEdges() throws -> Set<String> {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        guard let block = text.firstMatch(of: /```mermaid\n(?<body>(?:.*\n)*?)```/) else { return [] }
        return Set(
            block.output.body.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^\s*([A-Za-z-]+) --> ([A-Za-z-]+)\s*$/).map { "\($0.output.1) --> \($0.output.2)" }
            })
    }

    /// The test targets and their helpers: not part of the drawn graph.
    static func isTestTarget(_ name: String) -> Bool {
        name.hasSuffix("Tests") || name == "TabStageTestSupport" || name == "DocumentationSnippets"
    }

    /// The graph with every edge another path already gives left out (its transitive
    /// reduction): the fewest edges that give each target the same closure.
    static func reducedEdges(_ targets: [String: [String]]) -> Set<String> {
        var edges: Set<String> = []
        for (target, dependencies) in targets {
            for dependency in dependencies
            where !dependencies.contains(where: { $0 != dependency && closure(of: $0, in: targets).contains(dependency) }) {
                edges.insert("\(target) --> \(dependency)")
            }
        }
        return edges
    }

    /// The diagram is the manifest: an edge added, removed or made redundant in Package.swift
    /// fails here until CONTRIBUTING.md is drawn again (and the other way round).
    @Test func contributingDrawsTheManifestsGraph() throws {
        let drawn = try Self.drawnEdges()
        #expect(!drawn.isEmpty, "no mermaid block read from CONTRIBUTING.md")
        let manifest = Self.reducedEdges(try Self.targets().filter { !Self.isTestTarget($0.key) })
        #expect(drawn.subtracting(manifest).sorted() == [], "drawn in CONTRIBUTING.md, not in Package.swift")
        #expect(manifest.subtracting(drawn).sorted() == [], "in Package.swift, not drawn in CONTRIBUTING.md")
    }

    /// The reduction keeps the edges no other path gives, on graphs worked out by hand:
    /// A → B → C and A → C: A → C is implied by A → B → C, so it is left out; D → E and D → F
    /// with no path between E and F: both stay.
    @Test func theReductionLeavesOutImpliedEdges() {
        #expect(Self.reducedEdges(["A": ["B", "C"], "B": ["C"], "C": []]) == ["A --> B", "B --> C"])
        #expect(Self.reducedEdges(["D": ["E", "F"], "E": [], "F": []]) == ["D --> E", "D --> F"])
    }

    /// Test targets share named lists, read like lists written in place: every test target but
    /// the documentation snippets (which import what a user's tests would) names a list.
    @Test func sharedTestListsAreRead() throws {
        let targets = try Self.targets()
        let workflow = try #require(targets["WorkflowTests"])
        #expect(workflow.contains("TabStageReports") && workflow.contains("TabStageTestSupport"))
        // `testDependencies + ["tabstage"]`: the list and the executable.
        let endToEnd = try #require(targets["EndToEndTests"])
        #expect(endToEnd.last == "tabstage" && endToEnd.contains("TabStageReports"))
        #expect(targets["ModelTests"]?.contains("TabStageCommands") == false)
        #expect(targets.values.allSatisfy { !$0.contains { $0.hasPrefix("unknown list") } })
        let manifest = try String(contentsOf: Fixtures.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let written = manifest.matches(of: /\.testTarget\(\s*name: "(\w+)",\s*dependencies: \[/).map { String($0.output.1) }
        #expect(written == ["DocumentationSnippets"])
    }

    /// Which module may import which, where the layering is easiest to break: verification
    /// produces outcomes and the reports (pages and folder comparisons) read them, never the
    /// other way; the library users import (`TabStage`, the testing products) links no report
    /// page; the image diff (PNG codec, perceptual diff) knows no model or scenario.
    @Test func theWorkflowReportsAndDecodersImportOneWay() throws {
        let targets = try Self.targets()
        let workflow = Self.closure(of: "TabStageWorkflow", in: targets)
        for module in ["TabStageReports", "TabStageCommands", "TabStage"] {
            #expect(!workflow.contains(module), "TabStageWorkflow depends on \(module)")
        }
        let reports = Self.closure(of: "TabStageReports", in: targets)
        #expect(reports.contains("TabStageWorkflow") && reports.contains("TabStageImageDiff"))
        for product in ["TabStage", "TabStageTesting", "TabStageSnapshotTesting", "TabStageRecording"] {
            let below = Self.closure(of: product, in: targets)
            #expect(!below.contains("TabStageReports") && !below.contains("TabStageCommands"), "\(product) links a report module")
        }
        let commands = try #require(targets["TabStageCommands"])
        #expect(commands.contains("TabStageReports"))
        #expect(Self.closure(of: "TabStageImageDiff", in: targets) == ["CSpng", "CDeflate", "CLibraryLoader"])
    }

    /// Modules every target may import without listing them: the toolchain's and other packages' products.
    static let outside: Set<String> = [
        "Foundation", "FoundationXML", "FoundationEssentials", "Synchronization", "Dispatch", "Glibc", "Darwin", "Musl", "os",
        "Yams", "Mustache", "ArgumentParser", "SnapshotTesting", "XCTest", "Testing", "PropertyBased",
        // Apple's frameworks, for TabStageRecording's adapters (compiled only where they exist).
        "UIKit", "SwiftUI", "Observation",
        // Apple's SHA-256, which the workflow uses where it exists instead of libcrypto.
        "CommonCrypto",
    ]

    /// The Swift modules of the package with their sources' folders (the C targets declare
    /// functions, they import nothing).
    static func swiftModules(_ targets: [String: [String]]) throws -> [(target: String, folder: String)] {
        let sources = try FileManager.default.contentsOfDirectory(atPath: Fixtures.root.appendingPathComponent("Sources").path)
        return sources.sorted().filter { targets[$0] != nil && !$0.hasPrefix("C") }.map { ($0, "Sources/\($0)") }
            + [("TabStageTestSupport", "Tests/TestSupport")]
    }

    /// Each module imports what Package.swift lists for it and nothing else: every source file
    /// (in the module's folder or any of its subfolders) imports only listed modules (or the
    /// toolchain's), and every listed module is imported by one of the target's files. So the
    /// manifest's graph is the one the code uses.
    @Test func everyModuleImportsExactlyWhatItsTargetLists() throws {
        let targets = try Self.targets()
        var read = 0
        for (target, folder) in try Self.swiftModules(targets) {
            let listed = Set(targets[target] ?? [])
            let allowed = listed.union(Self.outside)
            var used: Set<String> = []
            for (name, text) in try Self.swiftFiles(in: Fixtures.root.appendingPathComponent(folder)) {
                read += 1
                let imported = Set(Self.imports(text))
                used.formUnion(imported)
                #expect(!imported.contains(target), "\(folder)/\(name) imports its own module \(target)")
                let extra = imported.subtracting(allowed).subtracting([target])
                #expect(extra.isEmpty, "\(folder)/\(name) imports \(extra.sorted()), which Package.swift does not list for \(target)")
            }
            #expect(
                listed.subtracting(used).isEmpty,
                "Package.swift lists \(listed.subtracting(used).sorted()) for \(target), which no file of it imports")
        }
        // The Swift modules and the test helpers hold about 250 files; far fewer read means the
        // walk missed folders.
        #expect(read > 200, "only \(read) source files read")
    }
}
