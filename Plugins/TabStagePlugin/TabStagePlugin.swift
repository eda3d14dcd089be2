import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory tabstage ARGUMENTS`: runs the package's
/// own `tabstage` binary (built by SwiftPM for the plugin) with ARGUMENTS unchanged, in the
/// package's folder, so `record Examples/*.yaml`, `verify`, `accept` and `previews LIST` work
/// with nothing installed but the package. The binary's output and its one-line errors pass
/// straight through; when it exits non-zero the plugin ends with the same code, which SwiftPM
/// reports as "Plugin ended with exit code N" (and `swift package` itself then exits 1).
@main
struct TabStagePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "tabstage")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        do {
            try process.run()
        } catch {
            Diagnostics.error("tabstage: error: cannot start \(tool.url.path): \(error.localizedDescription)")
            exit(3)
        }
        process.waitUntilExit()
        let status = process.terminationStatus
        switch process.terminationReason {
        case .exit where status == 0:
            return
        case .exit:
            // The binary has already printed its one line on stderr; end with its code.
            exit(status)
        case .uncaughtSignal:
            Diagnostics.error("tabstage: error: the tabstage process was ended by signal \(status)")
            exit(128 + status)
        @unknown default:
            exit(status == 0 ? 1 : status)
        }
    }
}
