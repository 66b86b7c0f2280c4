import Foundation

/// Opens a URL in the default browser where the system has a way to (`open` on macOS,
/// `xdg-open` elsewhere); says so when it has none.
enum BrowserOpener {
    static func open(_ url: String) {
        #if os(macOS)
        let candidates = ["/usr/bin/open"]
        #else
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map { "\($0)/xdg-open" }
        #endif
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            printError("segue: no browser opener found (xdg-open); open \(url) yourself")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            printError("segue: could not open a browser (\(error.localizedDescription)); open \(url) yourself")
        }
    }
}
