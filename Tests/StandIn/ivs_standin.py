#!/usr/bin/env python3
"""A stand-in for Amazon IVS real-time, for stagemon's tests and benchmarks.

It listens on 127.0.0.1 (port 0 picks a free one; the first stdout line is
"LISTENING <port>"), recomputes every request's SigV4 signature with
botocore's signer, validates every body against botocore's ivs-realtime
service model, serves a session that changes while it runs (joins,
publishes, token exchanges, leaves: scripted by time or sent to
/_standin/act), pages with maxResults/nextToken (tokens hold + / =),
answers more than `throttle` requests a second per operation with 429
ThrottlingException, counts requests, and injects errors on demand.

Control endpoints (unsigned, JSON): POST /_standin/act, POST /_standin/inject,
POST /_standin/respond, GET /_standin/stats, GET /_standin/log (each API request's
arrival: seconds since the server started, and the operation). See docs/LIVE.md
("The stand-in"). It also answers CONNECT as a proxy that refuses every tunnel, listing
the targets asked for in the stats' `connects`.

/_standin/respond queues a hostile answer for the next `count` signed requests of
`operation` (`*` for any), given after the request was checked: `status`, `headers` and a
`body` (text), or instead `gzipZeros` (a gzip body inflating to that many zero bytes),
`bodyBytes` (a plain body of that many `a`s), `dribble` (seconds between the bytes of a
small answer) or `silent` (accept and never answer).
"""
import argparse
import base64
import datetime
import email.utils
import json
import os
import signal
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import botocore.session
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
from botocore.validate import ParamValidator

MODEL = botocore.session.get_session().get_service_model("ivs-realtime")
VALIDATOR = ParamValidator()


def iso(seconds, fraction=True):
    moment = datetime.datetime.fromtimestamp(seconds, tz=datetime.timezone.utc)
    if fraction:
        return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (moment.microsecond // 1000)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class Failure(Exception):
    def __init__(self, status, code, message, body_key="message", headers=None):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.body_key, self.headers = body_key, headers or {}


class Stage:
    """The stage's state; every method runs under `lock`."""

    def __init__(self, config):
        self.lock = threading.Lock()
        self.region = config.get("region", "us-west-2")
        self.account = config.get("account", "123456789012")
        self.arn = config.get("stageArn", f"arn:aws:ivs:{self.region}:{self.account}:stage/StandIn01")
        self.accounts = {a["accessKeyId"]: a for a in config["credentials"]}
        self.throttle = config.get("throttle", 5)
        self.max_page = config.get("maxPage", 100)
        self.clock_offset = config.get("clockOffset", 0)
        self.started = time.time()
        self.sessions = []
        self.keys = {}
        self.tokens = {}
        self.injections = []
        self.responses = []
        self.arrivals = {}
        self.stats = {"requests": {}, "throttled": 0, "rejected": {}, "maxPerSecond": {},
                      "maxPerSecondAll": 0, "total": 0, "bodies": 0, "connects": []}
        self.all_arrivals = []
        self.request_log = []
        self.script = sorted(config.get("script", []), key=lambda s: s["after"])
        for session in config.get("sessions", []):
            self.add_session(session)
        if "generate" in config:
            self.generate(config["generate"])

    def add_session(self, spec):
        now = time.time()
        start = now - spec.get("startedSecondsAgo", 600)
        end = spec.get("endedSecondsAgo")
        session = {"sessionId": spec["sessionId"], "startTime": start,
                   "endTime": None if end is None else now - end, "participants": {}, "order": []}
        self.sessions.append(session)
        for p in spec.get("participants", []):
            self.join(session, p, at=start + p.get("joinedAfter", 1))
            for step in p.get("then", []):
                self.apply(dict(step, participantId=p["participantId"]), session,
                           at=start + step.get("at", 2))

    def generate(self, spec):
        # "sdks": GetParticipant's SDK fields, given to participant i as sdks[i % len];
        # "seconds": how long ago the session started, the joins spread over its first half
        # and each participant's extraEvents over the rest of it (default: an hour, joins
        # every half second and a second apart).
        count = spec["participants"]
        sdks = spec.get("sdks", [{}])
        seconds = spec.get("seconds")
        session = {"sessionId": spec.get("sessionId", "st-Generated0001"),
                   "startTime": time.time() - (seconds or 3600), "endTime": None,
                   "participants": {}, "order": []}
        self.sessions.append(session)
        extras = spec.get("extraEvents", 2)
        spacing = seconds / 2 / max(1, count) if seconds else 0.5
        gap = seconds / 2 / (extras + 1) if seconds else 1
        for index in range(count):
            pid = "p%05d" % index
            at = session["startTime"] + index * spacing
            self.join(session, dict({"participantId": pid, "userId": "user-%d" % index,
                                     "attributes": {"seat": str(index)}}, **sdks[index % len(sdks)]),
                      at=at)
            for extra in range(extras):
                name = "PUBLISH_STARTED" if extra % 2 == 0 else "PUBLISH_STOPPED"
                self.event(session, pid, name, at + (1 + extra) * gap)

    def session(self, session_id):
        for s in self.sessions:
            if s["sessionId"] == session_id:
                return s
        return None

    def active(self):
        live = [s for s in self.sessions if s["endTime"] is None]
        return live[-1] if live else None

    def join(self, session, spec, at):
        pid = spec["participantId"]
        session["participants"][pid] = {
            "participantId": pid, "userId": spec.get("userId", ""), "state": "CONNECTED",
            "firstJoinTime": at, "attributes": spec.get("attributes", {}), "published": False,
            "osName": spec.get("osName", ""), "browserName": spec.get("browserName", ""),
            "sdkVersion": spec.get("sdkVersion", ""), "capabilities": spec.get("capabilities", ["PUBLISH", "SUBSCRIBE"]),
            "events": []}
        session["order"].append(pid)
        self.event(session, pid, "JOINED", at)

    def event(self, session, pid, name, at, **fields):
        entry = {"name": name, "participantId": pid, "eventTime": at}
        entry.update(fields)
        session["participants"][pid]["events"].append(entry)

    def apply(self, action, session=None, at=None):
        session = session or self.active() or self.sessions[-1]
        at = time.time() if at is None else at
        kind, pid = action["action"], action.get("participantId")
        if kind == "join":
            self.join(session, action, at)
            return
        participant = session["participants"][pid]
        if kind == "publish":
            participant["published"] = True
            self.event(session, pid, "PUBLISH_STARTED", at)
        elif kind == "unpublish":
            self.event(session, pid, "PUBLISH_STOPPED", at)
        elif kind == "subscribe":
            self.event(session, pid, "SUBSCRIBE_STARTED", at, remoteParticipantId=action["remoteParticipantId"])
        elif kind == "exchange":
            before = {"capabilities": participant["capabilities"], "attributes": participant["attributes"],
                      "userId": participant["userId"]}
            participant["attributes"] = action.get("attributes", participant["attributes"])
            participant["capabilities"] = action.get("capabilities", participant["capabilities"])
            after = {"capabilities": participant["capabilities"], "attributes": participant["attributes"],
                     "userId": participant["userId"]}
            self.event(session, pid, "TOKEN_EXCHANGED", at, previousToken=before, newToken=after)
        elif kind == "leave":
            participant["state"] = "DISCONNECTED"
            self.event(session, pid, "LEFT", at)
        elif kind == "end":
            session["endTime"] = at
        else:
            raise Failure(400, "ValidationException", "unknown action " + kind)

    def run_script(self):
        elapsed = time.time() - self.started
        while self.script and self.script[0]["after"] <= elapsed:
            step = self.script.pop(0)
            self.apply(step, at=self.started + step["after"])

    def page(self, items, params, kind):
        limit = min(params.get("maxResults", 50), self.max_page)
        start = 0
        if "nextToken" in params:
            entry = self.tokens.get(params["nextToken"])
            if entry is None or entry[0] != kind:
                raise Failure(400, "ValidationException", "The nextToken is invalid or expired.")
            start = entry[1]
        chunk = items[start:start + limit]
        result = {"items": chunk}
        if start + limit < len(items):
            token = "v1+" + base64.b64encode(os.urandom(7)).decode() + "/%d==" % (start + limit)
            self.tokens[token] = (kind, start + limit)
            result["nextToken"] = token
        return result


def participant_view(p, summary):
    view = {"participantId": p["participantId"], "userId": p["userId"], "state": p["state"],
            "firstJoinTime": iso(p["firstJoinTime"]), "published": p["published"], "recordingState": "DISABLED"}
    if not summary:
        view.update({"attributes": p["attributes"], "osName": p["osName"], "osVersion": "",
                     "browserName": p["browserName"], "browserVersion": "", "sdkVersion": p["sdkVersion"],
                     "ispName": "", "protocol": "UNKNOWN", "replicationType": "NONE",
                     "replicationState": "INACTIVE", "redundantIngest": False})
    return view


def event_view(e):
    view = dict(e)
    view["eventTime"] = iso(e["eventTime"], fraction=int(e["eventTime"]) % 2 == 0)
    view.setdefault("replica", False)
    return view


def session_view(s):
    view = {"sessionId": s["sessionId"], "startTime": iso(s["startTime"], fraction=False)}
    if s["endTime"] is not None:
        view["endTime"] = iso(s["endTime"], fraction=False)
    return view


class Operations:
    def __init__(self, stage):
        self.stage = stage

    def find_session(self, params):
        session = self.stage.session(params["sessionId"])
        if session is None or params["stageArn"] != self.stage.arn:
            raise Failure(404, "ResourceNotFoundException",
                          "Session not found: %s in %s" % (params["sessionId"], params["stageArn"]),
                          body_key="exceptionMessage")
        return session

    def GetStage(self, p):
        if p["arn"] != self.stage.arn:
            raise Failure(404, "ResourceNotFoundException", "Stage not found: " + p["arn"],
                          body_key="exceptionMessage")
        stage = {"arn": self.stage.arn, "name": "standin", "tags": {},
                 "endpoints": {"whip": "https://standin.global-bm.whip.live-video.net"}}
        active = self.stage.active()
        if active is not None:
            stage["activeSessionId"] = active["sessionId"]
        return {"stage": stage}

    def ListStageSessions(self, p):
        sessions = [] if p["stageArn"] != self.stage.arn else self.stage.sessions
        ordered = sorted(sessions, key=lambda s: s["startTime"], reverse=True)
        page = self.stage.page([session_view(s) for s in ordered], p, "sessions")
        return {"stageSessions": page["items"], **({"nextToken": page["nextToken"]} if "nextToken" in page else {})}

    def GetStageSession(self, p):
        return {"stageSession": session_view(self.find_session(p))}

    def ListParticipants(self, p):
        session = self.find_session(p)
        people = [session["participants"][pid] for pid in reversed(session["order"])]
        if "filterByState" in p:
            people = [x for x in people if x["state"] == p["filterByState"]]
        page = self.stage.page([participant_view(x, True) for x in people], p, "participants:" + session["sessionId"])
        return {"participants": page["items"], **({"nextToken": page["nextToken"]} if "nextToken" in page else {})}

    def GetParticipant(self, p):
        session = self.find_session(p)
        found = session["participants"].get(p["participantId"])
        if found is None:
            raise Failure(404, "ResourceNotFoundException", "Participant not found: " + p["participantId"])
        return {"participant": participant_view(found, False)}

    def ListParticipantEvents(self, p):
        session = self.find_session(p)
        found = session["participants"].get(p["participantId"])
        events = [] if found is None else sorted(found["events"], key=lambda e: e["eventTime"], reverse=True)
        page = self.stage.page([event_view(e) for e in events], p, "events:" + p["participantId"])
        return {"events": page["items"], **({"nextToken": page["nextToken"]} if "nextToken" in page else {})}

    def CreateParticipantToken(self, p):
        if p["stageArn"] != self.stage.arn:
            raise Failure(404, "ResourceNotFoundException", "Stage not found: " + p["stageArn"])
        pid = base64.b32encode(os.urandom(5)).decode()
        body = base64.urlsafe_b64encode(json.dumps({"jti": pid}).encode()).decode().rstrip("=")
        token = "eyJhbGciOiJLTVMiLCJ0eXAiOiJKV1QifQ." + body + "." + base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")
        return {"participantToken": {"participantId": pid, "token": token, "userId": p.get("userId", ""),
                                     "attributes": p.get("attributes", {}), "duration": p.get("duration", 720),
                                     "capabilities": p.get("capabilities", ["PUBLISH", "SUBSCRIBE"]),
                                     "expirationTime": iso(time.time() + 60 * p.get("duration", 720))}}

    def ImportPublicKey(self, p):
        for key in self.stage.keys.values():
            if key["publicKeyMaterial"] == p["publicKeyMaterial"]:
                raise Failure(409, "ConflictException", "This public key is already imported as " + key["arn"])
        arn = "arn:aws:ivs:%s:%s:public-key/%s" % (self.stage.region, self.stage.account,
                                                    base64.b32encode(os.urandom(10)).decode().lower())
        key = {"arn": arn, "name": p.get("name", ""), "publicKeyMaterial": p["publicKeyMaterial"],
               "fingerprint": "00:11:22", "tags": p.get("tags", {})}
        self.stage.keys[arn] = key
        return {"publicKey": key}

    def ListPublicKeys(self, p):
        keys = [{"arn": k["arn"], "name": k["name"], "tags": k["tags"]} for k in self.stage.keys.values()]
        page = self.stage.page(keys, p, "keys")
        return {"publicKeys": page["items"], **({"nextToken": page["nextToken"]} if "nextToken" in page else {})}

    def DeletePublicKey(self, p):
        if self.stage.keys.pop(p["arn"], None) is None:
            raise Failure(404, "ResourceNotFoundException", "Public key not found: " + p["arn"])
        return {}


INJECTED = {
    "AccessDenied": lambda s, op: Failure(
        403, "AccessDeniedException",
        "User: arn:aws:iam::%s:user/qa is not authorized to perform: ivs:%s" % (s.account, op),
        body_key="exceptionMessage"),
    "ResourceNotFound": lambda s, op: Failure(404, "ResourceNotFoundException", "Resource not found"),
    "ExpiredToken": lambda s, op: Failure(403, "ExpiredTokenException",
                                          "The security token included in the request is expired"),
    "BadSignature": lambda s, op: Failure(
        403, "InvalidSignatureException",
        "The request signature we calculated does not match the signature you provided."),
    "Throttle": lambda s, op: Failure(429, "ThrottlingException", "Rate exceeded"),
    "Internal": lambda s, op: Failure(500, "InternalServerException", "Internal failure"),
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes: without this, Nagle's algorithm and the
    # client's delayed ACK hold every answer on a kept-alive connection for 40 ms.
    disable_nagle_algorithm = True
    stage = None

    def log_message(self, *args):
        pass

    def date_time_string(self, timestamp=None):
        """The Date header, on the stand-in's clock (config `clockOffset` skews it)."""
        return email.utils.formatdate(time.time() + self.stage.clock_offset, usegmt=True)

    def do_GET(self):
        if self.path == "/_standin/stats":
            with self.stage.lock:
                self.reply(200, self.stage.stats)
        elif self.path == "/_standin/log":
            with self.stage.lock:
                self.reply(200, {"requests": list(self.stage.request_log)})
        else:
            self.reply(404, {"message": "not found"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        if self.path.startswith("/_standin/"):
            return self.control(json.loads(body or b"{}"))
        operation = self.path.lstrip("/")
        stage = self.stage
        with stage.lock:
            stage.run_script()
            now = time.time()
            stage.request_log.append({"at": now - stage.started, "operation": operation})
            stage.stats["total"] += 1
            stage.stats["requests"][operation] = stage.stats["requests"].get(operation, 0) + 1
            try:
                self.throttle(operation, now)
                self.authenticate(operation, body)
                params = self.validate(operation, body)
                self.inject(operation)
                hostile = self.hostile(operation)
                result = None if hostile else getattr(Operations(stage), operation)(params)
            except Failure as failure:
                stage.stats["rejected"][failure.code] = stage.stats["rejected"].get(failure.code, 0) + 1
                return self.fail(failure)
        if hostile:
            return self.answer_hostile(hostile)
        self.reply(200, result)

    def do_CONNECT(self):
        """Stands in for an HTTPS proxy: notes the tunnel asked for and refuses it."""
        with self.stage.lock:
            self.stage.stats["connects"].append(self.path)
        self.send_response(502)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def hostile(self, operation):
        for response in self.stage.responses:
            if response["operation"] in (operation, "*") and response["count"] > 0:
                response["count"] -= 1
                return response
        return None

    def answer_hostile(self, spec):
        if spec.get("silent"):
            time.sleep(3600)
            return
        headers = dict(spec.get("headers", {}))
        if "gzipZeros" in spec:
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            chunk = bytes(1 << 20)
            parts = [compressor.compress(chunk) for _ in range(spec["gzipZeros"] >> 20)]
            data = b"".join(parts) + compressor.flush()
            headers["Content-Encoding"] = "gzip"
        elif "bodyBytes" in spec:
            data = None
        else:
            data = spec.get("body", "{}").encode()
        size = spec["bodyBytes"] if data is None else len(data)
        self.send_response(spec.get("status", 200))
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        try:
            if data is None:
                block = b"a" * (1 << 16)
                for offset in range(0, size, len(block)):
                    self.wfile.write(block[: min(len(block), size - offset)])
            elif "dribble" in spec:
                for index in range(len(data)):
                    self.wfile.write(data[index:index + 1])
                    self.wfile.flush()
                    time.sleep(spec["dribble"])
            else:
                self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def throttle(self, operation, now):
        stage = self.stage
        recent = [t for t in stage.arrivals.get(operation, []) if now - t < 1.0] + [now]
        stage.arrivals[operation] = recent
        stats = stage.stats
        stats["maxPerSecond"][operation] = max(stats["maxPerSecond"].get(operation, 0), len(recent))
        stage.all_arrivals = [t for t in stage.all_arrivals if now - t < 1.0] + [now]
        stats["maxPerSecondAll"] = max(stats["maxPerSecondAll"], len(stage.all_arrivals))
        if len(recent) > stage.throttle:
            stats["throttled"] += 1
            raise Failure(429, "ThrottlingException", "Rate exceeded", body_key="exceptionMessage")

    def authenticate(self, operation, body):
        stage = self.stage
        header = self.headers.get("Authorization", "")
        fields = dict(part.strip().split("=", 1) for part in header[len("AWS4-HMAC-SHA256 "):].split(",") if "=" in part)
        if not header.startswith("AWS4-HMAC-SHA256 ") or not {"Credential", "SignedHeaders", "Signature"} <= set(fields):
            raise Failure(403, "MissingAuthenticationTokenException", "Missing Authentication Token")
        key_id, day, region, service, terminator = fields["Credential"].split("/")
        account = stage.accounts.get(key_id)
        if account is None:
            raise Failure(403, "UnrecognizedClientException", "The security token included in the request is invalid.")
        if account.get("expired"):
            raise Failure(403, "ExpiredTokenException", "The security token included in the request is expired")
        if account.get("sessionToken") != self.headers.get("X-Amz-Security-Token"):
            raise Failure(403, "UnrecognizedClientException", "The security token included in the request is invalid.")
        amz_date = self.headers.get("X-Amz-Date", "")
        server_now = time.time() + stage.clock_offset
        try:
            sent = datetime.datetime.strptime(amz_date, "%Y%m%dT%H%M%SZ").replace(tzinfo=datetime.timezone.utc).timestamp()
        except ValueError:
            raise Failure(400, "IncompleteSignatureException", "X-Amz-Date is missing or malformed")
        if abs(sent - server_now) > 300:
            raise Failure(403, "InvalidSignatureException",
                          "Signature expired: %s is now earlier than %s (%s - 5 min.)" % (
                              amz_date, iso(server_now - 300), iso(server_now)))
        if service != "ivs" or region != stage.region or day != amz_date[:8] or terminator != "aws4_request":
            raise Failure(403, "InvalidSignatureException", "Credential should be scoped to a valid region/service")
        signed = fields["SignedHeaders"].split(";")
        headers = {name: self.headers.get(name, "") for name in signed}
        request = AWSRequest(method=self.command, url="http://%s%s" % (self.headers.get("Host"), self.path),
                             data=body, headers=headers)
        request.context["timestamp"] = amz_date
        auth = SigV4Auth(Credentials(key_id, account["secretAccessKey"], account.get("sessionToken")), "ivs", region)
        canonical = auth.canonical_request(request)
        expected = auth.signature(auth.string_to_sign(request, canonical), request)
        if expected != fields["Signature"]:
            raise Failure(403, "InvalidSignatureException",
                          "The request signature we calculated does not match the signature you provided.")
        if "ivs:" + operation in account.get("deny", []):
            raise Failure(403, "AccessDeniedException",
                          "User: arn:aws:iam::%s:user/qa is not authorized to perform: ivs:%s on resource: %s"
                          % (stage.account, operation, stage.arn), body_key="exceptionMessage")

    def validate(self, operation, body):
        if operation not in MODEL.operation_names:
            raise Failure(404, "UnknownOperationException", "Unknown operation " + operation)
        if self.headers.get("Content-Type", "").split(";")[0] != "application/json":
            raise Failure(415, "UnsupportedMediaTypeException", "Content-Type must be application/json")
        try:
            params = json.loads(body or b"{}")
        except ValueError:
            raise Failure(400, "SerializationException", "The body is not JSON")
        report = VALIDATOR.validate(params, MODEL.operation_model(operation).input_shape)
        if report.has_errors():
            raise Failure(400, "ValidationException", report.generate_report())
        self.stage.stats["bodies"] += 1
        return params

    def inject(self, operation):
        for injection in self.stage.injections:
            if injection["operation"] in (operation, "*") and injection["count"] > 0:
                injection["count"] -= 1
                raise INJECTED[injection["error"]](self.stage, operation)

    def control(self, command):
        stage = self.stage
        with stage.lock:
            try:
                if self.path == "/_standin/act":
                    stage.apply(command)
                elif self.path == "/_standin/inject":
                    stage.injections.append({"operation": command.get("operation", "*"),
                                             "error": command["error"], "count": command.get("count", 1)})
                elif self.path == "/_standin/respond":
                    command.setdefault("operation", "*")
                    command.setdefault("count", 1)
                    stage.responses.append(command)
                elif self.path == "/_standin/reset-stats":
                    stage.stats.update({"requests": {}, "throttled": 0, "rejected": {}, "maxPerSecond": {},
                                        "maxPerSecondAll": 0, "total": 0, "bodies": 0})
                else:
                    return self.reply(404, {"message": "unknown control " + self.path})
            except (Failure, KeyError) as problem:
                return self.reply(400, {"message": str(problem)})
        self.reply(200, {"ok": True})

    def fail(self, failure):
        headers = dict(failure.headers)
        headers["x-amzn-ErrorType"] = failure.code + ":http://internal.amazon.com/coral/com.amazonaws.ivsrealtime/"
        self.reply(failure.status, {failure.body_key: failure.message}, headers)

    def reply(self, status, payload, headers=None):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("x-amzn-RequestId", base64.b16encode(os.urandom(8)).decode().lower())
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


def main():
    # A parent's worker thread may have spawned us with SIGTERM blocked: take it back, so the
    # tests can always stop the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(0))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", required=True)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    with open(args.config) as handle:
        Handler.stage = Stage(json.load(handle))
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print("LISTENING %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
