import CRsvg
import Foundation

/// GLib's log, where Pango, librsvg and GLib report trouble ("failed to create cairo scaled
/// font, expect ugly output" for a 100,000-pt font, in blocks of several lines), routed to
/// tabstage: nothing is printed as such. Each thread's messages are kept (at most
/// `maxKept`) until the render on that thread takes them and fails with one line of its own.
///
/// GLib's handler is process-wide C state; this is the one place tabstage holds messages
/// outside a value, keyed by thread so parallel renders never see each other's.
enum LibraryMessages {
    /// Messages one thread keeps until a render takes them: the first says what went wrong.
    static let maxKept = 16

    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var byThread: [UInt: [String]] = [:]
    }

    private static let store = Store()

    /// Installs the writer once, before any library logs (GLib allows one writer per
    /// process); every later use does nothing. Both GLib's classic `g_warning` and structured
    /// messages reach a writer.
    static let installed: Void = {
        g_log_set_writer_func(
            { level, fields, count, _ in
                // Debug and info messages are GLib's chatter, printed only when asked for.
                guard level.rawValue & (G_LOG_LEVEL_DEBUG.rawValue | G_LOG_LEVEL_INFO.rawValue) == 0, let fields else {
                    return G_LOG_WRITER_HANDLED
                }
                var domain = "", message = ""
                for field in UnsafeBufferPointer(start: fields, count: Int(count)) {
                    guard let key = field.key, let value = field.value else { continue }
                    let text: String
                    if field.length < 0 {
                        text = String(cString: value.assumingMemoryBound(to: CChar.self))
                    } else {
                        text = String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
                    }
                    switch String(cString: key) {
                    case "GLIB_DOMAIN": domain = text + ": "
                    case "MESSAGE": message = text
                    default: break
                    }
                }
                LibraryMessages.keep(domain + message)
                return G_LOG_WRITER_HANDLED
            }, nil, nil)
    }()

    private static var thread: UInt {
        #if os(Linux)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    private static func keep(_ text: String) {
        let key = thread
        store.lock.withLock {
            var kept = store.byThread[key] ?? []
            if kept.count < maxKept { kept.append(text) }
            store.byThread[key] = kept
        }
    }

    /// This thread's messages since the last call, oldest first; none are kept after.
    static func take() -> [String] {
        let key = thread
        return store.lock.withLock { store.byThread.removeValue(forKey: key) ?? [] }
    }
}
