"""One call through botocore, the AWS CLI's own SDK (Debian's awscli package, imported, not copied), with
the signing clock set to a given instant: the third-party signer for svcctl serve's SigV4 tests.

Input (argv[1], JSON): endpoint, service, operation (snake_case), params, key, secret, region, at (epoch
seconds for the signature's time, or null for now), presign (seconds of validity: print a presigned URL
instead of calling), httpMethod (the presigned URL's method; default the operation's). Output: one JSON line, {"url": ...} or {"status", "code", "message"} or {"ok": ...}.
"""
import datetime as real_datetime
import json
import sys

import awscli  # noqa: F401  (puts the AWS CLI's botocore on the path)
import botocore.auth
import botocore.session
from botocore.config import Config
from botocore.exceptions import ClientError

args = json.loads(sys.argv[1])

if args.get('at') is not None:
    fixed = real_datetime.datetime.utcfromtimestamp(args['at'])

    class FixedDatetime(real_datetime.datetime):
        @classmethod
        def utcnow(cls):
            return fixed

    class FixedModule:
        datetime = FixedDatetime

    botocore.auth.datetime = FixedModule

session = botocore.session.get_session()
client = session.create_client(
    args['service'],
    region_name=args['region'],
    endpoint_url=args['endpoint'],
    aws_access_key_id=args['key'],
    aws_secret_access_key=args['secret'],
    config=Config(retries={'max_attempts': 1, 'mode': 'standard'}),
)
if args.get('presign'):
    url = client.generate_presigned_url(args['operation'], Params=args.get('params', {}), ExpiresIn=args['presign'], HttpMethod=args.get('httpMethod'))
    print(json.dumps({'url': url}))
    sys.exit(0)
try:
    out = getattr(client, args['operation'])(**args.get('params', {}))
    out.pop('ResponseMetadata', None)
    print(json.dumps({'ok': out}, default=str))
except ClientError as err:
    e = err.response.get('Error', {})
    print(json.dumps({'status': err.response['ResponseMetadata']['HTTPStatusCode'], 'code': e.get('Code'), 'message': e.get('Message')}))
