import Foundation
import TabStageWorkflow

/// SIGINT, SIGTERM and SIGHUP: roll back the run in progress (temporaries removed, replaced
/// files put back), then exit 130, 143 or 129. SIGPIPE is ignored, so a closed pipe on stdout
/// (`tabstage run … | head`) never kills a run between a rename and its rollback. The signals are blocked in every thread and taken by one
/// waiting thread, so the rollback runs as ordinary code, never inside a signal handler; a
/// second signal during the rollback stays pending and changes nothing. One line on stderr says
/// what happened to the output, so a CI log does not end in silence.
package enum Interruption {
    private static let lock = NSLock()
    /// The process's one piece of shared state: the transaction to roll back, if any, and the
    /// folders it writes, as the interrupted line names them.
    nonisolated(unsafe) private static var current: (transaction: OutputTransaction, folders: String)?
    /// A transaction ended committed: its output is in place.
    nonisolated(unsafe) private static var finishedWriting = false

    /// Call first thing, before any other thread exists, so every thread inherits the mask.
    package static func install() {
        signal(SIGPIPE, SIG_IGN)
        var signals = signalSet()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let thread = Thread {
            var signals = signalSet()
            var received: Int32 = 0
            while sigwait(&signals, &received) != 0 {}
            lock.lock()
            let running = current  // the lock stays held: no new transaction starts
            let code = 128 + received
            let interrupted = "tabstage: interrupted by \(signalName(received))"
            if let running {
                running.transaction.rollback(thenExit: { committed in
                    printError(
                        committed
                            ? "\(interrupted) after the run had finished writing; its output stays"
                            : running.folders.isEmpty
                                ? "\(interrupted); nothing was written" : "\(interrupted); \(running.folders) left as it was")
                    _exit(code)
                })
            }
            printError(
                finishedWriting
                    ? "\(interrupted) after the run had finished writing; its output stays" : "\(interrupted); nothing was written")
            _exit(code)
        }
        thread.start()
    }

    /// The transaction an interrupt rolls back, and the folders it writes in words
    /// ("--out 'out'", empty when it writes none); nil when the transaction ended.
    static func protect(_ transaction: OutputTransaction?, writing folders: String = "") {
        lock.lock()
        defer { lock.unlock() }
        if transaction == nil, let ended = current, ended.transaction.isCommitted { finishedWriting = true }
        current = transaction.map { ($0, folders) }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
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
