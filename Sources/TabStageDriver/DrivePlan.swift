import Foundation

/// What tabstage's model plans for one scenario, as a file an iOS test target reads: each
/// step's index and line, the call the container gets and what is compared after it, and
/// what the recording needs up front (the window the container starts in, its tabs).
/// `tabstage plan SCENARIO --out FILE` writes it; `play(driving:)` drives a container through it.
public struct DrivePlan: Sendable, Hashable, Codable {
    /// The plan format's version this library reads and writes.
    public static let currentVersion = 1

    /// The format's version (`currentVersion`).
    public var version: Int
    /// The name the observed trace carries: the scenario's, or `NAME@VARIANT` for a variant.
    public var scenario: String
    /// The scenario file the plan was made from, as it was named to `tabstage plan`.
    public var scenarioFile: String
    /// The window the container starts in, in points.
    public var window: DrivenSize
    /// The tabs' titles, in order: a step's tab index counts in this list.
    public var tabs: [String]
    /// Every step of the scenario, in order.
    public var steps: [DrivenStep]

    /// A plan of the current version.
    public init(scenario: String, scenarioFile: String, window: DrivenSize, tabs: [String], steps: [DrivenStep]) {
        version = Self.currentVersion
        self.scenario = scenario
        self.scenarioFile = scenarioFile
        self.window = window
        self.tabs = tabs
        self.steps = steps
    }

    /// The plan as JSON: pretty-printed with sorted keys (the same plan, the same bytes),
    /// ending in a newline.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every number is checked finite before a plan exists; a failure here is a bug.
        guard var data = try? encoder.encode(self) else { preconditionFailure("a checked plan always encodes") }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Writes `json` to a file.
    public func write(to url: URL) throws {
        try json.write(to: url, options: .atomic)
    }

    /// Reads a plan file: at most `ObservationLimits.maxPlanBytes`, decoded and checked.
    ///
    /// - Parameter url: The plan, as `tabstage plan` wrote it (in a test, a bundle resource).
    /// - Returns: The plan, checked.
    /// - Throws: A `RecordingError` naming the file and the field at fault.
    public static func read(from url: URL) throws(RecordingError) -> DrivePlan {
        let name = url.path
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            // One byte more than allowed tells a file over the limit without reading it all.
            data = try handle.read(upToCount: ObservationLimits.maxPlanBytes + 1) ?? Data()
        } catch {
            throw RecordingError(
                location: name, message: "the plan file cannot be read: \(error.localizedDescription)",
                expected: "a plan written by 'tabstage plan'")
        }
        return try decode(data, file: name)
    }

    /// Decodes and checks a plan's bytes.
    ///
    /// - Parameters:
    ///   - data: The plan's JSON.
    ///   - file: The plan's name, for errors.
    /// - Returns: The plan, checked.
    /// - Throws: A `RecordingError` naming `file` and the field at fault.
    public static func decode(_ data: Data, file: String) throws(RecordingError) -> DrivePlan {
        guard data.count <= ObservationLimits.maxPlanBytes else {
            throw RecordingError(
                location: file, message: "the plan file is larger than \(ObservationLimits.maxPlanBytes) bytes",
                expected: "a plan written by 'tabstage plan' (at most \(ObservationLimits.maxSteps) steps)")
        }
        // The version first, alone: a plan of another version is named as such, not as the
        // first field this version does not know.
        if let header = try? JSONDecoder().decode(VersionHeader.self, from: data), header.version != currentVersion {
            throw RecordingError(
                location: file, field: "version", message: "the plan is version \(header.version)",
                expected: "version \(currentVersion): write the plan again with this release's 'tabstage plan'")
        }
        let plan: DrivePlan
        do {
            plan = try JSONDecoder().decode(DrivePlan.self, from: data)
        } catch let error as PlanFieldError {
            throw RecordingError(location: file, field: error.field, message: error.message, expected: error.expected)
        } catch let error as DecodingError {
            if let found = PlanCheck.unreadableNumber(in: data) {
                throw RecordingError(
                    location: file, field: found.field, message: "the plan has \(found.number)",
                    expected: "a finite number within the plan format's ranges (points within ±409600)")
            }
            throw PlanCheck.error(error, file: file)
        } catch {
            throw RecordingError(
                location: file, message: "the plan cannot be read: \(error)", expected: "a plan written by 'tabstage plan'")
        }
        do {
            try PlanCheck.check(plan)
        } catch {
            throw RecordingError(location: file, field: error.field, message: error.message, expected: error.expected)
        }
        return plan
    }

    private struct VersionHeader: Decodable {
        var version: Int
    }
}

extension DrivePlan {
    /// Drives `container` through every step and reads it after each step that is recorded,
    /// checking each number it reports against `ObservationLimits`.
    ///
    /// - Parameter container: The container, as the plan's first window shows it.
    /// - Returns: The recording, in the observed-trace format `tabstage conform` reads.
    /// - Throws: A `RecordingError` at the first step the container could not perform or whose
    ///   numbers are not numbers a container can have (nothing after it is driven).
    @MainActor
    public func play(driving container: some RecordableContainer) async throws(RecordingError) -> RecordedTrace {
        var observations: [ContainerObservation?] = []
        var states: [(index: Int, state: TraceJSON)] = []
        for step in steps {
            if let action = step.action {
                do {
                    try await container.perform(action)
                } catch {
                    throw RecordingError(
                        step: step, field: nil,
                        message: "the container could not perform it: "
                            + "\(error)".split(whereSeparator: \.isNewline).joined(separator: " "),
                        expected: "a container that performs every step of the scenario")
                }
            }
            guard step.isRecorded else {
                observations.append(nil)
                continue
            }
            let observation = await container.observe()
            do {
                states.append((step.index, try ObservationCheck.state(observation, tabCount: tabs.count)))
            } catch {
                throw RecordingError(step: step, field: error.field, message: error.message, expected: error.expected)
            }
            observations.append(observation)
        }
        return RecordedTrace(scenario: scenario, plan: steps, observations: observations, states: states)
    }
}
