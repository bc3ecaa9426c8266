import Foundation

/// Runs a consumer of batches taken from the model's events on a second core while the model
/// goes on.
///
/// Comparing a long record with the run costs a hash look-up per server event: on the model's
/// thread it adds to the run. The batches are values (`Item` is `Sendable`), so the run hands
/// each one over and the consumer takes them in order: the result is the same as consuming
/// them in line.
/// The consumer is made on the caller's thread and handed over, its only reference: what it
/// allocates then lies in the caller's heap, which reuses it once the consumer is done (a
/// second thread's allocator keeps what it freed for that thread alone). It is touched only
/// on the consumer's thread until `finish()` takes it.
///
/// `@unchecked Sendable`: a queue that blocks needs a condition variable to wait on, which
/// `Synchronization.Mutex` lacks, so `condition` guards the state here by hand; every stored
/// `var` is touched only while it is locked (the consumer, once taken, only on its thread).
final class EventBatchPipeline<Consumer, Item: Sendable>: @unchecked Sendable {
  /// Batches waiting at most; the run waits when the consumer is this far behind.
  static var capacity: Int { 64 }

  private let condition = NSCondition()
  private var waiting: [[Item]] = []
  private var next = 0
  private var isClosed = false
  /// The consumer until its thread takes it.
  private var handed: Consumer?
  /// The consumer once every batch was consumed.
  private var done: Consumer?
  private let consume: (inout Consumer, [Item]) -> Void

  /// Starts the consumer thread, which feeds `consumer` to `consume` one batch at a time.
  init(consumer: consuming Consumer, consume: @escaping (inout Consumer, [Item]) -> Void) {
    self.consume = consume
    handed = consumer
    let thread = Thread { [self] in drain() }
    thread.start()
  }

  /// Hands a batch over; waits while the consumer is `capacity` batches behind.
  func push(_ batch: [Item]) {
    condition.lock()
    defer { condition.unlock() }
    while waiting.count - next >= Self.capacity { condition.wait() }
    waiting.append(batch)
    condition.broadcast()
  }

  /// Waits until every batch handed over has been consumed; hands the consumer back (once).
  func finish() -> Consumer {
    condition.lock()
    defer { condition.unlock() }
    isClosed = true
    condition.broadcast()
    while true {
      // Taken, not copied: the caller may change it without copying its arrays.
      if let consumer = done.take() { return consumer }
      condition.wait()
    }
  }

  /// Consumes every batch. The consumer is taken out of `handed`, not copied: a second
  /// reference to it would make its first change copy each of its arrays.
  private func drain() {
    condition.lock()
    let taken = handed.take()
    condition.unlock()
    guard var consumer = consume taken else { return }
    while let batch = take() { consume(&consumer, batch) }
    condition.lock()
    done = consume consumer
    condition.broadcast()
    condition.unlock()
  }

  /// The next batch, or nil once the run has finished and every batch was taken.
  private func take() -> [Item]? {
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
