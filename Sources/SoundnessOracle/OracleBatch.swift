import Dispatch
import Synchronization

extension Oracle {
  /// Runs `seeds` on every core (the sessions are independent), each as `run(seed:limits:)`;
  /// the results in seed order. A seed whose generated scenario fails gives its error.
  public static func run(seeds: [UInt64], limits: SessionGenerator.Limits = .init())
    -> [Swift.Result<Result, Error>]
  {
    let slots = Slots(count: seeds.count)
    DispatchQueue.concurrentPerform(iterations: seeds.count) { index in
      do {
        slots.set(index, .success(try run(seed: seeds[index], limits: limits)))
      } catch {
        slots.set(index, .failure(error))
      }
    }
    return slots.results
  }

  /// One result per seed, filled from any thread.
  private final class Slots: Sendable {
    private let slots: Mutex<[Swift.Result<Result, Error>?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ result: Swift.Result<Result, Error>) {
      slots.withLock { $0[index] = result }
    }

    var results: [Swift.Result<Result, Error>] { slots.withLock { $0.compactMap { $0 } } }
  }
}
