"""Stand-in Amazon SQS for `attach --events-queue`: moto's SQS server app, in process.

Listens on 127.0.0.1 (a free port unless --port; the first line printed is
"LISTENING <port>"). Before moto answers, every request's SigV4 signature is recomputed
with botocore's signer for the configured keys (service `sqs`, the queue's region) and a
request that does not match is refused with 403, as SQS refuses it. moto serves the JSON
protocol botocore's current `sqs` model uses (X-Amz-Target: AmazonSQS.ReceiveMessage).

Config (JSON file):
  {"credentials": [{"accessKeyId": "...", "secretAccessKey": "..."}],
   "region": "us-west-2", "queue": "ivs-events",
   "messages": ["body", ...]}          sent to the queue before serving

Test hooks (unsigned):
  GET  /_standin/queue    {"url": QUEUE_URL, "visible": N, "inFlight": N}
  POST /_standin/send     body: a JSON array of message bodies to send now
"""

import argparse
import datetime
import json
import os
import sys

os.environ.setdefault("AWS_ACCESS_KEY_ID", "standin")
os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "standin")

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from moto.sqs.models import sqs_backends
from werkzeug.serving import make_server

ACCOUNT = "123456789012"


class StandIn:
    def __init__(self, config):
        self.accounts = {a["accessKeyId"]: a for a in config["credentials"]}
        self.region = config.get("region", "us-west-2")
        self.queue_name = config.get("queue", "ivs-events")
        self.moto = DomainDispatcherApplication(create_backend_app)
        self.backend = sqs_backends[ACCOUNT][self.region]
        self.pending = list(config.get("messages", []))
        self.port = None

    def setup(self, port):
        self.port = port
        self.backend.create_queue(self.queue_name)
        self.send(self.pending)

    @property
    def url(self):
        return "http://127.0.0.1:%d/%s/%s" % (self.port, ACCOUNT, self.queue_name)

    def send(self, bodies):
        for body in bodies:
            self.backend.send_message(self.queue_name, body)

    def refuse(self, start, code, message):
        body = json.dumps({"__type": "com.amazonaws.sqs#" + code, "message": message}).encode()
        start("403 Forbidden", [("Content-Type", "application/x-amz-json-1.0"),
                                ("x-amzn-query-error", code + ";Sender")])
        return [body]

    def check_signature(self, environ, body):
        header = environ.get("HTTP_AUTHORIZATION", "")
        fields = dict(part.strip().split("=", 1)
                      for part in header[len("AWS4-HMAC-SHA256 "):].split(",") if "=" in part)
        if not header.startswith("AWS4-HMAC-SHA256 ") or not {"Credential", "SignedHeaders", "Signature"} <= set(fields):
            return "MissingAuthenticationToken"
        key_id, day, region, service, terminator = fields["Credential"].split("/")
        account = self.accounts.get(key_id)
        if account is None:
            return "InvalidClientTokenId"
        if service != "sqs" or region != self.region or terminator != "aws4_request":
            return "SignatureDoesNotMatch"
        amz_date = environ.get("HTTP_X_AMZ_DATE", "")
        try:
            sent = datetime.datetime.strptime(amz_date, "%Y%m%dT%H%M%SZ")
        except ValueError:
            return "IncompleteSignature"
        if day != amz_date[:8] or abs((datetime.datetime.utcnow() - sent).total_seconds()) > 300:
            return "SignatureDoesNotMatch"
        headers = {}
        for name in fields["SignedHeaders"].split(";"):
            key = "HTTP_" + name.upper().replace("-", "_")
            if name == "content-type":
                key = "CONTENT_TYPE"
            headers[name] = environ.get(key, "")
        request = AWSRequest(method=environ["REQUEST_METHOD"],
                             url="http://%s%s" % (environ.get("HTTP_HOST"), environ.get("PATH_INFO") or "/"),
                             data=body, headers=headers)
        request.context["timestamp"] = amz_date
        auth = SigV4Auth(Credentials(key_id, account["secretAccessKey"], account.get("sessionToken")), "sqs", region)
        expected = auth.signature(auth.string_to_sign(request, auth.canonical_request(request)), request)
        return None if expected == fields["Signature"] else "SignatureDoesNotMatch"

    def __call__(self, environ, start):
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        path = environ.get("PATH_INFO", "")
        if path == "/_standin/queue":
            queue = self.backend.get_queue(self.queue_name)
            answer = {"url": self.url, "visible": queue.approximate_number_of_messages,
                      "inFlight": queue.approximate_number_of_messages_not_visible}
            data = json.dumps(answer).encode()
            start("200 OK", [("Content-Type", "application/json"),
                             ("Content-Length", str(len(data)))])
            return [data]
        if path == "/_standin/send":
            self.send(json.loads(body))
            start("200 OK", [("Content-Type", "application/json")])
            return [b"{}"]
        problem = self.check_signature(environ, body)
        if problem:
            return self.refuse(start, problem, "The request signature we calculated does not match")
        import io
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        return self.moto(environ, start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", required=True)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    with open(args.config) as f:
        config = json.load(f)
    standin = StandIn(config)
    server = make_server("127.0.0.1", args.port, standin, threaded=True)
    standin.setup(server.server_address[1])
    print(f"LISTENING {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
