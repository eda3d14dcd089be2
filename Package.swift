// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tabstage",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tabstage", targets: ["tabstage"]),
        // `import TabStage` gives the whole library; `import TabStageTesting` adds the test API.
        .library(name: "TabStage", targets: ["TabStage"]),
        .library(name: "TabStageTesting", targets: ["TabStageTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // TabStageTesting offers Snapshotting strategies to swift-snapshot-testing users.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // Tests only: property-based checks with shrinking.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation --target TabStage` builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        // Pure model: devices, traits, geometry. No I/O.
        .target(name: "Adaptive"),
        // Pure model: the container state machine and scroll-view metrics.
        .target(name: "ScrollableTab", dependencies: ["Adaptive"]),
        // Scenario files -> validated values -> states and the trace.
        .target(name: "Scenario", dependencies: ["Adaptive", "ScrollableTab", .product(name: "Yams", package: "Yams")]),
        // State -> deterministic SVG text.
        .target(name: "SVGSnapshot", dependencies: ["Adaptive", "ScrollableTab"]),
        // librsvg + cairo (rendering), libspng (PNG), fontconfig (fonts), all from Debian.
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev", "libspng-dev", "pkg-config"]), .brew(["librsvg", "libspng", "pkg-config"])]
        ),
        // SVG -> RGBA -> PNG, and PNG -> RGBA.
        .target(name: "Raster", dependencies: ["CRsvg"]),
        // Rendering to files, references, record modes, verification and failure reports:
        // shared by the command line and the Swift testing API.
        .target(name: "SnapshotWorkflow", dependencies: ["Adaptive", "ScrollableTab", "Scenario", "SVGSnapshot", "Raster"]),
        // The one import for users: re-exports the library modules and holds the DocC catalog.
        .target(name: "TabStage", dependencies: ["Adaptive", "ScrollableTab", "Scenario", "SVGSnapshot", "Raster", "SnapshotWorkflow"]),
        // assertTabSnapshot for XCTest and Swift Testing, and swift-snapshot-testing strategies.
        .target(name: "TabStageTesting", dependencies: [
            "TabStage", "ScrollableTab", "Scenario", "SVGSnapshot", "Raster", "SnapshotWorkflow",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .executableTarget(name: "tabstage", dependencies: [
            "TabStage", "Adaptive", "ScrollableTab", "Scenario", "SVGSnapshot", "Raster", "SnapshotWorkflow",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Depends on the executable so `swift test` builds it for the command-line tests.
        // Stage-by-stage micro-benchmarks for Scripts/bench.sh (never run by swift test).
        .executableTarget(name: "tabstage-bench", dependencies: ["Raster", "SVGSnapshot", "Scenario", "ScrollableTab"]),
        .testTarget(name: "TabStageTests", dependencies: [
            "Adaptive", "ScrollableTab", "Scenario", "SVGSnapshot", "Raster", "SnapshotWorkflow", "TabStage", "TabStageTesting", "tabstage",
            .product(name: "PropertyBased", package: "swift-property-based"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        // Every Swift snippet of the README and the DocC articles, compiled and run as tests;
        // they import TabStageTesting only, as a user's test target would.
        .testTarget(name: "DocumentationSnippets", dependencies: [
            "TabStageTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ]
)
