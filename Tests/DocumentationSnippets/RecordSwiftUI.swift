// The Record Your Own Container article's SwiftUI example: a view reporting through the
// recorder's modifiers and a test driving it, compiled only on iOS (never on this
// repository's Linux machines).
#if canImport(SwiftUI) && canImport(UIKit) && os(iOS)
// snippet:begin
import Foundation
import SwiftUI
import TabStageDriver
import Testing

struct ProfileView: View {
    let recorder: SwiftUIContainerRecorder

    var body: some View {
        VStack(spacing: 0) {
            ProfileHeader().recordsFrame(.header, into: recorder)
            TabBar(selection: Bindable(recorder).selectedTab).recordsFrame(.tabBar, into: recorder)
            TabView(selection: Bindable(recorder).selectedTab) {
                ForEach(0..<3, id: \.self) { tab in
                    ScrollView { PostRows(tab: tab) }
                        .recordsScrollGeometry(tab: tab, into: recorder)
                        .tag(tab)
                }
            }
        }
        .recordsWindow(into: recorder)
    }
}

@MainActor @Test func profileViewFollowsTheModel() async throws {
    let recorder = SwiftUIContainerRecorder(tabCount: 3)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))  // iphone-14, portrait
    window.rootViewController = UIHostingController(rootView: ProfileView(recorder: recorder))
    window.makeKeyAndVisible()
    recorder.resizeWindow = { window.frame.size = CGSize(width: $0.width, height: $0.height) }
    // `tabstage plan Scenarios/profile.yaml --out profile.plan.json`, a resource of this test target.
    let url = try #require(Bundle.module.url(forResource: "profile.plan", withExtension: "json"))
    let trace = try await DrivePlan.read(from: url).play(driving: recorder)
    // Copy it off the simulator (or attach it) for `tabstage conform Scenarios/profile.yaml profile.trace.json`.
    try trace.write(to: URL.temporaryDirectory.appending(path: "profile.trace.json"))
}
// snippet:end
#endif
