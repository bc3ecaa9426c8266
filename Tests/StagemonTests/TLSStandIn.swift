import Foundation
import StandInHarness

/// An HTTPS server on 127.0.0.1 whose certificate a private CA made in the test signed: it
/// answers every request AccessDeniedException with "answered over TLS", so a request that gets
/// that far proves the certificate was accepted. `otherCA` is a CA that signed nothing here.
struct TLSStandIn {
  let server: StandInServer
  /// `https://127.0.0.1:PORT`.
  let endpoint: String
  /// The CA that signed the server's certificate (PEM).
  let ca: String
  /// A CA that did not (PEM).
  let otherCA: String
  /// A certificate the server could show instead: self-signed (PEM).
  let selfSigned: String

  /// Makes the certificates in `folder` and starts the server, with the self-signed certificate
  /// when `selfSigned` is set.
  init(in folder: String, selfSigned useSelfSigned: Bool = false) throws {
    ca = folder + "/ca.pem"
    otherCA = folder + "/other-ca.pem"
    selfSigned = folder + "/self.pem"
    for (name, subject) in [("ca", "stagemon test CA"), ("other-ca", "another CA")] {
      try Self.openssl([
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
        "-subj", "/CN=\(subject)", "-keyout", "\(folder)/\(name).key", "-out",
        "\(folder)/\(name).pem", "-days", "1", "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign",
      ])
    }
    try Self.openssl([
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj",
      "/CN=127.0.0.1", "-keyout", folder + "/self.key", "-out", selfSigned, "-days", "1",
    ])
    try Self.openssl([
      "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj",
      "/CN=127.0.0.1", "-keyout", folder + "/server.key", "-out", folder + "/server.csr",
    ])
    try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n".write(
      toFile: folder + "/server.ext", atomically: true, encoding: .utf8)
    try Self.openssl([
      "x509", "-req", "-in", folder + "/server.csr", "-CA", ca, "-CAkey", folder + "/ca.key",
      "-set_serial", "2", "-days", "1", "-extfile", folder + "/server.ext", "-out",
      folder + "/server.pem",
    ])
    let script = folder + "/tls.py"
    try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
    let (cert, key) =
      useSelfSigned
      ? (selfSigned, folder + "/self.key") : (folder + "/server.pem", folder + "/server.key")
    server = try StandInServer(script: script, config: #"{"cert":"\#(cert)","key":"\#(key)"}"#)
    endpoint = "https://127.0.0.1:\(server.port)"
  }

  private static func openssl(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: ["openssl": arguments.joined(separator: " ")])
    }
  }

  private static let script = """
    import argparse, http.server, json, ssl
    parser = argparse.ArgumentParser()
    parser.add_argument("--config")
    files = json.load(open(parser.parse_args().config))
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            body = b'{"message":"answered over TLS"}'
            self.send_response(403)
            self.send_header("x-amzn-ErrorType", "AccessDeniedException")
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(files["cert"], files["key"])
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print("LISTENING %d" % server.server_address[1], flush=True)
    server.serve_forever()
    """
}
