/// Whether tabstage runs in CI, from the variables CI systems set. `CI` alone is not enough:
/// Jenkins, Azure Pipelines and TeamCity set none, and a check that CI mode turns on (rendering
/// the pixels of a reference whose SVG matches; recording nothing) must not be skipped there.
package enum ContinuousIntegration {
    /// Variables whose presence means a CI run, with the system that sets them. `CI` counts
    /// unless it is empty, `false` or `0`; the others count when set to anything but empty.
    package static let variables: [(name: String, system: String)] = [
        ("CI", "most CI systems"), ("GITHUB_ACTIONS", "GitHub Actions"), ("GITLAB_CI", "GitLab CI"),
        ("JENKINS_URL", "Jenkins"), ("TF_BUILD", "Azure Pipelines"), ("BUILDKITE", "Buildkite"), ("CIRCLECI", "CircleCI"),
        ("TRAVIS", "Travis CI"), ("TEAMCITY_VERSION", "TeamCity"), ("BITBUCKET_BUILD_NUMBER", "Bitbucket Pipelines"),
        ("CODEBUILD_BUILD_ID", "AWS CodeBuild"), ("APPVEYOR", "AppVeyor"), ("DRONE", "Drone"), ("SEMAPHORE", "Semaphore"),
        ("BITRISE_IO", "Bitrise"), ("CI_XCODE_PROJECT", "Xcode Cloud"), ("BUDDY", "Buddy"), ("CIRRUS_CI", "Cirrus CI"),
    ]

    /// The first variable that marks this run as CI, or nil outside CI.
    package static func detected(in environment: [String: String]) -> String? {
        for (name, _) in variables {
            guard let value = environment[name], !value.isEmpty else { continue }
            if name == "CI", value.lowercased() == "false" || value == "0" { continue }
            return name
        }
        return nil
    }
}

/// When `verify` renders a snapshot whose SVG equals its reference's to compare the pixels too.
public enum PixelCheck {
    /// True in CI (any variable `ContinuousIntegration` knows: `CI`, `JENKINS_URL`, `TF_BUILD`, …)
    /// or when `TABSTAGE_CHECK_PIXELS=1`: there the reference files may come from a pull
    /// request. A local run outside CI trusts a reference whose SVG text equals the rendering's
    /// once its PNG's size, CRCs and SVG digest check out (the fast path).
    public static func required(environment: [String: String]) -> Bool { reason(environment: environment) != nil }

    /// Why the pixels are checked, for `verify`'s summary line ("CI mode: JENKINS_URL",
    /// "TABSTAGE_CHECK_PIXELS=1"); nil on the fast path.
    public static func reason(environment: [String: String]) -> String? {
        if let variable = ContinuousIntegration.detected(in: environment) { return "CI mode: \(variable)" }
        return environment["TABSTAGE_CHECK_PIXELS"] == "1" ? "TABSTAGE_CHECK_PIXELS=1" : nil
    }
}
