import Foundation
import InputKit
import TokenCore

/// Reads the files and token arguments commands take, with errors that name
/// the file, so a typo in a path reads as such and not as a bad token.
enum InputFiles {
  /// The largest file a token command reads (a real token is under 8 KB).
  static let maximumFileBytes = BoundedInput.Limit.token

  /// A file's text, or an error naming the path and what went wrong.
  static func text(at path: String) throws(InputFileError) -> String {
    try BoundedInput.text(atPath: path, limit: maximumFileBytes)
  }

  /// A token argument: `-` reads stdin, an existing file is read, a word that looks like a
  /// path (contains `/`, ends in `.jwt` or `.txt`) must be a file, else it is the token itself.
  static func token(_ argument: String) throws(InputFileError) -> String {
    if argument == "-" { return try Console.readStandardInput(limit: maximumFileBytes) }
    if BoundedInput.exists(argument) || BoundedInput.looksLikePath(argument) {
      return try text(at: argument)
    }
    return argument
  }

  /// A private key PEM file.
  static func signingKey(at path: String) throws(KeyFileError) -> SigningKey {
    let pem = try pemText(at: path)
    do {
      return try SigningKey(pem: pem)
    } catch {
      throw .notAKey(path: path, error)
    }
  }

  /// A public key PEM file.
  static func publicKey(at path: String) throws(KeyFileError) -> PublicKey {
    let pem = try pemText(at: path)
    do {
      return try PublicKey(pem: pem)
    } catch {
      throw .notAKey(path: path, error)
    }
  }

  private static func pemText(at path: String) throws(KeyFileError) -> String {
    do {
      return try text(at: path)
    } catch {
      throw .unreadable(error)
    }
  }

  /// The public-key ARN stored by `keygen` beside its keys, if any.
  static func storedKid(besideKeyAt path: String) -> String? {
    let kid = PathName.join(PathName.folder(of: path), "kid")
    let text = try? BoundedInput.text(atPath: kid, limit: 4096)
    return text?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A key store from a `keygen` directory (`public.pem` + `kid`), or from
  /// a directory of such directories.
  static func keyStore(directory: String) throws(KeyFileError) -> KeyStore {
    var store = KeyStore()
    let subdirectories = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    let candidates = [directory] + subdirectories.sorted().map { PathName.join(directory, $0) }
    for dir in candidates {
      let pem = PathName.join(dir, "public.pem")
      guard FileManager.default.fileExists(atPath: pem),
        let kid = storedKid(besideKeyAt: pem)
      else { continue }
      let key = try publicKey(at: pem)
      do {
        try store.add(key, arn: kid)
      } catch {
        throw .notAKey(path: dir, error)
      }
    }
    guard !store.arns.isEmpty else { throw .noKeys(directory: directory) }
    return store
  }
}

/// Why a key file or folder could not be used, kept typed until the command prints it.
enum KeyFileError: Error, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(InputFileError)
  /// The file (or the folder's key) is not a usable key.
  case notAKey(path: String, KeyError)
  /// The folder holds neither a key nor folders of keys.
  case noKeys(directory: String)

  /// What went wrong, naming the file or folder.
  var description: String {
    switch self {
    case .unreadable(let error): error.description
    case .notAKey(let path, let error): "\(path): \(error)"
    case .noKeys(let directory):
      "\(directory) holds no keys (expected public.pem and kid, as keygen writes)"
    }
  }
}

/// An input that could not be read, kept typed until the command prints it.
struct UnreadableInput: Error, CustomStringConvertible {
  /// What went wrong with the file.
  let cause: InputFileError
  /// "cannot read PATH: REASON".
  var description: String { "cannot read \(cause)" }
}

/// A problem with the command's input (exit status 1), already worded for people.
struct InputError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
