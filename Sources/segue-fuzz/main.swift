// Built two ways. With `-sanitize=fuzzer -D SEGUE_LIBFUZZER` (see scripts/fuzz) it is a libFuzzer
// binary: `segue-fuzz TARGET [libFuzzer options] [corpus folders]`. Built plainly it replays files:
// `segue-fuzz TARGET FILE...` runs each file through the target once.
import Foundation
import SegueFuzzing

// The target is the first argument; it is also passed on in SEGUE_FUZZ_TARGET, because libFuzzer
// runs itself again without it when merging.
var arguments = CommandLine.arguments
if arguments.count >= 2, let named = FuzzTarget(rawValue: arguments[1]) {
    arguments.remove(at: 1)
    setenv("SEGUE_FUZZ_TARGET", named.rawValue, 1)
}
guard let target = getenv("SEGUE_FUZZ_TARGET").flatMap({ FuzzTarget(rawValue: String(cString: $0)) }) else {
    FileHandle.standardError.write(Data("usage: segue-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) [options] [files or folders]\n".utf8))
    exit(2)
}

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
