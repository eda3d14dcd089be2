import TabStageModel

extension Stage {
    /// A tab named by its index (from 0) or its title, as a scenario's `select` and `swipe`
    /// name one: `.select(1)` or `.select("Media")`.
    public enum TabReference: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
        /// The tab at this index, from 0.
        case index(Int)
        /// The first tab with this title.
        case title(String)

        /// `.select(1)`.
        public init(integerLiteral value: Int) { self = .index(value) }
        /// `.select("Media")`.
        public init(stringLiteral value: String) { self = .title(value) }
    }

    /// One step, in the vocabulary of a scenario file: `.drag(dy: 120)` is `drag: {dy: 120}`.
    /// The Scenario Format article lists every step with its YAML beside its Swift value.
    public struct Step: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable {
            case action(StageAction)
            /// A tab named by title, resolved against the container when the step runs.
            case select(title: String, animated: Bool)
            case swipe(title: String, progress: Double, finish: Bool)
            /// A value no scenario file could hold (a NaN, a negative wait): refused when applied.
            case invalid(String, expected: String)
        }

        let kind: Kind
        /// The scenario keyword the step stands for (`drag`, `select`, …), which starts its errors.
        public let keyword: String
        /// A `present` step's source named as a control, resolved against the layout when it runs.
        let source: ControlName?

        init(_ action: StageAction, keyword: String, source: ControlName? = nil) {
            self.init(.action(action), keyword: keyword, source: source)
        }

        private init(_ kind: Kind, keyword: String, source: ControlName? = nil) {
            self.kind = kind
            self.keyword = keyword
            self.source = source
        }

        /// The keyword and what the step carries, for test failure messages.
        public var description: String {
            switch kind {
            case .action(let action): "\(keyword) \(action)"
            case .select(let title, let animated): "\(keyword) \(title)\(animated ? " (animated)" : "")"
            case .swipe(let title, let progress, let finish): "\(keyword) to \(title), progress \(progress), finish \(finish)"
            case .invalid(let message, _): "\(keyword) (\(message))"
            }
        }

        /// A number a scenario file would refuse: not finite, or outside `range`.
        private static func checked(
            _ keyword: String, _ name: String, _ value: Double, in range: ClosedRange<Double>, _ expected: String, _ step: () -> Step
        ) -> Step {
            guard value.isFinite, range.contains(value) else {
                return Step(.invalid("\(name) \(value) is out of range", expected: expected), keyword: keyword)
            }
            return step()
        }

        private static let points = -ScenarioLimits.maxWindowSide * 100...ScenarioLimits.maxWindowSide * 100
        private static let pointsText =
            "a number of points from -\(messageNumberText(points.upperBound)) to \(messageNumberText(points.upperBound))"

        /// `scroll: {to: Y}`: sets the selected tab's offset (clamped to its bounds); animated,
        /// it eases there in 0.3 s.
        public static func scroll(to offset: Double, animated: Bool = false) -> Step {
            checked("scroll", "to", offset, in: points, pointsText) {
                Step(.container(animated ? .animatedScroll(.offset(offset)) : .scroll(to: offset)), keyword: "scroll")
            }
        }

        /// `scroll: {by: D}`: moves the selected tab's offset by `delta`.
        public static func scroll(by delta: Double, animated: Bool = false) -> Step {
            checked("scroll", "by", delta, in: points, pointsText) {
                Step(.container(animated ? .animatedScroll(.by(delta)) : .scrollBy(delta)), keyword: "scroll")
            }
        }

        /// `scrollToTop: {}`: the selected tab's smallest offset (the header expanded).
        public static func scrollToTop(animated: Bool = false) -> Step {
            Step(.container(animated ? .animatedScroll(.top) : .scrollToTop), keyword: "scrollToTop")
        }

        /// `select: Media` or `select: 1`; animated, a tap on the tab's button (on the selected
        /// tab it scrolls to the top).
        public static func select(_ tab: TabReference, animated: Bool = false) -> Step {
            switch tab {
            case .index(let index): Step(.container(animated ? .tap(index) : .select(index)), keyword: "select")
            case .title(let title): Step(.select(title: title, animated: animated), keyword: "select")
            }
        }

        /// `swipe: {to, progress, finish}`: interactive paging towards a tab.
        public static func swipe(to tab: TabReference, progress: Double, finish: Bool = false) -> Step {
            checked("swipe", "progress", progress, in: 0...1, "a fraction from 0 to 1") {
                switch tab {
                case .index(let index): Step(.container(.swipe(to: index, progress: progress, finish: finish)), keyword: "swipe")
                case .title(let title): Step(.swipe(title: title, progress: progress, finish: finish), keyword: "swipe")
                }
            }
        }

        /// `wait: {seconds: S}`: ⌈S × fps⌉ ticks of time passing.
        public static func wait(seconds: Double) -> Step {
            checked("wait", "seconds", seconds, in: .leastNonzeroMagnitude...Double.greatestFiniteMagnitude, "a time in seconds above 0") {
                Step(.container(.tick(seconds: seconds)), keyword: "wait")
            }
        }

        /// `drag: {dy: D}`: the finger moves and the offset grows by `dy` (positive scrolls the
        /// content up); one frame.
        public static func drag(dy: Double) -> Step {
            checked("drag", "dy", dy, in: points, pointsText) { Step(.container(.drag(dy: dy)), keyword: "drag") }
        }

        /// `release: {velocity: V}`: the finger lifts at `velocity` pt/s (same sign as `dy`).
        public static func release(velocity: Double = 0) -> Step {
            checked("release", "velocity", velocity, in: -100_000...100_000, "a velocity in points per second from -100000 to 100000") {
                Step(.container(.release(velocity: velocity)), keyword: "release")
            }
        }

        /// `rotate: landscape`: new traits, UIKit's callbacks, content kept in place.
        public static func rotate(_ orientation: Orientation) -> Step { Step(.rotate(orientation), keyword: "rotate") }

        /// `resize: half`: an iPad multitasking window (refused on an iPhone).
        public static func resize(_ mode: Multitasking) -> Step { Step(.resize(mode), keyword: "resize") }

        /// `resize: {width, height}`: an iPadOS 26 window of any size between the system's
        /// minimum and the screen (refused before iOS 26 and on an iPhone).
        public static func resizeWindow(width: Double, height: Double) -> Step {
            Step(.resizeWindow(Size(width: width, height: height)), keyword: "resize")
        }

        /// `setHeader: {height, minHeight}`: changes the header without a jump; nil keeps a value.
        public static func setHeader(height: Double? = nil, minHeight: Double? = nil) -> Step {
            let range = 0...ScenarioLimits.maxWindowSide
            for (name, value) in [("height", height), ("minHeight", minHeight)] {
                if let value, !value.isFinite || !range.contains(value) {
                    return Step(
                        .invalid("\(name) \(value) is out of range", expected: "a number from 0 to \(messageNumberText(range.upperBound))"),
                        keyword: "setHeader")
                }
            }
            if height == nil, minHeight == nil {
                return Step(.invalid("changes nothing", expected: "height, minHeight or both"), keyword: "setHeader")
            }
            return Step(.container(.setHeader(height: height, minHeight: minHeight)), keyword: "setHeader")
        }

        /// `present: {…}` with a rect source (or none).
        public static func present(_ request: PresentationRequest) -> Step { Step(.present(request), keyword: "present") }

        /// `present: {source: more, …}`: the popover points at a drawn control, found in the
        /// layout of the stage when the step runs (refused when it is not on screen).
        public static func present(_ request: PresentationRequest, from control: ControlName) -> Step {
            Step(.present(request), keyword: "present", source: control)
        }

        /// `detent: large`: rests the presented sheet at another detent.
        public static func detent(_ detent: SheetDetent) -> Step { Step(.selectDetent(detent), keyword: "detent") }

        /// `dismiss: {}`: dismisses what is presented.
        public static var dismiss: Step { Step(.dismiss, keyword: "dismiss") }
    }
}
