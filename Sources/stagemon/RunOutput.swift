import Glibc
import InputKit

extension RunCommand {
  /// Where a run's event stream goes: standard output, a file written through `SafeFile` (never
  /// the scenario being run, replaced only with `--force`), or nowhere.
  final class Output {
    private let file: PendingFile?
    /// The descriptor the stream writer writes to.
    let fileDescriptor: Int32

    init(_ options: Options) throws(SafeFileError) {
      if options.writesStream, let path = options.out {
        let file = try PendingFile(
          path: path, replacing: options.force, sparing: [options.scenario])
        self.file = file
        fileDescriptor = file.fileDescriptor
      } else {
        file = nil
        fileDescriptor =
          options.writesStream ? STDOUT_FILENO : open("/dev/null", O_WRONLY | O_CLOEXEC)
      }
    }

    deinit {
      if file == nil, fileDescriptor != STDOUT_FILENO, fileDescriptor >= 0 { close(fileDescriptor) }
    }

    /// Puts the file in place once the whole stream is written.
    func commit() throws(SafeFileError) { try file?.commit() }

    /// Leaves the destination as it was.
    func discard() { file?.discard() }
  }
}
