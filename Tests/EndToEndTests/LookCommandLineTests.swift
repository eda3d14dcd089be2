import Foundation
import TabStageTestSupport
import Testing

/// A theme the parser refuses, as a user meets it on the command line.
@Suite struct LookCommandLineTests {
    @Test func theCommandLineExitsTwoWithTheLocation() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cli = CommandLineTests()
        try cli.write(Fixtures.yaml(extra: "theme:\n  tint: \"#12345\""), "colour.yaml", in: folder)
        let colour = try cli.tabstage(["run", "colour.yaml", "--out", "out"], in: folder)
        #expect(colour.status == 2)
        #expect(colour.stderr.hasPrefix("colour.yaml:3:9: error: 'theme.tint' is not a colour: '#12345'"), "\(colour.stderr)")
        try cli.write(Fixtures.yaml(extra: "theme:\n  banner: {image: ../x.png}"), "escape.yaml", in: folder)
        let escape = try cli.tabstage(["run", "escape.yaml", "--out", "out"], in: folder)
        #expect(escape.status == 2)
        #expect(escape.stderr.hasPrefix("escape.yaml:3:19: error: "), "\(escape.stderr)")
    }
}
