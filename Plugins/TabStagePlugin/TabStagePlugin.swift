import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory tabstage ARGUMENTS`: builds the package's
/// `tabstage` product, then runs it with ARGUMENTS unchanged, in the package's folder, so
/// `record Examples/*.yaml`, `verify`, `accept` and `previews LIST` work with nothing installed
/// but the package. The binary's output and its one-line errors pass straight through; when it
/// exits non-zero the plugin ends with the same code, which SwiftPM reports as "Plugin ended
/// with exit code N" (and `swift package` itself then exits 1).
///
/// The plugin asks SwiftPM to build the product (in the configuration `swift package` was given:
/// debug, the build `swift build` and `swift test` make, unless `-c release`) rather than
/// declaring it as a tool dependency: a tool is built a second
/// time for the host, in its own folder, and SwiftPM builds every plugin's tools whenever it
/// builds the whole package, so a declared tool doubled the compile of `swift test`.
@main
struct TabStagePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try buildTabstage()
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        do {
            try process.run()
        } catch {
            Diagnostics.error("tabstage: error: cannot start \(tool.path): \(error.localizedDescription)")
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

    /// The `tabstage` executable, built now (nothing is compiled when it is up to date). SwiftPM
    /// echoes the build's progress as it goes, so a first build of several minutes is not a
    /// silent one, and a failed build's errors say what to fix; it ends the plugin with code 3.
    private func buildTabstage() throws -> URL {
        let result = try packageManager.build(
            .product("tabstage"), parameters: .init(configuration: .inherit, logging: .concise, echoLogs: true))
        guard result.succeeded else {
            Diagnostics.error("tabstage: error: building the tabstage product failed (SwiftPM's errors are above)")
            exit(3)
        }
        guard let binary = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.deletingPathExtension().lastPathComponent == "tabstage" }) else {
            Diagnostics.error("tabstage: error: SwiftPM built the tabstage product but reported no tabstage executable")
            exit(3)
        }
        return binary.url
    }
}
