#!/usr/bin/env python3
"""Checks a compiled validator against validator_corpus/expected.toml.

usage: python3 tools/check_validator_corpus.py PATH/TO/VALIDATOR_BINARY
(build it with: g++ -O2 -std=c++17 -o /tmp/validator validator/validator.cpp)
Exit 0 when every file gets exactly its expected outcome, 1 otherwise (each miss printed).
"""
import os
import re
import subprocess
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "validator_corpus")
MESSAGE = re.compile(r"^line (\d+), column (\d+): expected .*, found .*$")


def run(binary, path, args):
    with open(path, "rb") as f:
        p = subprocess.run([binary] + args, stdin=f, capture_output=True, timeout=20)
    return p.returncode, p.stderr.decode("utf-8", "replace").strip()


def check_rejection(binary, path, args, want, label):
    code, msg = run(binary, path, args)
    m = MESSAGE.match(msg)
    problems = []
    if code != 3:
        problems.append("exit %d, want 3" % code)
    if len(msg.splitlines()) != 1 or not m:
        problems.append("message not of the form `line L, column C: expected X, found Y`")
    elif (int(m.group(1)), int(m.group(2))) != (want["line"], want["col"]):
        problems.append("at %s:%s, want %d:%d" % (m.group(1), m.group(2), want["line"], want["col"]))
    if want["contains"] not in msg:
        problems.append("message lacks %r" % want["contains"])
    if problems:
        print("FAIL %s: %s\n     message: %s" % (label, "; ".join(problems), msg))
    return not problems


def main():
    binary = os.path.abspath(sys.argv[1])
    with open(os.path.join(CORPUS, "expected.toml"), "rb") as f:
        expected = tomllib.load(f)
    ok = True
    for kind in ("invalid", "valid"):
        files = set(os.listdir(os.path.join(CORPUS, kind)))
        if files != set(expected.get(kind, {})):
            print("FAIL %s/: files and entries differ: %s" % (kind, sorted(files ^ set(expected.get(kind, {})))))
            ok = False
    for name, want in expected["invalid"].items():
        ok &= check_rejection(binary, os.path.join(CORPUS, "invalid", name), [], want, "invalid/" + name)
    for name, want in expected["valid"].items():
        path = os.path.join(CORPUS, "valid", name)
        code, msg = run(binary, path, [])
        if code != 0:
            print("FAIL valid/%s: exit %d: %s" % (name, code, msg))
            ok = False
        if "small" in want:
            ok &= check_rejection(binary, path, ["--group", "small"], want["small"], "valid/%s --group small" % name)
        else:
            code, msg = run(binary, path, ["--group", "small"])
            if code != 0:
                print("FAIL valid/%s --group small: exit %d: %s" % (name, code, msg))
                ok = False
    n = len(expected["invalid"]) + len(expected["valid"])
    print("%s: %d files" % ("ok" if ok else "FAILED", n))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
