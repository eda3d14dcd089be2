import TabStageModel
import Testing

/// The one number formatter and the one XML escaper that the SVG, the trace, messages and
/// reports share.
@Suite struct TextFormatTests {
    @Test func decimalsWithoutTrailingZeros() {
        #expect(decimalText(2.5, decimals: 2) == "2.5")
        #expect(decimalText(0.05, decimals: 2) == "0.05")
        #expect(decimalText(-3.25, decimals: 1) == "-3.3")  // −32.5 rounds away from zero
        #expect(decimalText(-0.001, decimals: 2) == "0")  // never "-0"
        #expect(decimalText(120, decimals: 4) == "120")
        #expect(decimalText(.nan, decimals: 2) == "0")
    }

    @Test func keptTrailingZeros() {
        #expect(decimalText(0.04, decimals: 3, keepingTrailingZeros: true) == "0.040")
        #expect(decimalText(0, decimals: 3, keepingTrailingZeros: true) == "0.000")
        #expect(decimalText(7, decimals: 2, keepingTrailingZeros: true) == "7.00")
        #expect(decimalText(12.34, decimals: 1, keepingTrailingZeros: true) == "12.3")
    }

    @Test func bytesAndStringAgree() {
        var bytes: [UInt8] = Array("x=".utf8)
        appendDecimalText(-1234.5678, decimals: 2, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x=-1234.57")
    }

    @Test func messageNumbers() {
        #expect(messageNumberText(4096) == "4096")
        #expect(messageNumberText(59.5) == "59.5")
        #expect(messageNumberText(-2) == "-2")
    }

    @Test func xmlEscaping() {
        #expect(xmlEscape("a<b & \"c\"\t'd'\u{1}é") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;é")
        #expect(xmlEscape("line\nbreak\u{FFFE}") == "line break")
    }
}
