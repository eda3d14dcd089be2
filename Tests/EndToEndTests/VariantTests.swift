import Foundation
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import TabStageTesting
import Testing

@testable import TabStageCommands

/// `variants`: a scenario run once per variant, each with its own folder, references and trace.
@Suite struct VariantTests {
    let cli = CommandLineTests()

    static let matrix = Fixtures.yaml(
        extra: """
            variants:
              appearance: [light, dark]
              contentSizeCategory: [L, AX3]
            """)

    /// 2 appearances × 2 text sizes = 4 variants, the first axis changing slowest.
    @Test func aMatrixExpandsIntoEveryCombinationInAFixedOrder() throws {
        let scenario = try Fixtures.parse(Self.matrix)
        let spec = try #require(scenario.variants)
        let names = try ScenarioVariants.combinations(spec, scenario: scenario.name).map(\.name)
        #expect(names == ["light-L", "light-AX3", "dark-L", "dark-AX3"])
        let variants = try ScenarioVariants.expand(scenario)
        #expect(variants.map(\.name) == ["test@light-L", "test@light-AX3", "test@dark-L", "test@dark-AX3"])
        #expect(variants.map(\.settings.appearance) == [.light, .light, .dark, .dark])
        #expect(variants.map(\.settings.contentSizeCategory) == [.L, .AX3, .L, .AX3])
        // What a variant does not set is the scenario's own, and a variant has no variants.
        #expect(variants.allSatisfy { $0.device.id == "iphone-14" && $0.variants == nil })
        #expect(variants[3].variant?.name == "dark-AX3" && variants[3].variant?.scenario == "test")
        // Three axes of 2, 1 and 3 values: 2 × 1 × 3 = 6, the last axis changing fastest.
        let three = try Fixtures.parse(
            Fixtures.yaml(
                extra: """
                    variants:
                      layoutDirection: [ltr, rtl]
                      iOSVersion: [26]
                      device: [iphone-17, {width: 400, height: 800}, ipad-pro-11-m4]
                    """))
        #expect(
            try ScenarioVariants.expand(three).map { $0.variant?.name }
                == [
                    "ltr-iOS26-iphone-17", "ltr-iOS26-400x800", "ltr-iOS26-ipad-pro-11-m4",
                    "rtl-iOS26-iphone-17", "rtl-iOS26-400x800", "rtl-iOS26-ipad-pro-11-m4",
                ])
    }

    /// A list gives its combinations in order, named by `name` or by their values.
    @Test func aListGivesItsCombinationsNamedOrByTheirValues() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(
                extra: """
                    variants:
                      - {name: plain, appearance: light}
                      - {pseudoLocale: accented, contentSizeCategory: XXXL}
                      - {name: mirrored, pseudoLocale: bidi}
                    """))
        let variants = try ScenarioVariants.expand(scenario)
        #expect(variants.map(\.name) == ["test@plain", "test@accented-XXXL", "test@mirrored"])
        // The pseudo-locale applies per variant: 'Posts' (5 letters) accented is bracketed and
        // padded to at least 5 × 1.4 = 7 characters: "[Þöšţš]" is exactly 7.
        #expect(variants[0].container.tabs[0].title == "Posts")
        #expect(variants[1].container.tabs[0].title == "[Þöšţš]")
        #expect(variants[1].settings.contentSizeCategory == .XXXL)
        // bidi lays the container out right to left.
        #expect(variants[2].settings.layoutDirection == .rtl && variants[2].container.tabs[0].title.hasPrefix("\u{200F}\u{202E}"))
    }

    /// The message a scenario gives when parsed and expanded, or nil when accepted.
    func refusal(_ variants: String, only: String? = nil) -> String? {
        do {
            _ = try ScenarioVariants.expand(try Fixtures.parse(Fixtures.yaml(extra: variants)), only: only)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func refusalsAreLocatedAndWordedAsTheKeyItselfWordsThem() {
        // Fixtures.yaml puts `extra` on line 2.
        #expect(
            refusal("variants: {apperance: [dark]}")
                == "test.yaml:2:12: error: unknown key 'apperance' in 'variants'; did you mean 'appearance'? (expected one of device, appearance, contentSizeCategory, layoutDirection, iOSVersion, pseudoLocale)"
        )
        #expect(
            refusal("variants: {appearance: []}")
                == "test.yaml:2:24: error: 'variants.appearance' is empty (expected at least one value, such as appearance: [light, dark])")
        #expect(refusal("variants: {}")?.hasPrefix("test.yaml:2:11: error: 'variants' is empty") == true)
        #expect(refusal("variants: []")?.hasPrefix("test.yaml:2:11: error: 'variants' is empty") == true)
        // A bad value reads as the top-level key's own refusal, at the value in the list.
        let own = Fixtures.refusal(Fixtures.yaml(extra: "appearance: drak"))
        #expect(own == "test.yaml:2:13: error: 'appearance' cannot be 'drak'; did you mean 'dark'? (expected one of light, dark)")
        #expect(
            refusal("variants: {appearance: [light, drak]}")
                == "test.yaml:2:32: error: 'appearance' cannot be 'drak'; did you mean 'dark'? (expected one of light, dark)")
        #expect(refusal("variants: [{iOSVersion: 21}]")?.hasPrefix("test.yaml:2:25: error: iOS 21 was never released") == true)
        #expect(refusal("variants: [{device: iphone-99}]")?.hasPrefix("test.yaml:2:21: error: unknown device 'iphone-99'") == true)
        #expect(
            refusal("variants: {appearance: [dark, dark]}")
                == "test.yaml:2:31: error: 'dark' is listed twice in 'variants.appearance' (expected each value once)")
        #expect(refusal("variants: [{name: only}]")?.hasPrefix("test.yaml:2:12: error: variant 1 of 'variants' sets nothing") == true)
        #expect(
            refusal("variants: [{name: a/b, appearance: dark}]")?.hasPrefix(
                "test.yaml:2:19: error: variant name 'a/b' is not a plain file name")
                == true)
        // Two names alike ignoring letter case would share a folder on a Mac.
        #expect(
            refusal("variants: [{name: Dark, appearance: dark}, {name: dark, contentSizeCategory: XL}]")
                == "test.yaml:2:51: error: two variants are named 'dark' (the first as 'Dark' at line 2) (expected distinct variant names, also ignoring letter case: each gets its own output folder; give one a 'name')"
        )
        // 12 text sizes × 6 devices = 72 variants, over the 64 allowed.
        #expect(
            refusal(
                "variants: {contentSizeCategory: [XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5], device: [iphone-14, iphone-15, iphone-15-pro, iphone-16, iphone-16-pro, iphone-17]}"
            )
                == "test.yaml:2:11: error: 'variants' makes 12 × 6 = 72 variants, over the limit (expected at most 64 variants per scenario: fewer values, or a list of the combinations wanted)"
        )
        #expect(
            refusal("variants: {appearance: [light, dark]}", only: "drak")
                == "test.yaml:2:11: error: no variant of 'test' is named 'drak'; did you mean 'dark'? (expected one of light, dark)")
        #expect(
            Fixtures.refusal(Fixtures.yaml()) == nil
                && (try? ScenarioVariants.expand(try Fixtures.parse(Fixtures.yaml()), only: "dark")) == nil)
    }

    /// A variant is parsed with its values in place, so rules across keys hold for it: a
    /// sheet's `placement` needs iOS 27, and the iOS 26 variant is refused at the placement.
    @Test func aVariantIsCheckedWithEveryRuleOfTheKeysItSets() throws {
        let text = Fixtures.yaml(
            extra: """
                iOSVersion: 27
                variants: {iOSVersion: [27, 26]}
                """,
            steps: ["- present: {style: formSheet, placement: leading}", "- snapshot: start"])
        let scenario = try Fixtures.parse(text)
        #expect(throws: ScenarioError.self) { try ScenarioVariants.expand(scenario) }
        do {
            _ = try ScenarioVariants.expand(scenario)
        } catch {
            #expect(
                error.description
                    == "test.yaml:11:44: error: 'placement' (preferredPlacement) needs iOS 27 or later, the scenario targets iOS 26 (in variant 'iOS26') (expected iOSVersion: 27, or no placement)"
            )
        }
        #expect(try ScenarioVariants.expand(scenario, only: "iOS27").map(\.settings.iOSVersion.major) == [27])
    }

    @Test func recordAndVerifyKeepEachVariantsReferencesInItsOwnFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.matrix, "s.yaml", in: folder)
        let record = try cli.tabstage(["record", "s.yaml"], in: folder, environment: [:])
        #expect(record.status == 0, "\(record.stderr)")
        let names = ["light-L", "light-AX3", "dark-L", "dark-AX3"]
        #expect(record.stdout == names.map { "recorded s@\($0): 1 snapshot(s) in Snapshots/s@\($0)\n" }.joined())
        let folders = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Snapshots").path).sorted()
        #expect(folders == ["s@dark-AX3", "s@dark-L", "s@light-AX3", "s@light-L"])
        // Each variant renders its own picture: dark differs from light, AX3 from L.
        let pngs = try names.map { try Data(contentsOf: folder.appendingPathComponent("Snapshots/s@\($0)/start.png")) }
        #expect(Set(pngs).count == 4)
        let verify = try cli.tabstage(["verify", "s.yaml", "--report", "r"], in: folder, environment: ["CI": "1"])
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(verify.stdout.hasPrefix("verify: 4 of 4 snapshots match; record mode never"))
        let junit = try String(contentsOf: folder.appendingPathComponent("r/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"s@dark-AX3\" tests=\"1\" failures=\"0\">\n    <properties>"))
        #expect(junit.contains("<property name=\"variant\" value=\"dark-AX3\"/>"))
        #expect(junit.contains("<testcase classname=\"tabstage.s.dark-AX3\" name=\"start\"/>"))

        // Light's reference replaced by dark's: only light-L fails, and the command that
        // accepts it takes that variant alone from the report (`swift run`: this tabstage runs
        // from .build).
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Snapshots/s@light-L/start.png"))
        try pngs[2].write(to: folder.appendingPathComponent("Snapshots/s@light-L/start.png"))
        let failing = try cli.tabstage(["verify", "s.yaml", "--report", "r2"], in: folder, environment: ["CI": "1"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("FAIL s@light-L/start:"))
        #expect(failing.stdout.contains("verify: 3 of 4 snapshots match"))
        let report = try String(contentsOf: folder.appendingPathComponent("r2/report.json"), encoding: .utf8)
        #expect(report.contains("\"accept\" : \"swift run tabstage accept r2 --only s@light-L\""), "\(report)")

        // --variant runs that one variant, into its own folder, and verifies it alone.
        let one = try cli.tabstage(["run", "s.yaml", "--variant", "dark-AX3", "--out", "out", "--format", "svg"], in: folder)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path) == ["s@dark-AX3"])
        let trace = try String(contentsOf: folder.appendingPathComponent("out/s@dark-AX3/trace.json"), encoding: .utf8)
        #expect(trace.contains("\"scenario\": \"s@dark-AX3\""))
        let verifyOne = try cli.tabstage(["verify", "s.yaml", "--variant", "dark-AX3"], in: folder, environment: ["CI": "1"])
        #expect(verifyOne.status == 0 && verifyOne.stdout.hasPrefix("verify: 1 of 1 snapshots match"))

        // A variant the scenario no longer lists: its folder is named, not removed.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Snapshots/s@sepia"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Snapshots/sx@sepia"), withIntermediateDirectories: true)
        try pngs[0].write(to: folder.appendingPathComponent("Snapshots/s@light-L/start.png"))
        let stale = try cli.tabstage(["verify", "s.yaml"], in: folder, environment: ["CI": "1"])
        #expect(stale.status == 0)
        // (Besides the AX3 variants' layout warnings: the fixture's header is short for AX3.)
        #expect(
            stale.stderr.contains(
                "tabstage: warning: Snapshots/s@sepia holds the references of variant 'sepia', which s no longer has (remove it with `tabstage record --prune`)\n"
            )
        )
        #expect(!stale.stderr.contains("sx@sepia"))
    }

    /// `record --prune` removes the folders of variants the scenario no longer lists and the
    /// accessibility references no snapshot writes; a file of yours keeps its folder, and
    /// another scenario's folder (`sx@sepia`) is never touched.
    @Test func recordPruneRemovesStaleVariantFoldersAndAccessibilityReferences() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "variants:\n  appearance: [light, dark]"), "s.yaml", in: folder)
        let first = try cli.tabstage(["record", "s.yaml"], in: folder, environment: [:])
        #expect(first.status == 0, "\(first.stderr)")
        let manager = FileManager.default
        func put(_ path: String) throws {
            let url = folder.appendingPathComponent("Snapshots/\(path)")
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        func exists(_ path: String) -> Bool { manager.fileExists(atPath: folder.appendingPathComponent("Snapshots/\(path)").path) }
        for file in ["s@sepia/start.svg", "s@sepia/start.png", "s@sepia/start.accessibility.json", "s@old/start.png", "s@old/notes.txt"] {
            try put(file)
        }
        try put("sx@sepia/start.png")
        try put("s@light/gone.accessibility.json")
        try put("s@light/start.accessibility.json")

        // One variant recorded: the other variants' folders cannot be judged, so none is removed.
        let one = try cli.tabstage(["record", "s.yaml", "--prune", "--variant", "dark"], in: folder, environment: [:])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(exists("s@sepia/start.png") && exists("s@light/gone.accessibility.json"))

        let all = try cli.tabstage(["record", "s.yaml", "--prune"], in: folder, environment: [:])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(
            all.stdout.hasSuffix(
                """
                removed Snapshots/s@light/gone.accessibility.json
                removed Snapshots/s@old/start.png
                removed Snapshots/s@sepia/start.accessibility.json
                removed Snapshots/s@sepia/start.png
                removed Snapshots/s@sepia/start.svg
                removed Snapshots/s@sepia

                """), "\(all.stdout)")
        #expect(
            all.stderr.contains(
                "tabstage: warning: Snapshots/s@old is kept: it holds files that are not references (remove them, or the folder)\n"))
        #expect(!exists("s@sepia") && exists("s@old/notes.txt") && !exists("s@old/start.png"))
        // The kept snapshot's accessibility reference stays; another scenario's folder too.
        #expect(exists("s@light/start.accessibility.json") && exists("s@light/start.png") && exists("sx@sepia/start.png"))
    }

    @Test func aVariantNamingNoVariantIsRefusedWithTheClosest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.matrix, "s.yaml", in: folder)
        try cli.write(Fixtures.yaml(), "plain.yaml", in: folder)
        let wrong = try cli.tabstage(["run", "s.yaml", "--variant", "dark-AX4", "--out", "out"], in: folder)
        #expect(wrong.status == 2)
        #expect(
            wrong.stderr
                == "s.yaml:3:3: error: no variant of 's' is named 'dark-AX4'; did you mean 'dark-AX3'? (expected one of light-L, light-AX3, dark-L, dark-AX3)\n"
        )
        let plain = try cli.tabstage(["record", "plain.yaml", "--variant", "dark-AX3"], in: folder)
        #expect(plain.status == 2)
        #expect(
            plain.stderr
                == "plain.yaml:1:1: error: --variant 'dark-AX3' names a variant, but the scenario has no 'variants' (expected a scenario with 'variants', or no --variant)\n"
        )
        // Nothing was written by either.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Snapshots").path))
    }

    /// The Swift assertion verifies every variant against its own folder, or the one named.
    @Test func assertScenarioSnapshotsCoversEveryVariant() {
        let outcomes = assertScenarioSnapshots("Examples/variants.yaml", snapshots: "Snapshots", record: .never)
        // 4 variants × 2 snapshots (expanded, collapsed) = 8 outcomes, in the variants' order.
        #expect(outcomes.count == 8 && outcomes.allSatisfy(\.passed))
        #expect(
            outcomes.map { "\($0.group)/\($0.name)" } == [
                "variants@light-L/expanded", "variants@light-L/collapsed", "variants@light-AX3/expanded", "variants@light-AX3/collapsed",
                "variants@dark-L/expanded", "variants@dark-L/collapsed", "variants@dark-AX3/expanded", "variants@dark-AX3/collapsed",
            ])
        let one = assertScenarioSnapshots("Examples/variants.yaml", snapshots: "Snapshots", variant: "dark-AX3", record: .never)
        #expect(one.map(\.group) == ["variants@dark-AX3", "variants@dark-AX3"] && one.allSatisfy(\.passed))
    }

    /// Each variant is simulated once: 4 variants, 4 simulations.
    @Test func eachVariantIsSimulatedOnce() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.matrix, "s.yaml", in: folder)
        let counter = SimulationCounter()
        try Run.parse([folder.appendingPathComponent("s.yaml").path, "--out", folder.appendingPathComponent("out").path, "--format", "svg"])
            .run(counter: counter)
        #expect(counter.count == 4)
    }

    /// Shards split scenario files, so a scenario's variants stay in one shard; the merged
    /// report is the report of one run of everything.
    @Test func mergeReportsKeepsTheVariantsGroups() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.matrix, "a.yaml", in: folder)
        try cli.write(Fixtures.yaml(), "b.yaml", in: folder)
        #expect(try cli.tabstage(["record", "a.yaml", "b.yaml"], in: folder, environment: [:]).status == 0)
        let all = try cli.tabstage(["verify", "a.yaml", "b.yaml", "--report", "all"], in: folder, environment: ["CI": "1"])
        #expect(all.status == 0)
        for shard in ["1/2", "2/2"] {
            let run = try cli.tabstage(
                ["verify", "a.yaml", "b.yaml", "--shard", shard, "--report", "r" + shard.prefix(1)], in: folder, environment: ["CI": "1"])
            #expect(run.status == 0)
        }
        let merged = try cli.tabstage(["merge-reports", "r1", "r2", "--out", "m"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("merge-reports: 5 of 5 snapshots match, as 2 of 2 shards' reports state"))
        let one = try String(contentsOf: folder.appendingPathComponent("all/junit.xml"), encoding: .utf8)
        let two = try String(contentsOf: folder.appendingPathComponent("m/junit.xml"), encoding: .utf8)
        // The same suites; the merge adds one comment saying its results are the shards' reports'.
        let comment =
            "<!-- Merged by tabstage merge-reports from the report.json of 2 of 2 shards (1/2, 2/2): each result is what its report "
            + "states, not a new check. Gate on each shard's own tabstage verify exit code. -->\n"
        #expect(one.replacingOccurrences(of: "?>\n", with: "?>\n" + comment) == two)
        #expect(two.contains("<testsuite name=\"a@light-L\"") && two.contains("<testsuite name=\"b\""))
    }
}
