import Foundation

/// Entry point: hands the words to the command they name.
let words = Array(CommandLine.arguments.dropFirst())
exit(Stagemon.run(words).rawValue)
