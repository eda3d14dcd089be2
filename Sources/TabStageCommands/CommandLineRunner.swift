import ArgumentParser
import CLibraryLoader
import Foundation
import TabStageModel

/// The whole command line: parses the arguments, runs the command and turns every failure into
/// one line on stderr and a documented exit code; ArgumentParser's usage errors become exit
/// code 2 like any other bad input. The `tabstage` binary calls it with its own arguments and
/// console; tests call it in process with a capturing console and read the same lines and code.
package enum CommandLineRunner {
    /// Runs `tabstage ARGUMENTS` (without the program's name) on `Console.current`; returns
    /// the exit code.
    package static func run(_ arguments: [String]) -> Int32 {
        if let unknown = UnknownCommand(arguments: arguments) {
            printError(unknown.message)
            return Failure.Code.badInput.rawValue
        }
        do {
            var command = try Tabstage.parseAsRoot(arguments)
            // Before anything is read or written: the libraries the command surely calls into.
            if let command = command as? LibraryCommand, let problem = LibraryGroups.problem(command.libraryGroups) {
                throw Failure.badInput("tabstage: error: \(problem)")
            }
            try command.run()
            return 0
        } catch let failure as Failure {
            printError(failure.message)
            for line in failure.more { printError(line) }
            return failure.code.rawValue
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let code = Tabstage.exitCode(for: error)
            if code == .success {
                Console.current.print(Tabstage.fullMessage(for: error))
                return 0
            }
            let message = Tabstage.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            printError("tabstage: error: \(message.replacingOccurrences(of: "Error: ", with: "")) (see 'tabstage help')")
            return Failure.Code.badInput.rawValue
        }
    }

    /// Runs `tabstage ARGUMENTS` with `console` as its output, environment and working
    /// directory (bound for the library code it calls as `WorkingDirectory.current`).
    package static func run(_ arguments: [String], console: Console) -> Int32 {
        Console.$current.withValue(console) {
            WorkingDirectory.$current.withValue(console.workingDirectory) { run(arguments) }
        }
    }
}

/// A command that calls into C libraries it surely needs (they are all loaded on first use, see
/// `CLibraryLoader`): they are loaded before it starts, so a missing one is one line and exit 2
/// before anything is written. The others load when first called (libspng for the less common
/// PNGs, libturbojpeg and FreeType for a scenario's pictures and fonts,
/// libxml2 for row templates) and, when missing, end the process with the same line.
/// `diff` loads libdeflate alone, `accept` and `merge-reports` libcrypto alone (`verify
/// --report` with the drawing libraries); `schema`,
/// `devices`, `--help` and `--version` load none of them.
protocol LibraryCommand {
    var libraryGroups: [tabstage_library_group] { get }
}

/// A command that draws (or lays text out, which takes Pango) and writes PNGs.
protocol DrawingCommand: LibraryCommand {}

extension DrawingCommand {
    var libraryGroups: [tabstage_library_group] { [TABSTAGE_GROUP_DRAWING, TABSTAGE_GROUP_DEFLATE] }
}

/// `--animate webp` encodes with libwebp after the frames are drawn: loaded first too, so a
/// missing libwebp stops the run before any frame is written.
extension Run: DrawingCommand {
    var libraryGroups: [tabstage_library_group] {
        [TABSTAGE_GROUP_DRAWING, TABSTAGE_GROUP_DEFLATE] + (animate == nil ? [] : [TABSTAGE_GROUP_WEBP])
    }
}
/// What SHA-256 digests load: libcrypto, except on Apple's systems, where CommonCrypto (part
/// of the system) computes them.
private let digestGroups: [tabstage_library_group] = {
    #if canImport(CommonCrypto)
    []
    #else
    [TABSTAGE_GROUP_CRYPTO]
    #endif
}()

extension Record: DrawingCommand {}
/// `verify --report` also keeps SHA-256 digests of the references and inputs in report.json;
/// without a report nothing is hashed.
extension Verify: DrawingCommand {
    var libraryGroups: [tabstage_library_group] {
        [TABSTAGE_GROUP_DRAWING, TABSTAGE_GROUP_DEFLATE] + (report == nil ? [] : digestGroups)
    }
}
extension Conform: DrawingCommand {}
extension Previews: DrawingCommand {}

/// A chart drawn to PNG; an SVG chart is text, written without any of the libraries.
extension Plot: LibraryCommand {
    var libraryGroups: [tabstage_library_group] {
        (out as NSString).pathExtension.lowercased() == "png" ? [TABSTAGE_GROUP_DRAWING, TABSTAGE_GROUP_DEFLATE] : []
    }
}

/// PNGs are decoded with libdeflate (libspng only for the less common ones).
extension Diff: LibraryCommand {
    var libraryGroups: [tabstage_library_group] { [TABSTAGE_GROUP_DEFLATE] }
}

/// Both check the digests a report keeps of its files and draw nothing.
extension AcceptCommand: LibraryCommand {
    var libraryGroups: [tabstage_library_group] { digestGroups }
}
extension MergeReports: LibraryCommand {
    var libraryGroups: [tabstage_library_group] { digestGroups }
}

enum LibraryGroups {
    /// Loads the groups in order: the first one's line when one of its libraries is missing.
    static func problem(_ groups: [tabstage_library_group]) -> String? {
        for group in groups {
            if let problem = tabstage_libraries_problem(group) { return String(cString: problem) }
        }
        return nil
    }
}
