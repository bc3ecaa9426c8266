import IVSRules
import TokenCore

/// Runs a scenario on a fresh stage, one step at a time (the UI's `n` key) or
/// all at once (headless). Everything that can be checked before the first
/// step — keys, first tokens, claim overrides — is checked in `init`, so an
/// invalid scenario never half-runs. A step the stage cannot take (e.g.
/// `answer` with no pending question) stops the run with an error naming the
/// step; SDK and service failures are events, not errors.
public final class ScenarioRunner {
  /// The scenario being run.
  public let scenario: Scenario
  /// The stage the scenario drives; the UI reads its snapshot and drains its events.
  public let stage: Stage
  /// Index of the next step to run (equals `scenario.steps.count` when finished).
  public internal(set) var nextStepIndex = 0
  /// Every step that ran, scripted or live, in order: the session as a script, which replays
  /// to the same stream.
  public internal(set) var history: [ScenarioStep] = []
  /// Where the script stood after each step in `history`, so time travel puts it back too.
  var marks: [StepMark] = []
  /// Steps travelled back over, the next one to redo last (see `travel(to:)`).
  var redo: [TimelineStep] = []
  /// The run's state before some steps (`CheckpointPolicy`), by step, for fast time travel.
  var checkpoints: [RunnerCheckpoint] = []
  /// Whether to keep checkpoints as `CheckpointPolicy` says (fast time travel in the UI);
  /// otherwise only the start is kept and travelling replays from there.
  public var keepsCheckpoints = false

  /// The scenario's file (or the session's name), as errors name it.
  public let file: String
  var factory: ScenarioTokenFactory
  var tokens: [String: String] = [:]
  var strategies: [String: StrategySettings] = [:]
  var expectations: ExpectationChecker
  /// Participants registered after the run began (`register`), with their first tokens, in
  /// order: time travel back past a registration registers them again.
  var lateParticipants: [(participant: ScenarioParticipant, token: String)] = []
  /// Participants declared again (`redeclare`), as last declared, with their first tokens
  /// and the step of the session it came before: time travel back to that step or before it
  /// declares them so again.
  var redeclared: [String: (participant: ScenarioParticipant, token: String, step: Int)] = [:]

  /// Builds the stage, loads or generates keys and mints every first token.
  /// `file` names the scenario in errors; throws before anything has run.
  public init(scenario: Scenario, file: String) throws(ScenarioError) {
    try ScenarioLimits.check(
      participants: scenario.participants.count, steps: scenario.steps.count, file: file)
    self.scenario = scenario
    self.file = file
    expectations = ExpectationChecker(steps: scenario.steps)
    let keyring = try ScenarioKeyring(scenario: scenario, file: file)
    factory = ScenarioTokenFactory(stage: scenario.stage, file: file, keyring: keyring)
    stage = Stage(
      configuration: StageConfiguration(
        arn: scenario.stage.arn, start: scenario.start, keys: keyring.store,
        eventsURL: scenario.stage.eventsURL, whipURL: scenario.stage.whipURL,
        composition: scenario.composition,
        rules: scenario.asOf.map(RuleBook.ivs.inForce(on:)) ?? RuleBook.ivs.latest))
    try checkClaimOverrides()
    var toSign: [(id: String, location: String, request: MintRequest)] = []
    for (index, participant) in scenario.participants.enumerated() {
      let location = "participants[\(index)]"
      if let request = try addParticipant(participant, location: location) {
        toSign.append((participant.id, location, request))
      }
    }
    try signFirstTokens(toSign)
    let minted = Set(toSign.map(\.id))
    stage.proveSignatures(
      of: scenario.participants.filter { !minted.contains($0.id) }.compactMap { tokens[$0.id] })
  }

  /// Signs the participants' first tokens all at once, on every core (ES384 is what a
  /// scenario of thousands of participants spends its start-up on), and tells the stage which
  /// key signed each, so a join does not verify a signature made a moment ago (raw tokens from
  /// the file are still proved, by `proveSignatures`).
  func signFirstTokens(_ toSign: [(id: String, location: String, request: MintRequest)])
    throws(ScenarioError)
  {
    let results = TokenBatch.mint(toSign.map(\.request))
    for (item, result) in zip(toSign, results) {
      let token = try factory.signed(result, location: item.location)
      tokens[item.id] = token
      stage.provenSigners[token] = item.request.key.publicKey
    }
  }

  /// Whether every step has run.
  public var isFinished: Bool { nextStepIndex >= scenario.steps.count }

  /// Every statement of an `expect` step that did not hold so far, in order.
  public var expectationFailures: [ExpectationFailure] { expectations.failures }

  /// The verdict on each `expect` step run so far, in order: one test case each.
  public var expectationResults: [ExpectationResult] { expectations.results }

  /// How many statements `expect` steps have checked so far.
  public var expectationCheckCount: Int { expectations.checkCount }

  /// The compact token participant `id` currently holds (never print it whole).
  public func currentToken(of id: String) -> String? { tokens[id] }

  /// Runs the next step, recording a runner `step` event first; returns it, or
  /// `nil` when the scenario is finished. Events stay in the stage for the caller to drain.
  @discardableResult
  public func step() throws(ScenarioError) -> ScenarioStep? {
    guard !isFinished else { return nil }
    let index = nextStepIndex
    let step = scenario.steps[index]
    nextStepIndex += 1
    do {
      try execute(
        step, location: "steps[\(index)]", mark: StepMark(scriptIndex: index + 1, scripted: true))
    } catch {
      guard index < scenario.stepPositions.count else { throw error }
      let start = scenario.stepPositions[index]
      throw error.placed(at: (start.line, start.column))
    }
    return step
  }

  /// Runs the next step, a scripted `answer` to `id`'s question, with the answer the person at
  /// the keyboard gave (`publish`, `origin`) in place of the script's: the script's answer step
  /// is then done, so the session stays in step with the script. Throws, leaving the run as it
  /// was, when the next step is not an answer for `id` or the stage refuses it.
  @discardableResult
  public func step(answering id: String, publish: Bool, by origin: AnswerOrigin)
    throws(ScenarioError) -> ScenarioStep
  {
    let index = nextStepIndex
    guard !isFinished, case .answer(id, _, _) = scenario.steps[index] else {
      throw ScenarioError(
        file: file, location: "steps[\(index)]",
        message: "the next step does not answer \(id)'s question")
    }
    let step = ScenarioStep.answer(id, publish: publish, by: origin)
    let mark = stage.retractionMark
    nextStepIndex += 1
    do {
      try execute(
        step, location: "steps[\(index)]", mark: StepMark(scriptIndex: index + 1, scripted: true))
    } catch {
      nextStepIndex = index
      stage.retract(to: mark)
      throw error
    }
    return step
  }

  /// Moves past the next step without running it — the UI's way past a scripted `answer`
  /// whose question the person at the keyboard already answered. Returns the skipped step.
  @discardableResult
  public func skipStep() -> ScenarioStep? {
    guard !isFinished else { return nil }
    nextStepIndex += 1
    return scenario.steps[nextStepIndex - 1]
  }

  /// Runs a step that is not in the script — an action taken live in the UI —
  /// through the same path as scripted steps, so the runner's idea of each
  /// participant's current token stays true and the step joins `history`. `origin` names it
  /// in errors; a step the stage refuses leaves no event, so the stream stays replayable.
  public func perform(_ step: ScenarioStep, origin: String) throws(ScenarioError) {
    let mark = stage.retractionMark
    do {
      try execute(
        step, location: origin, mark: StepMark(scriptIndex: nextStepIndex, scripted: false))
    } catch {
      stage.retract(to: mark)
      throw error
    }
  }

  /// Mints the token an `exchange` step with `spec` would use for `id` now,
  /// relative to its current token, without exchanging it — so the UI can
  /// show the claim diff and predicted outcome first.
  public func mintExchangeToken(for id: String, spec: TokenMintSpec) throws(ScenarioError) -> String
  {
    try exchangeToken(for: id, .mint(spec), location: "exchange \(id)").0
  }

  /// The token `mintExchangeToken(for: id, spec: spec)` would make now, before it is signed
  /// (same header and claims; see `UnsignedToken`): the deck predicts every entry from these
  /// without an ES384 signature each, and the token is minted only when it is exchanged.
  public func unsignedExchangeToken(for id: String, spec: TokenMintSpec) throws(ScenarioError)
    -> UnsignedToken
  {
    let location = "exchange \(id).token"
    return try factory.unsigned(
      try exchangeClaims(for: id, spec: spec, location: location), spec: spec, location: location)
  }

  /// Runs `step`; `location` names it in errors, its index in `history` labels its events, and
  /// `mark` goes beside it in `history`. `replaying` when time travel runs it again.
  func execute(_ step: ScenarioStep, location: String, mark: StepMark, replaying: Bool = false)
    throws(ScenarioError)
  {
    checkpointIfDue()
    // Numbered by its place in the session, as a saved session and its replay number it (the
    // file's numbering, until a live step or time travel moves the session off the script).
    let number = StepNumber(
      value: history.count + 1, scriptIndex: mark.scripted ? mark.scriptIndex : nil)
    expectations.stepWillRun(step, on: stage)
    // An assertion changes nothing, so it leaves nothing in the stream unless it fails:
    // adding, editing or removing one never changes a golden.
    if case .expect = step {} else { stage.recordStep(step.summary) }
    defer { expectations.stepDidRun(step, on: stage, number: number.value) }
    do {
      try perform(step, location: location, number: number)
      history.append(step)
      marks.append(mark)
      continueTimeline(after: mark, replaying: replaying)
    } catch let error as StageActionError {
      throw ScenarioError(
        file: file, location: location, message: "\(step.verb) cannot run: \(error)")
    } catch let error as ScenarioError {
      throw error
    } catch {
      throw ScenarioError(file: file, location: location, message: "\(error)")
    }
  }

  /// Runs every remaining step, handing each batch of events to `sink` in order
  /// (also the events recorded before the first step).
  public func run(_ sink: ([StageEvent]) -> Void) throws(ScenarioError) {
    stage.drainEvents(sink)
    while !isFinished {
      defer { stage.drainEvents(sink) }
      try step()
    }
  }

  private func perform(_ step: ScenarioStep, location: String, number: StepNumber) throws {
    switch step {
    case .join(let id): try stage.join(participant: id, token: tokens[id] ?? "")
    case .leave(let id): try stage.leave(participant: id)
    case .publish(let id): try stage.publish(participant: id)
    case .unpublish(let id): try stage.unpublish(participant: id)
    case .refreshStrategy(let id): try stage.refreshStrategy(participant: id)
    case .disconnect(let id): try stage.disconnect(participant: id)
    case .advance(let duration): stage.advance(by: duration)
    case .reconnect(let id): try stage.reconnect(participant: id)
    case .answer(let id, let publish, let origin):
      try stage.answer(participant: id, publish: publish, by: origin)
    case .media(let step): try stage.perform(step)
    case .composition(let step): try stage.perform(step)
    case .setSDK(let id, let sdk): try stage.setSDKProfile(participant: id, to: sdk)
    case .setCompositionUpdates(let id, let policy):
      try stage.setCompositionPolicy(policy, composition: id)
    case .expect(let expectation):
      expectations.check(
        expectation, on: stage, number: number.value, position: scenario.position(of: number))
    case .setStrategy(let id, let publish, let subscribe):
      var strategy = strategies[id] ?? StrategySettings()
      strategy.publish = publish ?? strategy.publish
      strategy.subscribe = subscribe ?? strategy.subscribe
      try stage.setStrategy(participant: id, to: strategy)
      strategies[id] = strategy
    case .exchange(let id, let token):
      let newToken: String
      let signer: PublicKey?
      do {
        (newToken, signer) = try exchangeToken(for: id, token, location: location)
      } catch {
        // Known only now (it depends on the token the participant holds): the customer's
        // server could not mint, so the exchange never happens — an event, not a lost run.
        try stage.recordUnmintableExchange(
          participant: id, reason: "\(error.location): \(error.message)")
        return
      }
      if try stage.exchangeToken(participant: id, newToken: newToken, signedWith: signer)
        == .accepted
      {
        tokens[id] = newToken
      }
    }
  }

  /// The token an exchange step sends, and the key that signed it when the scenario minted it.
  private func exchangeToken(for id: String, _ token: ScenarioToken, location: String)
    throws(ScenarioError) -> (String, PublicKey?)
  {
    guard case .mint(let spec) = token else {
      if case .raw(let raw) = token { return (raw, nil) }
      return ("", nil)
    }
    let claims = try exchangeClaims(for: id, spec: spec, location: "\(location).token")
    return try factory.mintWithSigner(claims, spec: spec, location: "\(location).token")
  }

  /// The claims of `id`'s current token changed as `spec` says, issued now.
  private func exchangeClaims(for id: String, spec: TokenMintSpec, location: String)
    throws(ScenarioError) -> TokenClaims
  {
    let current: ParticipantToken
    do {
      current = try ParticipantToken.parse(tokens[id] ?? "")
    } catch {
      throw ScenarioError(
        file: file, location: location,
        message: "cannot mint relative to \(id)'s current token: \(error)")
    }
    return try factory.exchangeClaims(
      current: current.claims, spec: spec, now: stage.clock.now, location: location)
  }

  /// Registers a participant and its first token; a token still to sign is returned.
  func addParticipant(_ participant: ScenarioParticipant, location: String)
    throws(ScenarioError) -> MintRequest?
  {
    let toSign = try firstToken(of: participant, location: location)
    strategies[participant.id] = participant.strategy
    do {
      try stage.addParticipant(
        id: participant.id, sdk: participant.sdk, strategy: participant.strategy)
    } catch {
      throw ScenarioError(file: file, location: location, message: error.message)
    }
    return toSign
  }

  /// Makes `participant`'s first token its current one (minted at the scenario's start); a
  /// token still to sign is returned.
  func firstToken(of participant: ScenarioParticipant, location: String)
    throws(ScenarioError) -> MintRequest?
  {
    switch participant.token {
    case .raw(let raw):
      tokens[participant.id] = raw
    case .mint(let spec):
      let claims = try factory.firstClaims(
        id: participant.id, spec: spec, now: scenario.start, location: location)
      switch try factory.prepare(claims, spec: spec) {
      case .ready(let token): tokens[participant.id] = token
      case .toSign(let request): return request
      }
    }
    return nil
  }

  /// Applies every exchange step's raw claim overrides to sample claims, so a
  /// wrongly typed override is reported before the first step runs.
  private func checkClaimOverrides() throws(ScenarioError) {
    let sample = try factory.firstClaims(
      id: "check", spec: TokenMintSpec(), now: scenario.start, location: "participants")
    for (index, step) in scenario.steps.enumerated() {
      guard case .exchange(_, .mint(let spec)) = step, !spec.claims.isEmpty else { continue }
      _ = try ScenarioTokenFactory.override(
        sample, with: spec.claims, file: file, location: "steps[\(index)].token")
    }
  }
}
