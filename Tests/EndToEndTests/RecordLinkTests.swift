import Foundation
import TabStageTestSupport
import Testing

/// A checkout can commit `Snapshots` (or a scenario's folder in it) as a symbolic link. In CI
/// mode the checkout may be a pull request's, so `record` refuses a link leading out of the
/// repository before it runs or writes anything; outside CI the link is the user's own.
@Suite struct RecordLinkTests {
    let cli = CommandLineTests()

    /// A repository (`.git` in it) with one small scenario in `app/`, and a folder outside it.
    func repository() throws -> (root: URL, app: URL, outside: URL) {
        let root = try temporaryFolder().resolvingSymlinksInPath()
        let app = root.appendingPathComponent("repo/app")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try cli.write(MergeReportsTests.scenario("s0", title: "Title"), "s0.yaml", in: app)
        return (root, app, outside)
    }

    func contents(_ folder: URL) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    @Test func aSnapshotsLinkLeavingTheRepositoryIsRefusedInCI() throws {
        let (root, app, outside) = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("Snapshots").path, withDestinationPath: outside.path)
        let repo = root.appendingPathComponent("repo").path
        // Jenkins sets no `CI`: its own variable is CI mode all the same.
        for (variable, value) in [("CI", "true"), ("JENKINS_URL", "https://ci.example/")] {
            let refused = try cli.tabstage(["record", "s0.yaml"], in: app, environment: [variable: value])
            #expect(refused.status == 2)
            #expect(refused.stdout == "")
            #expect(
                refused.stderr
                    == "tabstage: error: --snapshots 'Snapshots' leads through a symbolic link to '\(outside.path)', outside the repository "
                    + "'\(repo)', and in CI mode (\(variable)) references are written only inside it (expected a real folder in the repository: "
                    + "remove the link, or give --snapshots the outside folder's own path)\n")
            #expect(try contents(outside) == [])
        }
        // verify in CI records nothing by default, and reads through the link; with a record
        // mode that writes, it is refused as record is.
        let verify = try cli.tabstage(["verify", "s0.yaml"], in: app, environment: ["CI": "1"])
        #expect(verify.status == 1, "\(verify.stderr)")
        #expect(!verify.stderr.contains("symbolic link"), "\(verify.stderr)")
        let recording = try cli.tabstage(["verify", "s0.yaml"], in: app, environment: ["CI": "1", "TABSTAGE_RECORD": "failed"])
        #expect(recording.status == 2)
        #expect(
            recording.stderr.hasPrefix("tabstage: error: --snapshots 'Snapshots' leads through a symbolic link to"), "\(recording.stderr)")
        #expect(try contents(outside) == [])
        // Outside CI the link is the user's: the references are written where it leads.
        let local = try cli.tabstage(["record", "s0.yaml"], in: app, environment: [:])
        #expect(local.status == 0, "\(local.stderr)")
        #expect(try contents(outside.appendingPathComponent("s0")).filter { $0.hasSuffix(".png") } == ["a.png", "b.png"])
        // In CI, the outside folder given by its own path is the command line's choice, not the checkout's.
        let named = try cli.tabstage(["record", "s0.yaml", "--snapshots", outside.path], in: app, environment: ["CI": "1"])
        #expect(named.status == 0, "\(named.stderr)")
    }

    @Test func aScenarioFolderLinkLeavingTheRepositoryIsRefusedInCI() throws {
        let (root, app, outside) = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let snapshots = app.appendingPathComponent("Snapshots")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: snapshots.appendingPathComponent("s0").path, withDestinationPath: outside.path)
        let refused = try cli.tabstage(["record", "s0.yaml"], in: app, environment: ["CI": "1"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix(
                "tabstage: error: the folder 'Snapshots/s0' of scenario 's0' leads through a symbolic link to '\(outside.path)', outside the repository"
            ), "\(refused.stderr)")
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try contents(outside) == [])
    }

    /// A dangling link is judged by where it points: writing would create that folder outside.
    @Test func aDanglingSnapshotsLinkLeavingTheRepositoryIsRefusedInCI() throws {
        let (root, app, outside) = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = outside.appendingPathComponent("new")
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("Snapshots").path, withDestinationPath: missing.path)
        let refused = try cli.tabstage(["record", "s0.yaml"], in: app, environment: ["CI": "1"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix(
                "tabstage: error: --snapshots 'Snapshots' leads through a symbolic link to '\(missing.path)', outside"),
            "\(refused.stderr)")
        #expect(try contents(outside) == [])
    }

    /// A link that stays inside the repository (a shared references folder) is still followed in CI.
    @Test func aLinkInsideTheRepositoryIsFollowedInCI() throws {
        let (root, app, _) = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = root.appendingPathComponent("repo/common-references")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent("Snapshots").path, withDestinationPath: "../common-references")
        let recorded = try cli.tabstage(["record", "s0.yaml"], in: app, environment: ["CI": "1"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(FileManager.default.fileExists(atPath: shared.appendingPathComponent("s0/a.png").path))
    }
}
