// swift-tools-version:6.0
// libFuzzer targets, built by Scripts/fuzz.sh with -sanitize=fuzzer,address. Each has a main
// that hands its callback to libFuzzer's driver; they live in their own package so the main
// build never needs the fuzzer runtime.
import PackageDescription

let package = Package(
    name: "tabstage-fuzz",
    dependencies: [.package(name: "tabstage", path: "..")],
    targets: [
        .target(name: "CFuzzer"),
        // Scenario text -> parse, validate, run (every physics frame), SVG and trace.
        .executableTarget(name: "FuzzScenario", dependencies: ["CFuzzer", .product(name: "TabStage", package: "tabstage")]),
        // Bytes -> PNG decode -> perceptual diff against itself and a changed copy -> re-encode.
        .executableTarget(name: "FuzzPNG", dependencies: ["CFuzzer", .product(name: "TabStage", package: "tabstage")]),
        // Bytes -> output manifest (which files a run may remove) -> names; frame-name recognition.
        .executableTarget(name: "FuzzOutputNames", dependencies: ["CFuzzer", .product(name: "TabStage", package: "tabstage")]),
        // Bytes -> the row-template checker; every accepted fragment, parsed again, holds only
        // allowlisted elements and attributes and no url( but a reference to one of its ids.
        .executableTarget(name: "FuzzTemplates", dependencies: ["CFuzzer", .product(name: "TabStage", package: "tabstage")]),
    ]
)
