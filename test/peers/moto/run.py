#!/usr/bin/env python3
"""The moto judge: moto's own boto3 tests for the operations svcctl serves, run in moto's server mode
against `svcctl serve`, each outcome compared with test/fixtures/moto-judge/expected.json.

    python3 test/peers/moto/run.py MOTO_CHECKOUT [--python PYTHON] [--expected FILE]

MOTO_CHECKOUT is a checkout of github.com/getmoto/moto (nothing of it is in this repository, and this
script fetches nothing). PYTHON (default: this interpreter) must import boto3, pytest and moto's own
test dependencies (responses, werkzeug, flask, freezegun, ...); the checkout is put on its PYTHONPATH.
Serve is started from this repository's bin/svcctl (built: `npm run build`) on a fresh temporary
$SVCCTL_HOME, on 127.0.0.1 and a free port, as account 123456789012 (moto's DEFAULT_ACCOUNT_ID).

Prints one line per test (its outcome, and for an expected failure the AWS rule svcctl follows), then a
count. Exits 0 when every outcome is the expected one, 1 otherwise (a test that now passes where a
failure was expected counts too: the list must say what is true), 2 on a usage or setup error.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
ACCOUNT = '123456789012'


def fail(message):
    print(f'moto judge: {message}', file=sys.stderr)
    sys.exit(2)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('moto', type=Path, help='a checkout of getmoto/moto')
    p.add_argument('--python', default=sys.executable, help='the Python that runs pytest (default: this one)')
    p.add_argument('--expected', type=Path, default=ROOT / 'test/fixtures/moto-judge/expected.json')
    return p.parse_args()


def start_serve(home):
    env = dict(os.environ, SVCCTL_HOME=home, SVCCTL_ACCOUNT_ID=ACCOUNT)
    env.pop('SVCCTL_STORE_URL', None)
    child = subprocess.Popen(['node', str(ROOT / 'bin/svcctl'), 'serve', '--host', '127.0.0.1', '--port', '0'],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = child.stdout.readline().strip()
    if not url.startswith('http://'):
        child.kill()
        child.wait()
        fail(f'svcctl serve printed no URL (exit {child.poll()}); is dist/ built (npm run build)?')
    return child, url


def run_pytest(args, url, ids, results):
    env = dict(os.environ,
               TEST_SERVER_MODE='true',
               TEST_SERVER_MODE_ENDPOINT=url,
               SVCCTL_MOTO_RESULTS=results,
               PYTHONPATH=os.pathsep.join(filter(None, [str(args.moto), str(HERE), os.environ.get('PYTHONPATH')])))
    cmd = [args.python, '-m', 'pytest', '-p', 'svcctl_moto', '-p', 'no:cacheprovider', '-q', '--no-header',
           '-o', 'addopts=', *ids]
    return subprocess.run(cmd, cwd=args.moto, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def first_line(detail):
    """The assertion or error a failure ends with (pytest's `E   ...` lines), shortened."""
    lines = [line[1:].strip() for line in detail.splitlines() if line.startswith('E ')]
    text = lines[0] if lines else (detail.strip().splitlines() or [''])[-1]
    return text[:200]


def compare(expected, got):
    """Prints each test's line; returns how many outcomes were not the expected one."""
    wrong = 0
    passed = 0
    for case in expected:
        outcome = got.get(case['id'], {'outcome': 'not run', 'detail': ''})
        ok = outcome['outcome'] == 'passed'
        passed += ok
        as_expected = ok == (case['expect'] == 'pass')
        wrong += not as_expected
        mark = 'ok  ' if as_expected else 'DIFF'
        line = f"{mark} {'pass' if ok else outcome['outcome']:<7} {case['id']}"
        if not ok:
            line += f"\n         {first_line(outcome['detail'])}"
        if case['expect'] == 'fail':
            line += f"\n         expected to fail: {case['rule']}"
        print(line)
    by_design = sum(1 for c in expected if c['expect'] == 'fail')
    print(f'\n{passed} of {len(expected)} pass; {by_design} expected to fail by design; '
          f'{wrong} not as expected')
    return wrong


def main():
    args = parse_args()
    if not (args.moto / 'moto/__init__.py').is_file():
        fail(f'{args.moto} is not a moto checkout')
    expected = json.loads(args.expected.read_text())['tests']
    with tempfile.TemporaryDirectory(prefix='svcctl-moto-') as home:
        serve, url = start_serve(home)
        try:
            results = os.path.join(home, 'results.json')
            run = run_pytest(args, url, [c['id'] for c in expected], results)
            got = json.loads(Path(results).read_text()) if os.path.exists(results) else {}
            if not got:
                print(run.stdout, file=sys.stderr)
                fail('pytest ran none of the tests (its output is above)')
        finally:
            serve.terminate()
            serve.wait(timeout=10)
    sys.exit(1 if compare(expected, got) else 0)


if __name__ == '__main__':
    main()
