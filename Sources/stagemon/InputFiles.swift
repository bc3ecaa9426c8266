import Foundation
import InputKit
import TokenCore

/// Reads the files and token arguments commands take, with errors that name
/// the file, so a typo in a path reads as such and not as a bad token.
enum InputFiles {
  /// The largest file a token command reads (a real token is under 8 KB).
  static let maximumFileBytes = BoundedInput.Limit.token

  /// A file's text, or an error naming the path and what went wrong.
  static func text(at path: String) throws -> String {
    do {
      return try BoundedInput.text(atPath: path, limit: maximumFileBytes)
    } catch {
      throw InputError(error.description)
    }
  }

  /// A token argument: `-` reads stdin, an existing file is read, a word that looks like a
  /// path (contains `/`, ends in `.jwt` or `.txt`) must be a file, else it is the token itself.
  static func token(_ argument: String) throws -> String {
    if argument == "-" {
      do {
        return try Console.readStandardInput(limit: maximumFileBytes)
      } catch {
        throw InputError(error.description)
      }
    }
    if BoundedInput.exists(argument) || BoundedInput.looksLikePath(argument) {
      return try text(at: argument)
    }
    return argument
  }

  /// A private key PEM file.
  static func signingKey(at path: String) throws -> SigningKey {
    do {
      return try SigningKey(pem: try text(at: path))
    } catch let error as KeyError {
      throw InputError("\(path): \(error)")
    }
  }

  /// A public key PEM file.
  static func publicKey(at path: String) throws -> PublicKey {
    do {
      return try PublicKey(pem: try text(at: path))
    } catch let error as KeyError {
      throw InputError("\(path): \(error)")
    }
  }

  /// The public-key ARN stored by `keygen` beside its keys, if any.
  static func storedKid(besideKeyAt path: String) -> String? {
    let url = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("kid")
    let text = try? BoundedInput.text(atPath: url.path, limit: 4096)
    return text?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A key store from a `keygen` directory (`public.pem` + `kid`), or from
  /// a directory of such directories.
  static func keyStore(directory: String) throws -> KeyStore {
    var store = KeyStore()
    let root = URL(fileURLWithPath: directory)
    let subdirectories = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    let candidates = [root] + subdirectories.sorted().map { root.appendingPathComponent($0) }
    for dir in candidates {
      let pem = dir.appendingPathComponent("public.pem").path
      guard FileManager.default.fileExists(atPath: pem),
        let kid = storedKid(besideKeyAt: pem)
      else { continue }
      do {
        try store.add(try publicKey(at: pem), arn: kid)
      } catch let error as KeyError {
        throw InputError("\(dir.path): \(error)")
      }
    }
    guard !store.arns.isEmpty else {
      throw InputError("\(directory) holds no keys (expected public.pem and kid, as keygen writes)")
    }
    return store
  }
}

/// A problem with the command's input (exit status 1), already worded for people.
struct InputError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
