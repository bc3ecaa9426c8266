import Testing

@testable import JSONKit

/// `token diff` and the deck compare claims through `JSON.changedMembers`: old order first,
/// then new-only members, each key once.
@Suite struct MemberChangeTests {
  @Test func changesComeInOldOrderThenNewOnly() throws {
    let old = try JSONParser.parse(#"{"a": 1, "b": 2, "c": 3}"#)
    let new = try JSONParser.parse(#"{"d": 4, "c": 3, "b": 5}"#)
    let changes = JSON.changedMembers(from: old, to: new)
    #expect(changes.map(\.key) == ["a", "b", "d"])
    #expect(changes[0] == JSONMemberChange(key: "a", old: .integer(1), new: nil))
    #expect(changes[1] == JSONMemberChange(key: "b", old: .integer(2), new: .integer(5)))
    #expect(changes[2] == JSONMemberChange(key: "d", old: nil, new: .integer(4)))
  }

  @Test func duplicateKeysCountOnceWithTheFirstValueAsSubscriptReadsIt() {
    let old = JSON.object([("a", .integer(1)), ("a", .integer(9))])
    let new = JSON.object([("a", .integer(1))])
    #expect(JSON.changedMembers(from: old, to: new).isEmpty)
  }

  @Test func tenThousandsOfClaimsAllAppear() {
    let old = JSON.object((0..<40_000).map { ("k\($0)", .integer(Int64($0))) })
    let new = JSON.object((0..<40_000).map { ("k\($0)", .integer(Int64($0) + 1)) })
    #expect(JSON.changedMembers(from: old, to: new).count == 40_000)
  }
}
