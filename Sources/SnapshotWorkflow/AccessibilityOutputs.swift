import Accessibility
import Layout
import Raster
import SVGSnapshot
import ScenarioFormat
import Simulation
import Stage

/// `run --accessibility`'s files for one snapshot: `NAME.accessibility.json` (the elements in
/// reading order) and `NAME.accessibility.png` (the screen with numbered boxes and a legend).
package enum AccessibilityOutputs {
    /// The suffix both files add to the snapshot's name.
    package static let suffix = ".accessibility"

    /// The elements of `state`, in reading order.
    package static func elements(_ state: StageState) -> [AccessibilityElement] {
        AccessibilityTree.elements(state, layout: StageLayout(state, measuring: TextMeasurer.shared))
    }

    /// The JSON text of `state`'s elements.
    package static func json(_ state: StageState) -> String {
        AccessibilityTree.json(elements(state))
    }

    /// The picture's SVG: the window alone (never the device frame), boxes and legend.
    package static func pictureSVG(_ state: StageState) -> String {
        let size = state.window.window
        return AccessibilityPicture.svg(
            screen: SVGSnapshot.svg(state, measuring: TextMeasurer.shared), width: size.width, height: size.height,
            elements: elements(state))
    }

    /// Both files' bytes, the PNG at `options`' scale.
    package static func files(_ state: StageState, options: RenderOptions) throws(WorkflowError) -> (json: [UInt8], png: [UInt8]) {
        let svg = pictureSVG(state)
        do {
            let png = try Canvas().renderPNG(
                svg: svg, scale: options.scale ?? state.window.traits.displayScale, options: options.png, fonts: state.look.theme.fonts)
            return (Array(json(state).utf8), png)
        } catch {
            throw WorkflowError(error.message, kind: error.isInput ? .badInput : .failure)
        }
    }

    /// The accessibility checks (`AccessibilityChecks`) of every snapshot step of a recorded
    /// run, as run warnings, in step order (reads the recording: nothing is simulated again).
    package static func warnings(_ run: ScenarioRun) -> [RunWarning] {
        var warnings: [RunWarning] = []
        for record in run.timeline.steps {
            guard let name = record.step.snapshotName else { continue }
            let layout = StageLayout(record.state, measuring: TextMeasurer.shared)
            let elements = AccessibilityTree.elements(record.state, layout: layout)
            let backdrop = AccessibilityChecks.needsBackdrop(record.state, elements: elements) ? self.backdrop(record.state, layout) : nil
            warnings += AccessibilityChecks.warnings(record.state, layout: layout, elements: elements, backdrop: backdrop).map {
                RunWarning(step: record.index, snapshot: name, warning: $0)
            }
        }
        return warnings
    }

    /// The window drawn at 1 pixel a point without the texts over the banner's picture: the
    /// pixels their contrast is measured against. Nil when it cannot be drawn (the snapshot's
    /// own rendering reports why).
    static func backdrop(_ state: StageState, _ layout: StageLayout) -> Backdrop? {
        let svg = SVGSnapshot.svg(state, layout: AccessibilityChecks.withoutBackdropTexts(layout))
        guard let image = try? Canvas().render(svg: svg, scale: 1, fonts: state.look.theme.fonts) else { return nil }
        return Backdrop(width: image.width, height: image.height, scale: 1, rgba: image.pixels)
    }
}
