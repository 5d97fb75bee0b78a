"""pytest plugin (ours) for running moto's own tests against `svcctl serve` in moto's server mode.

- moto's mock resets its server before each test with POST {endpoint}/moto-api/reset; serve's reset is
  POST /_svcctl/reset, so that one URL is rewritten (nothing else is touched), and a failed reset stops the
  test instead of letting it run on a dirty store.
- Each test's outcome (and the first lines of its failure) is written to the JSON file named by
  SVCCTL_MOTO_RESULTS, for run.py to compare with the expected list.
"""
import json
import os

import requests

_post = requests.post
_RESET = '/moto-api/reset'


def _post_to_serve(url, *args, **kwargs):
    if isinstance(url, str) and url.endswith(_RESET):
        response = _post(url[: -len(_RESET)] + '/_svcctl/reset', *args, **kwargs)
        if response.status_code != 200:
            raise RuntimeError(f'svcctl serve refused the reset: {response.status_code} {response.text}')
        return response
    return _post(url, *args, **kwargs)


requests.post = _post_to_serve

_results = {}


def pytest_runtest_logreport(report):
    if report.when == 'call' or report.outcome != 'passed':
        previous = _results.get(report.nodeid)
        if previous and previous['outcome'] != 'passed':
            return
        detail = ''
        if report.outcome != 'passed':
            detail = getattr(report, 'longreprtext', '') or str(report.longrepr)
        _results[report.nodeid] = {'outcome': report.outcome, 'detail': detail}


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get('SVCCTL_MOTO_RESULTS')
    if path:
        with open(path, 'w', encoding='utf-8') as out:
            json.dump(_results, out, indent=1)
