import Foundation
import InputKit

/// Entry point: hands the words to the command they name. A closed pipe or a file-size limit
/// becomes a write error the commands report, never a signal that kills them mid-file.
Console.prepare()
let words = Array(CommandLine.arguments.dropFirst())
exit(Stagemon.run(words).rawValue)
