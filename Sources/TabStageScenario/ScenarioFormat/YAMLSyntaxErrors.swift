import Yams

/// YAML syntax errors as one located line with a hint: duplicate keys at the second key (the
/// library's own message is many lines, quotes the whole file and points at the first key),
/// and a `#` that began a comment where a colour was meant.
enum YAMLSyntaxErrors {
    static func error(_ error: Error, file: String, text: String) -> ScenarioError {
        switch error as? YamlError {
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.sorted().first ?? ""
            let first = context.mark
            let second = secondOccurrence(of: key, firstAt: first, in: text)
            let location = SourceLocation(file: file, line: second?.line ?? first.line, column: second?.column ?? first.column)
            let message =
                second == nil
                ? "'\(quoted(key))' is given more than once in this mapping"
                : "'\(quoted(key))' is given twice; the first is at \(first.line):\(first.column)"
            return ScenarioError(location, message, expected: "each key once in a mapping; keep one '\(quoted(key))'")
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            if detail.contains("Maximum nesting level reached") {
                // Worded as the block-style check words it: the same limit, whichever style hits it.
                return ScenarioError(
                    SourceLocation(file: file, line: mark.line, column: mark.column),
                    "nested more than \(ScenarioLimits.maxNesting) levels deep",
                    expected: "at most \(ScenarioLimits.maxNesting) nested mappings and lists")
            }
            let from = min(context?.mark.line ?? mark.line, mark.line)
            return ScenarioError(
                SourceLocation(file: file, line: mark.line, column: mark.column),
                "malformed YAML: \(ScenarioParser.libraryText(detail))",
                expected: commentHint(in: text, lines: from...mark.line) ?? "valid YAML or JSON")
        case .reader(let problem, _, _, _):
            return ScenarioError(
                SourceLocation(file: file), "unreadable text: \(ScenarioParser.libraryText(problem))", expected: "UTF-8 YAML or JSON")
        default:
            return ScenarioError(
                SourceLocation(file: file), "malformed YAML: \(ScenarioParser.libraryText("\(error)"))", expected: "valid YAML or JSON")
        }
    }

    /// "quote colours: tint: '#1d9bf0'" when the failing lines have a ` #` (a comment to YAML)
    /// right after a key, as in `theme: {tint: #1d9bf0}`.
    static func commentHint(in text: String, lines: ClosedRange<Int>) -> String? {
        var lineNumber = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { lineNumber += 1 }
            guard lines.contains(lineNumber), let hash = line.range(of: ": #") else { continue }
            let key = line[..<hash.lowerBound].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            let value = line[hash.upperBound...].prefix { $0.isHexDigit }
            // At most a key's and a colour's length of the line: the file may not be a scenario.
            let example = key.isEmpty || key.count > 40 ? "tint" : String(key.reversed())
            let colour = value.isEmpty || value.count > 8 ? "1d9bf0" : String(value)
            return "valid YAML; '#' after a space starts a comment, so quote colours: \(example): '#\(colour)'"
        }
        return nil
    }

    /// Where `key` is given again in the mapping whose copy of it is at `first`: the first copy
    /// is renamed to a name no file uses (same length, so every position stays) and the text is
    /// read again (other duplicated keys are renamed the same way until it reads). Nil when a
    /// key is not written plainly or in quotes where the library points.
    static func secondOccurrence(of key: String, firstAt first: Mark, in text: String) -> Mark? {
        let placeholder = String(repeating: "\u{E000}", count: key.count)
        guard var current = renamed(key, at: first, to: placeholder, in: text) else { return nil }
        for attempt in 1...16 {
            do {
                guard let root = try Yams.compose(yaml: current) else { return nil }
                return find(key, besides: placeholder, in: root, maxValues: ScenarioLimits.maxValues(textBytes: current.utf8.count))
            } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
                guard let other = duplicates.sorted().first else { return nil }
                // A third copy: the library now points at the second.
                if other == key { return context.mark }
                let otherPlaceholder = String(repeating: Character(Unicode.Scalar(0xE000 + UInt32(attempt))!), count: other.count)
                guard let next = renamed(other, at: context.mark, to: otherPlaceholder, in: current) else { return nil }
                current = next
            } catch {
                return nil
            }
        }
        return nil
    }

    /// `text` with the key written at `mark` replaced by `placeholder` (as long as the key).
    private static func renamed(_ key: String, at mark: Mark, to placeholder: String, in text: String) -> String? {
        guard !key.isEmpty, !key.contains("\n") else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        var line = lines[mark.line - 1]
        var start = mark.column - 1
        guard start >= 0, start < line.count else { return nil }
        if line[start] == "\"" || line[start] == "'" { start += 1 }
        let keyCharacters = Array(key)
        guard start + keyCharacters.count <= line.count, Array(line[start..<start + keyCharacters.count]) == keyCharacters else {
            return nil
        }
        line.replaceSubrange(start..<start + keyCharacters.count, with: Array(placeholder))
        lines[mark.line - 1] = line
        return lines.map { String($0) }.joined(separator: "\n")
    }

    /// The mark of `key` in the mapping that also has the key `placeholder`.
    private static func find(_ key: String, besides placeholder: String, in root: Node, maxValues: Int) -> Mark? {
        var pending = [root]
        var visited = 0
        while let node = pending.popLast() {
            // Past what the text could write out, aliases repeat values: give up on the search
            // (the message then names the first key) rather than walk them all.
            visited += 1
            if visited > maxValues { return nil }
            switch node {
            case .mapping(let mapping):
                let keys = mapping.map(\.key)
                if keys.contains(where: { $0.scalar?.string == placeholder }),
                    let other = keys.first(where: { $0.scalar?.string == key })
                {
                    return other.mark
                }
                pending.append(contentsOf: mapping.map(\.value))
            case .sequence(let sequence): pending.append(contentsOf: sequence)
            case .scalar, .alias: break
            }
        }
        return nil
    }
}
