import Foundation
import TabStageModel

/// The `iOSVersion` and the `steps:` list: each step's keyword and argument, frames, snapshot names and tab references.
extension ScenarioParser {
    static let iOSVersionExpectation =
        "a released major iOS version: \(IOSVersion.supported.first!) to 18, \(IOSVersion.supported.suffix(2).map(String.init).joined(separator: " or "))"

    /// `iOSVersion` (default `IOSVersion.default`) and `designCompatibility`: 19 to 25 were never
    /// released; `designCompatibility` needs the Liquid Glass design to opt out of (26) and is
    /// refused on 27, whose SDK ignores `UIDesignRequiresCompatibility`.
    static func parseIOSVersion(_ value: YAMLValue?, designCompatibility: YAMLValue?) throws(ScenarioError) -> IOSVersion {
        let supported = IOSVersion.supported
        let major = try value?.integer(in: supported.first!...supported.last!, iOSVersionExpectation) ?? IOSVersion.default.major
        if let value, IOSVersion.neverReleased.contains(major) {
            throw value.error(
                "iOS \(major) was never released: Apple went from iOS 18 to iOS 26 (2025)", expected: iOSVersionExpectation)
        }
        guard let designCompatibility, try designCompatibility.bool() else { return IOSVersion(major) }
        let version = IOSVersion(major, designCompatibility: true)
        if major >= IOSVersion.firstIgnoringDesignCompatibility {
            throw designCompatibility.error(
                "'designCompatibility' has no effect on iOS \(major): the iOS \(IOSVersion.firstIgnoringDesignCompatibility) SDK ignores UIDesignRequiresCompatibility",
                expected: "iOSVersion: \(IOSVersion.firstLiquidGlass) to keep the iOS 18 look, or no designCompatibility")
        }
        if major < IOSVersion.firstLiquidGlass {
            throw designCompatibility.error(
                "'designCompatibility' keeps the iOS 18 look on iOS \(IOSVersion.firstLiquidGlass); iOS \(major) has that look already",
                expected: "iOSVersion: \(IOSVersion.firstLiquidGlass) with designCompatibility, or no designCompatibility")
        }
        return version
    }

    static func parseSteps(_ value: YAMLValue, tabs: [TabConfig], iOSVersion: IOSVersion) throws(ScenarioError) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        var snapshotNames: [String: SourceLocation] = [:]
        func parseStep(_ item: YAMLValue) throws(ScenarioError) {
            guard case .mapping(let mapping) = item.node, mapping.count == 1 else {
                throw item.error(
                    "each step must be a mapping with exactly one step name, found \(item.kindDescription)",
                    expected: "e.g. '- scroll: {to: 300}'; steps are \(stepKeywords.joined(separator: ", "))")
            }
            guard let (keyNode, _) = mapping.first else { return }
            if let word = keyNode.scalar?.string, !stepKeywords.contains(word) {
                throw YAMLValue(keyNode, path: item.path, file: item.location.file).error(
                    "unknown step '\(quoted(word))'" + didYouMean(word, stepKeywords), expected: oneOf(stepKeywords))
            }
            let fields = try item.mapping(allowed: stepKeywords)
            let (keyword, argument, keyLocation) = fields.fields[0]
            let kind: ScenarioStep.Kind
            var sourceControl: ControlName?
            var fullContent = false
            switch keyword {
            case "snapshot":
                var nameValue = argument
                if case .mapping = argument.node {
                    let snapshot = try argument.mapping(allowed: ScenarioKeys.snapshot.names)
                    nameValue = try snapshot.required("name", "a file name such as 'collapsed'")
                    fullContent = try snapshot["fullContent"]?.bool() ?? false
                }
                let name = try snapshotName(nameValue)
                if let first = snapshotNames[name] {
                    throw argument.error(
                        "snapshot '\(quoted(name))' is already taken at line \(first.line)", expected: "a unique snapshot name")
                }
                snapshotNames[name] = argument.location
                kind = .snapshot(name)
            case "scroll":
                let scroll = try argument.mapping(allowed: ScenarioKeys.scroll.names)
                let animated = try scroll["animated"]?.bool() ?? false
                switch (scroll["to"], scroll["by"]) {
                case (let to?, nil):
                    let y = try to.number()
                    kind = .action(.container(animated ? .animatedScroll(.offset(y)) : .scroll(to: y)))
                case (nil, let by?):
                    let delta = try by.number()
                    kind = .action(.container(animated ? .animatedScroll(.by(delta)) : .scrollBy(delta)))
                default:
                    throw argument.error(
                        "'scroll' takes exactly one of 'to' or 'by'",
                        expected: "{to: OFFSET} or {by: DELTA}, optionally with animated: true")
                }
            case "select":
                if case .mapping = argument.node {
                    let select = try argument.mapping(allowed: ScenarioKeys.select.names)
                    let tab = try tabIndex(try select.required("tab", "a tab index or title"), tabs: tabs)
                    let animated = try select["animated"]?.bool() ?? false
                    kind = .action(.container(animated ? .tap(tab) : .select(tab)))
                } else {
                    kind = .action(.container(.select(try tabIndex(argument, tabs: tabs))))
                }
            case "wait":
                let wait = try argument.mapping(allowed: ScenarioKeys.wait.names)
                let secondsText = "a time in seconds above 0 and at most \(format(maxWaitSeconds))"
                let seconds = try wait.required("seconds", secondsText).number(in: 0...maxWaitSeconds, secondsText)
                if seconds == 0 {
                    throw (wait["seconds"] ?? argument).error("'wait' of 0 seconds changes nothing", expected: secondsText)
                }
                kind = .action(.container(.tick(seconds: seconds)))
            case "drag":
                let drag = try argument.mapping(allowed: ScenarioKeys.drag.names)
                let maxDrag = ScenarioLimits.maxWindowSide * 100
                let dy = try drag.required("dy", "how much the offset grows in points (positive scrolls the content up), e.g. {dy: 120}")
                    .number(
                        in: -maxDrag...maxDrag, "how much the offset grows in points, from -\(format(maxDrag)) to \(format(maxDrag))")
                kind = .action(.container(.drag(dy: dy)))
            case "release":
                let release = try argument.mapping(allowed: ScenarioKeys.release.names)
                let velocityText = "a velocity in points per second from -\(format(maxVelocity)) to \(format(maxVelocity))"
                let velocity = try release["velocity"]?.number(in: -maxVelocity...maxVelocity, velocityText) ?? 0
                kind = .action(.container(.release(velocity: velocity)))
            case "swipe":
                let swipe = try argument.mapping(allowed: ScenarioKeys.swipe.names)
                let to = try tabIndex(try swipe.required("to", "a tab index or title"), tabs: tabs)
                let progress = try swipe.required("progress", "a fraction from 0 to 1").number(in: 0...1, "a fraction from 0 to 1")
                let finish = try swipe["finish"]?.bool() ?? false
                kind = .action(.container(.swipe(to: to, progress: progress, finish: finish)))
            case "rotate":
                kind = .action(.rotate(try argument.choice(Orientation.self)))
            case "resize":
                let (mode, size) = try parseWindow(argument)
                kind = .action(size.map(StageAction.resizeWindow) ?? .resize(mode))
            case "setHeader":
                let header = try argument.mapping(allowed: ScenarioKeys.setHeader.names)
                guard !header.keys.isEmpty else {
                    throw argument.error("'setHeader' changes nothing", expected: "height, minHeight or both")
                }
                let height = try header["height"].map { v throws(ScenarioError) in try positive(v, max: ScenarioLimits.maxWindowSide) }
                let minHeight = try header["minHeight"]?.number(
                    in: 0...ScenarioLimits.maxWindowSide, "a number of points from 0 to \(format(ScenarioLimits.maxWindowSide))")
                kind = .action(.container(.setHeader(height: height, minHeight: minHeight)))
            case "present":
                let (request, control) = try parsePresentation(argument, iOSVersion: iOSVersion)
                kind = .action(.present(request))
                sourceControl = control
            case "detent":
                try requireSheetDetents(iOSVersion, at: argument, what: "the 'detent' step")
                kind = .action(.selectDetent(try argument.choice(SheetDetent.self)))
            case "dismiss":
                if !argument.isNull { _ = try argument.mapping(allowed: []) }
                kind = .action(.dismiss)
            default:  // scrollToTop
                var animated = false
                if !argument.isNull {
                    animated = try argument.mapping(allowed: ScenarioKeys.scrollToTop.names)["animated"]?.bool() ?? false
                }
                kind = .action(.container(animated ? .animatedScroll(.top) : .scrollToTop))
            }
            var step = ScenarioStep(
                kind: kind, keyword: keyword, location: keyLocation, sourceControl: sourceControl, fullContent: fullContent)
            step.framesAreReferences = try framesAreReferences(keyword, argument, kind: kind)
            steps.append(step)
        }
        // Each step is checked on its own, so one run names up to `ScenarioError.maxReported`
        // mistakes in the steps, each at its line, instead of one fix per run.
        var errors: [ScenarioError] = []
        for item in try value.sequence() {
            do throws(ScenarioError) {
                try parseStep(item)
            } catch {
                errors.append(error)
            }
        }
        if var first = errors.first {
            first.further = Array(errors.dropFirst().prefix(ScenarioError.maxReported - 1))
            first.unreported = errors.count - 1 - first.further.count
            throw first
        }
        return steps
    }

    private static func snapshotName(_ value: YAMLValue) throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = value.node, !value.isNull else {
            throw value.error("'snapshot' needs a name, found \(value.kindDescription)", expected: "a file name such as 'collapsed'")
        }
        try checkFileName(scalar.string, at: value, what: "snapshot name")
        return scalar.string
    }

    /// Names become file names: no paths, no hidden files, nothing a shell or a file system trips on.
    /// File systems count a name's bytes, not its characters.
    static func checkFileName(_ name: String, at value: YAMLValue, what: String) throws(ScenarioError) {
        let allowedPunctuation: Set<Character> = ["-", "_", "."]
        let rule = "1 to \(ScenarioLimits.maxNameCharacters) letters, digits, '-', '_' or '.', not starting with '.'"
        let plain =
            !name.isEmpty && name.prefix(ScenarioLimits.maxNameCharacters + 1).count <= ScenarioLimits.maxNameCharacters
            && !name.hasPrefix(".")
            && name.allSatisfy { $0.isLetter || $0.isNumber || allowedPunctuation.contains($0) }
        if !plain {
            throw value.error("\(what) '\(quoted(name))' is not a plain file name", expected: rule)
        }
        let bytes = name.utf8.count
        if bytes > ScenarioLimits.maxNameBytes {
            throw value.error(
                "\(what) '\(quoted(name))' is \(bytes) bytes in UTF-8, too long for a file name",
                expected: "at most \(ScenarioLimits.maxNameBytes) bytes, so NAME-100000.png fits the 255-byte file-name limit")
        }
    }

    private static func tabIndex(_ value: YAMLValue, tabs: [TabConfig]) throws(ScenarioError) -> Int {
        let titles = tabs.map(\.title)
        if value.tagName == .int {
            let index = try value.integer(in: Int.min...Int.max, "a tab index")
            guard tabs.indices.contains(index) else {
                let count = tabs.count == 1 ? "1 tab" : "\(tabs.count) tabs"
                throw value.error(
                    "there is no tab \(index) (the container has \(count))",
                    expected: "an index from 0 to \(tabs.count - 1), or a title: \(listed(titles))")
            }
            return index
        }
        let title = try value.string()
        guard let index = titles.firstIndex(of: title) else {
            throw value.error("no tab is titled '\(quoted(title))'" + didYouMean(title, titles), expected: oneOf(titles) + ", or an index")
        }
        return index
    }
}
