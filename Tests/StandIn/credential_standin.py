#!/usr/bin/env python3
"""Stand-ins for every service that hands out AWS credentials, for stagemon's tests.

One process, one port on 127.0.0.1 (port 0 picks a free one; the first stdout
line is "LISTENING <port>"), routed by path:

  POST /                     STS, served by moto (the real moto server app, in
                             process), with IAM authentication on: every signed
                             request's SigV4 signature and session token are
                             checked, AssumeRole needs the caller's policy and
                             the role's trust (principals, sts:ExternalId).
                             AssumeRoleWithWebIdentity (unsigned) is checked
                             here: its token must be the role's `webIdentityToken`.
                             A role with `mfa` needs SerialNumber and TokenCode.
  GET  /federation/credentials   IAM Identity Center GetRoleCredentials
                             (x-amz-sso_bearer_token must be `sso.accessToken`).
  POST /token                IAM Identity Center OIDC CreateToken (grant
                             refresh_token; gives `sso.renewedAccessToken`).
  GET  /container/...        the ECS / EKS container endpoint (Authorization
                             must be `container.token` when set).
  PUT  /latest/api/token, GET /latest/meta-data/iam/security-credentials/[ROLE]
                             the EC2 instance metadata service (IMDSv2 tokens;
                             `imds.version1` allows requests without one).

Credentials the SSO, container and IMDS stand-ins give are minted by moto's STS
for their role (so GetCallerIdentity names it), or taken in turn from `fixed`.
Their Expiration is `expiresIn` seconds from now (default 3600).

Config (JSON, --config FILE):
  {"account": "123456789012",
   "users": ["alice", …],                       IAM users, each with a fresh key
   "roles": [{"name": "qa", "trust": ["alice"] | "*",
              "externalId": "…", "mfa": {"serial": "…", "code": "…"},
              "webIdentityToken": "…"}, …],
   "sso": {"accessToken": "…", "renewedAccessToken": "…", "refreshToken": "…",
           "roles": [{"account": "…", "role": "…"}]},
   "container": {"token": "…", "role": "ecs-role", "expiresIn": N,
                 "fixed": [{"accessKeyId", "secretAccessKey", "sessionToken", "expiration"}]},
   "imds": {"role": "ec2-role", "version1": false, "tokenStatus": 200, "fixed": […]}}

Control (unsigned): GET /_standin/keys (the users' keys), GET /_standin/calls
(every credential request, secrets left out), POST /_standin/reset-calls.
"""
import argparse
import datetime
import json
import secrets
import sys
import threading
import urllib.parse

from moto import settings as moto_settings
from moto.core.authorization import ActionAuthenticatorMixin
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from moto.iam.models import iam_backends
from moto.sts.models import sts_backends
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class StandIn:
    def __init__(self, config):
        self.config = config
        self.account = config.get("account", "123456789012")
        self.lock = threading.Lock()
        self.calls = []
        self.keys = {}
        self.fixed_used = {"container": 0, "imds": 0}
        self.imds_tokens = set()
        self.roles = {r["name"]: r for r in config.get("roles", [])}
        self.moto = DomainDispatcherApplication(create_backend_app)
        self.setup()

    # -- moto --------------------------------------------------------------------------

    def iam(self):
        return iam_backends[self.account]["aws"]

    def sts(self):
        return sts_backends[self.account]["aws"]

    def user_arn(self, name):
        return f"arn:aws:iam::{self.account}:user/{name}"

    def role_arn(self, name):
        return f"arn:aws:iam::{self.account}:role/{name}"

    def setup(self):
        moto_settings.INITIAL_NO_AUTH_ACTION_COUNT = float("inf")
        allow_assume = json.dumps(
            {"Version": "2012-10-17",
             "Statement": [{"Effect": "Allow", "Action": "sts:AssumeRole", "Resource": "*"}]})
        for name in self.config.get("users", []):
            self.iam().create_user(
                region_name="us-east-1", user_name=name, path="/", tags=[])
            key = self.iam().create_access_key(user_name=name)
            self.keys[name] = {"accessKeyId": key.access_key_id,
                               "secretAccessKey": key.secret_access_key}
            self.iam().put_user_policy(name, "assume", allow_assume)
        extra = [self.config.get(part, {}).get("role") for part in ("container", "imds")]
        extra += [r["role"] for r in self.config.get("sso", {}).get("roles", [])]
        for name in [n for n in extra if n and n not in self.roles]:
            self.roles[name] = {"name": name, "trust": "*"}
        for role in self.roles.values():
            trust = role.get("trust", "*")
            principal = "*" if trust == "*" else [self.principal(p) for p in trust]
            statement = {"Effect": "Allow", "Principal": {"AWS": principal},
                         "Action": "sts:AssumeRole"}
            if "externalId" in role:
                statement["Condition"] = {"StringEquals": {"sts:ExternalId": role["externalId"]}}
            self.iam().create_role(
                role_name=role["name"],
                assume_role_policy_document=json.dumps(
                    {"Version": "2012-10-17", "Statement": [statement]}),
                path="/", permissions_boundary=None, description="", tags=[],
                max_session_duration="43200", linked_service=None)
            self.iam().put_role_policy(role["name"], "assume", allow_assume)
        ActionAuthenticatorMixin.request_count = 0
        moto_settings.INITIAL_NO_AUTH_ACTION_COUNT = 0

    def principal(self, name):
        if name in self.roles or name.startswith("role/"):
            return self.role_arn(name.removeprefix("role/"))
        return self.user_arn(name)

    def mint(self, part, role, session):
        """Credentials for `role`: the next of `fixed`, else fresh ones from moto's STS."""
        settings = self.config.get(part, {})
        expires = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(
            seconds=settings.get("expiresIn", 3600))
        fixed = settings.get("fixed")
        if fixed:
            chosen = fixed[min(self.fixed_used[part], len(fixed) - 1)]
            self.fixed_used[part] += 1
            if "expiration" in chosen:
                expires = datetime.datetime.fromisoformat(chosen["expiration"].replace("Z", "+00:00"))
            return chosen["accessKeyId"], chosen["secretAccessKey"], chosen.get(
                "sessionToken", ""), expires
        assumed = self.sts().assume_role(
            region_name="us-east-1", role_session_name=session,
            role_arn=self.role_arn(role), policy=None, duration=3600, external_id=None)
        return assumed.access_key_id, assumed.secret_access_key, assumed.session_token, expires

    # -- the WSGI application ----------------------------------------------------------

    def __call__(self, environ, start_response):
        request = Request(environ)
        with self.lock:
            response = self.route(request, environ)
        return response(environ, start_response)

    def route(self, request, environ):
        path = request.path
        if path.startswith("/_standin/"):
            return self.control(request)
        if path == "/federation/credentials":
            return self.sso_role_credentials(request)
        if path == "/token" and request.method == "POST":
            return self.oidc_create_token(request)
        if path.startswith("/container/"):
            return self.container(request)
        if path.startswith("/latest/"):
            return self.imds(request)
        return self.sts_call(request, environ)

    def record(self, **call):
        self.calls.append(call)

    def control(self, request):
        if request.path == "/_standin/keys":
            return json_response(self.keys)
        if request.path == "/_standin/calls":
            return json_response(self.calls)
        if request.path == "/_standin/reset-calls":
            self.calls = []
            return json_response({})
        return json_response({"error": "unknown control path"}, 404)

    def sts_call(self, request, environ):
        body = request.get_data()
        form = urllib.parse.parse_qs(body.decode("utf-8"))
        action = form.get("Action", [""])[0]
        params = {k: v[0] for k, v in form.items()
                  if k not in ("Action", "Version", "WebIdentityToken", "TokenCode")}
        signed = "Authorization" in request.headers
        key = None
        if signed:
            credential = request.headers["Authorization"].split("Credential=")[-1]
            key = credential.split("/")[0]
        self.record(service="sts", action=action, accessKeyId=key, signed=signed,
                    tokenCode=form.get("TokenCode", [None])[0], **params)
        role = self.roles.get(form.get("RoleArn", [""])[0].split("/")[-1])
        if action == "AssumeRoleWithWebIdentity":
            expected = (role or {}).get("webIdentityToken")
            if signed or not expected or form.get("WebIdentityToken", [""])[0] != expected:
                return sts_error(400, "InvalidIdentityToken", "the web identity token is not valid")
            return self.call_moto(environ, body, authenticated=False)
        if action == "AssumeRole" and role and "mfa" in role:
            mfa = role["mfa"]
            if (form.get("SerialNumber", [""])[0] != mfa["serial"]
                    or form.get("TokenCode", [""])[0] != mfa["code"]):
                return sts_error(403, "AccessDenied", "MultiFactorAuthentication failed")
        return self.call_moto(environ, body, authenticated=True)

    def call_moto(self, environ, body, authenticated):
        """moto's answer; AssumeRoleWithWebIdentity, which no key signs, with IAM
        authentication off for that one request (its token was checked above)."""
        if not authenticated:
            moto_settings.INITIAL_NO_AUTH_ACTION_COUNT = float("inf")
        try:
            environ["wsgi.input"] = _Body(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            captured = {}

            def start(status, headers, exc_info=None):
                captured["status"], captured["headers"] = status, headers

            chunks = b"".join(self.moto(environ, start))
            return Response(chunks, status=captured["status"], headers=captured["headers"])
        finally:
            moto_settings.INITIAL_NO_AUTH_ACTION_COUNT = 0

    def sso_role_credentials(self, request):
        sso = self.config.get("sso", {})
        token = request.headers.get("x-amz-sso_bearer_token")
        role, account = request.args.get("role_name"), request.args.get("account_id")
        self.record(service="sso", action="GetRoleCredentials", role=role, account=account,
                    tokenAccepted=token in (sso.get("accessToken"), sso.get("renewedAccessToken")))
        if token not in (sso.get("accessToken"), sso.get("renewedAccessToken")):
            return json_response({"message": "Session token not found or invalid"}, 401,
                                 {"x-amzn-ErrorType": "UnauthorizedException"})
        if {"account": account, "role": role} not in sso.get("roles", []):
            return json_response({"message": "No access"}, 403,
                                 {"x-amzn-ErrorType": "ForbiddenException"})
        key, secret, session, expires = self.mint("sso", role, "sso-user")
        return json_response({"roleCredentials": {
            "accessKeyId": key, "secretAccessKey": secret, "sessionToken": session,
            "expiration": int(expires.timestamp() * 1000)}})

    def oidc_create_token(self, request):
        sso = self.config.get("sso", {})
        body = json.loads(request.get_data() or b"{}")
        self.record(service="sso-oidc", action="CreateToken", grantType=body.get("grantType"))
        if body.get("refreshToken") != sso.get("refreshToken"):
            return json_response({"error": "invalid_grant"}, 400,
                                 {"x-amzn-ErrorType": "InvalidGrantException"})
        return json_response({"accessToken": sso.get("renewedAccessToken"), "expiresIn": 28800,
                              "tokenType": "Bearer", "refreshToken": "renewed-refresh-token"})

    def container(self, request):
        settings = self.config.get("container", {})
        authorization = request.headers.get("Authorization")
        self.record(service="container", path=request.path,
                    authorized=authorization == settings.get("token"))
        if "token" in settings and authorization != settings["token"]:
            return json_response({"message": "bad token"}, 403)
        role = settings.get("role", "ecs-role")
        key, secret, session, expires = self.mint("container", role, "ecs-task")
        return json_response({"AccessKeyId": key, "SecretAccessKey": secret, "Token": session,
                              "Expiration": iso(expires), "RoleArn": self.role_arn(role)})

    def imds(self, request):
        settings = self.config.get("imds", {})
        if request.method == "PUT" and request.path == "/latest/api/token":
            status = settings.get("tokenStatus", 200)
            self.record(service="imds", action="token", status=status,
                        ttl=request.headers.get("x-aws-ec2-metadata-token-ttl-seconds"))
            if status != 200:
                return Response("", status=status)
            token = secrets.token_urlsafe(24)
            self.imds_tokens.add(token)
            return Response(token, status=200, content_type="text/plain")
        token = request.headers.get("x-aws-ec2-metadata-token")
        self.record(service="imds", action="get", path=request.path, withToken=token is not None)
        if token is None and not settings.get("version1", False):
            return Response("", status=401)
        if token is not None and token not in self.imds_tokens:
            return Response("", status=401)
        base = "/latest/meta-data/iam/security-credentials/"
        role = settings.get("role")
        if request.path == base:
            return Response(role or "", status=200 if role else 404, content_type="text/plain")
        if role and request.path == base + role:
            key, secret, session, expires = self.mint("imds", role, "i-0123456789abcdef0")
            return json_response({"Code": "Success", "LastUpdated": iso(
                datetime.datetime.now(datetime.timezone.utc)), "Type": "AWS-HMAC",
                "AccessKeyId": key, "SecretAccessKey": secret, "Token": session,
                "Expiration": iso(expires)})
        return Response("", status=404)


class _Body:
    def __init__(self, data):
        self.data, self.offset = data, 0

    def read(self, size=-1):
        if size is None or size < 0:
            size = len(self.data) - self.offset
        chunk = self.data[self.offset:self.offset + size]
        self.offset += len(chunk)
        return chunk


def json_response(value, status=200, headers=None):
    return Response(json.dumps(value), status=status, headers=headers or {},
                    content_type="application/json")


def sts_error(status, code, message):
    body = ("<ErrorResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><Error>"
            f"<Type>Sender</Type><Code>{code}</Code><Message>{message}</Message></Error>"
            "<RequestId>standin-request</RequestId></ErrorResponse>")
    return Response(body, status=status, content_type="text/xml")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--config", required=True)
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    with open(arguments.config) as file:
        config = json.load(file)
    app = StandIn(config)
    server = make_server("127.0.0.1", arguments.port, app, threaded=True)
    print(f"LISTENING {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
