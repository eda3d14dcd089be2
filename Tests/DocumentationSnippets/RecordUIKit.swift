// The Record Your Own Container article's UIKit example: an iOS test target's test, compiled
// only where UIKit exists (never on this repository's Linux machines).
#if canImport(UIKit) && os(iOS)
// snippet:begin
import TabStageTesting
import UIKit
import XCTest

@available(iOS 16, *)
@MainActor final class ProfileRecordingTests: XCTestCase {
    func testProfileFollowsTheModel() async throws {
        // Your container, configured as the scenario's `container`, conforming to
        // UIKitTabContainer (headerView, tabBarView, tabScrollViews, selectedTabIndex, selectTab).
        let screen = ProfileViewController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))  // iphone-14, portrait
        window.rootViewController = screen
        window.makeKeyAndVisible()
        let container = UIKitContainerAdapter(screen, in: window)
        let scenario = try XCTUnwrap(Bundle(for: Self.self).path(forResource: "profile", ofType: "yaml"))
        do {
            try await TabStageRecording.check(scenario: scenario, driving: container)
        } catch {
            XCTFail("\(error)")  // conform's lines: step, field, model and observed values
        }
    }
}
// snippet:end
#endif
