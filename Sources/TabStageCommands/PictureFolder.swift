import Foundation
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageWorkflow

/// A folder that receives finished pictures (`run --docc`, `previews`): a DocC catalog's
/// folder or the gallery's, which holds the user's other files. Only the pictures written are
/// replaced, all at once (nothing is removed); the folder must be a real folder or a new one.
enum PictureFolder {
    /// Refuses, before anything is drawn, an empty path, a symbolic link (the pictures would
    /// land wherever it points, outside the catalog a reader builds) and an existing file or
    /// anything else that is not a folder.
    static func check(_ path: String, option: String) throws(Failure) {
        try Pipeline.checkPath(path, option: option)
        try Pipeline.checkShellSafe(path, option: option)
        var info = stat()
        guard lstat(Console.current.resolve(path), &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return
        case S_IFLNK:
            throw Failure.badInput(
                "tabstage: error: \(option) '\(quoted(path))' is a symbolic link; pictures are written only into a real folder (expected the folder itself, such as Sources/MyLibrary/MyLibrary.docc/Resources)"
            )
        default:
            throw Failure.badInput(
                "tabstage: error: \(option) '\(quoted(path))' is a file, not a folder (expected a folder to write the pictures into, or a new one)"
            )
        }
    }

    /// A snapshot drawn to PNG at `scale` pixels per point, with the device around it when
    /// `deviceFrame` (as `run --format png` draws it, byte for byte).
    static func png(_ state: StageState, look: Look, scale: Double?, deviceFrame: Bool) throws(Failure) -> [UInt8] {
        let options = RenderOptions(formats: [.png], scale: scale, deviceFrame: deviceFrame, png: .fast)
        if let problem = options.pixelLimitProblem(state) { throw Failure.badInput("tabstage: error: \(problem)") }
        let rendered = try Pipeline.io { () throws(WorkflowError) in try SnapshotRenderer.render(state, look: look, options: options) }
        guard let png = rendered.png else { throw Failure.io("tabstage: error: the PNG was not drawn") }
        return png
    }

    /// Writes `files` (name and bytes) into `path`, creating it as needed: every file replaces
    /// its namesake at once, and on any failure none does.
    static func write(_ files: [(name: String, bytes: [UInt8])], into path: String, option: String) throws(Failure) {
        let transaction = OutputTransaction(faults: Pipeline.testFaults)
        Interruption.protect(transaction, writing: "\(option) '\(path)'")
        defer { Interruption.protect(nil) }
        try Pipeline.io { () throws(WorkflowError) in
            do throws(WorkflowError) {
                let folder = try transaction.openRoot(path, label: option)
                for file in files { try transaction.stage(file.bytes, as: file.name, in: folder) }
                try transaction.commit(folder, previous: .keep)
            } catch {
                transaction.rollback()
                throw error
            }
            transaction.finish()
        }
    }
}
