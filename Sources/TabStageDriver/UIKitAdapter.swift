// The UIKit adapter: every line reads or writes one property the protocols name. Written against
// Apple's UIKit documentation; this repository builds on Linux, where UIKit does not exist, so
// it is not compiled or run here. iOS only, so a macOS build never compiles it.
#if canImport(UIKit) && os(iOS)
import UIKit

/// What a UIKit tab container shows the adapter: its own views and its own tab selection.
@MainActor
public protocol UIKitTabContainer: UIViewController {
    /// The collapsing header.
    var headerView: UIView { get }
    /// The sticky tab bar.
    var tabBarView: UIView { get }
    /// Each tab's scroll view, in tab order.
    var tabScrollViews: [UIScrollView] { get }
    /// The selected tab's index, from 0.
    var selectedTabIndex: Int { get }
    /// Selects a tab as a tap on its button does (animated) or as code does (not animated).
    func selectTab(_ index: Int, animated: Bool)
}

/// Drives and reads a UIKit container in a window: the container is the window's root view
/// controller, as a UI test sets it up. `swipe` and `setHeader` have no UIKit property to
/// write; they throw `UIKitAdapterError.unsupported`.
@available(iOS 16, *)
@MainActor
public final class UIKitContainerAdapter<Container: UIKitTabContainer>: RecordableContainer {
    /// The container.
    public let container: Container
    /// The window it is the root of.
    public let window: UIWindow
    /// Makes the view controller a `present` step shows.
    public var makePresented: () -> UIViewController = { UIViewController() }

    /// An adapter for a container that is `window`'s root view controller.
    public init(_ container: Container, in window: UIWindow) {
        self.container = container
        self.window = window
    }

    private var selected: UIScrollView { container.tabScrollViews[container.selectedTabIndex] }

    /// Performs a step with UIKit's own calls; animated ones are set at once, since only the
    /// resting state is compared.
    public func perform(_ action: DrivenAction) async throws {
        switch action {
        case .scroll(let y, _): selected.contentOffset.y = y
        case .scrollBy(let dy, _): selected.contentOffset.y += dy
        case .scrollToTop: selected.contentOffset.y = -selected.adjustedContentInset.top
        case .select(let tab, let animated): container.selectTab(tab, animated: animated)
        case .drag(let dy): selected.contentOffset.y += dy
        case .release(let velocity):
            // UIKit's velocity is in points per millisecond; the target starts where UIKit's
            // deceleration rests (Apple, "Designing Fluid Interfaces", WWDC 2018:
            // velocity / 1000 × rate / (1 − rate)) and the delegate may move it (snapping).
            let rate = selected.decelerationRate.rawValue
            var target = CGPoint(x: selected.contentOffset.x, y: selected.contentOffset.y + velocity / 1000 * rate / (1 - rate))
            selected.delegate?.scrollViewWillEndDragging?(
                selected, withVelocity: CGPoint(x: 0, y: velocity / 1000), targetContentOffset: &target)
            selected.contentOffset.y = min(
                max(target.y, -selected.adjustedContentInset.top),
                selected.contentSize.height + selected.adjustedContentInset.bottom - selected.bounds.height)
        case .wait(let seconds): try await Task.sleep(for: .seconds(seconds))
        case .rotate(_, let size), .resize(let size, _): window.frame.size = CGSize(width: size.width, height: size.height)
        case .present(let request, _):
            let presented = makePresented()
            presented.modalPresentationStyle = Self.style(request.style)
            presented.preferredContentSize = request.size.map { CGSize(width: $0.width, height: $0.height) } ?? .zero
            presented.popoverPresentationController?.sourceView = window
            presented.popoverPresentationController?.sourceRect =
                request.source.map { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? .zero
            presented.sheetPresentationController?.detents = request.detents.map { $0 == .large ? .large() : .medium() }
            presented.sheetPresentationController?.prefersGrabberVisible = request.grabber
            await container.present(presented, animated: false)
        case .selectDetent(let detent):
            container.presentedViewController?.sheetPresentationController?.selectedDetentIdentifier = detent == .large ? .large : .medium
        case .dismiss: await container.dismiss(animated: false)
        case .swipe, .setHeader: throw UIKitAdapterError.unsupported(action)
        }
        container.view.layoutIfNeeded()
    }

    /// Reads every number the recorder compares.
    public func observe() async -> ContainerObservation {
        let traits = container.traitCollection
        let presented = container.presentedViewController
        return ContainerObservation(
            window: DrivenSize(width: window.bounds.width, height: window.bounds.height),
            safeArea: DrivenInsets(
                top: window.safeAreaInsets.top, left: window.safeAreaInsets.left, bottom: window.safeAreaInsets.bottom,
                right: window.safeAreaInsets.right),
            horizontalSizeClass: Self.sizeClass(traits.horizontalSizeClass),
            verticalSizeClass: Self.sizeClass(traits.verticalSizeClass),
            displayScale: traits.displayScale,
            headerFrame: Self.rect(container.headerView.convert(container.headerView.bounds, to: container.view)),
            tabBarFrame: Self.rect(container.tabBarView.convert(container.tabBarView.bounds, to: container.view)),
            selectedTab: container.selectedTabIndex,
            tabs: container.tabScrollViews.map {
                ScrollViewObservation(
                    contentOffsetY: $0.contentOffset.y, contentInsetTop: $0.adjustedContentInset.top,
                    contentInsetBottom: $0.adjustedContentInset.bottom, contentHeight: $0.contentSize.height)
            },
            presentation: presented.map {
                .presented(
                    PresentedObservation(
                        style: $0.presentationController.flatMap {
                            DrivenPresentationStyle(rawValue: Self.name($0.adaptivePresentationStyle))
                        },
                        frame: Self.rect($0.view.convert($0.view.bounds, to: nil)),
                        detent: $0.sheetPresentationController.map { sheet in
                            sheet.selectedDetentIdentifier.flatMap { DrivenDetent(rawValue: $0.rawValue) }.map(DetentObservation.resting)
                                ?? .none
                        }))
            } ?? .nothingPresented)
    }

    static func rect(_ rect: CGRect) -> DrivenRect { DrivenRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height) }

    static func sizeClass(_ sizeClass: UIUserInterfaceSizeClass) -> DrivenSizeClass? {
        sizeClass == .compact ? .compact : sizeClass == .regular ? .regular : nil
    }

    static func style(_ style: DrivenPresentationStyle) -> UIModalPresentationStyle {
        switch style {
        case .popover: .popover
        case .formSheet: .formSheet
        case .pageSheet: .pageSheet
        case .fullScreen: .fullScreen
        case .overFullScreen: .overFullScreen
        case .automatic: .automatic
        }
    }

    static func name(_ style: UIModalPresentationStyle) -> String {
        [
            .popover: "popover", .formSheet: "formSheet", .pageSheet: "pageSheet", .fullScreen: "fullScreen",
            .overFullScreen: "overFullScreen",
        ][style] ?? "automatic"
    }
}

/// A step the UIKit adapter has no property to write for.
public enum UIKitAdapterError: Error {
    /// `swipe` (interactive paging) and `setHeader`: conform your container to
    /// `DrivableContainer` yourself to drive them.
    case unsupported(DrivenAction)
}
#endif
