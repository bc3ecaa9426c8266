// The rule book's types (`SDKProfile`, `SDKErrorCode`, `RuleID`, `Decision` …) moved beneath
// TokenCore with the book that decides with them; every user of the model reads them with the
// model's own events and snapshots, so importing StageEngine brings them along.
@_exported import IVSRules
