"""The AWS CLI's own output formatters (Debian's awscli package, imported and called, not copied) as an
oracle: reads {"cases": [{"format", "title", "data", "color"}]} as JSON on stdin and writes a JSON list
of what the AWS CLI prints for each (or {"error": ...} when its formatter raises).

format: json | text | table | yaml | yaml-stream. color: "on" or "off" (table only). Timestamps are
passed as the strings the CLI would have made of them. Used by test/oracles/formatters.test.ts and to
regenerate the goldens of test/output/{table,text,yaml}.test.ts (see test/oracles/README.md).
"""
import argparse
import io
import json
import sys

import awscli  # noqa: F401
from awscli.formatter import get_formatter


def render(case):
    args = argparse.Namespace(query=None, color=case.get('color', 'off'), output=case['format'])
    formatter = get_formatter(case['format'], args)
    stream = io.StringIO()
    try:
        formatter(case.get('title', 'DescribeThings'), case['data'], stream)
    except Exception as err:  # the formatter's own failure is part of what it does
        return {'error': f'{type(err).__name__}: {err}'}
    return {'out': stream.getvalue()}


def main():
    cases = json.load(sys.stdin)['cases']
    json.dump([render(c) for c in cases], sys.stdout, ensure_ascii=False)


if __name__ == '__main__':
    main()
