import Foundation

/// Runs `body` in a new temporary folder and removes the folder afterwards, whatever happens.
package func inTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

package func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabstage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
