// Scenarios: decode, then run headless to the end with both event renderers (bounded by input size).

import StageEngine

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioRun(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard
    let scenario = try? Scenario(parsing: source, file: "fuzz.json", baseDirectory: "/nonexistent"),
    let runner = try? ScenarioRunner(scenario: scenario, file: "fuzz.json")
  else { return 0 }
  var jsonl = JSONLEventRenderer()
  let text = TextEventRenderer()
  var out: [UInt8] = []
  try? runner.run { events in
    for event in events {
      out.removeAll(keepingCapacity: true)
      jsonl.render(event, into: &out)
      text.render(event, into: &out)
    }
  }
  return 0
}
