import Foundation
import TabStageModel

extension AccessibilityElement {
    /// The element on one line of `NAME.accessibility.json`:
    /// `{"label": …, "value": …, "traits": […], "frame": {"x", "y", "width", "height"}}`, so a
    /// failed comparison's line names the element it is about.
    package var jsonLine: String {
        let traitList = traits.map { Self.quoted($0.rawValue) }.joined(separator: ", ")
        let box = [("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height)]
            .map { "\"\($0.0)\": \(decimalText($0.1, decimals: 2))" }.joined(separator: ", ")
        return "{\"label\": \(Self.quoted(label)), \"value\": \(Self.quoted(value)), \"traits\": [\(traitList)], \"frame\": {\(box)}}"
    }

    /// `text` as a JSON string, escaped by Foundation's JSON writer.
    static func quoted(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}

extension AccessibilityTree {
    /// The text of `NAME.accessibility.json`: `{"elements": [...]}` with one element a line,
    /// in reading order, ending in a line break.
    package static func json(_ elements: [AccessibilityElement]) -> String {
        guard !elements.isEmpty else { return "{\"elements\": []}\n" }
        return "{\"elements\": [\n" + elements.map { "  " + $0.jsonLine }.joined(separator: ",\n") + "\n]}\n"
    }
}
