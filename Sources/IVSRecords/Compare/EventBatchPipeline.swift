import Foundation
import StageEngine

/// Runs a consumer of the model's event batches on a second core while the model goes on.
///
/// Comparing a long record with the run costs a hash look-up per server event, and freeing
/// each step's events costs a release per string: on the model's thread both add to the run.
/// The batches are values (`StageEvent` is `Sendable`), so the run hands each one over and
/// the consumer takes them in order: the result is the same as consuming them in line.
/// The consumer's state is touched only by the consumer thread until `finish()` has joined it.
final class EventBatchPipeline<Consumer>: @unchecked Sendable {
  /// Batches waiting at most; the run waits when the consumer is this far behind.
  static var capacity: Int { 64 }

  private let condition = NSCondition()
  private var waiting: [[StageEvent]] = []
  private var next = 0
  private var isClosed = false
  private var isDone = false
  private var consumer: Consumer
  private let consume: (inout Consumer, [StageEvent]) -> Void

  /// Starts the consumer thread with `consumer`, fed to `consume` one batch at a time.
  init(_ consumer: Consumer, consume: @escaping (inout Consumer, [StageEvent]) -> Void) {
    self.consumer = consumer
    self.consume = consume
    let thread = Thread { [self] in drain() }
    thread.start()
  }

  /// Hands a batch over; waits while the consumer is `capacity` batches behind.
  func push(_ batch: [StageEvent]) {
    condition.lock()
    defer { condition.unlock() }
    while waiting.count - next >= Self.capacity { condition.wait() }
    waiting.append(batch)
    condition.broadcast()
  }

  /// Waits until every batch handed over has been consumed; returns the consumer.
  func finish() -> Consumer {
    condition.lock()
    defer { condition.unlock() }
    isClosed = true
    condition.broadcast()
    while !isDone { condition.wait() }
    return consumer
  }

  private func drain() {
    while let batch = take() { consume(&consumer, batch) }
    condition.lock()
    isDone = true
    condition.broadcast()
    condition.unlock()
  }

  /// The next batch, or nil once the run has finished and every batch was taken.
  private func take() -> [StageEvent]? {
    condition.lock()
    defer { condition.unlock() }
    while next == waiting.count && !isClosed { condition.wait() }
    guard next < waiting.count else { return nil }
    let batch = waiting[next]
    waiting[next] = []
    next += 1
    if next == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      next = 0
    }
    condition.broadcast()
    return batch
  }
}
