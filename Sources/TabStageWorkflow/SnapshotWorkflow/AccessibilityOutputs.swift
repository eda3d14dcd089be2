import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario

/// `run --accessibility`'s files for one snapshot: `NAME.accessibility.json` (the elements in
/// reading order) and `NAME.accessibility.png` (the screen with numbered boxes and a legend).
package enum AccessibilityOutputs {
    /// The suffix both files add to the snapshot's name.
    package static let suffix = ".accessibility"

    /// The elements of `state` drawn with `look`, in reading order.
    package static func elements(_ state: StageState, look: Look) -> [AccessibilityElement] {
        AccessibilityTree.elements(state, look: look, layout: StageLayout(state, look: look, measuring: TextMeasurer.shared))
    }

    /// The JSON text of `state`'s elements.
    package static func json(_ state: StageState, look: Look) -> String {
        AccessibilityTree.json(elements(state, look: look))
    }

    /// The picture's SVG: the window alone (never the device frame), boxes and legend.
    package static func pictureSVG(_ state: StageState, look: Look) -> String {
        let size = state.window.window
        return AccessibilityPicture.svg(
            screen: SVGSnapshot.svg(state, look: look, measuring: TextMeasurer.shared), width: size.width, height: size.height,
            elements: elements(state, look: look))
    }

    /// Both files' bytes, the PNG at `options`' scale.
    package static func files(
        _ state: StageState, look: Look, options: RenderOptions
    ) throws(WorkflowError) -> (json: [UInt8], png: [UInt8]) {
        let svg = pictureSVG(state, look: look)
        do {
            let png = try Canvas().renderPNG(
                svg: svg, scale: options.scale ?? state.window.traits.displayScale, options: options.png, fonts: look.theme.fonts)
            return (Array(json(state, look: look).utf8), png)
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
            let look = run.scenario.look
            let state = record.drawnState
            let layout = StageLayout(state, look: look, measuring: TextMeasurer.shared)
            let elements = AccessibilityTree.elements(state, look: look, layout: layout)
            let backdrop =
                AccessibilityChecks.needsBackdrop(state, look: look, elements: elements) ? self.backdrop(state, look: look, layout) : nil
            warnings += AccessibilityChecks.warnings(state, look: look, layout: layout, elements: elements, backdrop: backdrop).map {
                RunWarning(step: record.index, snapshot: name, warning: $0)
            }
        }
        return warnings
    }

    /// The window drawn at 1 pixel a point without the texts over the banner's picture: the
    /// pixels their contrast is measured against. Nil when it cannot be drawn (the snapshot's
    /// own rendering reports why).
    static func backdrop(_ state: StageState, look: Look, _ layout: StageLayout) -> Backdrop? {
        let svg = SVGSnapshot.svg(state, look: look, layout: AccessibilityChecks.withoutBackdropTexts(layout))
        guard let image = try? Canvas().render(svg: svg, scale: 1, fonts: look.theme.fonts) else { return nil }
        return Backdrop(width: image.width, height: image.height, scale: 1, rgba: image.pixels)
    }
}
