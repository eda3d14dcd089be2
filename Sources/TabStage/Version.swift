/// The release this source tree is, as `tabstage --version` prints it. Bumped with each entry
/// of CHANGELOG.md.
public let tabStageVersion = "0.2.0"
