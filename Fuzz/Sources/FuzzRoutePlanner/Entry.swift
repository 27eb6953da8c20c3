// The libFuzzer entry points. SwiftPM links an executable's `main` to `FuzzRoutePlanner_main`, so that one
// hands the command line to libFuzzer's driver, which calls `fuzz` with each input it makes (Fuzz/run.sh).

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("FuzzRoutePlanner_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var (count, arguments) = (argc, argv)
    return runDriver(&count, &arguments) { data, size in
        FuzzInput.exercise(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
}
