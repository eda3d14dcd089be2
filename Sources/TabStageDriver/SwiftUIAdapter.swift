// The SwiftUI adapter: every line reads or writes one property the protocols name. Written
// against Apple's SwiftUI documentation (onScrollGeometryChange(for:of:action:) and
// ScrollPosition, iOS 18 and macOS 15); this repository builds on Linux, where SwiftUI does not
// exist, so it is not compiled or run here. iOS only, so a macOS build never compiles it.
#if canImport(SwiftUI) && canImport(Observation) && os(iOS)
import Observation
import SwiftUI

/// The state a SwiftUI tab container binds to, and the numbers its views report through
/// `recordsScrollGeometry(tab:into:)` and `recordsFrame(_:into:)`. A SwiftUI container binds
/// `selectedTab` to its tab selection, each tab's scroll view to `positions[i]` and its
/// presentation to `presented`; the recorder drives those and reads what the modifiers wrote.
/// A SwiftUI presentation's adapted style is not observable: `presentation` is not recorded.
@available(iOS 18, macOS 15, *)
@MainActor
@Observable
public final class SwiftUIContainerRecorder: RecordableContainer {
    /// The selected tab: bind the container's selection to it.
    public var selectedTab = 0
    /// Each tab's scroll position: bind each tab's scroll view with `scrollPosition(_:)`.
    public var positions: [ScrollPosition]
    /// What `present` asks for, nil when nothing is presented: bind the container's sheet to it.
    public var presented: DrivenPresentation?
    /// The detent a `detent` step rests the sheet at.
    public var selectedDetent: DrivenDetent?
    /// Resizes the window the container is hosted in (a UI test's `UIWindow`); nil: rotations
    /// and resizes throw `SwiftUIAdapterError.unsupported`.
    @ObservationIgnored public var resizeWindow: ((DrivenSize) -> Void)?
    /// What the modifiers last reported.
    public var observation: ContainerObservation

    /// A recorder for a container of `tabCount` tabs.
    public init(tabCount: Int) {
        positions = Array(repeating: ScrollPosition(edge: .top), count: tabCount)
        observation = ContainerObservation(tabs: Array(repeating: nil, count: tabCount))
    }

    private var offset: Double { observation.tabs[selectedTab]?.contentOffsetY ?? 0 }

    /// Writes the step into the bound state; SwiftUI lays out on the next turn.
    public func perform(_ action: DrivenAction) async throws {
        switch action {
        case .scroll(let y, _): positions[selectedTab].scrollTo(y: y)
        case .scrollBy(let dy, _), .drag(let dy): positions[selectedTab].scrollTo(y: offset + dy)
        case .scrollToTop: positions[selectedTab].scrollTo(edge: .top)
        case .select(let tab, _): selectedTab = tab
        // SwiftUI has no call that flings: the resting state is where the drag left it.
        case .release: break
        case .wait(let seconds): try await Task.sleep(for: .seconds(seconds))
        case .rotate(_, let size), .resize(let size, _):
            guard let resizeWindow else { throw SwiftUIAdapterError.unsupported(action) }
            resizeWindow(size)
        case .present(let request, _): presented = request
        case .selectDetent(let detent): selectedDetent = detent
        case .dismiss: presented = nil
        case .swipe, .setHeader: throw SwiftUIAdapterError.unsupported(action)
        }
        await Task.yield()
    }

    /// What the modifiers reported, with the selected tab.
    public func observe() async -> ContainerObservation {
        observation.selectedTab = selectedTab
        return observation
    }
}

/// A frame the container reports: the header's or the tab bar's.
@available(iOS 18, macOS 15, *)
public enum RecordedFrame: Sendable {
    /// `ContainerObservation.headerFrame`.
    case header
    /// `ContainerObservation.tabBarFrame`.
    case tabBar
}

@available(iOS 18, macOS 15, *)
extension View {
    /// Reports this tab's scroll geometry (offset, insets, content height) to the recorder and
    /// binds its scroll position.
    /// - Parameters:
    ///   - tab: The tab's index, from 0.
    ///   - recorder: The recorder the container is driven by.
    /// - Returns: The scroll view, reporting.
    public func recordsScrollGeometry(tab: Int, into recorder: SwiftUIContainerRecorder) -> some View {
        scrollPosition(Binding(get: { recorder.positions[tab] }, set: { recorder.positions[tab] = $0 }))
            .onScrollGeometryChange(
                for: ScrollViewObservation.self,
                of: {
                    ScrollViewObservation(
                        contentOffsetY: $0.contentOffset.y, contentInsetTop: $0.contentInsets.top,
                        contentInsetBottom: $0.contentInsets.bottom, contentHeight: $0.contentSize.height)
                },
                action: { recorder.observation.tabs[tab] = $1 })
    }

    /// Reports this view's frame in the window as the header's or the tab bar's.
    /// - Parameters:
    ///   - frame: Which frame this view is.
    ///   - recorder: The recorder the container is driven by.
    /// - Returns: The view, reporting.
    public func recordsFrame(_ frame: RecordedFrame, into recorder: SwiftUIContainerRecorder) -> some View {
        onGeometryChange(
            for: CGRect.self, of: { $0.frame(in: .global) },
            action: { rect in
                let value = DrivenRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
                switch frame {
                case .header: recorder.observation.headerFrame = value
                case .tabBar: recorder.observation.tabBarFrame = value
                }
            })
    }

    /// Reports the window's size and safe area (apply it to the container's root view) and the
    /// size classes.
    /// - Parameter recorder: The recorder the container is driven by.
    /// - Returns: The view, reporting.
    public func recordsWindow(into recorder: SwiftUIContainerRecorder) -> some View {
        onGeometryChange(
            for: EdgeInsetsAndSize.self, of: { EdgeInsetsAndSize(size: $0.size, insets: $0.safeAreaInsets) },
            action: { value in
                recorder.observation.window = DrivenSize(width: value.size.width, height: value.size.height)
                recorder.observation.safeArea = DrivenInsets(
                    top: value.insets.top, left: value.insets.leading, bottom: value.insets.bottom, right: value.insets.trailing)
            }
        )
        .modifier(SizeClassReader(recorder: recorder))
    }
}

/// The root view's size and safe area, compared as one value.
@available(iOS 18, macOS 15, *)
public struct EdgeInsetsAndSize: Equatable, Sendable {
    let size: CGSize
    let insets: SwiftUI.EdgeInsets
}

@available(iOS 18, macOS 15, *)
struct SizeClassReader: ViewModifier {
    let recorder: SwiftUIContainerRecorder
    @Environment(\.displayScale) private var displayScale
    #if os(iOS)
    @Environment(\.horizontalSizeClass) private var horizontal
    @Environment(\.verticalSizeClass) private var vertical
    #endif

    func body(content: Content) -> some View {
        #if os(iOS)
        content.task(id: [displayScale, horizontal == .compact ? 0 : 1, vertical == .compact ? 0 : 1]) {
            recorder.observation.displayScale = displayScale
            recorder.observation.horizontalSizeClass = horizontal == .compact ? .compact : .regular
            recorder.observation.verticalSizeClass = vertical == .compact ? .compact : .regular
        }
        #else
        content.task(id: displayScale) { recorder.observation.displayScale = displayScale }
        #endif
    }
}

/// A step the SwiftUI adapter has no state to write for.
public enum SwiftUIAdapterError: Error {
    /// `swipe` and `setHeader` (and rotations without `resizeWindow`): drive them yourself.
    case unsupported(DrivenAction)
}
#endif
