// swift-tools-version: 6.0
import PackageDescription

// Supported: Linux (glibc) only. The sources import Glibc and ncursesw's and OpenSSL's headers
// from the system (and libcurl's), and `Synchronization.Mutex` would need macOS 15; no Apple platform is
// declared because none builds.
#if !os(Linux)
  #error("stagemon builds on Linux only (see Package.swift)")
#endif

// Layering (each module depends only on modules below it; every direct edge is listed):
//   stagemon (executable) → MonitorUI, IVSRecords, ScenarioChecks, StreamCompare, IVSLive, …
//   MonitorUI → IVSRecords, StageEngine, TerminalKit, TokenCore
//   IVSRecords → StageEngine: real IVS records (ListParticipantEvents, EventBridge…) → scenarios
//   ScenarioChecks → StageEngine, JSONKit;  StreamCompare → JSONKit
//   StageEngine → TokenCore → IVSRules (the rule book: every IVS behaviour the model applies)
//   StageEngine, TokenCore → JSONKit;  TokenCore → COpenSSL
//   IVSLive → AWSKit → JSONKit, COpenSSL, CLibcurl (credentials, SigV4, the IVS real-time API)
//   TerminalKit → CNcursesw
//   IVSRules, StageEngine, IVSRecords, AWSKit → CivilTime (the calendar and the one ISO 8601
//   reader and writer; it depends on nothing, so any module can read dates through it)
//   JSONKit, IVSRules, TokenCore, StageEngine, IVSRecords, ScenarioChecks, StreamCompare,
//   TerminalKit, AWSKit, IVSLive, StandInHarness, stagemon → InputKit (bounded reads, safe
//   writes, the one write loop, the terminal sanitiser and display widths, the standard streams)
//   SoundnessOracle → IVSRecords, StageEngine (generated sessions checked against explain; no
//   module the CLI needs depends on it);  stagemon-soundness → SoundnessOracle
//   TmuxHarness, StandInHarness: harnesses for the end-to-end tests and the benchmarks
let package = Package(
  name: "stagemon",
  products: [
    .executable(name: "stagemon", targets: ["stagemon"]),
    .executable(name: "stagemon-bench", targets: ["stagemon-bench"]),
    .executable(name: "stagemon-soundness", targets: ["stagemon-soundness"]),
  ],
  targets: [
    .systemLibrary(
      name: "COpenSSL",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"])]
    ),
    .systemLibrary(
      name: "CNcursesw",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .systemLibrary(
      name: "CLibcurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .target(name: "InputKit"),
    // Dates and times on the calendar: the one ISO 8601 reader and writer, one validity rule.
    .target(name: "CivilTime"),
    // The one seeded source of chance (SplitMix64): samples, generated sessions and property
    // tests that a seed repeats.
    .target(name: "Seeded"),
    .target(name: "JSONKit", dependencies: ["InputKit"]),
    // The rule book: every IVS behaviour the model applies, as dated, sourced data. Beneath
    // TokenCore, whose exchange checks decide through it too.
    .target(name: "IVSRules", dependencies: ["InputKit", "CivilTime"]),
    .target(name: "TokenCore", dependencies: ["IVSRules", "JSONKit", "COpenSSL", "InputKit"]),
    // Calls AWS as the AWS CLI does: credentials, SigV4, retries, the IVS real-time client.
    .target(
      name: "AWSKit", dependencies: ["InputKit", "JSONKit", "COpenSSL", "CLibcurl", "CivilTime"]),
    // A live stage through AWSKit: fetching a session, the poll plan, errors worded for people.
    .target(name: "IVSLive", dependencies: ["AWSKit", "JSONKit", "InputKit", "Seeded"]),
    // The model's fan-outs touch the stage's stored properties a dozen times per observer, and
    // each dynamic exclusivity check costs as much as the work it guards (a quarter of a key at
    // 10,000 observers). Release builds leave them out; debug builds — every test — keep them,
    // and the compiler's static checks stay on in both.
    .target(
      name: "StageEngine",
      dependencies: ["IVSRules", "TokenCore", "JSONKit", "InputKit", "CivilTime"],
      swiftSettings: [
        .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
      ]
    ),
    .target(
      name: "IVSRecords",
      dependencies: ["IVSRules", "StageEngine", "TokenCore", "JSONKit", "InputKit", "CivilTime"]
    ),
    // Compares event streams (JSONL) as a line diff that ignores line numbering.
    .target(name: "StreamCompare", dependencies: ["JSONKit", "InputKit"]),
    // The soundness oracle: generated sessions with the model's truth, rendered as the folders
    // customers send, degraded, explained in process and every claim checked (TESTING.md).
    // Nothing the CLI needs depends on it.
    .target(
      name: "SoundnessOracle",
      dependencies: [
        "IVSRecords", "IVSRules", "StageEngine", "TokenCore", "JSONKit", "InputKit", "Seeded",
      ]
    ),
    // `scripts/soundness SECONDS [SEED]`: the oracle for as long as asked (release build).
    .executableTarget(name: "stagemon-soundness", dependencies: ["SoundnessOracle", "InputKit"]),
    // Runs scenario files as tests: verdicts, goldens, the text report and JUnit XML.
    .target(
      name: "ScenarioChecks",
      dependencies: ["StageEngine", "IVSRules", "StreamCompare", "JSONKit", "InputKit"]),
    // Themes/ is the single source of truth: the EmbedThemes plugin compiles its files into
    // TerminalKit (ThemeEmbedder writes them as a Swift source), so an installed binary has them.
    .executableTarget(name: "ThemeEmbedder"),
    .plugin(name: "EmbedThemes", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
    .target(
      name: "TerminalKit", dependencies: ["CNcursesw", "InputKit"], plugins: ["EmbedThemes"]),
    .target(
      name: "MonitorUI",
      dependencies: ["IVSRecords", "StageEngine", "IVSRules", "TerminalKit", "TokenCore"]
    ),
    // BuildInfo writes the git commit into the executable for `stagemon --version`.
    .plugin(name: "BuildInfo", capability: .buildTool()),
    .executableTarget(
      name: "stagemon",
      dependencies: [
        "MonitorUI", "IVSRecords", "StageEngine", "IVSRules", "TerminalKit", "TokenCore",
        "JSONKit", "StreamCompare", "ScenarioChecks", "InputKit", "AWSKit", "IVSLive",
      ],
      plugins: ["BuildInfo"]
    ),
    // Drives programs inside tmux: the end-to-end tests and the latency benchmark.
    .target(name: "TmuxHarness"),
    // Starts and asks the stand-in IVS server (Tests/StandIn): the live tests and benchmarks.
    .target(name: "StandInHarness", dependencies: ["InputKit"]),
    .executableTarget(
      name: "stagemon-bench",
      dependencies: [
        "MonitorUI", "IVSRecords", "StageEngine", "TerminalKit", "TokenCore", "JSONKit",
        "TmuxHarness", "ScenarioChecks", "StreamCompare", "InputKit", "StandInHarness", "AWSKit",
        "IVSLive", "SoundnessOracle",
      ]
    ),
    .testTarget(name: "JSONKitTests", dependencies: ["JSONKit"]),
    .testTarget(name: "InputKitTests", dependencies: ["InputKit", "Seeded"]),
    .testTarget(name: "CivilTimeTests", dependencies: ["CivilTime", "Seeded"]),
    .testTarget(name: "IVSRulesTests", dependencies: ["IVSRules"]),
    .testTarget(name: "TokenCoreTests", dependencies: ["TokenCore", "JSONKit"]),
    .testTarget(
      name: "AWSKitTests", dependencies: ["AWSKit", "JSONKit", "StandInHarness", "Seeded"]),
    .testTarget(
      name: "IVSLiveTests",
      dependencies: ["IVSLive", "AWSKit", "JSONKit", "Seeded", "StandInHarness"]),
    .testTarget(
      name: "StageEngineTests",
      dependencies: ["StageEngine", "TokenCore", "JSONKit", "StreamCompare", "InputKit"]
    ),
    .testTarget(name: "StreamCompareTests", dependencies: ["StreamCompare"]),
    .testTarget(name: "ScenarioChecksTests", dependencies: ["ScenarioChecks"]),
    .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "InputKit"]),
    .testTarget(
      name: "MonitorUITests",
      dependencies: [
        "MonitorUI", "IVSRecords", "IVSRules", "StageEngine", "TerminalKit", "TokenCore",
        "InputKit", "JSONKit", "Seeded",
      ]
    ),
    .testTarget(
      name: "SoundnessOracleTests",
      dependencies: ["SoundnessOracle", "IVSRecords", "StageEngine", "JSONKit", "Seeded"]
    ),
    .testTarget(
      name: "IVSRecordsTests",
      dependencies: ["IVSRecords", "IVSRules", "StageEngine", "TokenCore", "JSONKit", "Seeded"]),
    .testTarget(
      name: "StagemonTests",
      dependencies: ["stagemon", "TmuxHarness", "StandInHarness", "JSONKit", "IVSRules"]),
  ]
)
