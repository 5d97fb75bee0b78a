/**
 * The input of scripts/gen-aws-shapes.mjs: for each AWS service svcctl serves, the operations it has and
 * every deliberate difference between svcctl's shapes and the botocore model's, each with its reason.
 * Only facts live here (operations, constraints); the doc strings are svcctl's own, in src/models/<service>.ts.
 *
 * An override is applied on top of the model's facts: `shapes` by shape name (every member of that shape
 * gets it), `members` by `Structure.member` (that member only). A key that names no shape or member of the
 * operations below fails the generator, so an override cannot outlive what it overrides. A fact given
 * as null is one svcctl does not enforce.
 */

/**
 * Patterns, rewritten into the form svcctl's validator compiles (JavaScript, `u` flag, anchored by the
 * validator itself). Each is the same language as the model's pattern.
 */
export const PATTERN_REWRITES = [
  // The model spells "any supplementary character" as Java's surrogate pair range; with the `u` flag a
  // JavaScript class matches code points, so the same set is U+10000-U+10FFFF (spec 2.3's P1).
  ['\\uD800\\uDC00-\\uDBFF\\uDFFF', '\\u{10000}-\\u{10FFFF}'],
  // A leading `^` and trailing `$`: the validator anchors every pattern, so they add nothing (ECR's
  // ImageTagMutabilityExclusionFilterValue), and help shows the pattern without them.
  [/^\^(.*)\$$/, '$1'],
];

export const SERVICES = {
  ecr: {
    model: 'ecr/2015-09-21',
    operations: [
      'CreateRepository',
      'DescribeRepositories',
      'TagResource',
      'ListTagsForResource',
      'UntagResource',
      'DeleteRepository',
      'GetAuthorizationToken',
      'ListImages',
      'DescribeImages',
      'BatchGetImage',
      'PutImage',
      'BatchDeleteImage',
      'PutImageTagMutability',
      // The layer operations and image scanning (issue 45).
      'BatchCheckLayerAvailability',
      'InitiateLayerUpload',
      'UploadLayerPart',
      'CompleteLayerUpload',
      'GetDownloadUrlForLayer',
      'PutImageScanningConfiguration',
      'StartImageScan',
      'DescribeImageScanFindings',
    ],
    shapes: {
      // GetAuthorizationToken's token (base64 of `AWS:<password>`) logs in to serve's registry for 12 hours:
      // a secret (docs/compat.md row 223: **** in --debug's bodies, errors and the journal), which the model
      // does not mark. Its only member is authorizationToken.
      Base64: { sensitive: true },
    },
    members: {
      // GetDownloadUrlForLayer's URL carries a token that fetches the layer without credentials for an hour
      // (compat row 340), as ECR's presigned URL does: a secret (row 223: **** in --debug's bodies), which the
      // model does not mark. Only this member: Url is also a vulnerability's sourceUrl.
      'GetDownloadUrlForLayerResponse.downloadUrl': { sensitive: true },
    },
  },
  autoscaling: {
    model: 'autoscaling/2011-01-01',
    operations: ['CreateLaunchConfiguration', 'DescribeLaunchConfigurations', 'DeleteLaunchConfiguration'],
    shapes: {
      // The model leaves the volume type a free string; spec 2.3 names the six types, and the embedded service checks each type's size and Iops ranges (docs/compat.md row 9).
      BlockDeviceEbsVolumeType: { enum: ['standard', 'io1', 'gp2', 'st1', 'sc1', 'gp3'] },
      // User data is a secret (docs/compat.md rows 220, 223: masked in errors and logs), which the model
      // does not mark; the AWS CLI base64-encodes it before sending (its customization, not the model's).
      XmlStringUserData: { sensitive: true, clientBase64: true },
      // The model does not bound the list; spec 2.5 allows at most 50 names per call.
      LaunchConfigurationNames: { max: 50 },
    },
    members: {
      // XmlStringMaxLen255 (P1) in the model; spec 2.3 gives the snapshot id a length only, and svcctl has
      // always checked just that (a control character reaches the service, which finds no such snapshot).
      'Ebs.SnapshotId': { pattern: null },
      // XmlStringMaxLen19 (P1) in the model; svcctl checks the length only: any instance id then gets the
      // embedded service's own refusal (docs/compat.md row 8), whatever its characters.
      'CreateLaunchConfigurationType.InstanceId': { pattern: null },
      // XmlStringMaxLen64 in the model; the service takes only these two tenancies for a launch
      // configuration (spec 2.3), so help and completion list them.
      'CreateLaunchConfigurationType.PlacementTenancy': { enum: ['default', 'dedicated'] },
      'LaunchConfiguration.PlacementTenancy': { enum: ['default', 'dedicated'] },
    },
  },
};
