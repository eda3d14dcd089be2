import Foundation
import Synchronization
import TabStageImageDiff
import TabStageTestSupport
import Testing

/// A command run in process takes its relative paths from its console's working directory,
/// never from the process's: commands run at once in different folders with the same relative
/// paths each read their own files and write into their own folder (what lets the end-to-end
/// suites run in parallel without a lock).
struct WorkingDirectoryTests {
    let cli = CommandLineTests()

    /// `in/s.yaml` titled `title`, with a picture and a row template named relative to it.
    static func scenario(title: String) -> String {
        """
        name: s
        device: {width: 120, height: 200, scale: 1}
        theme:
          banner: {image: pic.png}
        container:
          header: {height: 100, minHeight: 30, title: "\(title)"}
          tabs:
            - {title: Posts, rows: 3, rowHeight: 50, template: row.svg.mustache, items: [{title: one}]}
        steps:
          - snapshot: a
        """
    }

    /// Three folders with the same relative paths: two complete (titles Alpha and Beta, each
    /// its own row template), one without the picture. The three commands run at once.
    @Test func commandsRunAtOnceInTwoFoldersEachReadAndWriteTheirOwn() throws {
        let folders = [try temporaryFolder(), try temporaryFolder(), try temporaryFolder()]
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        let titles = ["Alpha", "Beta", "Gamma"]
        let picture = Data(try PNGCodec.encode(RGBAImage(width: 8, height: 8, fill: (r: 255, g: 0, b: 0, a: 255))))
        for (index, folder) in folders.enumerated() {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("in"), withIntermediateDirectories: false)
            try cli.write(Self.scenario(title: titles[index]), "in/s.yaml", in: folder)
            try cli.write("<text x=\"8\" y=\"30\">\(titles[index])-row {{title}}</text>", "in/row.svg.mustache", in: folder)
            if index < 2 { try picture.write(to: folder.appendingPathComponent("in/pic.png")) }
        }
        let processFolder = FileManager.default.currentDirectoryPath
        let outBefore = FileManager.default.fileExists(atPath: processFolder + "/out")

        let results = Mutex<[CommandLineTests.Result?]>([nil, nil, nil])
        let cli = cli
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            let result = try? cli.tabstage(["run", "in/s.yaml", "--out", "out", "--format", "svg"], in: folders[index])
            results.withLock { $0[index] = result }
        }
        let all = results.withLock { $0 }

        for index in 0..<2 {
            let result = try #require(all[index])
            #expect(result.status == 0, "\(result.stderr)")
            // One snapshot, SVG only: out/s/a.svg in this command's folder, from its own scenario and template.
            let svg = try String(contentsOf: folders[index].appendingPathComponent("out/s/a.svg"), encoding: .utf8)
            #expect(svg.contains(">\(titles[index])<"), "the folder's own title")
            #expect(svg.contains(">\(titles[index])-row one<"), "the folder's own row template")
            for other in titles where other != titles[index] { #expect(!svg.contains(other), "nothing of \(other)'s folder") }
        }
        // The third folder has no pic.png: its command read its own folder, not another one's.
        let missing = try #require(all[2])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("in/s.yaml:"), "\(missing.stderr)")
        #expect(missing.stderr.contains("no such file 'pic.png' in 'in'"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folders[2].appendingPathComponent("out").path))
        // The process never moved, and nothing was written where it runs.
        #expect(FileManager.default.currentDirectoryPath == processFolder)
        #expect(FileManager.default.fileExists(atPath: processFolder + "/out") == outBefore)
    }
}
