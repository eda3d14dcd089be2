import ArgumentParser
import TabStageScenario

/// A first argument that is neither an option nor a subcommand (`tabstage rn x.yaml`): named
/// with the closest command, instead of ArgumentParser's "Unexpected argument".
struct UnknownCommand {
    static var commandNames: [String] {
        Tabstage.configuration.subcommands.map { $0._commandName } + ["help"]
    }

    var word: String

    init?(arguments: [String]) {
        guard let first = arguments.first, !first.hasPrefix("-"), !Self.commandNames.contains(first) else { return nil }
        word = first
    }

    var message: String {
        let names = Self.commandNames
        if let closest = suggestion(for: word, among: names) {
            return "tabstage: error: unknown command '\(quoted(word))'; did you mean '\(closest)'?"
        }
        return "tabstage: error: unknown command '\(quoted(word))' (expected one of \(names.joined(separator: ", ")))"
    }
}
