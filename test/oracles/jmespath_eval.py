"""python-jmespath 1.0.1 (Debian's python3-jmespath, the library the AWS CLI runs) as an oracle: reads
{"cases": [{"expression", "data"}]} as JSON on stdin and writes a JSON list with, for each case,
{"result": ...}, {"parse_error": message} or {"runtime_error": message}. Used by test/oracles/query.test.ts.
"""
import json
import sys

import jmespath
from jmespath import exceptions


def run(case):
    try:
        compiled = jmespath.compile(case['expression'])
    except exceptions.JMESPathError as err:
        return {'parse_error': str(err)}
    except RecursionError:
        return {'parse_error': 'maximum recursion depth exceeded'}
    try:
        return {'result': compiled.search(case['data'])}
    except exceptions.JMESPathError as err:
        return {'runtime_error': str(err)}
    except (TypeError, ValueError, OverflowError, RecursionError) as err:
        return {'runtime_error': str(err)}


def main():
    assert jmespath.__version__ == '1.0.1', jmespath.__version__
    cases = json.load(sys.stdin)['cases']
    json.dump([run(c) for c in cases], sys.stdout, ensure_ascii=False)


if __name__ == '__main__':
    main()
