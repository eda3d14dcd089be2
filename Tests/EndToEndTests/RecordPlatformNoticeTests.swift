import Testing

@testable import TabStageCommands

/// `record` warns, in one line, where its references may not match Linux CI's.
@Suite struct RecordPlatformNoticeTests {
    @Test func linuxRecordsWithoutANotice() {
        #expect(RecordPlatformNotice.line(system: "Linux") == nil)
    }

    @Test func anotherSystemGetsOneWarningLineNamingIt() throws {
        let line = try #require(RecordPlatformNotice.line(system: "macOS"))
        #expect(line.hasPrefix("tabstage: warning: references recorded on macOS may not match Linux CI's renderings"))
        #expect(!line.contains("\n"))
    }

    @Test func thisBinaryNamesItsOwnSystem() {
        #if os(Linux)
        #expect(RecordPlatformNotice.current == "Linux")
        #else
        #expect(RecordPlatformNotice.current != "Linux")
        #endif
    }
}
