import Foundation
import Testing

/// A tool the test script installs: `.build/test-tools/bin/NAME` under the package, the path
/// in `environment`, or NAME on the PATH; nil when none is there.
package func testTool(_ name: String, environment: String) -> String? {
    let env = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let path = env[environment], !path.isEmpty { candidates.append(path) }
    candidates.append(Fixtures.root.appendingPathComponent(".build/test-tools/bin/\(name)").path)
    for folder in (env["PATH"] ?? "").split(separator: ":") { candidates.append("\(folder)/\(name)") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Whether the run is Scripts/test.sh's, which installs every test tool: a missing one is then
/// a failure, not a skip.
package let runByTestScript = ProcessInfo.processInfo.environment["TABSTAGE_TEST_SCRIPT"] == "1"

/// `tool` when it is installed; otherwise nil, after recording why: a failure when Scripts/test.sh
/// runs the tests (it installs every tool), a printed skip when they run without it.
package func installedTestTool(_ tool: String?, _ name: String, installer: String, suite: String) -> String? {
    if let tool { return tool }
    #expect(!runByTestScript, "\(installer) installs \(name); it is not there")
    print("\(suite): skipped, \(name) is not installed (\(installer) installs it)")
    return nil
}

/// resvg (PyPI `resvg-cli`), which Scripts/test.sh installs into `.build/test-tools`.
package let resvgPath: String? = testTool("resvg", environment: "TABSTAGE_RESVG")
/// pyftfeatfreeze (PyPI `opentype-feature-freezer`), installed beside resvg: it makes the
/// "Inter Tabular" font resvg is given, Inter with its tabular digits as the default ones.
package let featureFreezerPath: String? = testTool("pyftfeatfreeze", environment: "TABSTAGE_PYFTFEATFREEZE")
/// xmllint (Debian `libxml2-utils`), which Scripts/setup.sh installs for the tests.
package let xmllintPath: String? = testTool("xmllint", environment: "TABSTAGE_XMLLINT")

/// Chromium from PATH, for the player page test. Only when there is none may the test skip.
package let chromiumPath: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") { return "\(folder)/\(name)" }
    }
    return nil
}()
