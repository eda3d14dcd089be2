import ArgumentParser
import Foundation
import TabStageModel
import TabStageScenario
import TabStageWorkflow

/// `tabstage previews LIST`: draws the pictures a previews list names (`PreviewList`, the
/// format of docs/previews/previews.tsv) with the device around them at 2 px per point, as a
/// gallery or a DocC catalog shows them.
struct Previews: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the pictures a previews list names (NAME, scenario file, snapshot; separated by tabs) as PNGs.",
        discussion: """
            Each picture is drawn with the device around it at 2 px per point into the list's folder as NAME.png, \
            or with --docc as NAME@2x.png, plus NAME~dark@2x.png when the snapshot's variant has a dark twin. \
            Nothing is written when any line is refused.
            """)

    /// The pixels per point of every picture: a Retina screen's 2, the gallery's (docs/previews).
    static let scale = 2

    @Argument(help: "The previews list: one line per picture, NAME, scenario file and snapshot (VARIANT/SNAPSHOT) separated by tabs.")
    var list: String

    @Option(name: .long, help: "Folder for NAME.png (default: the list's folder).", completion: .directory)
    var out: String?

    @Option(
        name: .long, help: ArgumentHelp("Write NAME@2x.png and NAME~dark@2x.png for a DocC catalog into this folder.", valueName: "folder"),
        completion: .directory)
    var docc: String?

    func validate() throws {
        if out != nil && docc != nil {
            throw ValidationError("--out and --docc cannot be given together (one folder receives the pictures)")
        }
    }

    func run() throws {
        try Pipeline.checkPath(list, option: "the previews list")
        let folder =
            docc ?? out
            ?? {
                let parent = (list as NSString).deletingLastPathComponent
                return parent.isEmpty ? "." : parent
            }()
        let option = docc != nil ? "--docc" : "--out"
        try PictureFolder.check(folder, option: option)
        let entries = try Self.read(list)
        var runsByFile: [String: [ScenarioRun]] = [:]
        var files: [(name: String, bytes: [UInt8])] = []
        var lines: [String] = []
        for entry in entries {
            let runs: [ScenarioRun]
            if let known = runsByFile[entry.scenario] {
                runs = known
            } else {
                runs = try Pipeline.loadAndRun([entry.scenario])
                runsByFile[entry.scenario] = runs
            }
            let (runIndex, snapshotIndex) = try Self.find(entry, in: runs)
            var chosen: [(run: Int, snapshot: Int, dark: Bool)] = [(runIndex, snapshotIndex, false)]
            if docc != nil {
                let pictures: [DocCPictures.Picture]
                do {
                    pictures = try DocCPictures.plan(runs, scale: Double(Self.scale))
                } catch {
                    throw Failure.badInput(error)
                }
                guard let picture = pictures.first(where: { $0.run == runIndex && $0.snapshot == snapshotIndex }) else { continue }
                chosen = pictures.filter { $0.name == picture.name }.map { ($0.run, $0.snapshot, $0.dark) }
            }
            for choice in chosen {
                let run = runs[choice.run]
                let snapshot = run.snapshots[choice.snapshot]
                let name = docc != nil ? DocCPictures.fileName(entry.name, scale: Self.scale, dark: choice.dark) : entry.name + ".png"
                files.append(
                    (name, try PictureFolder.png(snapshot.state, look: run.scenario.look, scale: Double(Self.scale), deviceFrame: true)))
                let variant = run.scenario.variant.map { "\($0.name)/" } ?? ""
                lines.append("\((folder as NSString).appendingPathComponent(name))  <- \(entry.scenario) (\(variant)\(snapshot.name))")
            }
        }
        try PictureFolder.write(files, into: folder, option: option)
        for line in lines { printLine(line) }
    }

    /// The list's entries, or its first refused line as bad input.
    static func read(_ path: String) throws(Failure) -> [PreviewList.Entry] {
        var info = stat()
        let onDisk = Console.current.resolve(path)
        guard stat(onDisk, &info) == 0 else {
            throw Failure.badInput(
                "tabstage: error: the previews list '\(quoted(path))' does not exist (expected a file such as docs/previews/previews.tsv)")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 1 << 20,
            let data = FileManager.default.contents(atPath: onDisk), let text = String(data: data, encoding: .utf8)
        else {
            throw Failure.badInput(
                "tabstage: error: the previews list '\(quoted(path))' is not a UTF-8 text file of at most 1 MiB (expected lines of NAME, scenario file and snapshot, separated by tabs)"
            )
        }
        do {
            return try PreviewList.parse(text, path: path).entries
        } catch {
            throw Failure.badInput(error)
        }
    }

    /// The run and snapshot an entry names, or a located refusal naming what there is.
    static func find(_ entry: PreviewList.Entry, in runs: [ScenarioRun]) throws(Failure) -> (run: Int, snapshot: Int) {
        let variants = runs.compactMap { $0.scenario.variant?.name }
        guard let runIndex = runs.firstIndex(where: { $0.scenario.variant?.name == entry.variant }) else {
            let message =
                entry.variant.map { "\(entry.scenario) has no variant named '\(quoted($0))'" }
                ?? "\(entry.scenario) has variants, so the snapshot is written VARIANT/SNAPSHOT"
            throw Failure.badInput(
                ScenarioError(
                    entry.location, message, expected: variants.isEmpty ? "SNAPSHOT alone: the scenario has no variants" : oneOf(variants)))
        }
        let names = runs[runIndex].snapshots.map(\.name)
        guard let snapshotIndex = names.firstIndex(of: entry.snapshot) else {
            throw Failure.badInput(
                ScenarioError(
                    entry.location,
                    "\(entry.scenario) has no snapshot named '\(quoted(entry.snapshot))'" + didYouMean(entry.snapshot, names),
                    expected: oneOf(names)))
        }
        return (runIndex, snapshotIndex)
    }
}
