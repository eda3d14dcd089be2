import Foundation
import SnapshotWorkflow

/// SIGINT, SIGTERM and SIGHUP: roll back the run in progress (temporaries removed, replaced
/// files put back), then exit 130, 143 or 129. SIGPIPE is ignored, so a closed pipe on stdout
/// (`tabstage run … | head`) never kills a run between a rename and its rollback. The signals are blocked in every thread and taken by one
/// waiting thread, so the rollback runs as ordinary code, never inside a signal handler; a
/// second signal during the rollback stays pending and changes nothing.
enum Interruption {
    private static let lock = NSLock()
    /// The process's one piece of shared state: the transaction to roll back, if any.
    nonisolated(unsafe) private static var current: OutputTransaction?

    /// Call first thing, before any other thread exists, so every thread inherits the mask.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        var signals = signalSet()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let thread = Thread {
            var signals = signalSet()
            var received: Int32 = 0
            while sigwait(&signals, &received) != 0 {}
            lock.lock()
            let transaction = current  // the lock stays held: no new transaction starts
            let code = 128 + received
            if let transaction { transaction.rollback(thenExit: { _exit(code) }) }
            _exit(code)
        }
        thread.start()
    }

    /// The transaction an interrupt rolls back (nil: nothing to undo).
    static func protect(_ transaction: OutputTransaction?) {
        lock.lock()
        defer { lock.unlock() }
        current = transaction
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        return set
    }
}
