import TabStageLayout
import TabStageModel

/// The area of a control that takes touches, as UIKit gives it, apart from its drawn frame.
package enum HitArea {
    /// (Apple's UIKit: a bar button item takes touches on at least 44 × 44 pt whatever its
    /// drawing; on iOS 26 it is drawn as a 44 pt glass button anyway) The least touch area of
    /// a navigation bar's buttons, in points a side.
    package static let barButtonMinimumSide = 44.0

    /// Where `element`, drawn at `drawn`, takes touches: a navigation bar button (`nav-…`, not
    /// the title) grows to at least `barButtonMinimumSide` a side about its centre; the header
    /// button grows to the scenario's `button.touchArea` when the app enlarges it; any other
    /// control takes touches on its frame only, as a `UIButton` does.
    package static func frame(of element: String, drawn: Rect, content: HeaderContent) -> Rect {
        switch element {
        case "nav-title", "nav-subtitle":
            return drawn
        case "follow":
            guard let area = content.buttonTouchArea else { return drawn }
            return grown(drawn, toAtLeast: area)
        default:
            guard element.hasPrefix("nav-") else { return drawn }
            return grown(drawn, toAtLeast: Size(width: barButtonMinimumSide, height: barButtonMinimumSide))
        }
    }

    /// `rect` grown about its centre to at least `size` (never shrunk).
    package static func grown(_ rect: Rect, toAtLeast size: Size) -> Rect {
        let width = max(rect.width, size.width), height = max(rect.height, size.height)
        return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }
}
