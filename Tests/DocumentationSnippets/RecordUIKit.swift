// The Record Your Own Container article's UIKit example: an iOS test target's test, compiled
// only where UIKit exists (never on this repository's Linux machines). It depends on the
// TabStageDriver product alone, as an iOS test target must.
#if canImport(UIKit) && os(iOS)
// snippet:begin
import TabStageDriver
import UIKit
import XCTest

@available(iOS 16, *)
@MainActor final class ProfileRecordingTests: XCTestCase {
    func testProfileRecordsItsTrace() async throws {
        // Written on a Mac or Linux by `tabstage plan Scenarios/profile.yaml --out profile.plan.json`,
        // and added to this test target as a resource.
        let url = try XCTUnwrap(Bundle(for: Self.self).url(forResource: "profile.plan", withExtension: "json"))
        let plan = try DrivePlan.read(from: url)
        // Your container, configured as the scenario's `container`, conforming to
        // UIKitTabContainer (headerView, tabBarView, tabScrollViews, selectedTabIndex, selectTab).
        let screen = ProfileViewController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: plan.window.width, height: plan.window.height))
        window.rootViewController = screen
        window.makeKeyAndVisible()
        let trace = try await plan.play(driving: UIKitContainerAdapter(screen, in: window))
        // Kept in the test's result bundle; `tabstage conform Scenarios/profile.yaml profile.trace.json` checks it.
        let attachment = XCTAttachment(data: Data(trace.json.utf8), uniformTypeIdentifier: "public.json")
        attachment.name = "profile.trace.json"
        attachment.lifetime = .keepAlways
        add(attachment)
    }
}
// snippet:end
#endif
