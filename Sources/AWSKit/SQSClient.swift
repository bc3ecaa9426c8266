import Foundation
import InputKit
import JSONKit

/// Amazon SQS as botocore's current `sqs` model calls it (protocol `json`, JSON 1.0): `POST /`
/// with `X-Amz-Target: AmazonSQS.ReceiveMessage` and a JSON body naming the queue, SigV4-signed
/// under `sqs`, so `attach --events-queue` can read the EventBridge events a customer routes to
/// a queue with the same credentials as its IVS requests. Requests go to the queue URL's origin
/// (`AWS_ENDPOINT_URL_SQS`, else `AWS_ENDPOINT_URL`, overrides it), signed for the region the
/// queue's host names. Every answer is size-capped. Requests go through the one
/// `RetryingCaller`, so a long `attach` gets the IVS client's retries: throttling and faults
/// retried with backoff within a retry quota, credentials renewed once when SQS calls them
/// expired, the clock corrected once on a skew answer.
public struct SQSClient: Sendable {
  /// One message received: what deleting it needs, and its body.
  public struct Message: Sendable, Equatable {
    /// The message's ID.
    public let id: String
    /// The handle `DeleteMessageBatch` takes.
    public let receiptHandle: String
    /// The body, as sent (an EventBridge event's JSON).
    public let body: String
  }

  /// The queue read (`https://sqs.REGION.amazonaws.com/ACCOUNT/NAME`).
  public let queueURL: String
  /// Where requests go.
  public let endpoint: EndpointURL
  /// The region requests are signed for.
  public let region: String
  private let credentials: CredentialCache
  private let caller: RetryingCaller

  /// The most messages one ReceiveMessage returns (the API's own limit).
  public static let batchLimit = 10
  /// Seconds a ReceiveMessage waits for a message before answering empty (the API's longest).
  public static let longPollSeconds = 20
  /// The largest message body taken (SQS's own limit is 1 MiB); a larger one is skipped.
  public static let maximumBody = 1 << 20
  /// The largest answer read: a full batch of the largest bodies, with room for the envelope.
  public static let maximumAnswer = batchLimit * maximumBody + (64 << 10)

  /// A client of `queueURL` (`https://sqs.REGION.amazonaws.com/ACCOUNT/NAME`, or any http(s)
  /// URL with `region` given) with `credentials`; `timeout` must exceed the long poll.
  public init(
    queueURL: String, region: String, environment: [String: String],
    credentials: CredentialCache, transport: any HTTPTransport, clock: any AWSClock,
    retry: RetryPolicy = RetryPolicy(), timeout: Double = 30
  ) throws(AWSError) {
    guard let queue = EndpointURL(queueURL), queue.path.count > 1 else {
      throw .refused(
        "--events-queue \(Excerpt.quoted(queueURL)): give the queue's URL "
          + "(https://sqs.REGION.amazonaws.com/ACCOUNT/NAME)")
    }
    do {
      endpoint = try ConfiguredEndpoint.url(
        serviceID: "SQS", environment: environment, fallback: queue.origin)
    } catch {
      throw .credentials(error)
    }
    self.queueURL = queueURL
    self.region = Self.signingRegion(ofHost: queue.hostName) ?? region
    self.credentials = credentials
    caller = RetryingCaller(
      signer: SigV4Signer(service: "sqs", region: self.region),
      readError: ServiceErrorReader.error, transport: transport, clock: clock, policy: retry,
      timeout: max(timeout, Double(Self.longPollSeconds) + 5), answerLimit: Self.maximumAnswer)
  }

  /// The region an SQS host names: `sqs.REGION.amazonaws.com` or `REGION.queue.amazonaws.com`.
  static func signingRegion(ofHost host: String) -> String? {
    let labels = host.split(separator: ".")
    guard labels.count >= 4, labels.suffix(2) == ["amazonaws", "com"] else { return nil }
    if labels[0] == "sqs" { return String(labels[1]) }
    if labels[1] == "queue" { return String(labels[0]) }
    return nil
  }

  /// Up to `batchLimit` messages, waiting up to `longPollSeconds` for one (long polling); an
  /// empty array when none came. Bodies above `maximumBody` are left out and counted in
  /// `skipped`.
  public func receive() throws(AWSError) -> (messages: [Message], skipped: Int) {
    let answer = try call(
      "ReceiveMessage",
      .object([
        ("QueueUrl", .string(queueURL)), ("MaxNumberOfMessages", .integer(Int64(Self.batchLimit))),
        ("WaitTimeSeconds", .integer(Int64(Self.longPollSeconds))),
      ]))
    guard let list = answer["Messages"] else { return ([], 0) }
    guard let items = list.arrayValue, items.count <= Self.batchLimit else {
      throw Self.malformed("ReceiveMessage", "Messages is not a list of at most 10")
    }
    var messages: [Message] = []
    var skipped = 0
    for item in items {
      guard let id = item["MessageId"]?.stringValue,
        let handle = item["ReceiptHandle"]?.stringValue,
        let body = item["Body"]?.stringValue
      else {
        throw Self.malformed("ReceiveMessage", "a message without MessageId, ReceiptHandle or Body")
      }
      guard body.utf8.count <= Self.maximumBody else {
        skipped += 1
        continue
      }
      messages.append(Message(id: id, receiptHandle: handle, body: body))
    }
    return (messages, skipped)
  }

  /// Deletes `messages` (at most `batchLimit`) from the queue: DeleteMessageBatch. The IDs of
  /// those SQS did not delete.
  public func delete(_ messages: [Message]) throws(AWSError) -> [String] {
    guard !messages.isEmpty else { return [] }
    let entries = messages.prefix(Self.batchLimit).enumerated().map { index, message in
      JSON.object([("Id", .string("m\(index)")), ("ReceiptHandle", .string(message.receiptHandle))])
    }
    let answer = try call(
      "DeleteMessageBatch",
      .object([("QueueUrl", .string(queueURL)), ("Entries", .array(entries))]))
    return (answer["Failed"]?.arrayValue ?? []).compactMap { failed in
      failed["Id"]?.stringValue.flatMap { Int($0.dropFirst()) }.flatMap {
        messages.indices.contains($0) ? messages[$0].id : nil
      }
    }
  }

  /// The answer to `action`, after the retries `RetryingCaller` makes.
  private func call(_ action: String, _ body: JSON) throws(AWSError) -> JSON {
    var request = endpoint.request(
      method: "POST",
      headers: [
        .init(name: "Content-Type", value: "application/x-amz-json-1.0"),
        .init(name: "X-Amz-Target", value: "AmazonSQS.\(action)"),
      ])
    request.body = Array(JSONWriter.compact(body).utf8)
    let response = try caller.send(action, request, signing: .cached(credentials))
    do {
      return try JSONParser.parse(bytes: response.body)
    } catch {
      throw Self.malformed(action, error.reason)
    }
  }

  private static func malformed(_ action: String, _ reason: String) -> AWSError {
    .decoding(LocatedError(file: "the SQS \(action) answer", location: "", message: reason))
  }
}
