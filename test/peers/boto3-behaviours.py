"""What boto3 users see from `svcctl serve`, asserted as real AWS behaves (issue 26): ECR's repository
defaults, the AWS-managed KMS key, tags that can be read back, images put over blobs pushed to serve's
registry (issue 45), launch configurations and their paging, and the services' errors. Written for this repository (not taken from moto); CI runs it with Debian's
python3-boto3 (test/peers/boto3.test.ts).

    python3 test/peers/boto3-behaviours.py ENDPOINT     run every check, one JSON line each
    python3 test/peers/boto3-behaviours.py --list       the checks' names, one a line

Each check starts on an empty store (POST ENDPOINT/_svcctl/reset). Serve must run as account
123456789012 (SVCCTL_ACCOUNT_ID). Output lines: {"check": NAME, "ok": true|false, "detail": TEXT}.
Exit 0 when every check holds, 1 otherwise.
"""
import datetime
import json
import re
import sys
import traceback
import urllib.parse
import urllib.request

ACCOUNT = '123456789012'
REGION = 'us-east-1'
CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


class Services:
    def __init__(self, endpoint):
        import boto3
        from botocore.config import Config
        self.endpoint = endpoint
        self.session = boto3.session.Session(aws_access_key_id='AKIDEXAMPLE', aws_secret_access_key='secret')
        self.config = Config(retries={'max_attempts': 1})

    def client(self, service, region=REGION):
        return self.session.client(service, region_name=region, endpoint_url=self.endpoint, config=self.config)

    def retrying(self, service, attempts=3):
        """A client with botocore's standard retry mode and this many attempts in all (`total_max_attempts`:
        in the Config's retries, `max_attempts` counts the retries alone, one fewer than AWS_MAX_ATTEMPTS)."""
        from botocore.config import Config
        config = Config(retries={'mode': 'standard', 'total_max_attempts': attempts})
        return self.session.client(service, region_name=REGION, endpoint_url=self.endpoint, config=config)

    def admin(self, method, path, body=None):
        data = b'' if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.endpoint + path, data=data, method=method,
                                     headers={'content-type': 'application/json'})
        with urllib.request.urlopen(req) as res:
            assert res.status == 200, f'{method} {path} answered {res.status}'
            return json.loads(res.read())

    def faults(self, rules):
        self.admin('POST', '/_svcctl/faults', rules)

    def journal(self):
        return [(e['Status'], e.get('ErrorCode'), e.get('Fault')) for e in self.admin('GET', '/_svcctl/journal')['Entries']]

    def reset(self):
        self.admin('DELETE', '/_svcctl/faults')
        self.admin('POST', '/_svcctl/reset')


def error_of(call, *args, **kwargs):
    """The ClientError a call must raise: (HTTP status, code, message)."""
    from botocore.exceptions import ClientError
    try:
        call(*args, **kwargs)
    except ClientError as err:
        e = err.response['Error']
        return err.response['ResponseMetadata']['HTTPStatusCode'], e.get('Code'), e.get('Message')
    raise AssertionError(f'{call.__name__} succeeded; an error was expected')


def equal(got, want, what):
    assert got == want, f'{what}: got {got!r}, want {want!r}'


DEFAULTS = {
    'imageTagMutability': 'MUTABLE',
    'imageScanningConfiguration': {'scanOnPush': False},
    'encryptionConfiguration': {'encryptionType': 'AES256'},
}


def assert_repository(repo, name, region=REGION):
    equal(repo['repositoryName'], name, 'repositoryName')
    equal(repo['registryId'], ACCOUNT, 'registryId')
    equal(repo['repositoryArn'], f'arn:aws:ecr:{region}:{ACCOUNT}:repository/{name}', 'repositoryArn')
    # serve's registry, at the address boto3 reached serve by (docs/compat.md row 307)
    equal(repo['repositoryUri'], f"{urllib.parse.urlparse(sys.argv[1]).netloc}/{name}", 'repositoryUri')
    assert isinstance(repo['createdAt'], datetime.datetime), f"createdAt is {repo['createdAt']!r}"


# ECR: what every repository carries, given or not (CreateRepository, DescribeRepositories, DeleteRepository).

@check
def ecr_create_returns_the_defaults(aws):
    repo = aws.client('ecr').create_repository(repositoryName='team/plain')['repository']
    assert_repository(repo, 'team/plain')
    for key, value in DEFAULTS.items():
        equal(repo.get(key), value, key)


@check
def ecr_describe_returns_the_defaults(aws):
    ecr = aws.client('ecr')
    ecr.create_repository(repositoryName='team/plain')
    repos = ecr.describe_repositories()['repositories']
    equal(len(repos), 1, 'repositories')
    assert_repository(repos[0], 'team/plain')
    for key, value in DEFAULTS.items():
        equal(repos[0].get(key), value, key)


@check
def ecr_delete_returns_the_defaults(aws):
    ecr = aws.client('ecr')
    ecr.create_repository(repositoryName='team/plain')
    repo = ecr.delete_repository(repositoryName='team/plain')['repository']
    assert_repository(repo, 'team/plain')
    for key, value in DEFAULTS.items():
        equal(repo.get(key), value, key)
    equal(ecr.describe_repositories()['repositories'], [], 'repositories after the delete')


@check
def ecr_given_settings_are_kept(aws):
    key = f'arn:aws:kms:{REGION}:{ACCOUNT}:key/51d81fab-b138-4bd2-8a09-07fd6d37224d'
    repo = aws.client('ecr').create_repository(
        repositoryName='team/set', imageTagMutability='IMMUTABLE', imageScanningConfiguration={'scanOnPush': True},
        encryptionConfiguration={'encryptionType': 'KMS', 'kmsKey': key})['repository']
    equal(repo['imageTagMutability'], 'IMMUTABLE', 'imageTagMutability')
    equal(repo['imageScanningConfiguration'], {'scanOnPush': True}, 'imageScanningConfiguration')
    equal(repo['encryptionConfiguration'], {'encryptionType': 'KMS', 'kmsKey': key}, 'encryptionConfiguration')


@check
def ecr_kms_without_a_key_uses_the_aws_managed_key(aws):
    region = 'eu-central-1'
    ecr = aws.client('ecr', region)
    first = ecr.create_repository(repositoryName='team/kms1', encryptionConfiguration={'encryptionType': 'KMS'})['repository']
    second = ecr.create_repository(repositoryName='team/kms2', encryptionConfiguration={'encryptionType': 'KMS'})['repository']
    enc = first['encryptionConfiguration']
    equal(enc['encryptionType'], 'KMS', 'encryptionType')
    pattern = rf'arn:aws:kms:{region}:{ACCOUNT}:key/[0-9a-f]{{8}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{12}}'
    assert re.fullmatch(pattern, enc.get('kmsKey', '')), f"kmsKey {enc.get('kmsKey')!r} is not the account's key ARN"
    equal(second['encryptionConfiguration'].get('kmsKey'), enc['kmsKey'], 'the same key for the account and region')
    described = ecr.describe_repositories(repositoryNames=['team/kms1'])['repositories'][0]
    equal(described['encryptionConfiguration'], enc, 'described encryptionConfiguration')
    other = aws.client('ecr', 'us-west-2').create_repository(
        repositoryName='team/kms3', encryptionConfiguration={'encryptionType': 'KMS'})['repository']
    assert other['encryptionConfiguration'].get('kmsKey', '').startswith(f'arn:aws:kms:us-west-2:{ACCOUNT}:key/'), \
        f"kmsKey in us-west-2 is {other['encryptionConfiguration'].get('kmsKey')!r}"


@check
def ecr_describe_pages(aws):
    ecr = aws.client('ecr')
    names = [f'page/r{i:02d}' for i in range(7)]
    for name in names:
        ecr.create_repository(repositoryName=name)
    first = ecr.describe_repositories(maxResults=5)
    equal(len(first['repositories']), 5, 'first page')
    assert first.get('nextToken'), 'a nextToken after a full page'
    rest = ecr.describe_repositories(maxResults=5, nextToken=first['nextToken'])
    equal(len(rest['repositories']), 2, 'second page')
    assert 'nextToken' not in rest, 'no nextToken after the last page'
    got = [r['repositoryName'] for page in ecr.get_paginator('describe_repositories').paginate(PaginationConfig={'PageSize': 3})
           for r in page['repositories']]
    equal(sorted(got), names, 'every repository once through the paginator')


@check
def ecr_errors(aws):
    ecr = aws.client('ecr')
    ecr.create_repository(repositoryName='team/app')
    equal(error_of(ecr.create_repository, repositoryName='team/app'), (
        400, 'RepositoryAlreadyExistsException',
        f"The repository with name 'team/app' already exists in the registry with id '{ACCOUNT}'"), 'again')
    equal(error_of(ecr.delete_repository, repositoryName='nope/x'), (
        400, 'RepositoryNotFoundException',
        f"The repository with name 'nope/x' does not exist in the registry with id '{ACCOUNT}'"), 'delete missing')
    equal(error_of(ecr.describe_repositories, repositoryNames=['nope/x'])[:2], (400, 'RepositoryNotFoundException'), 'describe missing')
    equal(error_of(ecr.create_repository, repositoryName='Team')[:2], (400, 'InvalidParameterException'), 'upper case name')
    equal(error_of(ecr.create_repository, repositoryName='team/x', imageTagMutability='SOMETIMES')[:2],
          (400, 'InvalidParameterException'), 'unknown imageTagMutability')
    equal(error_of(ecr.describe_repositories, registryId='123')[:2], (400, 'InvalidParameterException'), 'short registryId')


# ECR tags: what --tags wrote can be read back, changed and removed (ListTagsForResource, TagResource, UntagResource).

def tagged(aws, tags):
    ecr = aws.client('ecr')
    arn = ecr.create_repository(repositoryName='team/tagged', tags=tags)['repository']['repositoryArn']
    return ecr, arn


@check
def ecr_tags_written_at_create_are_listed(aws):
    ecr, arn = tagged(aws, [{'Key': 'team', 'Value': 'red'}, {'Key': 'tier', 'Value': ''}])
    tags = ecr.list_tags_for_resource(resourceArn=arn)['tags']
    equal(sorted(tags, key=lambda t: t['Key']), [{'Key': 'team', 'Value': 'red'}, {'Key': 'tier', 'Value': ''}], 'tags')
    plain = ecr.create_repository(repositoryName='team/untagged')['repository']['repositoryArn']
    equal(ecr.list_tags_for_resource(resourceArn=plain)['tags'], [], 'tags of a repository created without')


@check
def ecr_tag_resource_adds_and_replaces(aws):
    ecr, arn = tagged(aws, [{'Key': 'team', 'Value': 'red'}])
    ecr.tag_resource(resourceArn=arn, tags=[{'Key': 'team', 'Value': 'blue'}, {'Key': 'cost', 'Value': '42'}])
    tags = ecr.list_tags_for_resource(resourceArn=arn)['tags']
    equal(sorted(tags, key=lambda t: t['Key']), [{'Key': 'cost', 'Value': '42'}, {'Key': 'team', 'Value': 'blue'}], 'tags')


@check
def ecr_untag_resource_removes(aws):
    ecr, arn = tagged(aws, [{'Key': 'team', 'Value': 'red'}, {'Key': 'cost', 'Value': '42'}])
    ecr.untag_resource(resourceArn=arn, tagKeys=['team', 'absent'])
    equal(ecr.list_tags_for_resource(resourceArn=arn)['tags'], [{'Key': 'cost', 'Value': '42'}], 'tags')


@check
def ecr_tag_errors(aws):
    ecr, arn = tagged(aws, [])
    missing = f'arn:aws:ecr:{REGION}:{ACCOUNT}:repository/nope/x'
    not_found = (400, 'RepositoryNotFoundException', f"The repository with name 'nope/x' does not exist in the registry with id '{ACCOUNT}'")
    equal(error_of(ecr.list_tags_for_resource, resourceArn=missing), not_found, 'list on a missing repository')
    equal(error_of(ecr.tag_resource, resourceArn=missing, tags=[{'Key': 'k', 'Value': 'v'}]), not_found, 'tag a missing repository')
    equal(error_of(ecr.untag_resource, resourceArn=missing, tagKeys=['k']), not_found, 'untag a missing repository')
    equal(error_of(ecr.list_tags_for_resource, resourceArn='invalid')[:2], (400, 'InvalidParameterException'), 'not an ARN')
    equal(error_of(ecr.tag_resource, resourceArn=arn, tags=[{'Key': 'aws:team', 'Value': 'v'}])[:2],
          (400, 'InvalidTagParameterException'), 'an aws: key')
    equal(error_of(ecr.tag_resource, resourceArn=arn, tags=[{'Key': 'k' * 129, 'Value': 'v'}])[:2],
          (400, 'InvalidTagParameterException'), 'a key of 129 characters')
    equal(error_of(ecr.tag_resource, resourceArn=arn, tags=[{'Key': 'k', 'Value': 'v' * 257}])[:2],
          (400, 'InvalidTagParameterException'), 'a value of 257 characters')
    too_many = [{'Key': f'k{i}', 'Value': 'v'} for i in range(51)]
    equal(error_of(ecr.tag_resource, resourceArn=arn, tags=too_many)[:2], (400, 'TooManyTagsException'), '51 tags')
    equal(ecr.list_tags_for_resource(resourceArn=arn)['tags'], [], 'tags after the refused calls')


# ECR images (issue 45): PutImage over blobs pushed to serve's registry, BatchDeleteImage, the tag mutability,
# DeleteRepository --force.

LAYER = bytes((i * 31 + 7) & 0xff for i in range(2000))
CONFIG = b'{"architecture":"amd64","os":"linux","rootfs":{"type":"layers","diff_ids":[]},"config":{}}'
OCI = 'application/vnd.oci.image.manifest.v1+json'
DOCKER = 'application/vnd.docker.distribution.manifest.v2+json'


def sha256(b):
    import hashlib
    return 'sha256:' + hashlib.sha256(b if isinstance(b, bytes) else b.encode()).hexdigest()


def manifest(media_type, layers=(LAYER,)):
    oci = media_type == OCI
    return json.dumps({
        'schemaVersion': 2, 'mediaType': media_type,
        'config': {'mediaType': 'application/vnd.oci.image.config.v1+json' if oci else 'application/vnd.docker.container.image.v1+json',
                   'digest': sha256(CONFIG), 'size': len(CONFIG)},
        'layers': [{'mediaType': 'application/vnd.oci.image.layer.v1.tar+gzip' if oci else 'application/vnd.docker.image.rootfs.diff.tar.gzip',
                    'digest': sha256(layer), 'size': len(layer)} for layer in layers],
    }, separators=(',', ':'))


def repository_with_blobs(aws, name='team/images', **settings):
    """A repository holding CONFIG and LAYER, pushed through serve's registry with the password of GetAuthorizationToken."""
    import base64
    import urllib.parse
    ecr = aws.client('ecr')
    ecr.create_repository(repositoryName=name, **settings)
    token = ecr.get_authorization_token()['authorizationData'][0]['authorizationToken']
    auth = {'authorization': 'Basic ' + token}
    equal(base64.b64decode(token).decode().split(':')[0], 'AWS', 'the user name in the token')
    for blob in (CONFIG, LAYER):
        start = urllib.request.Request(f'{aws.endpoint}/v2/{name}/blobs/uploads/', data=b'', method='POST', headers=auth)
        with urllib.request.urlopen(start) as res:
            location = urllib.parse.urlsplit(res.headers['location']).path
        put = urllib.request.Request(f'{aws.endpoint}{location}?digest={sha256(blob)}', data=blob, method='PUT',
                                     headers={**auth, 'content-type': 'application/octet-stream'})
        with urllib.request.urlopen(put) as res:
            equal(res.status, 201, 'blob pushed')
    return ecr


@check
def ecr_put_image_is_what_the_reads_see(aws):
    ecr = repository_with_blobs(aws)
    a = manifest(OCI)
    out = ecr.put_image(repositoryName='team/images', imageManifest=a, imageTag='v1')['image']
    equal(out, {'registryId': ACCOUNT, 'repositoryName': 'team/images', 'imageId': {'imageDigest': sha256(a), 'imageTag': 'v1'},
                'imageManifest': a, 'imageManifestMediaType': OCI}, 'put_image')
    got = ecr.batch_get_image(repositoryName='team/images', imageIds=[{'imageTag': 'v1'}])
    equal([i['imageManifest'] for i in got['images']], [a], 'batch_get_image manifest')
    ecr.put_image(repositoryName='team/images', imageManifest=a, imageTag='latest')
    details = ecr.describe_images(repositoryName='team/images')['imageDetails']
    equal([(d['imageDigest'], sorted(d['imageTags'])) for d in details], [(sha256(a), ['latest', 'v1'])], 'one image, two tags')
    b = manifest(DOCKER)
    ecr.put_image(repositoryName='team/images', imageManifest=b, imageTag='latest')
    ids = ecr.list_images(repositoryName='team/images')['imageIds']
    equal(sorted((i['imageTag'], i['imageDigest']) for i in ids), [('latest', sha256(b)), ('v1', sha256(a))], 'the tag moved, v1 kept')


@check
def ecr_put_image_errors(aws):
    ecr = repository_with_blobs(aws)
    a, b = manifest(OCI), manifest(DOCKER)
    ecr.put_image(repositoryName='team/images', imageManifest=a, imageTag='v1')
    equal(error_of(ecr.put_image, repositoryName='team/images', imageManifest=a, imageTag='v1'), (
        400, 'ImageAlreadyExistsException', f"Image with digest '{sha256(a)}' and tag 'v1' already exists in the repository with name 'team/images' in registry with id '{ACCOUNT}'"), 'again')
    missing = bytes(900)
    equal(error_of(ecr.put_image, repositoryName='team/images', imageManifest=manifest(OCI, (missing,)))[:2],
          (400, 'LayersNotFoundException'), 'a layer not pushed')
    equal(error_of(ecr.put_image, repositoryName='team/images', imageManifest=b, imageDigest=sha256(a))[:2],
          (400, 'ImageDigestDoesNotMatchException'), 'wrong digest')
    equal(error_of(ecr.put_image, repositoryName='team/images', imageManifest='not json'), (
        400, 'InvalidParameterException', "Invalid parameter at 'ImageManifest' failed to satisfy constraint: 'Invalid JSON syntax'"), 'not JSON')
    index = json.dumps({'schemaVersion': 2, 'mediaType': 'application/vnd.oci.image.index.v1+json',
                        'manifests': [{'mediaType': DOCKER, 'digest': sha256(b), 'size': len(b)}]})
    equal(error_of(ecr.put_image, repositoryName='team/images', imageManifest=index)[:2],
          (400, 'ReferencedImagesNotFoundException'), 'an index naming an image not put')
    equal(error_of(ecr.put_image, repositoryName='nope/x', imageManifest=a)[:2], (400, 'RepositoryNotFoundException'), 'no repository')
    set_to = ecr.put_image_tag_mutability(repositoryName='team/images', imageTagMutability='IMMUTABLE')
    set_to.pop('ResponseMetadata')
    equal(set_to,
          {'registryId': ACCOUNT, 'repositoryName': 'team/images', 'imageTagMutability': 'IMMUTABLE'}, 'put_image_tag_mutability')
    equal(error_of(ecr.put_image, repositoryName='team/images', imageManifest=b, imageTag='v1'), (
        400, 'ImageTagAlreadyExistsException',
        "The image tag 'v1' already exists in the 'team/images' repository and cannot be overwritten because the repository is immutable."),
        'an immutable tag')
    equal(ecr.describe_repositories(repositoryNames=['team/images'])['repositories'][0]['imageTagMutability'], 'IMMUTABLE', 'described')


@check
def ecr_batch_delete_image(aws):
    ecr = repository_with_blobs(aws)
    a, b = manifest(OCI), manifest(DOCKER)
    for tag in ('v1', 'latest'):
        ecr.put_image(repositoryName='team/images', imageManifest=a, imageTag=tag)
    ecr.put_image(repositoryName='team/images', imageManifest=b)
    out = ecr.batch_delete_image(repositoryName='team/images', imageIds=[
        {'imageTag': 'latest'}, {'imageTag': 'gone'}, {'imageDigest': 'nope'}, {'imageDigest': sha256(b)}])
    equal(out['imageIds'], [{'imageDigest': sha256(a), 'imageTag': 'latest'}, {'imageDigest': sha256(b)}], 'deleted')
    equal([(f['imageId'], f['failureCode']) for f in out['failures']],
          [({'imageTag': 'gone'}, 'ImageNotFound'), ({'imageDigest': 'nope'}, 'InvalidImageDigest')], 'failures')
    details = ecr.describe_images(repositoryName='team/images')['imageDetails']
    equal([(d['imageDigest'], d['imageTags']) for d in details], [(sha256(a), ['v1'])], 'left')
    out = ecr.batch_delete_image(repositoryName='team/images', imageIds=[{'imageTag': 'v1'}])
    equal((out['imageIds'], ecr.list_images(repositoryName='team/images')['imageIds']),
          ([{'imageDigest': sha256(a), 'imageTag': 'v1'}], []), 'its last tag: the image goes')


@check
def ecr_delete_repository_holding_images(aws):
    ecr = repository_with_blobs(aws)
    ecr.put_image(repositoryName='team/images', imageManifest=manifest(OCI), imageTag='v1')
    equal(error_of(ecr.delete_repository, repositoryName='team/images'), (
        400, 'RepositoryNotEmptyException',
        f"The repository with name 'team/images' in registry with id '{ACCOUNT}' cannot be deleted because it still contains images"),
        'not empty')
    equal(ecr.delete_repository(repositoryName='team/images', force=True)['repository']['repositoryName'], 'team/images', 'force')
    equal(error_of(ecr.describe_repositories, repositoryNames=['team/images'])[1], 'RepositoryNotFoundException', 'gone')


# Auto Scaling launch configurations.

AMI = 'ami-12c6146b'


@check
def launch_configuration_create_and_describe(aws):
    asg = aws.client('autoscaling')
    asg.create_launch_configuration(LaunchConfigurationName='web', ImageId=AMI, InstanceType='t3.micro',
                                    KeyName='keys', SecurityGroups=['sg-1'], InstanceMonitoring={'Enabled': False})
    lc = asg.describe_launch_configurations()['LaunchConfigurations'][0]
    equal(lc['LaunchConfigurationName'], 'web', 'name')
    assert re.fullmatch(rf'arn:aws:autoscaling:{REGION}:{ACCOUNT}:launchConfiguration:[0-9a-f-]{{36}}:launchConfigurationName/web',
                        lc['LaunchConfigurationARN']), f"LaunchConfigurationARN {lc['LaunchConfigurationARN']!r}"
    equal((lc['ImageId'], lc['InstanceType'], lc['KeyName'], lc['SecurityGroups']), (AMI, 't3.micro', 'keys', ['sg-1']), 'members')
    equal(lc['InstanceMonitoring'], {'Enabled': False}, 'InstanceMonitoring')
    assert isinstance(lc['CreatedTime'], datetime.datetime), f"CreatedTime is {lc['CreatedTime']!r}"


@check
def launch_configuration_defaults(aws):
    asg = aws.client('autoscaling')
    asg.create_launch_configuration(LaunchConfigurationName='bare', ImageId=AMI, InstanceType='t3.micro')
    lc = asg.describe_launch_configurations()['LaunchConfigurations'][0]
    for key, value in {'KeyName': '', 'UserData': '', 'KernelId': '', 'RamdiskId': '', 'SecurityGroups': [],
                       'BlockDeviceMappings': [], 'InstanceMonitoring': {'Enabled': True}, 'EbsOptimized': False}.items():
        equal(lc.get(key), value, key)
    assert 'AssociatePublicIpAddress' not in lc, 'AssociatePublicIpAddress has no default (the subnet decides)'


@check
def launch_configuration_paging(aws):
    asg = aws.client('autoscaling')
    names = sorted(f'lc{i:02d}' for i in range(51))
    for name in names:
        asg.create_launch_configuration(LaunchConfigurationName=name, ImageId=AMI, InstanceType='t3.micro')
    first = asg.describe_launch_configurations()
    equal(len(first['LaunchConfigurations']), 50, 'default page')
    assert first.get('NextToken'), 'a NextToken after the first page'
    rest = asg.describe_launch_configurations(NextToken=first['NextToken'])
    equal([lc['LaunchConfigurationName'] for lc in rest['LaunchConfigurations']], names[50:], 'second page')
    assert 'NextToken' not in rest, 'no NextToken after the last page'
    equal(len(asg.describe_launch_configurations(MaxRecords=20)['LaunchConfigurations']), 20, 'MaxRecords=20')
    got = [lc['LaunchConfigurationName'] for page in asg.get_paginator('describe_launch_configurations').paginate(PaginationConfig={'PageSize': 7})
           for lc in page['LaunchConfigurations']]
    equal(got, names, 'every launch configuration once, in name order, through the paginator')
    some = asg.describe_launch_configurations(LaunchConfigurationNames=['lc03', 'lc01', 'none'])['LaunchConfigurations']
    equal(sorted(lc['LaunchConfigurationName'] for lc in some), ['lc01', 'lc03'], 'by names')


@check
def launch_configuration_delete(aws):
    asg = aws.client('autoscaling')
    asg.create_launch_configuration(LaunchConfigurationName='gone', ImageId=AMI, InstanceType='t3.micro')
    asg.delete_launch_configuration(LaunchConfigurationName='gone')
    equal(asg.describe_launch_configurations()['LaunchConfigurations'], [], 'after the delete')
    equal(error_of(asg.delete_launch_configuration, LaunchConfigurationName='gone'), (
        400, 'ValidationError', 'Launch configuration name not found - Launch configuration gone not found'), 'delete again')


@check
def launch_configuration_errors(aws):
    asg = aws.client('autoscaling')
    asg.create_launch_configuration(LaunchConfigurationName='web', ImageId=AMI, InstanceType='t3.micro')
    equal(error_of(asg.create_launch_configuration, LaunchConfigurationName='web', ImageId=AMI, InstanceType='t3.micro'), (
        400, 'AlreadyExists', 'Launch Configuration by this name already exists - A launch configuration already exists with the name web'), 'again')
    need = 'Valid requests must contain either the InstanceID parameter or both the ImageId and InstanceType parameters.'
    for given in ({}, {'ImageId': AMI}, {'InstanceType': 't3.micro'}):
        equal(error_of(asg.create_launch_configuration, LaunchConfigurationName='half', **given), (400, 'ValidationError', need), f'with only {sorted(given)}')
    equal(error_of(asg.describe_launch_configurations, MaxRecords=500), (
        400, 'ValidationError', "1 validation error detected: Value '500' at 'maxRecords' failed to satisfy constraint: Member must have value between 1 and 100"),
        'MaxRecords=500')
    equal(error_of(asg.create_launch_configuration, LaunchConfigurationName='hops', ImageId=AMI, InstanceType='t3.micro',
                   MetadataOptions={'HttpPutResponseHopLimit': 65})[:2], (400, 'ValidationError'), 'HttpPutResponseHopLimit=65')


# Fault rules (issue 32, item 6): botocore's standard retry mode sees what it would see from AWS.

def retried_error(call, **kwargs):
    """(HTTP status, code, message, retry attempts) of a ClientError after botocore's retries."""
    from botocore.exceptions import ClientError
    try:
        call(**kwargs)
    except ClientError as err:
        meta = err.response['ResponseMetadata']
        return meta['HTTPStatusCode'], err.response['Error']['Code'], err.response['Error']['Message'], meta['RetryAttempts']
    raise AssertionError(f'{call.__name__} succeeded; an error was expected')


@check
def fault_ecr_throttle_next_2_then_success(aws):
    aws.faults({'fault.ecr.CreateRepository': 'throttle;next=2'})
    out = aws.retrying('ecr').create_repository(repositoryName='retried')
    equal(out['ResponseMetadata']['RetryAttempts'], 2, 'RetryAttempts')
    rule = 'fault.ecr.CreateRepository: throttle;next=2'
    equal(aws.journal(), [(400, 'ThrottlingException', rule), (400, 'ThrottlingException', rule), (200, None, None)], 'journal')


@check
def fault_ecr_always_500_fails_after_3_attempts(aws):
    aws.faults({'fault.ecr': '500'})
    equal(retried_error(aws.retrying('ecr').describe_repositories), (500, 'ServerException', 'Internal server error', 2), 'error')


@check
def fault_ecr_always_503_and_always_throttle(aws):
    aws.faults({'fault.ecr.DescribeRepositories': '503'})
    equal(retried_error(aws.retrying('ecr').describe_repositories), (503, 'ServiceUnavailable', 'Service is unavailable', 2), '503')
    aws.faults({'fault.ecr.DescribeRepositories': 'throttle'})
    equal(retried_error(aws.retrying('ecr', 5).describe_repositories), (400, 'ThrottlingException', 'Rate exceeded', 4), 'throttle, 5 attempts')
    equal(len(aws.journal()), 3 + 5, 'attempts the journal saw')


@check
def fault_ecr_closed_connection_retried(aws):
    aws.faults({'fault.ecr.CreateRepository': 'close;nth=1'})
    out = aws.retrying('ecr').create_repository(repositoryName='after-close')
    equal(out['ResponseMetadata']['RetryAttempts'], 1, 'RetryAttempts')
    equal(aws.journal(), [(0, None, 'fault.ecr.CreateRepository: close;nth=1'), (200, None, None)], 'journal')


@check
def fault_autoscaling_throttle_next_2_then_success(aws):
    aws.faults({'fault.autoscaling.DescribeLaunchConfigurations': 'throttle;next=2'})
    out = aws.retrying('autoscaling').describe_launch_configurations()
    equal(out['ResponseMetadata']['RetryAttempts'], 2, 'RetryAttempts')
    equal([j[:2] for j in aws.journal()], [(400, 'Throttling'), (400, 'Throttling'), (200, None)], 'journal')


@check
def fault_autoscaling_always_throttle_500_503(aws):
    client = aws.retrying('autoscaling')
    aws.faults({'fault.autoscaling': 'throttle'})
    equal(retried_error(client.describe_launch_configurations), (400, 'Throttling', 'Rate exceeded', 2), 'throttle')
    aws.faults({'fault.autoscaling': '500'})
    equal(retried_error(client.describe_launch_configurations), (500, 'InternalFailure', 'An internal error has occurred', 2), '500')
    aws.faults({'fault.autoscaling': '503'})
    equal(retried_error(client.describe_launch_configurations), (503, 'ServiceUnavailable', 'Service is unavailable', 2), '503')


@check
def fault_autoscaling_every_connection_closed(aws):
    from botocore.exceptions import ConnectionClosedError
    aws.faults({'fault.autoscaling': 'close'})
    try:
        aws.retrying('autoscaling').describe_launch_configurations()
        raise AssertionError('the call succeeded; ConnectionClosedError was expected')
    except ConnectionClosedError:
        pass
    equal([j[0] for j in aws.journal()], [0, 0, 0], 'attempts the journal saw')


@check
def fault_latency_answers_whole(aws):
    aws.faults({'fault.ecr.DescribeRepositories': 'latency=100', 'fault.autoscaling': 'latency=100'})
    equal(aws.retrying('ecr').describe_repositories()['repositories'], [], 'ECR')
    equal(aws.retrying('autoscaling').describe_launch_configurations()['LaunchConfigurations'], [], 'Auto Scaling')
    entries = aws.admin('GET', '/_svcctl/journal')['Entries']
    equal([(e['Status'], e['Fault']) for e in entries], [
        (200, 'fault.ecr.DescribeRepositories: latency=100'), (200, 'fault.autoscaling.*: latency=100')], 'journal')
    assert all(e['LatencyMs'] >= 100 for e in entries), f'LatencyMs: {[e["LatencyMs"] for e in entries]}'


# The layer operations and image scanning (issue 45): an upload through the API is the registry's, its layer a
# blob the registry serves and the download URL fetches; scans read as ECR's basic scanning reports them.

def layer_upload(ecr, repository, data):
    """A layer through InitiateLayerUpload, UploadLayerPart and CompleteLayerUpload; its digest."""
    import hashlib
    digest = 'sha256:' + hashlib.sha256(data).hexdigest()
    upload = ecr.initiate_layer_upload(repositoryName=repository)
    equal(upload['partSize'], 10485760, 'partSize')
    part = ecr.upload_layer_part(repositoryName=repository, uploadId=upload['uploadId'], partFirstByte=0,
                                 partLastByte=len(data) - 1, layerPartBlob=data)
    equal(part['lastByteReceived'], len(data) - 1, 'lastByteReceived')
    done = ecr.complete_layer_upload(repositoryName=repository, uploadId=upload['uploadId'], layerDigests=[digest])
    equal(done['layerDigest'], digest, 'layerDigest')
    return digest


def registry(aws, method, path, body=None, headers=None):
    """A request to serve's registry, logged in with GetAuthorizationToken's password: (status, headers, body)."""
    import base64
    import urllib.error
    token = aws.client('ecr').get_authorization_token()['authorizationData'][0]['authorizationToken']
    auth = {'authorization': 'Basic ' + token}
    req = urllib.request.Request(aws.endpoint + path, data=body, method=method, headers={**auth, **(headers or {})})
    try:
        with urllib.request.urlopen(req) as res:
            return res.status, res.headers, res.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


def push_manifest(aws, repository, config_digest, config_size, layer_digest, layer_size, tag):
    manifest = json.dumps({
        'schemaVersion': 2, 'mediaType': 'application/vnd.oci.image.manifest.v1+json',
        'config': {'mediaType': 'application/vnd.oci.image.config.v1+json', 'digest': config_digest, 'size': config_size},
        'layers': [{'mediaType': 'application/vnd.oci.image.layer.v1.tar+gzip', 'digest': layer_digest, 'size': layer_size}],
    }).encode()
    status, headers, _ = registry(aws, 'PUT', f'/v2/{repository}/manifests/{tag}', manifest,
                                  {'content-type': 'application/vnd.oci.image.manifest.v1+json'})
    equal(status, 201, 'the manifest PUT')
    return headers['Docker-Content-Digest']


@check
def ecr_a_layer_uploaded_through_the_api_is_pulled_byte_for_byte(aws):
    ecr = aws.client('ecr')
    ecr.create_repository(repositoryName='team/app')
    data = bytes((i * 7 + 3) % 256 for i in range(300_000))
    config = b'{"architecture":"amd64","os":"linux"}'
    digest = layer_upload(ecr, 'team/app', data)
    config_digest = layer_upload(ecr, 'team/app', config)
    layers = ecr.batch_check_layer_availability(repositoryName='team/app', layerDigests=[digest, 'sha256:00', 'x'])
    equal([(l['layerDigest'], l['layerAvailability'], l['layerSize']) for l in layers['layers']],
          [(digest, 'AVAILABLE', len(data))], 'layers')
    equal([f['failureCode'] for f in layers['failures']], ['MissingLayerDigest', 'InvalidLayerDigest'], 'failures')
    status, headers, body = registry(aws, 'GET', f'/v2/team/app/blobs/{digest}')
    equal((status, headers['Docker-Content-Digest'], body == data), (200, digest, True), 'the registry pull')
    _, code, _ = error_of(ecr.get_download_url_for_layer, repositoryName='team/app', layerDigest=digest)
    equal(code, 'LayerInaccessibleException', 'a layer no image names')
    push_manifest(aws, 'team/app', config_digest, len(config), digest, len(data), 'v1')
    url = ecr.get_download_url_for_layer(repositoryName='team/app', layerDigest=digest)
    equal(url['layerDigest'], digest, 'layerDigest')
    assert url['downloadUrl'].startswith(aws.endpoint + '/v2/team/app/blobs/'), url['downloadUrl']
    with urllib.request.urlopen(url['downloadUrl']) as res:
        equal(res.read() == data, True, 'the download URL serves the bytes, without credentials')


@check
def ecr_layer_errors(aws):
    from botocore.exceptions import ClientError
    ecr = aws.client('ecr')
    ecr.create_repository(repositoryName='team/app')
    upload = ecr.initiate_layer_upload(repositoryName='team/app')['uploadId']
    ecr.upload_layer_part(repositoryName='team/app', uploadId=upload, partFirstByte=0, partLastByte=9,
                          layerPartBlob=b'0123456789')
    try:
        ecr.upload_layer_part(repositoryName='team/app', uploadId=upload, partFirstByte=0, partLastByte=9,
                              layerPartBlob=b'0123456789')
        raise AssertionError('a part out of order was taken')
    except ClientError as err:
        equal(err.response['Error']['Code'], 'InvalidLayerPartException', 'code')
        equal(err.response['ResponseMetadata']['HTTPStatusCode'], 400, 'status')
    _, code, _ = error_of(ecr.complete_layer_upload, repositoryName='team/app', uploadId=upload,
                          layerDigests=['sha256:' + '0' * 64])
    equal(code, 'InvalidLayerException', 'a digest that is not the bytes\'')
    _, code, _ = error_of(ecr.upload_layer_part, repositoryName='team/app',
                          uploadId='00000000-0000-4000-8000-00000000ffff', partFirstByte=0, partLastByte=0,
                          layerPartBlob=b'0')
    equal(code, 'UploadNotFoundException', 'an upload that does not exist')
    empty = ecr.initiate_layer_upload(repositoryName='team/app')['uploadId']
    _, code, _ = error_of(ecr.complete_layer_upload, repositoryName='team/app', uploadId=empty,
                          layerDigests=['sha256:' + '0' * 64])
    equal(code, 'EmptyUploadException', 'an upload with no parts')


@check
def ecr_scans_read_as_basic_scanning(aws):
    ecr = aws.client('ecr')
    ecr.create_repository(repositoryName='team/app')
    config = b'{"os":"linux"}'
    data = b'layer bytes'
    digest = layer_upload(ecr, 'team/app', data)
    config_digest = layer_upload(ecr, 'team/app', config)
    image = push_manifest(aws, 'team/app', config_digest, len(config), digest, len(data), 'v1')
    _, code, _ = error_of(ecr.describe_image_scan_findings, repositoryName='team/app', imageId={'imageTag': 'v1'})
    equal(code, 'ScanNotFoundException', 'before a scan')
    started = ecr.start_image_scan(repositoryName='team/app', imageId={'imageTag': 'v1'})
    equal((started['imageId'], started['imageScanStatus']), ({'imageDigest': image, 'imageTag': 'v1'},
                                                              {'status': 'IN_PROGRESS'}), 'start-image-scan')
    found = ecr.describe_image_scan_findings(repositoryName='team/app', imageId={'imageTag': 'v1'})
    equal(found['imageScanStatus'], {'status': 'COMPLETE', 'description': 'The scan was completed successfully.'},
          'status')
    scan = found['imageScanFindings']
    equal((scan['findings'], scan['findingSeverityCounts']), ([], {}), 'findings')
    assert isinstance(scan['imageScanCompletedAt'], datetime.datetime), scan
    _, code, _ = error_of(ecr.start_image_scan, repositoryName='team/app', imageId={'imageTag': 'v1'})
    equal(code, 'LimitExceededException', 'a second scan the same day')
    setting = ecr.put_image_scanning_configuration(repositoryName='team/app',
                                                   imageScanningConfiguration={'scanOnPush': True})
    equal(setting['imageScanningConfiguration'], {'scanOnPush': True}, 'put-image-scanning-configuration')
    other = push_manifest(aws, 'team/app', config_digest, len(config), digest, len(data), 'v2')
    assert other == image, 'the same manifest'
    ecr.create_repository(repositoryName='team/scanned', imageScanningConfiguration={'scanOnPush': True})
    layer = layer_upload(ecr, 'team/scanned', data)
    cfg = layer_upload(ecr, 'team/scanned', b'{"os":"linux"}')
    push_manifest(aws, 'team/scanned', cfg, 14, layer, len(data), 'v1')
    pushed = ecr.describe_image_scan_findings(repositoryName='team/scanned', imageId={'imageTag': 'v1'})
    equal(pushed['imageScanStatus']['status'], 'COMPLETE', 'scanned on push')
    details = ecr.describe_images(repositoryName='team/scanned')['imageDetails'][0]
    equal((details['imageScanStatus']['status'], details['imageScanFindingsSummary']['findingSeverityCounts']),
          ('COMPLETE', {}), 'describe-images')


def main():
    if sys.argv[1:] == ['--list']:
        print('\n'.join(fn.__name__ for fn in CHECKS))
        return 0
    aws = Services(sys.argv[1].rstrip('/'))
    failed = 0
    for fn in CHECKS:
        try:
            aws.reset()
            fn(aws)
            result = {'check': fn.__name__, 'ok': True, 'detail': ''}
        except Exception as err:  # a check's failure, reported with its cause, never stops the others
            failed += 1
            frames = traceback.extract_tb(err.__traceback__)
            where = next((f for f in reversed(frames) if f.name == fn.__name__), frames[-1])
            result = {'check': fn.__name__, 'ok': False, 'detail': f'{type(err).__name__}: {err} (line {where.lineno})'}
        print(json.dumps(result), flush=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
