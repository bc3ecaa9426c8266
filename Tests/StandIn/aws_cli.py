#!/usr/bin/env python3
"""Runs the AWS CLI as the `aws` command runs it (awscli.clidriver), twice in one interpreter:
`aws configure list` and `aws sts get-caller-identity --output json`, with the arguments given
(e.g. --profile NAME). Prints one JSON object: {"list": RUN, "identity": RUN}, each RUN
{"status", "stdout", "stderr"}. The credential matrix (Tests/StagemonTests) uses it to start
Python once per row instead of twice.
"""
import contextlib
import io
import json
import sys

from awscli.clidriver import create_clidriver


def run(arguments):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = create_clidriver().main(arguments)
        except SystemExit as exit:
            status = exit.code if isinstance(exit.code, int) else 1
    return {"status": status, "stdout": out.getvalue(), "stderr": err.getvalue()}


def main():
    extra = sys.argv[1:]
    listed = run(["configure", "list"] + extra)
    identity = run(["sts", "get-caller-identity", "--output", "json"] + extra)
    sys.__stdout__.write(json.dumps({"list": listed, "identity": identity}))


if __name__ == "__main__":
    main()
