import InputKit

/// Why a scenario file is not valid, or why one of its steps could not run: names the file,
/// the place in it (a JSON path such as `steps[4].exchange`, or a line and column for bad
/// JSON) and what is wrong.
public typealias ScenarioError = LocatedError
