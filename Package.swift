// swift-tools-version:6.0
import PackageDescription

// What a test target may import: every library module of the package, the commands, the shared
// helpers and the test libraries. One list, so a suite moves between test targets without
// touching the manifest (on Linux every test target is linked into one test binary anyway).
let testDependencies: [Target.Dependency] = [
    "TabStageModel", "TabStageLayout", "TabStageScenario", "TabStageImageDiff", "TabStageRendering", "CTurboJPEG", "TabStageWorkflow",
    "TabStageReports", "TabStage", "TabStageTesting", "TabStageSnapshotTesting", "TabStageCommands", "TabStageTestSupport",
    .product(name: "PropertyBased", package: "swift-property-based"),
    .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
    .product(name: "Yams", package: "Yams"),
]

// The model's tests: the model's modules and what checks them (parsing, the layout and its
// trace), without the workflow, its reports or the commands.
let modelTestDependencies: [Target.Dependency] = [
    "TabStageModel", "TabStageLayout", "TabStageScenario", "TabStageRendering", "TabStageTestSupport",
    .product(name: "PropertyBased", package: "swift-property-based"),
]

let package = Package(
    name: "tabstage",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tabstage", targets: ["tabstage"]),
        // `import TabStage` gives the model, its layout and scenarios; `import TabStageTesting` adds the test API.
        .library(name: "TabStage", targets: ["TabStage"]),
        .library(name: "TabStageTesting", targets: ["TabStageTesting"]),
        // Drives your own container (UIKit, SwiftUI or in memory) through a scenario and checks it against the model.
        .library(name: "TabStageRecording", targets: ["TabStageRecording"]),
        // What an iOS test target links: a plan `tabstage plan` wrote, played on your container, and the trace it records.
        .library(name: "TabStageDriver", targets: ["TabStageDriver"]),
        // Opt in: swift-snapshot-testing strategies (`assertSnapshot(of: stage, as: .png)`), so
        // a team that does not use swift-snapshot-testing never builds it.
        .library(name: "TabStageSnapshotTesting", targets: ["TabStageSnapshotTesting"]),
        // `swift package --allow-writing-to-package-directory tabstage record Examples/*.yaml`:
        // the tabstage binary, built by SwiftPM and run in the package's folder.
        .plugin(name: "TabStagePlugin", targets: ["TabStagePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Row templates: Mustache with HTML/XML escaping for {{ }}.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        // TabStageSnapshotTesting offers Snapshotting strategies to swift-snapshot-testing users.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // Tests only: property-based checks with shrinking.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation --target TabStage` builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        // The model, pure and with no I/O, one folder per part:
        // - TextSupport: text for messages and markup: quoting for error messages, decimal numbers, XML escaping.
        // - Adaptive: devices, traits, size classes, multitasking windows, overrides, lifecycle.
        // - Presentation: UIKit's presentation rules per iOS release (adaptation, sheets and
        //   detents, popovers) and the split view's columns.
        // - ScrollableTab: the container state machine and scroll-view metrics.
        // - Stage: the root reducer (container + presentation + split view).
        .target(name: "TabStageModel"),
        // What the model's state looks like on screen, one folder per part:
        // - Look: pure values: a scenario's theme (colours, banner, fonts), the palette it resolves to, and header content.
        // - Layout: one computed layout per state: header, tab bar, pages, split and presentation frames.
        .target(name: "TabStageLayout", dependencies: ["TabStageModel"]),
        // The C libraries tabstage calls are not linked: each function is a trampoline that
        // loads its library (by its Debian SONAME: libspng.so.0, librsvg-2.so.2, ...) on the first
        // call, so a command loads only the libraries of the work it does (`--version` none,
        // `diff` libdeflate). This is the loader; the C* targets below declare each library's
        // functions as its headers do, and Scripts/check-library-declarations.sh checks them.
        .target(name: "CLibraryLoader"),
        // libjpeg-turbo's TurboJPEG API (JPEG decode for images a scenario names), loaded on first use.
        .target(name: "CTurboJPEG", dependencies: ["CLibraryLoader"]),
        // FreeType (reading a font file's family and weight from memory), loaded on first use.
        .target(name: "CFontQuery", dependencies: ["CLibraryLoader"]),
        // libxml2's SAX2 parser (the row templates' XML check), loaded on first use.
        .target(name: "CXML", dependencies: ["CLibraryLoader"]),
        // libcrypto's SHA-256 (the digests of references and report inputs), loaded on first use.
        .target(name: "CCrypto", dependencies: ["CLibraryLoader"]),
        // Scenarios, from file to run, one folder per part:
        // - Assets: files a scenario names (templates, items, images, fonts): confined to the
        //   scenario's folder and size-limited; pictures and fonts go to an injected AssetDecoder.
        //   No C library: the only file reads below the CLI.
        // - RowTemplates: Mustache row templates -> checked SVG fragments (parsed as XML and written again).
        // - ScenarioFormat: scenario files (YAML/JSON) -> typed, validated scenarios, or located errors. Parsing only.
        // - Simulation: runs a scenario through the stage reducer: step records, physics frames and the trace.
        // No image, font or cairo library: decoding what a scenario names is TabStageRendering's.
        .target(
            name: "TabStageScenario",
            dependencies: [
                "TabStageModel", "TabStageLayout", "CXML", .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ]),
        // libspng (PNG encode, and decode of the less common PNGs), loaded on first use.
        .target(name: "CSpng", dependencies: ["CLibraryLoader"]),
        // libdeflate: whole-buffer inflate and deflate for the common PNGs, loaded on first use.
        .target(name: "CDeflate", dependencies: ["CLibraryLoader"]),
        // RGBA images, PNG decode and encode, the perceptual diff and its budgets. No librsvg.
        .target(name: "TabStageImageDiff", dependencies: ["CSpng", "CDeflate"]),
        // librsvg + cairo (rendering), fontconfig (fonts) and GLib, loaded together on the first
        // drawing call: a command that never draws never loads them.
        .target(name: "CRsvg", dependencies: ["CLibraryLoader"]),
        // Pango (text measuring with the fonts librsvg renders with), loaded the same way.
        .target(name: "CPango", dependencies: ["CRsvg"]),
        // libwebp's animation encoder (libwebpmux) and demuxer (libwebpdemux), loaded on first use.
        .target(name: "CWebP", dependencies: ["CLibraryLoader"]),
        // What is drawn, and the files drawing needs, one folder per part:
        // - SVGSnapshot: state -> deterministic SVG text.
        // - Accessibility: the accessibility elements of a laid-out screen in VoiceOver's order, and their checks.
        // - Raster: SVG -> RGBA image (and straight to PNG through the image diff's encoder); measured text.
        // - Motion: motion as data: the timed sequence of frames and snapshots, charts, the player page.
        // - AnimatedWebP: RGBA frames -> animated WebP (streamed into libwebp), and reading one back.
        // - AssetDecoding: pictures and fonts a scenario names, decoded (libjpeg-turbo, the image
        //   diff's PNG codec, cairo's scaler, FreeType): SystemAssetDecoder. It knows files, not scenarios.
        // - ScenarioLoading: `ScenarioLoader.load(path:)`: a scenario file parsed with
        //   SystemAssetDecoder decoding what it names.
        .target(
            name: "TabStageRendering",
            dependencies: [
                "TabStageModel", "TabStageLayout", "TabStageScenario", "TabStageImageDiff", "CRsvg", "CPango", "CWebP", "CTurboJPEG",
                "CFontQuery",
            ]),
        // Rendering to files, references, record modes, verification, accepting a report's
        // renderings, the commit journal and atomic output: shared by the command line and the
        // Swift testing API. It writes outcomes and report.json's record, never a page.
        .target(
            name: "TabStageWorkflow",
            dependencies: ["TabStageModel", "TabStageLayout", "TabStageScenario", "TabStageImageDiff", "TabStageRendering", "CCrypto"]),
        // What a run leaves for people and CI to read, one folder per part:
        // - SnapshotReports: the failure page, junit.xml, report.json from outcomes and its merge
        //   across shards, the frame strip, the drift and conformance pages.
        // - FolderComparison: `tabstage diff`: two folders of PNGs compared file by file (beside
        //   the image diff), and their page.
        // Reports import the workflow, never the other way.
        .target(
            name: "TabStageReports",
            dependencies: [
                "TabStageModel", "TabStageLayout", "TabStageScenario", "TabStageImageDiff", "TabStageRendering", "TabStageWorkflow",
            ]),
        // The one import for users: re-exports the model, the layout and the scenario module (with
        // `Stage`), and the two values a test passes (`TextMeasurer`, `DiffBudget`); holds the DocC catalog.
        .target(
            name: "TabStage",
            dependencies: [
                "TabStageModel", "TabStageLayout", "TabStageScenario", "TabStageImageDiff", "TabStageRendering", "TabStageWorkflow",
            ]),
        // The container protocols, the observation and its limits, the drive plan (a Codable file) and its player, the
        // observed trace it writes, and the UIKit/SwiftUI adapters: Foundation only, no other target and no C library, so
        // an iOS test target links it (ModuleBoundaryTests and Scripts/check-downstream.sh hold it to that).
        .target(name: "TabStageDriver"),
        // A scenario's steps as calls on a container protocol, the recorder of its numbers, and check(scenario:driving:);
        // the model and the scenario format only (Raster for the text widths conform measures with; nothing is drawn).
        .target(
            name: "TabStageRecording", dependencies: ["TabStageModel", "TabStageScenario", "TabStageRendering", "TabStageDriver"]),
        // assertTabSnapshot for XCTest and Swift Testing, and Stage.apply with an expected change.
        .target(
            name: "TabStageTesting",
            dependencies: [
                "TabStageModel", "TabStage", "TabStageLayout", "TabStageScenario", "TabStageRendering", "TabStageImageDiff",
                "TabStageWorkflow", "TabStageRecording",
            ]),
        // swift-snapshot-testing strategies for a Stage (`.svg`, `.png`, `.layout`): a product of
        // its own, so only its users build swift-snapshot-testing.
        .target(
            name: "TabStageSnapshotTesting",
            dependencies: [
                "TabStageTesting", "TabStageImageDiff", "TabStageLayout", "TabStageRendering", "TabStageWorkflow", "TabStageModel",
                "TabStageScenario", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        // The commands (run, record, verify, diff, ...): parsing, messages and exit codes, with
        // their output and environment behind a Console, so tests run them in process.
        .target(
            name: "TabStageCommands",
            dependencies: [
                "TabStageModel", "TabStage", "TabStageLayout", "TabStageScenario", "TabStageRendering", "TabStageImageDiff",
                "TabStageWorkflow", "TabStageReports", "CLibraryLoader", "TabStageRecording",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // `TABSTAGE_TEST_FAULT` (a failure, SIGKILL or signal mid-commit, for the crash
            // tests) is read only by debug builds, which `swift test` builds; a release build
            // does not contain it, so no environment makes the shipped binary kill itself.
            swiftSettings: [.define("TABSTAGE_FAULT_INJECTION", .when(configuration: .debug))]),
        // The `tabstage` binary: TabStageCommands with the process's arguments, signals and exit code.
        .executableTarget(name: "tabstage", dependencies: ["TabStageCommands"]),
        // `swift package tabstage ARGUMENTS`: the binary above, with every argument passed through
        // unchanged, run in the package's folder (which record, accept and previews write into).
        .plugin(
            name: "TabStagePlugin",
            capability: .command(
                intent: .custom(
                    verb: "tabstage", description: "Run tabstage (record, verify, accept, previews, ...) in this package's folder."),
                permissions: [
                    .writeToPackageDirectory(reason: "tabstage record, accept and previews write references and pictures into the package.")
                ])),
        // Stage-by-stage micro-benchmarks for Scripts/bench.sh (never run by swift test).
        .executableTarget(
            name: "tabstage-bench",
            dependencies: ["TabStageRendering", "CSpng", "TabStageImageDiff", "TabStageScenario", "TabStageModel"]),
        // Helpers every test target shares: fixtures, temporary folders, running a process,
        // test tools, asset sandboxes. Not a product; only test targets depend on it.
        .target(
            name: "TabStageTestSupport",
            dependencies: [
                "TabStageModel", "TabStageScenario", "TabStageRendering", "CTurboJPEG", "TabStageImageDiff", "TabStageLayout",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ], path: "Tests/TestSupport"),
        // Suites not yet sorted into the targets below; it re-exports TabStageTestSupport and holds
        // the PNG fixtures (read from disk, not resources). Depends on the executable so `swift
        // test` builds it.
        .testTarget(name: "TabStageTests", dependencies: testDependencies + ["tabstage"], exclude: ["Fixtures"]),
        // Unit tests of the model: devices and traits, the container, the stage, the layout and the look,
        // measuring text with the fixed-advance measurer; tests that need the SVG writer, Raster or
        // Pango's widths are in RenderingTests.
        .testTarget(name: "ModelTests", dependencies: modelTestDependencies),
        // Unit tests of scenario files and their runs: parsing, assets, row templates, traces, conformance.
        .testTarget(name: "ScenarioTests", dependencies: testDependencies),
        // Unit tests of what is drawn and compared: SVG, rasterizing, the image diff, accessibility, motion.
        .testTarget(name: "RenderingTests", dependencies: testDependencies),
        // Unit tests of the snapshot workflow, its reports and the Swift testing API, in process.
        .testTarget(name: "WorkflowTests", dependencies: testDependencies),
        // The command line as a user runs it: exit codes, messages, files, signals. Most commands
        // run in process (TabStageCommands); the binary where only a process shows it. Depends
        // on the executable so `swift test` builds it.
        .testTarget(name: "EndToEndTests", dependencies: testDependencies + ["tabstage"]),
        // The repository's examples and gallery: every scenario in Examples/ against its references,
        // docs/previews against what Scripts/previews.sh writes.
        .testTarget(name: "ExampleTests", dependencies: testDependencies),
        // TabStageRecording driving two in-memory containers (the model's, and one with switchable bugs) through Examples/.
        .testTarget(name: "RecordingTests", dependencies: testDependencies + ["TabStageRecording", "TabStageDriver"]),
        // Every Swift snippet of the README and the DocC articles, compiled and run as tests;
        // they import TabStageTesting (and TabStageSnapshotTesting for swift-snapshot-testing) only,
        // as a user's test target would.
        .testTarget(
            name: "DocumentationSnippets",
            dependencies: [
                "TabStageTesting", "TabStageSnapshotTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ], exclude: ["__Snapshots__"]),
    ]
)
