// Built two ways. With `-sanitize=fuzzer -D SEGUE_LIBFUZZER` (see scripts/fuzz) it is a libFuzzer
// binary: `segue-fuzz TARGET [libFuzzer options] [corpus folders]`. Built plainly it replays files:
// `segue-fuzz TARGET FILE...` runs each file through the target once.
import Foundation
import SegueFuzzing

var arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: segue-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) [options] [files or folders]\n".utf8))
    exit(2)
}
arguments.remove(at: 1)

#if SEGUE_LIBFUZZER
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

nonisolated(unsafe) var selected = target

/// libFuzzer's entry point, also handed to its driver: one input through the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    selected.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

var argc = CInt(arguments.count)
var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
let status = cStrings.withUnsafeMutableBufferPointer { buffer -> CInt in
    var argv = buffer.baseAddress
    return runFuzzerDriver(&argc, &argv, fuzzOneInput)
}
exit(status)
#else
var accepted = 0, refused = 0
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    if target.run(data) { accepted += 1 } else { refused += 1 }
}
print("\(target.rawValue): \(accepted) accepted, \(refused) refused, none crashed")
#endif
