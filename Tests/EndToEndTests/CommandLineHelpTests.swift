import Foundation
import TabStageTestSupport
import Testing

/// Everyday command-line help: suggestions for mistyped commands and devices, `devices --json`,
/// help texts and shell completions.
extension CommandLineTests {
    @Test(arguments: [
        ("rn", "tabstage: error: unknown command 'rn'; did you mean 'run'?\n"),
        ("verfy", "tabstage: error: unknown command 'verfy'; did you mean 'verify'?\n"),
        ("devics", "tabstage: error: unknown command 'devics'; did you mean 'devices'?\n"),
        (
            "render",
            "tabstage: error: unknown command 'render' (expected one of run, diff, record, verify, accept, drift, conform, plan, merge-reports, schema, plot, previews, devices, help)\n"
        ),
    ])
    func mistypedCommandIsNamedWithTheClosestOne(word: String, message: String) throws {
        let result = try inTemporaryFolder { try tabstage([word, "x.yaml"], in: $0) }
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(result.stdout.isEmpty)
    }

    @Test func deviceSuggestionMatchesTheMarketedSize() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Fixtures.yaml(device: "ipad-pro-12-9"), "a.yaml", in: folder)
        let result = try tabstage(["run", "a.yaml"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "a.yaml:1:9: error: unknown device 'ipad-pro-12-9'; did you mean 'ipad-pro-12.9'? (expected one of iphone-se,"))
        try write(Fixtures.yaml(device: "ipad-air-10.9"), "b.yaml", in: folder)
        #expect(try tabstage(["run", "b.yaml"], in: folder).stderr.contains("did you mean 'ipad-air-11'?"))
        // An id one typo away still wins over a marketed size.
        try write(Fixtures.yaml(device: "ipad-pro-1"), "c.yaml", in: folder)
        #expect(try tabstage(["run", "c.yaml"], in: folder).stderr.contains("did you mean 'ipad-pro-11'?"))
    }

    @Test func devicesJSONListsEveryDeviceAndWindow() throws {
        let result = try inTemporaryFolder { try tabstage(["devices", "--json"], in: $0) }
        #expect(result.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Array(root.keys) == ["devices"])
        let devices = try #require(root["devices"] as? [[String: Any]])
        #expect(devices.count == 28)
        let keys: Set<String> = [
            "id", "idiom", "width", "height", "scale", "portraitSafeArea", "landscapeSafeArea", "cornerRadius", "sensorHousing",
            "sensorHousingWidth", "windows",
        ]
        #expect(devices.allSatisfy { Set($0.keys) == keys })

        let se = try #require(devices.first { $0["id"] as? String == "iphone-se" })
        #expect(se["width"] as? Double == 375 && se["height"] as? Double == 667 && se["scale"] as? Double == 2)
        #expect(se["portraitSafeArea"] as? [String: Double] == ["top": 20, "left": 0, "bottom": 0, "right": 0])
        #expect((se["windows"] as? [[String: Any]])?.count == 2)  // a phone: portrait and landscape, full screen

        // iPad Air 11": 5 landscape windows (full, 2/3, 1/2, 1/3, Slide Over) and 4 portrait ones (no half).
        let air = try #require(devices.first { $0["id"] as? String == "ipad-air-11" })
        let windows = try #require(air["windows"] as? [[String: Any]])
        #expect(windows.count == 9)
        let half = try #require(windows.first { $0["orientation"] as? String == "landscape" && $0["multitasking"] as? String == "half" })
        #expect(half["width"] as? Double == 585 && half["height"] as? Double == 820)
        #expect(half["horizontalSizeClass"] as? String == "compact" && half["verticalSizeClass"] as? String == "regular")
        let slide = try #require(
            windows.first { $0["orientation"] as? String == "portrait" && $0["multitasking"] as? String == "slide-over" })
        #expect(slide["width"] as? Double == 320 && slide["height"] as? Double == 1180 - 48)
        let windowKeys: Set<String> = [
            "orientation", "multitasking", "width", "height", "safeArea", "horizontalSizeClass", "verticalSizeClass",
        ]
        #expect(windows.allSatisfy { Set($0.keys) == windowKeys })
        // iOS 26 (the default): the iPhone Air's landscape home indicator takes 20 pt; its
        // island is the 125 pt one, the iPhone 18 Pro's about 95.
        let air13 = try #require(devices.first { $0["id"] as? String == "iphone-air" })
        #expect(air13["landscapeSafeArea"] as? [String: Double] == ["top": 0, "left": 68, "bottom": 20, "right": 68])
        #expect(air13["sensorHousingWidth"] as? Double == 125)
        let pro18 = try #require(devices.first { $0["id"] as? String == "iphone-18-pro" })
        #expect(pro18["sensorHousingWidth"] as? Double == 95)
        // The iPad mini has no published multitasking widths: full screen only.
        let mini = try #require(devices.first { $0["id"] as? String == "ipad-mini" })
        #expect((mini["windows"] as? [[String: Any]])?.count == 2)
    }

    @Test(arguments: ["run", "record", "verify"])
    func helpPrintsEachDefaultOnce(command: String) throws {
        let result = try inTemporaryFolder { try tabstage(["help", command], in: $0) }
        #expect(result.status == 0)
        let text = result.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        let options = text.components(separatedBy: " --").dropFirst()
        #expect(options.count >= 4)
        for option in options {
            #expect(option.components(separatedBy: "(default").count <= 2, "\(option)")
        }
        #expect(!text.contains("(default: \(ProcessInfo.processInfo.activeProcessorCount))"))
    }

    @Test func completionsOfferScenarioFilesFoldersAndFormats() throws {
        let result = try inTemporaryFolder { try tabstage(["--generate-completion-script", "zsh"], in: $0) }
        #expect(result.status == 0)
        let zsh = result.stdout
        #expect(zsh.components(separatedBy: "*:scenarios:_files -g").count == 4)  // run, record, verify
        #expect(zsh.components(separatedBy: "*.yaml *.yml *.json").count == 7)  // and conform's, drift's and plan's scenario
        for option in [
            "'--out[Output folder.]:out:_files -/'", "'--snapshots[Folder holding the references.]:snapshots:_files -/'",
            ":report:_files -/'",
        ] {
            #expect(zsh.contains(option), "\(option)")
        }
        #expect(zsh.contains("('svg,png' 'svg' 'png')"))
        let bash = try inTemporaryFolder { try tabstage(["--generate-completion-script", "bash"], in: $0) }
        #expect(bash.stdout.contains("yaml") && bash.stdout.contains("yml") && bash.stdout.contains("json"))
    }
}
