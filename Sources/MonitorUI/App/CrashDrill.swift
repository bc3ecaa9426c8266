#if DEBUG
  import Foundation

  /// Test builds only: crashes the way a bug would once the UI is on screen, so the end-to-end
  /// tests can check the crash hooks give the terminal back and the exit status names the
  /// signal. `STAGEMON_CRASH_DRILL` = `trap` (a Swift arithmetic trap, SIGILL), `abort`
  /// (SIGABRT) or `segv` (a real invalid memory access, SIGSEGV). Release builds have no drill.
  enum CrashDrill {
    /// Crashes as the environment asks; does nothing when the variable is unset.
    static func runIfRequested() {
      switch ProcessInfo.processInfo.environment["STAGEMON_CRASH_DRILL"] {
      case "trap":
        let opaque = Int(getpid() > 0 ? 1 : 0)
        _ = Int.max + opaque
      case "abort":
        abort()
      case "segv":
        UnsafeMutablePointer<Int>(bitPattern: 16).map { $0.pointee = 1 }
      default:
        return
      }
    }
  }
#endif
