import Foundation
import Synchronization
import TabStageLayout
import TabStageModel
import TabStageRendering

/// Renders states on `jobs` threads. Results come back in input order and each is computed
/// independently, so the bytes never depend on the number of jobs.
package final class ParallelRenderer: @unchecked Sendable {
    package let jobs: Int
    package let options: RenderOptions
    /// One canvas per worker, reused for every batch (worker i only ever touches canvases[i]).
    private let canvases: [Canvas]

    package init(jobs: Int, options: RenderOptions) {
        self.jobs = max(1, jobs)
        self.options = options
        self.canvases = (0..<max(1, jobs)).map { _ in Canvas() }
    }

    /// SVG text and PNG bytes per state, drawn with `look`, in input order.
    package func render(_ states: [StageState], look: Look) -> [Result<RenderedSnapshot, WorkflowError>] {
        let slots = Slots(count: states.count)
        let workers = min(jobs, states.count)
        // Workers take the next state as they free up, so uneven frames do not leave one idle.
        let next = Counter()
        let work: @Sendable (Int) -> Void = { [self] worker in
            while case let index = next.take(), index < states.count {
                slots.store(
                    index,
                    Result { () throws(WorkflowError) in
                        try SnapshotRenderer.render(states[index], look: look, options: options, canvas: canvases[worker])
                    })
            }
        }
        if workers <= 1 {
            for worker in 0..<workers { work(worker) }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        return slots.take()
    }
}

/// One slot per result; every index is written by exactly one worker, and read only after all
/// of them have finished.
private final class Slots: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Result<RenderedSnapshot, WorkflowError>?>
    private let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: nil, count: count)
    }

    func store(_ index: Int, _ value: Result<RenderedSnapshot, WorkflowError>) { base[index] = value }

    func take() -> [Result<RenderedSnapshot, WorkflowError>] {
        (0..<count).map { base[$0]! }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// The next index to render, shared by the workers.
private final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func take() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
}
