import InputKit
import JSONKit

/// The one paginator (botocore's `PageIterator`): it alone sends and reads `nextToken`, so every
/// listing — a fetch's, attach's poller's, `key list`'s — ends the same way. A listing ends when
/// an answer has no `nextToken`; it is refused, with what went wrong, when a server that is not
/// IVS would make it endless or unbounded: a token that repeats (botocore raises "The same next
/// token was received twice"), one that is not a `PaginationToken`, a page of more items than
/// the `maxResults` asked, more pages than the operation's `maximumPages`, or more bytes in all
/// than `maximumListingBytes`.
extension IVSRealTimeClient {
  /// The most bytes of answers one listing adds up to (each answer is capped on its own by the
  /// transport): the memory a listing may take, whatever the server sends.
  public static let maximumListingBytes = 256 << 20

  /// Every item of `operation`'s listing for the request `fields`, page after page, in the
  /// order the service sent them. An operation that does not page answers as its one item.
  public func allPages(
    _ operation: IVSOperation, _ fields: [(key: String, value: JSON)],
    byteLimit: Int = maximumListingBytes
  ) throws(AWSError) -> [JSON] {
    guard let listing = operation.listing else { return [try call(operation, .object(fields))] }
    var items: [JSON] = []
    var tokens: Set<String> = []
    var token: String?
    var bytes = 0
    for page in 1...max(listing.maximumPages, 1) {
      var members = fields
      members.append(("maxResults", .integer(Int64(IVSOperation.pageSize))))
      if let token { members.append(("nextToken", .string(token))) }
      let answer = try self.answer(operation, .object(members))
      bytes += answer.byteCount
      func refuse(_ problem: String) -> AWSError {
        .decoding(
          LocatedError(
            file: "the \(operation) answers", location: "page \(page)", message: problem))
      }
      guard bytes <= byteLimit else {
        throw refuse("the listing passed \(ByteCount.text(byteLimit)); stopped reading it")
      }
      let found = answer.json[listing.itemsKey]?.arrayValue ?? []
      guard found.count <= IVSOperation.pageSize else {
        throw refuse(
          "\(found.count) items on one page, where maxResults asked for at most "
            + "\(IVSOperation.pageSize)")
      }
      items += found
      switch answer.json["nextToken"] {
      case .none, .null?: return items
      case .string(let next)?:
        if next.isEmpty { return items }
        guard IVSIdentifier.paginationToken.admits(next) else {
          throw refuse(
            "nextToken \(Excerpt.quoted(next)) is not \(IVSIdentifier.paginationToken.shape)")
        }
        guard tokens.insert(next).inserted else {
          throw refuse("nextToken \(Excerpt.quoted(next)) came before: the listing would never end")
        }
        token = next
      case let other?:
        throw refuse("nextToken is \(Excerpt.of(JSONWriter.compact(other))), not a string")
      }
    }
    throw .decoding(
      LocatedError(
        file: "the \(operation) answers", location: "",
        message: "more than \(listing.maximumPages) pages (\(items.count) items): stagemon reads "
          + "at most \(listing.maximumPages) of this listing (docs/SECURITY.md)"))
  }
}
