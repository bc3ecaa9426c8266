import JSONKit

/// A CloudWatch Logs Insights export (CSV, a header row such as `@timestamp,@message`) of the
/// log group an EventBridge rule writes IVS events to: each row's `@message` is an event's
/// JSON. Made the `{"events": [{"message": …}]}` of `aws logs filter-log-events`, which the
/// reader reads (RFC 4180 quoting: `""` inside a quoted field, line breaks inside quotes).
enum LogsInsightsCSV {
  /// The export as filter-log-events JSON, nil when `text` is not one, or an error naming the
  /// file when its header has no `@message` column.
  static func events(_ text: ArraySlice<UInt8>, file: String) throws(RecordError) -> [UInt8]? {
    guard text.starts(with: Array("@".utf8)) || text.starts(with: Array("\"@".utf8)) else {
      return nil
    }
    var rows = rows(text)
    guard !rows.isEmpty else { return nil }
    let header = rows.removeFirst()
    guard let column = header.firstIndex(of: "@message") else {
      throw RecordError(
        file: file, location: "line 1",
        message: "a CloudWatch Logs Insights export without a @message column: export the"
          + " query with `fields @timestamp, @message`")
    }
    let messages: [JSON] = rows.compactMap { row in
      row.indices.contains(column) ? .object([("message", .string(row[column]))]) : nil
    }
    return Array(JSONWriter.compact(.object([("events", .array(messages))])).utf8)
  }

  /// The fields of each row.
  private static func rows(_ text: ArraySlice<UInt8>) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var index = text.startIndex
    func endField() {
      row.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
    }
    while index < text.endIndex {
      let byte = text[index]
      index += 1
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index < text.endIndex, text[index] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            quoted = false
          }
        } else {
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): quoted = true
      case UInt8(ascii: ","): endField()
      case UInt8(ascii: "\r"): continue
      case UInt8(ascii: "\n"):
        endField()
        rows.append(row)
        row.removeAll()
      default: field.append(byte)
      }
    }
    if !field.isEmpty || !row.isEmpty {
      endField()
      rows.append(row)
    }
    return rows
  }
}
