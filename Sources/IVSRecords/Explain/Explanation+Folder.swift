/// `explain` in one call, in process: a folder as sent in, the structured answer out. The
/// command and the soundness oracle run the same code through this (the oracle checks every
/// claim of the result against the truth it generated).
extension Explanation {
  /// Reads `paths` (files and folders, as `RecordFolder` does), imports them with `options`
  /// and explains, the first `--sdk` profile of each participant for the report and each
  /// other profile as a what-if. Throws `RecordFolderError` (folder), `RecordError` (no
  /// events), `ImportUsageError` (options that name no participant) or `ScenarioError`.
  public static func make(
    folder paths: [String], options: ImportOptions = ImportOptions(),
    allowsOtherSessions: Bool = false, toleranceSeconds: Int64 = 5
  ) throws -> Explanation {
    let read = try RecordFolder.read(paths, allowsOtherSessions: allowsOtherSessions).records
    return try make(
      read, file: paths.joined(separator: " "), options: options,
      toleranceSeconds: toleranceSeconds)
  }

  /// As `make(folder:options:allowsOtherSessions:toleranceSeconds:)`, for files already in
  /// memory (names and bytes, in folder order).
  public static func make(
    files: [(name: String, bytes: [UInt8])], options: ImportOptions = ImportOptions(),
    allowsOtherSessions: Bool = false, toleranceSeconds: Int64 = 5
  ) throws -> Explanation {
    let read = try RecordFolder.read(files: files, allowsOtherSessions: allowsOtherSessions)
    return try make(
      read.records, file: "folder", options: options, toleranceSeconds: toleranceSeconds)
  }

  private static func make(
    _ read: consuming RecordSet, file: String, options: ImportOptions, toleranceSeconds: Int64
  ) throws -> Explanation {
    try read.requireEvents()
    let variants = options.variants
    let sessions = try RecordImporter.makeSessions(from: consume read, variants: variants)
    guard let first = sessions.first else {
      throw RecordError(file: file, location: "", message: "nothing to explain")
    }
    var explanation = try make(first, file: file, toleranceSeconds: toleranceSeconds)
    for (variant, session) in zip(variants, sessions).dropFirst() {
      let label = variant.sdks.map { "\($0.id)=\($0.sdk)" }.joined(separator: " ")
      explanation.whatIfs.append(
        WhatIf(
          label: label,
          explanation: try make(session, file: file, toleranceSeconds: toleranceSeconds)))
    }
    return explanation
  }
}
