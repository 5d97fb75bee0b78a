import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  InvalidRegionError
} from "./chunk-ZTOYQUS4.js";

// src/models/partitions.ts
var PARTITIONS = [
  {
    id: "aws",
    dnsSuffix: "amazonaws.com",
    regionRegex: /^(us|eu|ap|sa|ca|me|af|il|mx)-\w+-\d+$/,
    regions: [
      "af-south-1",
      "ap-east-1",
      "ap-east-2",
      "ap-northeast-1",
      "ap-northeast-2",
      "ap-northeast-3",
      "ap-south-1",
      "ap-south-2",
      "ap-southeast-1",
      "ap-southeast-2",
      "ap-southeast-3",
      "ap-southeast-4",
      "ap-southeast-5",
      "ap-southeast-6",
      "ap-southeast-7",
      "aws-global",
      "ca-central-1",
      "ca-west-1",
      "eu-central-1",
      "eu-central-2",
      "eu-north-1",
      "eu-south-1",
      "eu-south-2",
      "eu-west-1",
      "eu-west-2",
      "eu-west-3",
      "il-central-1",
      "me-central-1",
      "me-south-1",
      "mx-central-1",
      "sa-east-1",
      "us-east-1",
      "us-east-2",
      "us-west-1",
      "us-west-2"
    ]
  },
  {
    id: "aws-cn",
    dnsSuffix: "amazonaws.com.cn",
    regionRegex: /^cn-\w+-\d+$/,
    regions: ["aws-cn-global", "cn-north-1", "cn-northwest-1"]
  },
  {
    id: "aws-eusc",
    dnsSuffix: "amazonaws.eu",
    regionRegex: /^eusc-(de)-\w+-\d+$/,
    regions: ["eusc-de-east-1"]
  },
  {
    id: "aws-iso",
    dnsSuffix: "c2s.ic.gov",
    regionRegex: /^us-iso-\w+-\d+$/,
    regions: ["aws-iso-global", "us-iso-east-1", "us-iso-west-1"]
  },
  {
    id: "aws-iso-b",
    dnsSuffix: "sc2s.sgov.gov",
    regionRegex: /^us-isob-\w+-\d+$/,
    regions: ["aws-iso-b-global", "us-isob-east-1", "us-isob-west-1"]
  },
  {
    id: "aws-iso-e",
    dnsSuffix: "cloud.adc-e.uk",
    regionRegex: /^eu-isoe-\w+-\d+$/,
    regions: ["aws-iso-e-global", "eu-isoe-west-1"]
  },
  {
    id: "aws-iso-f",
    dnsSuffix: "csp.hci.ic.gov",
    regionRegex: /^us-isof-\w+-\d+$/,
    regions: ["aws-iso-f-global", "us-isof-east-1", "us-isof-south-1"]
  },
  {
    id: "aws-us-gov",
    dnsSuffix: "amazonaws.com",
    regionRegex: /^us-gov-\w+-\d+$/,
    regions: ["aws-us-gov-global", "us-gov-east-1", "us-gov-west-1"]
  }
];
var AWS = PARTITIONS[0];
function partitionOf(region) {
  return PARTITIONS.find((p) => p.regions.includes(region)) ?? PARTITIONS.find((p) => p.regionRegex.test(region)) ?? AWS;
}
var PARTITION_IDS = PARTITIONS.map((p) => p.id);
function isRegionName(region) {
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(region);
}
function checkRegion(region) {
  if (!isRegionName(region)) throw new InvalidRegionError(region);
  return region;
}
function arn(service, region, account, resource) {
  return `arn:${partitionOf(region).id}:${service}:${region}:${account}:${resource}`;
}
function globalArn(service, region, account, resource) {
  return `arn:${partitionOf(region).id}:${service}::${account}:${resource}`;
}
function hostIn(prefix, region) {
  return `${prefix}.${region}.${partitionOf(region).dnsSuffix}`;
}
function parseArn(text) {
  const m = /^arn:([a-z-]+):([a-z0-9-]+):([a-z0-9-]*):([0-9]*):(.+)$/s.exec(text);
  if (!m || !PARTITION_IDS.includes(m[1])) return void 0;
  return { partition: m[1], service: m[2], region: m[3], account: m[4], resource: m[5] };
}

export {
  partitionOf,
  isRegionName,
  checkRegion,
  arn,
  globalArn,
  hostIn,
  parseArn
};
