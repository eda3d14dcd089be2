import CFuzzer
import TabStageWorkflow

#if canImport(Glibc)
import Glibc
#endif

/// A manifest decides which files a run may remove, so any bytes must parse to plain names
/// only (never a path, a hidden file or a control character), and a manifest written from
/// them must read back the same. Frame names must be recognized as the frames they are.
func fuzzOutputNames(_ bytes: UnsafeBufferPointer<UInt8>) {
    let names = OutputNames.parseManifest(bytes)
    for name in names where !OutputNames.isPlainFileName(name) || name.contains("/") || name.hasPrefix(".") {
        fatalError("the manifest gave a name that is not plain: \(name.debugDescription)")
    }
    let again = OutputNames.parseManifest(Array(OutputNames.formatManifest(names).utf8))
    guard again == names.sorted() else { fatalError("a manifest did not read back as written") }

    if let scenario = names.first, bytes.count >= 2 {
        let frameCount = Int(bytes[0]) * 256 + Int(bytes[1]) + 1
        let number = 1 + Int(bytes[bytes.count - 1]) % frameCount
        let frame = OutputNames.frameName(scenario: scenario, number: number, frameCount: frameCount)
        guard OutputNames.collidingFrame(frame, scenario: scenario, frameCount: frameCount) == number else {
            fatalError("frame \(number) of \(frameCount) (\(frame.debugDescription)) was not recognized")
        }
        _ = OutputNames.collidingFrame(scenario, scenario: scenario, frameCount: frameCount)
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzOutputNames(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
        return 0
    })
