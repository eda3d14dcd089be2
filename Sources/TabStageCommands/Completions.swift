/// What shell completion (`tabstage --generate-completion-script zsh|bash|fish`) offers for
/// scenario arguments; folders are offered for --out, --snapshots and --report.
enum ScenarioFiles {
    static let extensions = ["yaml", "yml", "json"]
}
