import Foundation
import TabStageScenario
import TabStageTestSupport
import Testing

/// `check-jsonschema` (PyPI), a real JSON Schema validator: the one Scripts/test.sh installs
/// into `.build/test-tools`, one named by `TABSTAGE_CHECK_JSONSCHEMA`, or one on the PATH.
let jsonSchemaValidator: String? = testTool("check-jsonschema", environment: "TABSTAGE_CHECK_JSONSCHEMA")

/// `tabstage schema`: a JSON Schema written from the parser's own key tables, which accepts every
/// scenario the repository holds and refuses what the parser refuses for its shape.
@Suite struct SchemaTests {
    let cli = CommandLineTests()

    func schema(in folder: URL) throws -> URL {
        let result = try cli.tabstage(["schema"], in: folder)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let url = folder.appendingPathComponent("scenario.schema.json")
        try result.stdout.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func object(_ any: Any?) -> [String: Any] { any as? [String: Any] ?? [:] }

    @Test func theSchemaIsDraft2020WithEveryKeyOfTheParsersTables() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = object(try JSONSerialization.jsonObject(with: Data(contentsOf: schema(in: folder))))
        #expect(json["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let properties = object(json["properties"])
        #expect(Set(properties.keys) == Set(ScenarioKeys.scenario.names))
        #expect(json["required"] as? [String] == ["device", "container", "steps"])
        #expect(json["additionalProperties"] as? Bool == false)
        // A key with words, a default, a unit and limits says all four.
        let fps = object(properties["fps"])
        #expect(fps["type"] as? String == "integer" && fps["minimum"] as? Int == 1 && fps["maximum"] as? Int == 240)
        #expect(fps["default"] as? Int == 60)
        #expect(fps["description"] as? String == "frames per second of a fling — a whole number from 1 to 240; default 60")
        let orientation = object(properties["orientation"])
        #expect(orientation["enum"] as? [String] == ["portrait", "landscape"])
        let scale = object(object(object((object(properties["device"])["anyOf"] as? [Any])?[1])["properties"])["scale"])
        #expect(
            scale["description"] as? String
                == "display scale (1, 2 or 3 on real devices) — a number in pixels per point from 0.1 to 4; default 2")
        // A step is an object of exactly one property, discriminated by its name: the names in
        // the parser's order, each with its own argument's schema, nothing else allowed.
        let steps = object(object(properties["steps"])["items"])
        #expect(steps["oneOf"] == nil)
        #expect(object(steps["propertyNames"])["enum"] as? [String] == ScenarioParser.stepKeywords)
        #expect(Set(object(steps["properties"]).keys) == Set(ScenarioParser.stepKeywords))
        #expect(steps["minProperties"] as? Int == 1 && steps["maxProperties"] as? Int == 1)
        #expect(steps["additionalProperties"] as? Bool == false)
    }

    /// The parser's "expected keys …" for an unknown key lists the same keys as the schema's
    /// mapping there: both come from one table.
    @Test func theParserAndTheSchemaListTheSameKeys() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = object(try JSONSerialization.jsonObject(with: Data(contentsOf: schema(in: folder))))
        let top = object(json["properties"])
        let container = object(object(top["container"])["properties"])
        let tab = object(object(object(container["tabs"])["items"])["properties"])
        let header = object(object(container["header"])["properties"])
        let cases: [(String, [String: Any])] = [
            ("bogus: 1\n" + Fixtures.yaml(), top),
            (Fixtures.yaml().replacingOccurrences(of: "container:\n", with: "container:\n  bogus: 1\n"), container),
            (Fixtures.yaml().replacingOccurrences(of: "header: {", with: "header: {bogus: 1, "), header),
            (Fixtures.yaml().replacingOccurrences(of: "- {title: Posts, ", with: "- {bogus: 1, title: Posts, "), tab),
        ]
        for (text, mapping) in cases {
            let message = try #require(Fixtures.refusal(text))
            let listed = try #require(message.range(of: "(expected ")).upperBound
            let names = message[listed...].dropLast().replacingOccurrences(of: "keys ", with: "").replacingOccurrences(
                of: "one of ", with: ""
            )
            .replacingOccurrences(of: " or ", with: ", ").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(Set(names) == Set(mapping.keys), "\(message)")
        }
    }

    /// Every scenario the repository holds: the examples, the fuzzers' and benchmarks' scenarios,
    /// and each whole scenario block of the README and the articles.
    func heldScenarios(copyingBlocksTo folder: URL) throws -> [URL] {
        let root = Fixtures.root
        var files: [URL] = []
        for sub in ["Examples", "Fuzz/corpus/scenario", "Scripts/bench"] {
            let dir = root.appendingPathComponent(sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            where name.hasSuffix(".yaml") || name.hasSuffix(".json") {
                files.append(dir.appendingPathComponent(name))
            }
        }
        let articles = root.appendingPathComponent("Sources/TabStage/TabStage.docc")
        let documents =
            [root.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(atPath: articles.path)).sorted().filter { $0.hasSuffix(".md") }.map {
                articles.appendingPathComponent($0)
            }
        for document in documents {
            let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
            var start: Int?
            for (index, line) in lines.enumerated() {
                if start == nil, line == "```yaml" {
                    start = index + 1
                } else if let first = start, line == "```" {
                    let text = lines[first..<index].joined(separator: "\n")
                    start = nil
                    guard !text.hasPrefix("# fragment") else { continue }
                    let url = folder.appendingPathComponent("\(document.deletingPathExtension().lastPathComponent)-\(first + 1).yaml")
                    try text.write(to: url, atomically: true, encoding: .utf8)
                    files.append(url)
                }
            }
        }
        return files
    }

    @Test func everyHeldScenarioIsValidAgainstTheSchema() throws {
        guard
            let validator = installedTestTool(
                jsonSchemaValidator, "check-jsonschema", installer: "Scripts/test-tools.sh", suite: "SchemaTests")
        else { return }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = try schema(in: folder)
        let files = try heldScenarios(copyingBlocksTo: folder)
        // 21 examples at least, and the README's overview scenario.
        #expect(files.count >= 21 + 1, "\(files.map(\.lastPathComponent))")
        let run = try runProcess(URL(fileURLWithPath: validator), ["--schemafile", schema.path] + files.map(\.path))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    /// Scenarios the parser refuses for their shape (a key, a type, a word, a range, a step):
    /// the schema refuses each of them too.
    @Test func shapesTheParserRefusesTheSchemaRefuses() throws {
        guard
            let validator = installedTestTool(
                jsonSchemaValidator, "check-jsonschema", installer: "Scripts/test-tools.sh", suite: "SchemaTests")
        else { return }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = try schema(in: folder)
        let base = Fixtures.yaml() + "\n"
        let tabs =
            "  tabs:\n    - {title: Posts, rows: 30, rowHeight: 100}\n    - {title: Media, rows: 15, rowHeight: 100}\n"
            + "    - {title: Likes, rows: 4, rowHeight: 100}\n"
        #expect(base.contains(tabs))
        let refused: [(String, String)] = [
            ("unknown top-level key", "colour: red\n" + base),
            ("fps as text", base + "fps: fast\n"),
            ("fps out of range (1 to 240)", base + "fps: 241\n"),
            ("fps with a decimal point", base + "fps: 30.5\n"),
            ("orientation not a word it knows", base + "orientation: sideways\n"),
            ("no steps", base.components(separatedBy: "steps:")[0]),
            ("a step with two names", base + "  - {drag: {dy: 10}, snapshot: two}\n"),
            ("an unknown step", base + "  - fly: {to: 3}\n"),
            ("scroll with both to and by", base + "  - scroll: {to: 10, by: 5}\n"),
            ("scroll with neither", base + "  - scroll: {animated: true}\n"),
            ("an empty tab list", base.replacingOccurrences(of: tabs, with: "  tabs: []\n")),
            ("a tab without a title", base.replacingOccurrences(of: "- {title: Posts, ", with: "- {")),
            ("a colour without #", "theme: {tint: '1d9bf0'}\n" + base),
            ("wait of 0 seconds", base + "  - wait: {seconds: 0}\n"),
            ("a custom device without height", base.replacingOccurrences(of: "device: iphone-14", with: "device: {width: 390}")),
            ("an unknown device", base.replacingOccurrences(of: "device: iphone-14", with: "device: iphone-99")),
            ("swipe progress over 1", base + "  - swipe: {to: 1, progress: 1.5}\n"),
            ("drag without dy", base + "  - drag: {}\n"),
            ("setHeader with nothing", base + "  - setHeader: {}\n"),
            ("a sheet detent listed twice", base + "  - present: {style: pageSheet, detents: [medium, medium]}\n"),
        ]
        var files: [String] = []
        for (index, (what, text)) in refused.enumerated() {
            let file = "case\(index).yaml"
            try cli.write(text, file, in: folder)
            let parsed = try cli.tabstage(["run", file, "--out", "out\(index)"], in: folder)
            #expect(parsed.status == 2, "the parser accepts \(what): \(parsed.stderr)")
            files.append(folder.appendingPathComponent(file).path)
        }
        // One validator run over every case (a Python start per case was most of this test's
        // time): its JSON output names each file it refused, and every case must be among them.
        let checked = try runProcess(
            URL(fileURLWithPath: validator), ["--schemafile", schema.path, "--output-format", "json"] + files)
        #expect(checked.status == 1, "\(checked.stdout)\(checked.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any]
        let errors = report?["errors"] as? [[String: Any]] ?? []
        #expect((report?["parse_errors"] as? [Any])?.isEmpty == true, "\(checked.stdout)")
        let refusedFiles = Set(errors.compactMap { $0["filename"] as? String })
        for (index, (what, _)) in refused.enumerated() {
            #expect(refusedFiles.contains(files[index]), "the schema accepts \(what): \(checked.stdout)")
        }
        // A mistaken step is named for its mistake, not for the first step name the validator tried.
        let mistakes: [(String, String)] = [
            (base + "  - drag: {dx: 10}\n", "'dx' was unexpected"),
            (base + "  - snapshott: one\n", "'snapshott' is not one of"),
            (base + "  - select: {tab: Posts, animated: maybe}\n", "'maybe' is not of type 'boolean'"),
        ]
        for (index, (text, named)) in mistakes.enumerated() {
            let file = "mistake\(index).yaml"
            try cli.write(text, file, in: folder)
            let checked = try runProcess(
                URL(fileURLWithPath: validator), ["--schemafile", schema.path, folder.appendingPathComponent(file).path])
            #expect(checked.status == 1)
            #expect((checked.stdout + checked.stderr).contains(named), "\(checked.stdout)\(checked.stderr)")
            // The oneOf form blamed the first step name it tried.
            #expect(!(checked.stdout + checked.stderr).contains("'snapshot' is a required property"), "\(checked.stdout)")
        }
        // And the base scenario itself passes both.
        try cli.write(base, "base.yaml", in: folder)
        #expect(try cli.tabstage(["run", "base.yaml", "--out", "base"], in: folder).status == 0)
        let accepted = try runProcess(
            URL(fileURLWithPath: validator), ["--schemafile", schema.path, folder.appendingPathComponent("base.yaml").path])
        #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
    }
}
