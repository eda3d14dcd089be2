import Foundation
import Synchronization
import TabStageLayout
import TabStageModel

/// One snapshot to verify.
package struct SnapshotJob: Sendable {
    package var group: String
    package var name: String
    package var state: StageState
    /// The scenario's look, which the state does not carry.
    package var look: Look
    /// The tolerance of this snapshot's layout comparison; nil for the verifier's own.
    package var geometryTolerance: Double?

    package init(group: String, name: String, state: StageState, look: Look, geometryTolerance: Double? = nil) {
        self.group = group
        self.name = name
        self.state = state
        self.look = look
        self.geometryTolerance = geometryTolerance
    }
}

/// Verifies snapshots `jobs` at a time and hands each result on before the next batch starts,
/// so at most `jobs` sets of images are alive at once however many snapshots fail. Results are
/// handled in input order on the calling thread, so what a caller writes never depends on `jobs`.
package struct VerificationStream: Sendable {
    package var verifier: Verifier
    package let jobs: Int

    package init(verifier: Verifier, jobs: Int) {
        self.verifier = verifier
        self.jobs = max(1, jobs)
    }

    /// Checks every job; writes the references the record mode asks for through `writer`; gives
    /// each verification to `handle` (which writes or attaches its images and returns the record
    /// to keep), then lets the images go. Returns the records in input order.
    package func run(
        _ items: [SnapshotJob], writer: inout AtomicWriter,
        handle: (Verification) throws(WorkflowError) -> SnapshotOutcome
    ) throws(WorkflowError) -> [SnapshotOutcome] {
        var outcomes: [SnapshotOutcome] = []
        outcomes.reserveCapacity(items.count)
        var start = 0
        while start < items.count {
            let batch = Array(items[start..<min(start + jobs, items.count)])
            for result in check(batch) {
                let verification = try result.get()
                try verifier.write(verification, writer: &writer)
                outcomes.append(try handle(verification))
            }
            start += batch.count
        }
        return outcomes
    }

    private func check(_ batch: [SnapshotJob]) -> [Result<Verification, WorkflowError>] {
        let verifier = verifier
        let run: @Sendable (SnapshotJob) -> Result<Verification, WorkflowError> = { job in
            var verifier = verifier
            if let tolerance = job.geometryTolerance { verifier.geometryTolerance = tolerance }
            return Result { () throws(WorkflowError) in
                try verifier.check(job.state, look: job.look, group: job.group, name: job.name)
            }
        }
        guard batch.count > 1 else { return batch.map(run) }
        let slots = Mutex<[Result<Verification, WorkflowError>?]>(Array(repeating: nil, count: batch.count))
        // The references are read below the working directory the command bound, on every thread.
        let workingDirectory = WorkingDirectory.current
        DispatchQueue.concurrentPerform(iterations: batch.count) { index in
            let result = WorkingDirectory.bound(workingDirectory) { run(batch[index]) }
            slots.withLock { $0[index] = result }
        }
        return slots.withLock { $0.map { $0! } }
    }
}
