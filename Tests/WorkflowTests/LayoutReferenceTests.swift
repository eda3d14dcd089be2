import Foundation
import PropertyBased
import SnapshotTesting
import TabStageModel
import TabStageSnapshotTesting
import TabStageTestSupport
import TabStageTesting
import TabStageWorkflow
import Testing

/// Layout references (`NAME.layout.txt`): written and read back exactly, compared into moves
/// worded for a reviewer, and hostile files refused at their line.
@Suite struct LayoutReferenceTests {
    typealias Element = LayoutReference.Element
    typealias Value = LayoutReference.Value

    static let sample = LayoutReference(
        elements: [
            Element(id: "tab-bar", frame: Rect(x: 0, y: 88, width: 402, height: 44)),
            Element(id: "row-0-6", frame: Rect(x: 0, y: 672, width: 402, height: 108)),
            Element(id: "presented", frame: Rect(x: 8, y: 468, width: 386, height: 398)),
        ],
        values: [
            Value(path: "container.headerHeight", value: .number(88)),
            Value(path: "container.tabs[0].title", value: .text("Posts")),
            Value(path: "container.tabBarHidden", value: .flag(false)),
            Value(path: "split", value: .null),
        ])

    @Test func theTextIsOneLineAnElementOrValueAndReadsBack() throws {
        let text = Self.sample.text
        #expect(
            text == """
                tabstage layout 1
                [elements]
                tab-bar 0 88 402 44
                row-0-6 0 672 402 108
                presented 8 468 386 398
                [state]
                container.headerHeight 88
                container.tabs[0].title "Posts"
                container.tabBarHidden false
                split null

                """)
        #expect(try LayoutReference.parse(Array(text.utf8), path: "a.layout.txt") == Self.sample)
    }

    /// The example in the documentation: the tab bar 8 pt lower, a row that appeared and the
    /// medium sheet 53 pt taller; largest first.
    @Test func movesAreWordedLargestFirst() {
        var new = Self.sample
        new.elements[0].frame.y = 96  // 88 → 96: +8
        new.elements[2].frame.height = 451  // 398 → 451: +53
        new.elements.append(Element(id: "row-0-7", frame: Rect(x: 0, y: 780, width: 402, height: 108)))
        let comparison = LayoutComparison(Self.sample, new)
        #expect(comparison.summary == "3 elements moved")
        // Sizes: the row 402 (its larger side), the sheet 53, the tab bar 8. Names padded to
        // the longest, "row Posts[7]" (12 characters), plus one space.
        #expect(
            comparison.lines == [
                "row Posts[7] appeared at y 780",
                "presentation height 398 → 451 (+53 pt)",
                "tabBar       y 88 → 96 (+8 pt)",
            ])
    }

    @Test func valuesAndGoneElementsAreNamedByTheirPaths() {
        var new = Self.sample
        new.elements.remove(at: 1)
        new.values[0].value = .number(96)
        new.values[2].value = .flag(true)
        let comparison = LayoutComparison(Self.sample, new)
        #expect(comparison.summary == "1 element moved and 2 values changed")
        // A word that changed ranks above any distance; then the row (402), then 8.
        #expect(
            comparison.lines == [
                "container.tabBarHidden false → true",
                "row Posts[6]           gone from y 672",
                "container.headerHeight 88 → 96 (+8)",
            ])
    }

    @Test func moreThanEightMovesEndWithACount() {
        let old = LayoutReference(
            elements: (0..<11).map { Element(id: "row-0-\($0)", frame: Rect(x: 0, y: Double($0) * 10, width: 10, height: 10)) },
            values: [])
        var new = old
        for index in new.elements.indices { new.elements[index].frame.y += Double(index + 1) }
        let lines = LayoutComparison(old, new).lines
        #expect(lines.count == 9)
        // Row 10 moved most, by 11 pt: 100 → 111.
        #expect(lines.first == "row 0[10] y 100 → 111 (+11 pt)")
        #expect(lines.last == "and 3 more")
    }

    @Test func aMoveUnderTheToleranceMatches() {
        var new = Self.sample
        new.elements[0].frame.y = 88.5
        #expect(LayoutComparison(Self.sample, new, tolerance: 1).isEmpty)
        #expect(LayoutComparison(Self.sample, new, tolerance: 0.5).lines == ["tabBar y 88 → 88.5 (+0.5 pt)"])
    }

    /// Any single element moved by at least the tolerance is reported with its exact delta,
    /// and nothing else is.
    @Test func anySingleMoveIsReportedExactlyAndAlone() async throws {
        let frames = zip(Gen.int(in: -500...500), Gen.int(in: -500...2000), Gen.int(in: 0...800), Gen.int(in: 0...800)).map {
            Rect(x: Double($0) / 4, y: Double($1) / 4, width: Double($2) / 4, height: Double($3) / 4)
        }
        try await seededPropertyCheck(
            count: 300,
            input: zip(frames.array(of: 1...40), Gen.int(in: 0...1000), Gen.int(in: 0...3), Gen.int(in: 1...40_000), Gen.bool)
        ) { rects, pick, edge, hundredths, negative in
            let old = LayoutReference(
                elements: rects.enumerated().map { Element(id: "e-\($0.offset)", frame: $0.element) }, values: [])
            var new = old
            let index = pick % rects.count
            let delta = Double(hundredths) / 100 * (negative ? -1 : 1)
            var frame = new.elements[index].frame
            switch edge {
            case 0: frame.x += delta
            case 1: frame.y += delta
            case 2: frame.width = max(0, frame.width + delta)
            default: frame.height = max(0, frame.height + delta)
            }
            new.elements[index].frame = frame
            // Through the file, as verify reads it: the delta is what the file says moved.
            let read = try LayoutReference.parse(Array(new.text.utf8), path: "p")
            let (a, b) = (old.elements[index].frame, read.elements[index].frame)
            let moved = [b.x - a.x, b.y - a.y, b.width - a.width, b.height - a.height].first { abs($0) > 1e-9 }
            let comparison = LayoutComparison(old, read)
            // The file keeps two decimals, so a 0.01 move reads back as 0.00999…: the comparison
            // allows 1e-9 for it, as this does.
            guard let moved, abs(moved) >= 0.01 - 1e-9 else {
                #expect(comparison.isEmpty)
                return
            }
            #expect(comparison.moves.count == 1)
            #expect(comparison.moves.first?.name == "e-\(index)")
            let word = ["x", "y", "width", "height"][edge]
            let sign = moved > 0 ? "+" : ""
            #expect(
                comparison.moves.first?.change.hasSuffix(" (\(sign)\(LayoutComparison.number(moved)) pt)") == true
                    && comparison.moves.first?.change.hasPrefix(word + " ") == true,
                "\(comparison.lines)")
        }
    }

    /// Files `record` never writes are refused at their line, with the reason.
    @Test func hostileFilesAreRefusedAtTheirLine() {
        let header = "tabstage layout 1\n[elements]\n"
        let cases: [(String, String)] = [
            ("", "p:1:1: error: the first line must be 'tabstage layout 1'"),
            (header + "tab-bar 0 nan 402 44\n[state]\n", "p:3:1: error: 'nan' is not a finite number"),
            (header + "tab-bar 0 1e400 402 44\n[state]\n", "p:3:1: error: '1e400' is not a finite number"),
            (header + "tab-bar 0 inf 402 44\n[state]\n", "p:3:1: error: 'inf' is not a finite number"),
            (header + "tab-bar 0 2000000000 402 44\n[state]\n", "p:3:1: error: '2000000000' is not a finite number"),
            (
                header + "tab-bar 0 0 402 44\ntab-bar 0 0 1 1\n[state]\n",
                "p:4:1: error: the id 'tab-bar' is given twice; the first is at line 3"
            ),
            (header + "tab bar 0 0 402 44\n[state]\n", "p:3:1: error: an element is 'ID X Y WIDTH HEIGHT'"),
            (header + "a 0 0 -1 44\n[state]\n", "p:3:1: error: a width or height below 0"),
            (header + "[state]\nx 1\nx 2\n", "p:5:1: error: 'x' is given twice; the first is at line 4"),
            (header + "[state]\nx \"a\" \"b\"\n", "p:4:1: error: the value is not one quoted string"),
            (header + "[state]\n" + String(repeating: "a", count: 5000) + " 1\n", "p:4:1: error: the line is over 4096 bytes"),
            (header, "p:3:1: error: the file ends before '[state]'"),
            (header + "[state]\n[elements]\n", "p:4:1: error: '[elements]' must come once, before '[state]'"),
            (String(repeating: "x\n", count: 20_001), "p:20001:1: error: the file has more than 20000 lines"),
        ]
        for (text, start) in cases {
            do {
                _ = try LayoutReference.parse(Array(text.utf8), path: "p")
                Issue.record("accepted: \(text.prefix(80))")
            } catch {
                #expect(error.description.hasPrefix(start), "\(error.description)")
                #expect(!error.description.contains("\n"))
            }
        }
        // Deep or long, refused before any line is read.
        let lines = header + String(repeating: "a 0 0 1 1\n", count: 20_001) + "[state]\n"
        #expect(throws: LayoutReferenceError.self) { try LayoutReference.parse(Array(lines.utf8), path: "p") }
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) + 1)
        #expect(throws: LayoutReferenceError.self) { try LayoutReference.parse(huge, path: "p") }
        #expect(throws: LayoutReferenceError.self) { try LayoutReference.parse([0xff, 0xfe], path: "p") }
    }
}

/// What `record` writes is what `verify` reads: at the limits' edges, `limitProblem` refuses
/// exactly the layouts `parse` would.
@Suite struct LayoutLimitAgreementTests {
    static func layout(elements: Int, title: String = "A") -> LayoutReference {
        LayoutReference(
            elements: (0..<elements).map { LayoutReference.Element(id: "e\($0)", frame: Rect(x: 0, y: Double($0), width: 1, height: 1)) },
            values: [LayoutReference.Value(path: "container.tabs[0].title", value: .text(title))])
    }

    /// 3 + 19,996 elements + 1 value = 20,000 lines: written and read; one element more is
    /// 20,001 lines, refused by both. A title of 4,100 characters makes a line of
    /// `container.tabs[0].title "…"` = 23 + 1 + 4,102 = 4,126 bytes, over 4,096: refused by both.
    @Test func theWriterRefusesWhatTheReaderWould() throws {
        let fits = Self.layout(elements: 19_996)
        #expect(fits.limitProblem(fits.bytes) == nil)
        #expect(try LayoutReference.parse(fits.bytes, path: "p") == fits)
        let over = Self.layout(elements: 19_997)
        #expect(
            over.limitProblem(over.bytes)?.hasPrefix(
                "its layout reference would be 20001 lines (19997 elements, 1 values), over the limit of 20000 lines") == true)
        #expect(throws: LayoutReferenceError.self) { try LayoutReference.parse(over.bytes, path: "p") }
        let long = Self.layout(elements: 1, title: String(repeating: "a", count: 4_100))
        #expect(
            long.limitProblem(long.bytes)?.hasPrefix("its layout reference would have a line of 4126 bytes, over the limit of 4096 bytes")
                == true)
        #expect(throws: LayoutReferenceError.self) { try LayoutReference.parse(long.bytes, path: "p") }
    }
}

/// swift-snapshot-testing's `.layout` strategy: the layout file as a reference, a failure worded
/// as `verify` words it.
@Suite struct LayoutSnapshottingTests {
    @Test func aMovedStageIsNamedBySwiftSnapshotTesting() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stage = try Stage(device: "iphone-15", container: Fixtures.issueConfig(), look: Fixtures.issueLook)
        // The first run records and reports it, the second matches.
        #expect(verifySnapshot(of: stage, as: .layout, named: "top", record: .all, snapshotDirectory: folder.path) != nil)
        #expect(verifySnapshot(of: stage, as: .layout, named: "top", record: .never, snapshotDirectory: folder.path) == nil)
        var dragged = stage
        // Dragged 120 pt the header is 120 pt shorter: the tab bar moves up by 120.
        try dragged.apply(.drag(dy: 120))
        let failure = try #require(verifySnapshot(of: dragged, as: .layout, named: "top", record: .never, snapshotDirectory: folder.path))
        #expect(failure.contains(" moved"), "\(failure)")
        // The first row starts under the 220 pt header and the 44 pt tab bar, at 264; dragged
        // 120 pt, it is at 144.
        // (Names are padded to one column when the list also holds a value's longer path.)
        let words = failure.replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        #expect(words.contains("row Posts[0] y 264 → 144 (-120 pt)"), "\(failure)")
        // Within a tolerance wider than the move, the moves pass; rows that appeared still count.
        let tolerant = try #require(
            verifySnapshot(of: dragged, as: .layout(tolerance: 500), named: "top", record: .never, snapshotDirectory: folder.path))
        #expect(!tolerant.contains("(-120 pt)") && tolerant.contains("appeared at y"), "\(tolerant)")
    }
}
