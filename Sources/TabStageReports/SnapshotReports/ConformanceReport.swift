import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageWorkflow

/// `conform --report DIR`: the page of `verify --report` for a conformance check. For each
/// step where an observed value disagrees, the model's picture beside one drawn by the same
/// painter from the observed numbers (the model's state after that step with every observed
/// value the picture can show put in its place) and their perceptual difference; a chart of
/// each divergent field over the observed steps; `junit.xml` with one test case per field.
/// Written through the caller's writer, so it joins the command's transaction and rollback.
package enum ConformanceReport {
    /// What one observed step changes in the model's picture.
    package struct Substitution: Sendable, Hashable {
        /// The observed selected tab.
        package var selectedTab: Int?
        /// Observed `contentOffsetY` by tab.
        package var offsets: [Int: Double] = [:]
        /// Observed header height, tab bar top and presentation frame.
        package var layout = LayoutSubstitution()
        /// The observed values drawn, as `path value`, in the file's order.
        package var drawn: [String] = []
        /// The paths of observed values no picture shows (insets, traits, lifecycle…).
        package var notDrawn: Set<String> = []

        /// Nothing substituted: the observed picture is the model's.
        package var isEmpty: Bool { selectedTab == nil && offsets.isEmpty && layout.isEmpty }
    }

    /// The observed values at one step that a picture can show, read from its `state` object.
    package static func substitution(_ state: ObservedNode) -> Substitution {
        var result = Substitution()
        walk(state, path: "", into: &result)
        return result
    }

    private static func walk(_ node: ObservedNode, path: String, into result: inout Substitution) {
        switch node.value {
        case .object(let fields):
            for field in fields { walk(field.node, path: path.isEmpty ? field.key : "\(path).\(field.key)", into: &result) }
        case .array(let items) where items.contains(where: \.isContainer):
            for (index, item) in items.enumerated() { walk(item, path: "\(path)[\(index)]", into: &result) }
        case .number(let value):
            guard value.isFinite, take(value, path: path, into: &result) else {
                result.notDrawn.insert(path)
                return
            }
            result.drawn.append("\(path) \(JSON.number(value).text())")
        default:
            result.notDrawn.insert(path)
        }
    }

    /// Puts one observed number where the picture reads it; false for a field it does not draw.
    private static func take(_ value: Double, path: String, into result: inout Substitution) -> Bool {
        switch path {
        case "container.headerHeight": result.layout.headerHeight = value
        case "container.collapseProgress": result.layout.collapseProgress = value
        case "container.tabBarTop": result.layout.tabBarTop = value
        case "container.selectedTab":
            guard value >= 0, value <= Double(Int32.max), value.rounded() == value else { return false }
            result.selectedTab = Int(value)
        case "presentation.frame.x": result.layout.presentationX = value
        case "presentation.frame.y": result.layout.presentationY = value
        case "presentation.frame.width": result.layout.presentationWidth = value
        case "presentation.frame.height": result.layout.presentationHeight = value
        default:
            let prefix = "container.tabs[", suffix = "].contentOffsetY"
            guard path.hasPrefix(prefix), path.hasSuffix(suffix),
                let tab = Int(path.dropFirst(prefix.count).dropLast(suffix.count))
            else { return false }
            result.offsets[tab] = value
        }
        return true
    }

    /// The observed picture's stage and layout: the model's state after the step with the
    /// observed tab and offsets, laid out with the observed header, tab bar and presentation.
    package static func observedLayout(
        _ model: StageState, look: Look, _ substitution: Substitution, measuring: some TextMeasuring
    ) -> (StageState, StageLayout) {
        let stage =
            substitution.selectedTab == nil && substitution.offsets.isEmpty
            ? model
            : model.replacingContainer(
                model.container.substituting(selectedTab: substitution.selectedTab, offsets: substitution.offsets))
        return (stage, StageLayout(stage, look: look, measuring: measuring, substituting: substitution.layout))
    }

    /// Pixels the report's pictures may take together (two pictures and their difference per
    /// divergent step, at the device's scale): the budget of `--frames`.
    package static let maxPixels = FrameBudget.maxPixels

    /// Why the pictures would be over `maxPixels`, placed at the observed step that takes them
    /// past it; nil when they fit. Estimated from the windows alone, before anything is drawn.
    package static func budgetProblem(_ result: ConformanceResult, observed: ObservedTraceFile) -> ScenarioError? {
        budgetProblem([Check(result: result, observed: observed)])
    }

    /// Why the pictures of every check together (a scenario's variants share one report) would
    /// be over `maxPixels`, placed at the observed step that takes them past it; nil when they fit.
    package static func budgetProblem(_ checks: [Check]) -> ScenarioError? {
        var total = 0.0
        var costs: [(check: Check, step: Int, pixels: Double)] = []
        for check in checks {
            for step in Set(check.result.disagreements.map(\.step)).sorted() {
                guard let state = check.result.states[step] else { continue }
                let size = RenderOptions().pixelSize(state)
                costs.append((check, step, 3 * size.width * size.height))
            }
        }
        let all = costs.map(\.pixels).reduce(0, +)
        guard all > Double(maxPixels) else { return nil }
        for (check, step, cost) in costs {
            total += cost
            guard total > Double(maxPixels) else { continue }
            let location =
                check.observed.steps.first { $0.index == step }?.location ?? SourceLocation(file: check.result.scenario)
            return ScenarioError(
                location,
                "--report would draw \(decimalText(all, decimals: 0)) pixels for \(costs.count) divergent step(s) (two pictures and their difference each, at the device's scale); step \(step) takes it past the budget of \(maxPixels) pixels",
                expected: "fewer divergent steps in one observed file: split it, or fix the first divergence and check again")
        }
        return nil
    }

    /// Draws, compares and writes every divergent step's pictures into `folder/steps/`, the
    /// charts into `folder/charts/`, then `index.html`, `junit.xml` and the manifest.
    ///
    /// - Parameters:
    ///   - result: The check, run with `keepingStates`.
    ///   - observed: The observed trace the check read.
    ///   - folder: The report folder (created).
    ///   - summary: The page's summary line (the command's last line).
    ///   - writer: The command's writer.
    /// - Throws: A `WorkflowError` when a picture cannot be drawn or a file written.
    package static func write(
        _ result: ConformanceResult, observed: ObservedTraceFile, to folder: String, summary: String, writer: inout AtomicWriter
    ) throws(WorkflowError) {
        try write([Check(result: result, observed: observed)], to: folder, summary: summary, writer: &writer)
    }

    /// One comparison a report shows: a scenario's, or one variant's.
    package struct Check: Sendable {
        /// The check, run with `keepingStates`.
        package var result: ConformanceResult
        /// The observed trace it read.
        package var observed: ObservedTraceFile
        /// The variant's name; nil for a scenario without variants.
        package var variant: String?

        package init(result: ConformanceResult, observed: ObservedTraceFile, variant: String? = nil) {
            self.result = result
            self.observed = observed
            self.variant = variant
        }

        /// What the variant's files start with (`dark-`): none for a scenario without variants.
        var prefix: String { variant.map { "\($0)-" } ?? "" }
    }

    /// The report of several checks in one folder, each a group of the page and a test suite
    /// of `junit.xml` (named by `result.scenario`, `<scenario>@<variant>` for a variant): a
    /// variant's pictures are `steps/<variant>-STEP.*.png` and its charts `charts/<variant>-N.svg`.
    package static func write(_ checks: [Check], to folder: String, summary: String, writer: inout AtomicWriter) throws(WorkflowError) {
        try writer.createDirectory(folder, label: "--report")
        var entries: [SnapshotOutcome] = []
        var charts = ""
        var folders = Set<String>()
        for check in checks {
            let result = check.result
            let byStep = Dictionary(grouping: result.disagreements, by: \.step)
            let observedSteps = Dictionary(check.observed.steps.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
            for step in byStep.keys.sorted() {
                guard let model = result.states[step], let disagreements = byStep[step], let first = disagreements.first else { continue }
                let substitution = observedSteps[step].map { Self.substitution($0.state) } ?? Substitution()
                if folders.insert("steps").inserted { try writer.createDirectory("steps", in: folder) }
                let pictures = try draw(model, look: result.look, substitution)
                var outcome = SnapshotOutcome(
                    group: result.scenario, name: "step \(step) '\(first.text)' (\(first.location))",
                    status: .failed(message(disagreements, substitution, samePixels: pictures.comparison.differentPixels == 0)))
                let names: [(SnapshotImages.Kind, String, [UInt8])] = [
                    (.expected, "model", pictures.model), (.actual, "observed", pictures.observed), (.diff, "diff", pictures.diff),
                ]
                for (kind, name, bytes) in names {
                    let relative = "steps/\(check.prefix)\(step).\(name).png"
                    try writer.write(bytes, to: "\(folder)/\(relative)")
                    outcome.images[kind] = relative
                }
                outcome.comparison = pictures.comparison
                outcome.regions = pictures.regions
                entries.append(outcome)
            }
            charts += try writeCharts(result, to: folder, variant: check.variant, folders: &folders, writer: &writer)
        }
        let settings = FailureReport.Settings(
            recordMode: .never, threshold: PerceptualDiff.Options().threshold, subject: "observed steps",
            heading: "tabstage conformance report",
            summaryLine: summary, captions: captions, overlayLabel: "Model ◀ overlay ▶ observed",
            emptyText: "Every observed value agrees with the model.", appendix: charts)
        let total = checks.map(\.result.steps).reduce(0, +)
        try writer.write(Array(FailureReport.html(entries, total: total, settings: settings).utf8), to: "\(folder)/index.html")
        try writer.write(Array(FailureReport.junit(checks.flatMap { testCases($0.result) }).utf8), to: "\(folder)/junit.xml")
        try writer.replacePrevious(in: folder)
    }

    /// The figures' captions.
    static let captions: [SnapshotImages.Kind: String] = [
        .expected: "Model: the scenario's state after the step",
        .actual: "Observed: the same painter, the observed numbers in place",
        .diff: "Difference: red changed, yellow anti-aliasing",
    ]

    /// What a divergent step's section says: each disagreeing field, then what the observed
    /// picture was drawn from and what it cannot show. One line each.
    static func message(_ disagreements: [Divergence], _ substitution: Substitution, samePixels: Bool) -> String {
        var lines = disagreements.map { "\($0.path): model \($0.model), observed \($0.observed)" }
        if substitution.isEmpty {
            lines.append("The observed picture is the model's: no observed value at this step is one a picture shows.")
        } else {
            lines.append("The observed picture is drawn with " + substitution.drawn.joined(separator: ", ") + ".")
        }
        let hidden = disagreements.map(\.path).filter { substitution.notDrawn.contains($0) }
        if !hidden.isEmpty {
            lines.append("Not drawn (no picture shows it): " + hidden.joined(separator: ", ") + ".")
        }
        if samePixels, !substitution.isEmpty {
            lines.append(
                "The two pictures are the same: what diverges does not show on screen after this step (a tab not shown, or less than a pixel)."
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The two pictures of one step, their difference as a PNG and where it lies.
    struct Pictures {
        var model: [UInt8]
        var observed: [UInt8]
        var diff: [UInt8]
        var comparison: SnapshotOutcome.Comparison
        var regions: [DiffRegion]
    }

    static func draw(_ model: StageState, look: Look, _ substitution: Substitution) throws(WorkflowError) -> Pictures {
        let modelSVG = try SnapshotRenderer.checkedSVG(model, look: look)
        let (stage, layout) = observedLayout(model, look: look, substitution, measuring: TextMeasurer.shared)
        let observedSVG: String
        do {
            observedSVG = try SVGSnapshot.checkedSVG(stage, look: look, layout: layout)
        } catch {
            throw WorkflowError(error.description, kind: .badInput)
        }
        let modelImage = try SnapshotRenderer.image(svg: modelSVG, state: model, look: look)
        let observedImage = try SnapshotRenderer.image(svg: observedSVG, state: stage, look: look)
        let compared: PerceptualDiff.Result
        do {
            compared = try PerceptualDiff.compare(modelImage, observedImage, diffImage: true)
        } catch {
            throw WorkflowError(error.message)
        }
        let diffImage = compared.image ?? modelImage
        return Pictures(
            model: try SnapshotRenderer.encode(modelImage, .fast), observed: try SnapshotRenderer.encode(observedImage, .fast),
            diff: try SnapshotRenderer.encode(diffImage, .fast), comparison: SnapshotOutcome.Comparison(compared),
            regions: compared.image.map { PerceptualDiff.regions(of: $0) } ?? [])
    }

    /// One chart per divergent field whose values are numbers (`charts/N.svg`, in the order
    /// the divergences are listed), and a table of the values of every other divergent field.
    /// Returns the page's section, or "" when nothing diverges.
    static func writeCharts(
        _ result: ConformanceResult, to folder: String, variant: String? = nil, folders: inout Set<String>, writer: inout AtomicWriter
    ) throws(WorkflowError) -> String {
        guard !result.divergences.isEmpty else { return "" }
        let byPath = Dictionary(grouping: result.values, by: \.path)
        let prefix = variant.map { "\($0)-" } ?? ""
        let heading = variant == nil ? "Divergent fields over the steps" : "\(xmlEscape(result.scenario)): divergent fields over the steps"
        var html = "<section class=\"charts\">\n<h2>\(heading)</h2>\n"
        var written = 0
        for divergence in result.divergences {
            let values = byPath[divergence.path] ?? []
            let numbers = values.compactMap { value -> (step: Int, model: Double, observed: Double)? in
                guard case .number(let model) = value.model, case .number(let observed) = value.observed else { return nil }
                return (value.step, model, observed)
            }
            let title = xmlEscape(divergence.path)
            if numbers.count == values.count, !numbers.isEmpty {
                if folders.insert("charts").inserted { try writer.createDirectory("charts", in: folder) }
                written += 1
                let relative = "charts/\(prefix)\(written).svg"
                let svg = MotionPlot.stepChart(
                    title: divergence.path, steps: numbers.map(\.step), model: numbers.map(\.model),
                    observed: numbers.map(\.observed), unit: unit(of: divergence.path))
                try writer.write(Array(svg.utf8), to: "\(folder)/\(relative)")
                html +=
                    "<figure class=\"chart\"><img src=\"\(relative)\" alt=\"\(title): the model's and the observed value at each observed step\"></figure>\n"
            } else {
                html += "<h3>\(title)</h3>\n<table class=\"counts\">\n<tr><th scope=\"col\">step</th><th scope=\"col\">model</th>"
                html += "<th scope=\"col\">observed</th></tr>\n"
                for value in values {
                    let mark = value.agrees ? "" : " class=\"diverges\""
                    html +=
                        "<tr\(mark)><td>\(value.step)</td><td>\(xmlEscape(value.model.oneLine))</td><td>\(xmlEscape(value.observed.oneLine))</td></tr>\n"
                }
                html += "</table>\n"
            }
        }
        return html + "</section>\n"
    }

    /// What a field's chart counts along its y axis.
    static func unit(of path: String) -> String {
        let key = path.split(separator: ".").last.map(String.init) ?? path
        if Conformance.fractionKeys.contains(key) { return "fraction (0 expanded, 1 collapsed)" }
        if Conformance.exactKeys.contains(key) { return key == "selectedTab" ? "tab index" : key }
        return "points"
    }

    /// One JUnit test case per field compared: a failure names the field's first divergent
    /// step, the field, the model's value and the observed one.
    static func testCases(_ result: ConformanceResult) -> [SnapshotOutcome] {
        let first = Dictionary(result.divergences.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        return result.paths.map { path in
            SnapshotOutcome(group: result.scenario, name: path, status: first[path].map { .failed($0.line) } ?? .matched)
        }
    }
}
