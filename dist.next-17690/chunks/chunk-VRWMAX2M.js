import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/models/common.ts
var P1 = "[\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}\\r\\n\\t]*";
function str(opts = {}) {
  return { type: "string", ...opts };
}
function xmlString(max, doc) {
  return str({ ...max ? { min: 1, max } : {}, pattern: P1, ...doc ? { doc } : {} });
}

// src/models/autoscaling.ts
var VOLUME_TYPES = ["standard", "io1", "gp2", "st1", "sc1", "gp3"];
var ebs = {
  type: "structure",
  doc: "Parameters used to automatically set up EBS volumes when an instance is launched.",
  members: {
    SnapshotId: str({
      min: 1,
      max: 255,
      doc: "The snapshot ID of the volume to use. Either SnapshotId or VolumeSize must be given."
    }),
    VolumeSize: {
      type: "integer",
      min: 1,
      max: 16384,
      doc: "The volume size in GiB: gp2 and gp3 1-16384, io1 4-16384, st1 and sc1 125-16384, standard 1-1024; at least the snapshot size."
    },
    VolumeType: str({
      min: 1,
      max: 255,
      enum: VOLUME_TYPES,
      doc: "The volume type: standard, io1, gp2, st1, sc1 or gp3."
    }),
    DeleteOnTermination: { type: "boolean", doc: "Whether the volume is deleted on instance termination." },
    Iops: {
      type: "integer",
      min: 100,
      max: 2e4,
      doc: "The number of input/output operations per second: gp3 3000-16000, io1 100-20000; required for io1, not used with other types."
    },
    Encrypted: {
      type: "boolean",
      doc: "Whether the volume is encrypted; encrypted volumes attach only to instances that support encryption."
    },
    Throughput: {
      type: "integer",
      min: 125,
      max: 1e3,
      doc: "The throughput (MiBps) to provision for a gp3 volume: 125-1000."
    }
  },
  defaults: { DeleteOnTermination: true }
};
var blockDeviceMapping = {
  type: "structure",
  doc: "A block device mapping: a device name and exactly one of Ebs, NoDevice or VirtualName.",
  required: ["DeviceName"],
  members: {
    VirtualName: xmlString(
      255,
      "The name of the instance store volume (virtual device), ephemeral<X> with X a number from 0."
    ),
    DeviceName: xmlString(255, "The device name assigned to the volume (for example, /dev/sdh or xvdh)."),
    Ebs: ebs,
    NoDevice: {
      type: "boolean",
      doc: "When true, no volume from the image's own mapping is mapped to this device name."
    }
  }
};
var blockDeviceMappings = {
  type: "list",
  member: blockDeviceMapping,
  doc: "The block devices to attach at launch; by default the image's own mappings are used."
};
var instanceMonitoring = {
  type: "structure",
  doc: "Whether detailed (Enabled=true) or basic (Enabled=false) monitoring is enabled for launched instances.",
  members: {
    Enabled: { type: "boolean", doc: "If true, detailed monitoring is enabled; otherwise basic monitoring." }
  },
  defaults: { Enabled: true }
};
var metadataOptions = {
  type: "structure",
  doc: "The metadata options for the instances.",
  members: {
    HttpTokens: str({
      enum: ["optional", "required"],
      doc: "optional (default): metadata with or without a signed token; required: a signed token header must be sent (version 2.0 only)."
    }),
    HttpPutResponseHopLimit: {
      type: "integer",
      min: 1,
      max: 64,
      doc: "The desired HTTP PUT response hop limit for metadata requests: 1-64, default 1."
    },
    HttpEndpoint: str({
      enum: ["disabled", "enabled"],
      doc: "enabled (default) or disabled: whether instance metadata can be accessed."
    })
  },
  defaults: { HttpTokens: "optional", HttpPutResponseHopLimit: 1, HttpEndpoint: "enabled" }
};
var securityGroups = {
  type: "list",
  member: xmlString(),
  doc: "The security groups to assign to the instances."
};
var classicLinkGroups = {
  type: "list",
  member: xmlString(255),
  doc: "Kept for backward compatibility (EC2-Classic security groups); each 1-255 characters."
};
var launchConfigurationName = xmlString(255, "The name of the launch configuration.");
var commonMembers = {
  ImageId: xmlString(255, "The ID of the machine image used to launch the instances."),
  KeyName: xmlString(255, "The name of the key pair."),
  SecurityGroups: securityGroups,
  ClassicLinkVPCId: xmlString(255, "Kept for backward compatibility (the ID of a ClassicLink-enabled VPC)."),
  ClassicLinkVPCSecurityGroups: classicLinkGroups,
  UserData: str({
    max: 21847,
    pattern: P1,
    clientBase64: true,
    sensitive: true,
    doc: "The user data for the instances, at most 16,383 bytes, which the command line client base64-encodes (the service takes at most 21,847 characters of base64)."
  })
};
var afterInstanceType = {
  KernelId: xmlString(255, "The ID of the kernel associated with the image."),
  RamdiskId: xmlString(255, "The ID of the RAM disk associated with the image."),
  BlockDeviceMappings: blockDeviceMappings,
  InstanceMonitoring: instanceMonitoring,
  SpotPrice: str({
    min: 1,
    max: 255,
    doc: "The maximum hourly price for a Spot Instance launched to fulfil the request."
  }),
  IamInstanceProfile: xmlString(
    1600,
    "The name or ARN of the instance profile associated with the IAM role for the instance."
  )
};
var tail = {
  EbsOptimized: {
    type: "boolean",
    doc: "Whether the launch configuration is optimized for EBS I/O (true) or not (false)."
  },
  AssociatePublicIpAddress: {
    type: "boolean",
    doc: "Whether to assign a public IPv4 address to the group's instances."
  },
  PlacementTenancy: str({
    min: 1,
    max: 64,
    pattern: P1,
    enum: ["default", "dedicated"],
    doc: "The tenancy of the instance: default or dedicated (single-tenant hardware, VPC only)."
  }),
  MetadataOptions: metadataOptions
};
var launchConfigurationShape = {
  type: "structure",
  doc: "A launch configuration.",
  required: ["LaunchConfigurationName", "ImageId", "InstanceType", "CreatedTime"],
  members: {
    LaunchConfigurationName: launchConfigurationName,
    LaunchConfigurationARN: xmlString(1600, "The Amazon Resource Name (ARN) of the launch configuration."),
    ...commonMembers,
    InstanceType: xmlString(255, "The instance type for the instances."),
    ...afterInstanceType,
    CreatedTime: { type: "timestamp", doc: "The creation date and time for the launch configuration." },
    ...tail
  }
};
var createLaunchConfiguration = {
  name: "CreateLaunchConfiguration",
  creates: true,
  service: "autoscaling",
  paths: [["create-launch-configuration"], ["autoscaling", "create-launch-configuration"]],
  summary: "Creates a launch configuration.",
  input: {
    type: "structure",
    required: ["LaunchConfigurationName"],
    members: {
      LaunchConfigurationName: xmlString(255, "The name of the launch configuration; unique per region per account."),
      ...commonMembers,
      InstanceId: str({
        min: 1,
        max: 19,
        doc: "The ID of the instance to use to create the launch configuration (not supported by the embedded service)."
      }),
      InstanceType: xmlString(255, "The instance type of the instances (required unless InstanceId is given)."),
      ...afterInstanceType,
      ...tail
    }
  },
  output: { type: "structure", members: {} },
  examples: [
    {
      title: "Create a launch configuration with a gp3 volume",
      argv: [
        "create-launch-configuration",
        "--launch-configuration-name",
        "web",
        "--image-id",
        "ami-0abcdef1234567890",
        "--instance-type",
        "t3.micro",
        "--block-device-mappings",
        "DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3}"
      ]
    }
  ]
};
var describeLaunchConfigurations = {
  name: "DescribeLaunchConfigurations",
  readOnly: true,
  service: "autoscaling",
  paths: [["describe-launch-configurations"], ["autoscaling", "describe-launch-configurations"]],
  summary: "Gets information about the launch configurations in the account and region.",
  input: {
    type: "structure",
    members: {
      LaunchConfigurationNames: {
        type: "list",
        max: 50,
        member: xmlString(255),
        doc: "The launch configuration names (up to 50). When omitted, all launch configurations are described."
      },
      NextToken: xmlString(void 0, "The token for the next set of items to return (from a previous call)."),
      MaxRecords: { type: "integer", doc: "The maximum number of items to return with this call: 1-100, default 50." }
    }
  },
  output: {
    type: "structure",
    required: ["LaunchConfigurations"],
    members: {
      LaunchConfigurations: { type: "list", member: launchConfigurationShape, doc: "The launch configurations." },
      NextToken: xmlString(
        void 0,
        "A string that indicates that the response contains more items than can be returned in a single response."
      )
    }
  },
  paginator: {
    inputToken: "NextToken",
    outputToken: "NextToken",
    limitKey: "MaxRecords",
    resultKey: "LaunchConfigurations"
  },
  hiddenMembers: ["NextToken", "MaxRecords"],
  examples: [
    { title: "List every launch configuration", argv: ["describe-launch-configurations"] },
    {
      title: "Describe two by name",
      argv: ["describe-launch-configurations", "--launch-configuration-names", "web", "worker"]
    }
  ]
};
var deleteLaunchConfiguration = {
  name: "DeleteLaunchConfiguration",
  service: "autoscaling",
  paths: [["delete-launch-configuration"], ["autoscaling", "delete-launch-configuration"]],
  summary: "Deletes the specified launch configuration.",
  input: {
    type: "structure",
    required: ["LaunchConfigurationName"],
    members: { LaunchConfigurationName: xmlString(255, "The name of the launch configuration.") }
  },
  output: { type: "structure", members: {} },
  examples: [
    {
      title: "Delete a launch configuration",
      argv: ["delete-launch-configuration", "--launch-configuration-name", "web"]
    }
  ]
};
var AUTOSCALING_OPERATIONS = {
  CreateLaunchConfiguration: createLaunchConfiguration,
  DescribeLaunchConfigurations: describeLaunchConfigurations,
  DeleteLaunchConfiguration: deleteLaunchConfiguration
};

// src/models/ecr.ts
var REPOSITORY_NAME_PATTERN = "[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*";
var FILTER_PATTERN = "[0-9a-zA-Z._*-]{1,128}";
var MUTABILITIES = ["MUTABLE", "IMMUTABLE", "IMMUTABLE_WITH_EXCLUSION", "MUTABLE_WITH_EXCLUSION"];
var ENCRYPTION_TYPES = ["AES256", "KMS", "KMS_DSSE"];
var registryId = str({ pattern: "[0-9]{12}" });
var repositoryName = str({ min: 2, max: 256, pattern: REPOSITORY_NAME_PATTERN });
var tagKey = str({
  doc: "One part of a key-value pair that make up a tag: a label that acts like a category for more specific tag values (1-128 characters, not starting with aws:)."
});
var tagList = (doc) => ({
  type: "list",
  doc,
  member: {
    type: "structure",
    required: ["Key", "Value"],
    members: {
      Key: tagKey,
      Value: str({ doc: "A value that acts as a descriptor within a tag category (key): up to 256 characters." })
    }
  }
});
var tags = tagList(
  "The metadata to apply to the repository: up to 50 tags, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters)."
);
var exclusionFilters = {
  type: "list",
  min: 1,
  max: 5,
  doc: "Filters naming the image tags that are excluded from the image tag mutability setting (1 to 5).",
  member: {
    type: "structure",
    required: ["filterType", "filter"],
    members: {
      filterType: str({ enum: ["WILDCARD"], doc: "The type of filter: WILDCARD." }),
      filter: str({
        min: 1,
        max: 128,
        pattern: FILTER_PATTERN,
        doc: "The tag pattern of the filter (letters, digits, ., _, * and -)."
      })
    }
  }
};
var scanning = {
  type: "structure",
  doc: "The image scanning configuration for the repository (deprecated in favour of a registry-level scanning configuration).",
  members: {
    scanOnPush: {
      type: "boolean",
      doc: "When true, images are scanned after being pushed; otherwise only when a scan is started manually."
    }
  },
  defaults: { scanOnPush: false }
};
var encryption = {
  type: "structure",
  doc: "The encryption configuration for the repository: how its contents are encrypted at rest.",
  required: ["encryptionType"],
  members: {
    encryptionType: str({
      enum: ENCRYPTION_TYPES,
      doc: "AES256 (server-side, object-storage-managed keys), KMS (a key in the managed key service) or KMS_DSSE (two layers of KMS encryption)."
    }),
    kmsKey: str({
      min: 1,
      max: 2048,
      doc: "For KMS and KMS_DSSE: the alias, key id or full ARN of the key, in the same region as the repository; the default managed key when omitted."
    })
  }
};
var repositoryShape = {
  type: "structure",
  doc: "An object representing a repository.",
  members: {
    repositoryArn: str({ doc: "The Amazon Resource Name (ARN) of the repository." }),
    registryId: { ...registryId, doc: "The account id of the registry that contains the repository." },
    repositoryName: { ...repositoryName, doc: "The name of the repository." },
    repositoryUri: str({ doc: "The URI for the repository, used for image push and pull." }),
    createdAt: { type: "timestamp", doc: "The date and time when the repository was created." },
    imageTagMutability: str({ enum: MUTABILITIES, doc: "The tag mutability setting for the repository." }),
    imageTagMutabilityExclusionFilters: exclusionFilters,
    imageScanningConfiguration: scanning,
    encryptionConfiguration: encryption
  }
};
var createRepository = {
  name: "CreateRepository",
  creates: true,
  service: "ecr",
  paths: [["create-repository"], ["ecr", "create-repository"]],
  summary: "Creates an image repository.",
  input: {
    type: "structure",
    required: ["repositoryName"],
    members: {
      registryId: {
        ...registryId,
        doc: "The account id (12 digits) of the registry to create the repository in. Default: the default registry."
      },
      repositoryName: {
        ...repositoryName,
        doc: "The name to use for the repository (2-256 characters; lowercase letters, numbers, ., _, - and / namespaces; starting with a letter)."
      },
      tags,
      imageTagMutability: str({
        enum: MUTABILITIES,
        doc: "The tag mutability setting: MUTABLE (default, tags can be overwritten), IMMUTABLE, IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION."
      }),
      imageTagMutabilityExclusionFilters: exclusionFilters,
      imageScanningConfiguration: scanning,
      encryptionConfiguration: encryption
    },
    defaults: { imageTagMutability: "MUTABLE" }
  },
  output: {
    type: "structure",
    members: { repository: { ...repositoryShape, doc: "The repository that was created." } }
  },
  examples: [
    { title: "Create a repository in a namespace", argv: ["create-repository", "--repository-name", "team/app"] },
    {
      title: "Create an immutable repository scanned on push, with tags",
      argv: [
        "create-repository",
        "--repository-name",
        "team/api",
        "--image-tag-mutability",
        "IMMUTABLE",
        "--image-scanning-configuration",
        "scanOnPush=true",
        "--tags",
        "Key=env,Value=prod"
      ]
    }
  ]
};
var describeRepositories = {
  name: "DescribeRepositories",
  readOnly: true,
  service: "ecr",
  paths: [["describe-repositories"], ["ecr", "describe-repositories"]],
  summary: "Describes image repositories in a registry.",
  input: {
    type: "structure",
    members: {
      registryId: { ...registryId, doc: "The account id of the registry. Default: the default registry." },
      repositoryNames: {
        type: "list",
        min: 1,
        max: 100,
        member: repositoryName,
        doc: "Repositories to describe; all when omitted."
      },
      nextToken: str({ doc: "The nextToken of a previous truncated response." }),
      maxResults: { type: "integer", min: 1, max: 1e3, doc: "The maximum number of results per page." }
    }
  },
  output: {
    type: "structure",
    members: {
      repositories: { type: "list", member: repositoryShape, doc: "A list of repository objects." },
      nextToken: str({ doc: "The token to request the next page, when there is one." })
    }
  },
  paginator: { inputToken: "nextToken", outputToken: "nextToken", limitKey: "maxResults", resultKey: "repositories" },
  hiddenMembers: ["nextToken", "maxResults"],
  examples: [
    {
      title: "List the names of every repository",
      argv: ["describe-repositories", "--query", "repositories[].repositoryName", "--output", "text"]
    },
    { title: "Describe one repository by name", argv: ["describe-repositories", "--repository-names", "team/app"] }
  ]
};
var deleteRepository = {
  name: "DeleteRepository",
  service: "ecr",
  paths: [["delete-repository"], ["ecr", "delete-repository"]],
  summary: "Deletes a repository.",
  input: {
    type: "structure",
    required: ["repositoryName"],
    members: {
      registryId: { ...registryId, doc: "The account id of the registry. Default: the default registry." },
      repositoryName: { ...repositoryName, doc: "The name of the repository to delete." },
      force: { type: "boolean", doc: "Delete the repository even if it contains images." }
    }
  },
  output: {
    type: "structure",
    members: { repository: { ...repositoryShape, doc: "The repository that was deleted." } }
  },
  examples: [{ title: "Delete a repository", argv: ["delete-repository", "--repository-name", "team/api"] }]
};
var resourceArn = (doc) => str({
  doc: `${doc} Currently, the only supported resource is a repository (arn:aws:ecr:REGION:ACCOUNT:repository/NAME).`
});
var listTagsForResource = {
  name: "ListTagsForResource",
  service: "ecr",
  paths: [["list-tags-for-resource"], ["ecr", "list-tags-for-resource"]],
  summary: "List the tags for a repository.",
  input: {
    type: "structure",
    required: ["resourceArn"],
    members: {
      resourceArn: resourceArn(
        "The Amazon Resource Name (ARN) that identifies the resource for which to list the tags."
      )
    }
  },
  output: {
    type: "structure",
    members: { tags: tagList("The tags for the resource.") }
  },
  examples: [
    {
      title: "List the tags of a repository",
      argv: ["list-tags-for-resource", "--resource-arn", "arn:aws:ecr:us-east-1:000000000000:repository/team/api"]
    }
  ]
};
var tagResource = {
  name: "TagResource",
  service: "ecr",
  paths: [["tag-resource"], ["ecr", "tag-resource"]],
  summary: "Adds tags to a repository; a key it already has takes the new value, and its other tags stay.",
  input: {
    type: "structure",
    required: ["resourceArn", "tags"],
    members: {
      resourceArn: resourceArn("The Amazon Resource Name (ARN) of the resource to which to add tags."),
      tags: tagList(
        "The tags to add to the resource: the resource can hold up to 50, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters)."
      )
    }
  },
  output: { type: "structure", members: {} },
  examples: [
    {
      title: "Tag a repository",
      argv: [
        "tag-resource",
        "--resource-arn",
        "arn:aws:ecr:us-east-1:000000000000:repository/team/api",
        "--tags",
        "Key=owner,Value=platform",
        "Key=env,Value=staging"
      ]
    }
  ]
};
var untagResource = {
  name: "UntagResource",
  service: "ecr",
  paths: [["untag-resource"], ["ecr", "untag-resource"]],
  summary: "Deletes tags from a repository; a key it does not have is ignored.",
  input: {
    type: "structure",
    required: ["resourceArn", "tagKeys"],
    members: {
      resourceArn: resourceArn("The Amazon Resource Name (ARN) of the resource from which to remove tags."),
      tagKeys: { type: "list", member: tagKey, doc: "The keys of the tags to be removed." }
    }
  },
  output: { type: "structure", members: {} },
  examples: [
    {
      title: "Remove a tag from a repository",
      argv: [
        "untag-resource",
        "--resource-arn",
        "arn:aws:ecr:us-east-1:000000000000:repository/team/api",
        "--tag-keys",
        "owner"
      ]
    }
  ]
};
var ECR_OPERATIONS = {
  CreateRepository: createRepository,
  DescribeRepositories: describeRepositories,
  TagResource: tagResource,
  ListTagsForResource: listTagsForResource,
  UntagResource: untagResource,
  DeleteRepository: deleteRepository
};

// src/models/stripe-identity.ts
var identity = {
  type: "structure",
  doc: "Information about the company, individual, and business represented by the Account.",
  members: {
    attestations: {
      type: "structure",
      doc: "Attestations from the identity's key people, e.g. owners, executives, directors, representatives.",
      members: {
        directorship_declaration: {
          type: "structure",
          doc: "This hash is used to attest that the directors information provided to Stripe is both current and correct; IP, date, and User Agent are expanded by Stripe.",
          members: {
            attested: { type: "boolean", doc: "A boolean indicating if the directors information has been attested." }
          }
        },
        ownership_declaration: {
          type: "structure",
          doc: "This hash is used to attest that the beneficial owner information provided to Stripe is both current and correct; IP, date, and User Agent are expanded by Stripe.",
          members: {
            attested: {
              type: "boolean",
              doc: "A boolean indicating if the beneficial owner information has been attested."
            }
          }
        },
        persons_provided: {
          type: "structure",
          doc: "Attestation that all Persons with a specific Relationship value have been provided.",
          members: {
            directors: {
              type: "boolean",
              doc: "Whether the company\u2019s directors have been provided. Set this Boolean to true after creating all the company\u2019s directors with the Persons API."
            },
            executives: {
              type: "boolean",
              doc: "Whether the company\u2019s executives have been provided. Set this Boolean to true after creating all the company\u2019s executives with the Persons API."
            },
            owners: {
              type: "boolean",
              doc: "Whether the company\u2019s owners have been provided. Set this Boolean to true after creating all the company\u2019s owners with the Persons API."
            },
            ownership_exemption_reason: {
              type: "string",
              doc: "Reason for why the company is exempt from providing ownership information.",
              enum: ["qualified_entity_exceeds_ownership_threshold", "qualifies_as_financial_institution"]
            }
          }
        },
        representative_declaration: {
          type: "structure",
          doc: "This hash is used to attest that the representative is authorized to act as the representative of their legal entity; IP, date, and User Agent are expanded by Stripe.",
          members: {
            attested: {
              type: "boolean",
              doc: "A boolean indicating if the representative is authorized to act as the representative of their legal entity."
            }
          }
        },
        terms_of_service: {
          type: "structure",
          doc: "Attestations of accepted terms of service agreements.",
          members: {
            account: {
              type: "structure",
              doc: "Details on the Account's acceptance of the [Stripe Services Agreement]; IP, date, and User Agent are expanded by Stripe.",
              members: {
                shown_and_accepted: { type: "boolean", doc: "The boolean value indicating if the terms of service have been accepted." }
              }
            }
          }
        }
      }
    },
    business_details: {
      type: "structure",
      doc: "Information about the company or business.",
      members: {
        additional_addresses: {
          type: "list",
          doc: "Additional addresses associated with the business.",
          member: {
            type: "structure",
            members: {
              city: { type: "string", doc: "City, district, suburb, town, or village." },
              country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
              line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
              line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
              postal_code: { type: "string", doc: "ZIP or postal code." },
              purpose: {
                type: "string",
                doc: "Purpose of additional address.",
                enum: ["administrative", "principal_place_of_business"]
              },
              state: { type: "string", doc: "State, county, province, or region." },
              town: { type: "string", doc: "Town or district." }
            },
            required: ["purpose"]
          }
        },
        address: {
          type: "structure",
          doc: "The business registration address of the business entity.",
          members: {
            city: { type: "string", doc: "City, district, suburb, town, or village." },
            country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
            line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
            line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
            postal_code: { type: "string", doc: "ZIP or postal code." },
            state: { type: "string", doc: "State, county, province, or region." },
            town: { type: "string", doc: "Town or district." }
          }
        },
        annual_revenue: {
          type: "structure",
          doc: "The business gross annual revenue for its preceding fiscal year.",
          members: {
            amount: {
              type: "structure",
              doc: "A non-negative integer representing the amount in the smallest currency unit.",
              members: {
                currency: {
                  type: "string",
                  doc: "Three-letter ISO currency code, in lowercase. Must be a supported currency."
                },
                value: {
                  type: "integer",
                  doc: "A non-negative integer representing how much to charge in the smallest currency unit."
                }
              },
              required: ["currency", "value"]
            },
            fiscal_year_end: {
              type: "string",
              doc: "The close-out date of the preceding fiscal year in ISO 8601 format. E.g. 2023-12-31 for the 31st of December, 2023."
            }
          }
        },
        documents: {
          type: "structure",
          doc: "A document verifying the business.",
          members: {
            bank_account_ownership_verification: {
              type: "structure",
              doc: "One or more documents that support the bank account ownership verification requirement. Must be a document associated with the account's primary active bank account that displays the last 4 digits of the account number, either a statement or a check.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_license: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of a company's license to operate.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_memorandum_of_association: {
              type: "structure",
              doc: "One or more documents showing the company's Memorandum of Association.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_ministerial_decree: {
              type: "structure",
              doc: "Certain countries only: One or more documents showing the ministerial decree legalizing the company's establishment.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_registration_verification: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of a company's registration with the appropriate local authorities.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_tax_id_verification: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of a company's tax ID.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            primary_verification: {
              type: "structure",
              doc: "A document verifying the business.",
              members: {
                front_back: {
                  type: "structure",
                  doc: "The file upload tokens referring to each side of the document.",
                  members: {
                    back: {
                      type: "string",
                      doc: "A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    },
                    front: {
                      type: "string",
                      doc: "A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    }
                  }
                },
                type: {
                  type: "string",
                  doc: "The format of the verification document. Currently supports `front_back` only.",
                  enum: ["front_back"]
                }
              },
              required: ["front_back", "type"]
            },
            proof_of_address: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of address.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            proof_of_registration: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of ultimate beneficial ownership.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                signer: {
                  type: "structure",
                  doc: "Person that is signing the document.",
                  members: { person: { type: "string", doc: "Person signing the document." } },
                  required: ["person"]
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            proof_of_ultimate_beneficial_ownership: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of ultimate beneficial ownership.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                signer: {
                  type: "structure",
                  doc: "Person that is signing the document.",
                  members: { person: { type: "string", doc: "Person signing the document." } },
                  required: ["person"]
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            }
          }
        },
        estimated_worker_count: {
          type: "integer",
          doc: "Estimated maximum number of workers currently engaged by the business (including employees, contractors, and vendors)."
        },
        id_numbers: {
          type: "list",
          doc: "The ID numbers of a business entity.",
          member: {
            type: "structure",
            members: {
              registrar: { type: "string", doc: "The registrar of the ID number (Only valid for DE ID number types)." },
              type: {
                type: "string",
                doc: "Open Enum. The ID number type of a business entity.",
                enum: [
                  "ae_crn",
                  "ae_vat",
                  "ao_nif",
                  "ar_cuit",
                  "at_fn",
                  "at_stn",
                  "at_vat",
                  "au_abn",
                  "au_acn",
                  "au_in",
                  "az_tin",
                  "bd_etin",
                  "be_cbe",
                  "be_vat",
                  "bg_uic",
                  "bg_vat",
                  "br_cnpj",
                  "ca_cn",
                  "ca_crarr",
                  "ca_gst_hst",
                  "ca_neq",
                  "ca_rid",
                  "ch_chid",
                  "ch_uid",
                  "cr_cpj",
                  "cr_nite",
                  "cy_he",
                  "cy_tic",
                  "cy_vat",
                  "cz_ico",
                  "cz_vat",
                  "de_hrn",
                  "de_stn",
                  "de_vat",
                  "dk_cvr",
                  "dk_vat",
                  "do_rcn",
                  "ee_rk",
                  "ee_vat",
                  "es_cif",
                  "es_vat",
                  "fi_vat",
                  "fi_yt",
                  "fr_rna",
                  "fr_siren",
                  "fr_vat",
                  "gb_crn",
                  "gb_vat",
                  "gi_crn",
                  "gr_afm",
                  "gr_gemi",
                  "gr_vat",
                  "gt_nit",
                  "hk_br",
                  "hk_cr",
                  "hr_mbs",
                  "hr_oib",
                  "hr_vat",
                  "hu_cjs",
                  "hu_tin",
                  "hu_vat",
                  "ie_crn",
                  "ie_trn",
                  "ie_vat",
                  "it_rea",
                  "it_vat",
                  "jp_cn",
                  "kz_bin",
                  "li_uid",
                  "lt_ccrn",
                  "lt_vat",
                  "lu_nif",
                  "lu_rcs",
                  "lu_vat",
                  "lv_urn",
                  "lv_vat",
                  "mt_crn",
                  "mt_tin",
                  "mt_vat",
                  "mx_rfc",
                  "my_brn",
                  "my_coid",
                  "my_itn",
                  "my_sst",
                  "mz_nuit",
                  "nl_kvk",
                  "nl_rsin",
                  "nl_vat",
                  "no_orgnr",
                  "nz_bn",
                  "nz_ird",
                  "pe_ruc",
                  "pk_ntn",
                  "pl_nip",
                  "pl_regon",
                  "pl_vat",
                  "pt_vat",
                  "ro_cui",
                  "ro_orc",
                  "ro_vat",
                  "sa_crn",
                  "sa_tin",
                  "se_orgnr",
                  "se_vat",
                  "sg_uen",
                  "si_msp",
                  "si_tin",
                  "si_vat",
                  "sk_dic",
                  "sk_ico",
                  "sk_vat",
                  "th_crn",
                  "th_prn",
                  "th_tin",
                  "us_ein"
                ]
              },
              value: { type: "string", doc: "The value of the ID number.", sensitive: true }
            },
            required: ["type", "value"]
          }
        },
        monthly_estimated_revenue: {
          type: "structure",
          doc: "An estimate of the monthly revenue of the business.",
          members: {
            amount: {
              type: "structure",
              doc: "A non-negative integer representing the amount in the smallest currency unit.",
              members: {
                currency: {
                  type: "string",
                  doc: "Three-letter ISO currency code, in lowercase. Must be a supported currency."
                },
                value: {
                  type: "integer",
                  doc: "A non-negative integer representing how much to charge in the smallest currency unit."
                }
              },
              required: ["currency", "value"]
            }
          }
        },
        phone: { type: "string", doc: "The phone number of the Business Entity." },
        registered_name: { type: "string", doc: "The business legal name." },
        registration_date: {
          type: "structure",
          doc: "When the business was incorporated or registered.",
          members: {
            day: { type: "integer", doc: "The day of registration, between 1 and 31." },
            month: { type: "integer", doc: "The month of registration, between 1 and 12." },
            year: { type: "integer", doc: "The four-digit year of registration." }
          },
          required: ["day", "month", "year"]
        },
        script_addresses: {
          type: "structure",
          doc: "The business registration address of the business entity in non latin script.",
          members: {
            kana: {
              type: "structure",
              doc: "Kana Address.",
              members: {
                city: { type: "string", doc: "City, district, suburb, town, or village." },
                country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
                line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
                line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
                postal_code: { type: "string", doc: "ZIP or postal code." },
                state: { type: "string", doc: "State, county, province, or region." },
                town: { type: "string", doc: "Town or district." }
              }
            },
            kanji: {
              type: "structure",
              doc: "Kanji Address.",
              members: {
                city: { type: "string", doc: "City, district, suburb, town, or village." },
                country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
                line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
                line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
                postal_code: { type: "string", doc: "ZIP or postal code." },
                state: { type: "string", doc: "State, county, province, or region." },
                town: { type: "string", doc: "Town or district." }
              }
            }
          }
        },
        script_names: {
          type: "structure",
          doc: "The business legal name in non latin script.",
          members: {
            kana: {
              type: "structure",
              doc: "Kana name.",
              members: { registered_name: { type: "string", doc: "Registered name of the business." } }
            },
            kanji: {
              type: "structure",
              doc: "Kanji name.",
              members: { registered_name: { type: "string", doc: "Registered name of the business." } }
            }
          }
        },
        structure: {
          type: "string",
          doc: "The category identifying the legal structure of the business.",
          enum: [
            "cooperative",
            "free_zone_establishment",
            "free_zone_llc",
            "governmental_unit",
            "government_instrumentality",
            "incorporated_association",
            "incorporated_non_profit",
            "incorporated_partnership",
            "limited_liability_partnership",
            "llc",
            "multi_member_llc",
            "private_company",
            "private_corporation",
            "private_partnership",
            "public_company",
            "public_corporation",
            "public_listed_corporation",
            "public_partnership",
            "registered_charity",
            "single_member_llc",
            "sole_establishment",
            "sole_proprietorship",
            "tax_exempt_government_instrumentality",
            "trust",
            "unincorporated_association",
            "unincorporated_non_profit",
            "unincorporated_partnership"
          ]
        }
      }
    },
    entity_type: {
      type: "string",
      doc: "The entity type.",
      enum: ["company", "government_entity", "individual", "non_profit"]
    },
    individual: {
      type: "structure",
      doc: "Information about the person represented by the account.",
      members: {
        additional_addresses: {
          type: "list",
          doc: "Additional addresses associated with the individual.",
          member: {
            type: "structure",
            members: {
              city: { type: "string", doc: "City, district, suburb, town, or village." },
              country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
              line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
              line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
              postal_code: { type: "string", doc: "ZIP or postal code." },
              purpose: { type: "string", doc: "Purpose of additional address.", enum: ["registered"] },
              state: { type: "string", doc: "State, county, province, or region." },
              town: { type: "string", doc: "Town or district." }
            },
            required: ["purpose"]
          }
        },
        additional_names: {
          type: "list",
          doc: "Additional names (e.g. aliases) associated with the individual.",
          member: {
            type: "structure",
            members: {
              full_name: { type: "string", doc: "The person's full name." },
              given_name: { type: "string", doc: "The person's first or given name." },
              purpose: { type: "string", doc: "The purpose or type of the additional name.", enum: ["alias", "maiden"] },
              surname: { type: "string", doc: "The person's last or family name." }
            },
            required: ["purpose"]
          }
        },
        address: {
          type: "structure",
          doc: "The individual's residential address.",
          members: {
            city: { type: "string", doc: "City, district, suburb, town, or village." },
            country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
            line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
            line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
            postal_code: { type: "string", doc: "ZIP or postal code." },
            state: { type: "string", doc: "State, county, province, or region." },
            town: { type: "string", doc: "Town or district." }
          }
        },
        date_of_birth: {
          type: "structure",
          doc: "The individual's date of birth.",
          members: {
            day: { type: "integer", doc: "The day of the birth." },
            month: { type: "integer", doc: "The month of birth." },
            year: { type: "integer", doc: "The year of birth." }
          },
          required: ["day", "month", "year"]
        },
        documents: {
          type: "structure",
          doc: "Documents that may be submitted to satisfy various informational requests.",
          members: {
            company_authorization: {
              type: "structure",
              doc: "One or more documents that demonstrate proof that this person is authorized to represent the company.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            passport: {
              type: "structure",
              doc: "One or more documents showing the person's passport page with photo and personal data.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            primary_verification: {
              type: "structure",
              doc: "An identifying document showing the person's name, either a passport or local ID card.",
              members: {
                front_back: {
                  type: "structure",
                  doc: "The file upload tokens referring to each side of the document.",
                  members: {
                    back: {
                      type: "string",
                      doc: "A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    },
                    front: {
                      type: "string",
                      doc: "A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    }
                  }
                },
                type: {
                  type: "string",
                  doc: "The format of the verification document. Currently supports `front_back` only.",
                  enum: ["front_back"]
                }
              },
              required: ["front_back", "type"]
            },
            secondary_verification: {
              type: "structure",
              doc: "A document showing address, either a passport, local ID card, or utility bill from a well-known utility company.",
              members: {
                front_back: {
                  type: "structure",
                  doc: "The file upload tokens referring to each side of the document.",
                  members: {
                    back: {
                      type: "string",
                      doc: "A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    },
                    front: {
                      type: "string",
                      doc: "A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    }
                  }
                },
                type: {
                  type: "string",
                  doc: "The format of the verification document. Currently supports `front_back` only.",
                  enum: ["front_back"]
                }
              },
              required: ["front_back", "type"]
            },
            visa: {
              type: "structure",
              doc: "One or more documents showing the person's visa required for living in the country where they are residing.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            }
          }
        },
        email: {
          type: "string",
          doc: "The individual's email address. You can only set this field when the Account is configured as a `merchant` or `recipient`. Use `contact_email` as the primary contact email for this Account."
        },
        given_name: { type: "string", doc: "The individual's first name." },
        id_numbers: {
          type: "list",
          doc: "The identification numbers (e.g., SSN) associated with the individual.",
          member: {
            type: "structure",
            members: {
              type: {
                type: "string",
                doc: "The ID number type of an individual.",
                enum: [
                  "ae_eid",
                  "ao_nif",
                  "ar_cuil",
                  "ar_dni",
                  "at_stn",
                  "az_tin",
                  "bd_brc",
                  "bd_etin",
                  "bd_nid",
                  "be_nrn",
                  "bg_ucn",
                  "bn_nric",
                  "br_cpf",
                  "ca_sin",
                  "ch_oasi",
                  "cl_rut",
                  "cn_pp",
                  "co_nuip",
                  "cr_ci",
                  "cr_cpf",
                  "cr_dimex",
                  "cr_nite",
                  "cy_tic",
                  "cz_rc",
                  "de_stn",
                  "dk_cpr",
                  "do_cie",
                  "do_rcn",
                  "ec_ci",
                  "ee_ik",
                  "es_nif",
                  "fi_hetu",
                  "fr_nir",
                  "gb_nino",
                  "gr_afm",
                  "gt_nit",
                  "hk_id",
                  "hr_oib",
                  "hu_ad",
                  "id_nik",
                  "ie_ppsn",
                  "is_kt",
                  "it_cf",
                  "jp_inc",
                  "ke_pin",
                  "kz_iin",
                  "li_peid",
                  "lt_ak",
                  "lu_nif",
                  "lv_pk",
                  "mx_rfc",
                  "my_nric",
                  "mz_nuit",
                  "ng_nin",
                  "nl_bsn",
                  "no_nin",
                  "nz_ird",
                  "pe_dni",
                  "pk_cnic",
                  "pk_snic",
                  "pl_pesel",
                  "pt_nif",
                  "ro_cnp",
                  "sa_tin",
                  "se_pin",
                  "sg_fin",
                  "sg_nric",
                  "sk_dic",
                  "th_lc",
                  "th_pin",
                  "tr_tin",
                  "us_itin",
                  "us_itin_last_4",
                  "us_ssn",
                  "us_ssn_last_4",
                  "uy_dni",
                  "za_id"
                ]
              },
              value: { type: "string", doc: "The value of the ID number.", sensitive: true }
            },
            required: ["type", "value"]
          }
        },
        legal_gender: {
          type: "string",
          doc: `The individual's gender (International regulations require either "male" or "female").`,
          enum: ["female", "male"]
        },
        metadata: {
          type: "map",
          doc: "Set of key-value pairs that you can attach to an object. This can be useful for storing additional information about the object in a structured format.",
          key: { type: "string" },
          value: { type: "string" }
        },
        nationalities: {
          type: "list",
          doc: "The countries where the individual is a national. Two-letter country code (ISO 3166-1 alpha-2).",
          member: { type: "string" }
        },
        phone: { type: "string", doc: "The individual's phone number." },
        political_exposure: { type: "string", doc: "The individual's political exposure.", enum: ["existing", "none"] },
        relationship: {
          type: "structure",
          doc: "The relationship that this individual has with the account's identity.",
          members: {
            director: {
              type: "boolean",
              doc: "Whether the person is a director of the account's identity. Directors are typically members of the governing board of the company, or responsible for ensuring the company meets its regulatory obligations."
            },
            executive: {
              type: "boolean",
              doc: "Whether the person has significant responsibility to control, manage, or direct the organization."
            },
            owner: { type: "boolean", doc: "Whether the person is an owner of the account's identity." },
            percent_ownership: {
              type: "string",
              doc: "The percent owned by the person of the account's legal entity.",
              pattern: "-?[0-9]+(\\.[0-9]+)?"
            },
            title: { type: "string", doc: "The person's title (e.g., CEO, Support Engineer)." }
          }
        },
        script_addresses: {
          type: "structure",
          doc: "The script addresses (e.g., non-Latin characters) associated with the individual.",
          members: {
            kana: {
              type: "structure",
              doc: "Kana Address.",
              members: {
                city: { type: "string", doc: "City, district, suburb, town, or village." },
                country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
                line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
                line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
                postal_code: { type: "string", doc: "ZIP or postal code." },
                state: { type: "string", doc: "State, county, province, or region." },
                town: { type: "string", doc: "Town or district." }
              }
            },
            kanji: {
              type: "structure",
              doc: "Kanji Address.",
              members: {
                city: { type: "string", doc: "City, district, suburb, town, or village." },
                country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
                line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
                line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
                postal_code: { type: "string", doc: "ZIP or postal code." },
                state: { type: "string", doc: "State, county, province, or region." },
                town: { type: "string", doc: "Town or district." }
              }
            }
          }
        },
        script_names: {
          type: "structure",
          doc: "The individuals primary name in non latin script.",
          members: {
            kana: {
              type: "structure",
              doc: "Persons name in kana script.",
              members: {
                given_name: { type: "string", doc: "The person's first or given name." },
                surname: { type: "string", doc: "The person's last or family name." }
              }
            },
            kanji: {
              type: "structure",
              doc: "Persons name in kanji script.",
              members: {
                given_name: { type: "string", doc: "The person's first or given name." },
                surname: { type: "string", doc: "The person's last or family name." }
              }
            }
          }
        },
        surname: { type: "string", doc: "The individual's last name." }
      }
    }
  }
};

// src/models/stripe.ts
var timestamp = (doc) => str({ format: "date-time", doc: `${doc} RFC 3339 UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ).` });
var accountTokenShape = {
  type: "structure",
  doc: "A single-use account token (object v2.core.account_token).",
  members: {
    id: str({ doc: "Unique identifier of the token." }),
    object: str({ enum: ["v2.core.account_token"], doc: "Always v2.core.account_token." }),
    created: timestamp("Creation time,"),
    expires_at: timestamp("Time at which the token expires,"),
    livemode: { type: "boolean", doc: "true if the token exists in live mode, false in test mode." },
    used: { type: "boolean", doc: "Whether the token has already been used (a token can be used only once)." }
  }
};
var createAccountToken = {
  name: "CreateAccountToken",
  creates: true,
  service: "stripe",
  paths: [["account-token", "create"]],
  summary: "Creates a single-use token that tokenizes an account's contact details and identity.",
  http: { method: "POST", path: "/v2/core/account_tokens" },
  // Made where the account holder is: a publishable key (in test mode a secret key too), never a restricted key.
  keyRule: {
    take: "client-side",
    action: "create account tokens",
    use: "a publishable key, or in test mode a secret key",
    liveModePublishableOnly: true
  },
  input: {
    type: "structure",
    members: {
      contact_email: str({ doc: "The default contact email address for the account." }),
      contact_phone: str({ doc: "The default contact phone for the account." }),
      display_name: str({
        doc: "A descriptive name for the account, shown in the service's dashboard and on invoices sent to it."
      }),
      identity
    }
  },
  output: accountTokenShape,
  examples: [
    {
      title: "Create a token for a company (the API reference's example)",
      argv: [
        "account-token",
        "create",
        "--contact-email",
        "furever@example.com",
        "--display-name",
        "Furever",
        "--identity",
        "attestations={terms_of_service={account={shown_and_accepted=true}}},entity_type=company,business_details={registered_name=Furever}"
      ]
    },
    {
      title: "Create a token for an individual, nested members included",
      argv: [
        "account-token",
        "create",
        "--contact-email",
        "jenny@example.com",
        "--identity",
        "entity_type=individual,individual={given_name=Jenny,surname=Rosen,date_of_birth={day=28,month=1,year=1990},id_numbers=[{type=us_ssn_last_4,value=0000}],nationalities=[US],relationship={owner=true,percent_ownership=100}}"
      ]
    }
  ]
};
var getAccountToken = {
  name: "RetrieveAccountToken",
  readOnly: true,
  service: "stripe",
  paths: [["account-token", "get"]],
  summary: "Retrieves an account token by id.",
  http: { method: "GET", path: "/v2/core/account_tokens/{id}" },
  keyRule: { take: "client-side", action: "retrieve account tokens", use: "a secret or publishable key" },
  input: {
    type: "structure",
    required: ["id"],
    members: { id: str({ min: 1, doc: "The id of the account token (accttok_...)." }) }
  },
  output: accountTokenShape,
  examples: [
    {
      title: "Retrieve a token by the id that account-token create printed",
      argv: ["account-token", "get", "--id", "accttok_p1FWfAWPdo6KgxrK9p5fzTwb"]
    }
  ]
};
var meterEventAdjustmentShape = {
  type: "structure",
  doc: "A meter event adjustment (object v2.billing.meter_event_adjustment).",
  members: {
    id: str({ doc: "Unique id of the adjustment." }),
    object: str({ enum: ["v2.billing.meter_event_adjustment"], doc: "Always v2.billing.meter_event_adjustment." }),
    cancel: {
      type: "structure",
      doc: "Which meter event to cancel.",
      members: { identifier: str({ doc: "The identifier of the meter event to cancel." }) }
    },
    created: timestamp("Time the adjustment was created,"),
    event_name: str({ min: 1, doc: "The name of the meter event; corresponds to the event_name field of a meter." }),
    livemode: { type: "boolean", doc: "true in live mode, false in test mode." },
    status: str({ enum: ["complete", "pending"], doc: "complete (processed) or pending (still being processed)." }),
    type: str({ enum: ["cancel"], doc: "The type of adjustment: cancel (cancel a single meter event by identifier)." })
  }
};
var createMeterEventAdjustment = {
  name: "CreateMeterEventAdjustment",
  creates: true,
  service: "stripe",
  paths: [["meter-event-adjustment", "create"]],
  summary: "Creates an adjustment that cancels a previously sent billing meter event.",
  http: { method: "POST", path: "/v2/billing/meter_event_adjustments" },
  keyRule: { take: "server-side", resource: "meter event adjustments" },
  input: {
    type: "structure",
    required: ["cancel", "event_name", "type"],
    members: {
      cancel: {
        type: "structure",
        doc: "Which meter event to cancel: identifier, a meter event received within the last 24 hours.",
        // Stripe's published schema: at most 100 characters each.
        members: { identifier: str({ max: 100, doc: "The identifier of the meter event to cancel." }) }
      },
      event_name: str({
        min: 1,
        max: 100,
        doc: "The name of the meter event; corresponds to the event_name field of a meter."
      }),
      type: str({ enum: ["cancel"], doc: "The type of cancellation: cancel (a single meter event by identifier)." })
    }
  },
  output: meterEventAdjustmentShape,
  examples: [
    {
      title: "Cancel a meter event",
      argv: [
        "meter-event-adjustment",
        "create",
        "--event-name",
        "api_calls",
        "--type",
        "cancel",
        "--cancel",
        "identifier=evt_123"
      ]
    }
  ]
};
var getMeterEventAdjustment = {
  name: "RetrieveMeterEventAdjustment",
  readOnly: true,
  service: "stripe",
  paths: [["meter-event-adjustment", "get"]],
  summary: "Retrieves a meter event adjustment by id: its status shows whether it has been processed (complete) or not yet (pending).",
  http: { method: "GET", path: "/v2/billing/meter_event_adjustments/{id}" },
  keyRule: { take: "server-side", resource: "meter event adjustments" },
  input: {
    type: "structure",
    required: ["id"],
    members: { id: str({ min: 1, doc: "The id of the meter event adjustment (mtr_event_adj_...)." }) }
  },
  output: meterEventAdjustmentShape,
  examples: [
    {
      title: "Read an adjustment again",
      argv: ["meter-event-adjustment", "get", "--id", "mtr_event_adj_dBodJnj68ZrOg4XLhsLroca4"]
    }
  ]
};
var accountShape = {
  type: "structure",
  doc: "An account (object v2.core.account), created from an account token.",
  members: {
    id: str({ doc: "Unique identifier of the account." }),
    object: str({ enum: ["v2.core.account"], doc: "Always v2.core.account." }),
    applied_configurations: {
      type: "list",
      member: str({}),
      doc: "The configurations applied to the account (none for an account created from a token)."
    },
    contact_email: str({ doc: "The default contact email address of the account, from the token." }),
    contact_phone: str({ doc: "The default contact phone of the account, from the token." }),
    created: timestamp("Creation time,"),
    display_name: str({ doc: "The descriptive name of the account, from the token." }),
    identity: { ...identity, doc: "The company, individual and business represented by the account, from the token." },
    livemode: { type: "boolean", doc: "true if the account exists in live mode, false in test mode." }
  }
};
var createAccount = {
  name: "CreateAccount",
  creates: true,
  service: "stripe",
  paths: [["account", "create"]],
  summary: "Creates an account from an account token, which it uses up: the account takes the token's contact details and identity.",
  http: { method: "POST", path: "/v2/core/accounts" },
  keyRule: { take: "server-side", resource: "accounts" },
  input: {
    type: "structure",
    required: ["account_token"],
    members: {
      account_token: str({
        min: 1,
        doc: "The id of an unused, unexpired account token of the same mode (accttok_...); it can be used only once."
      })
    }
  },
  output: accountShape,
  examples: [
    {
      title: "Create an account from a token",
      argv: ["account", "create", "--account-token", "accttok_p1FWfAWPdo6KgxrK9p5fzTwb"]
    }
  ]
};
var getAccount = {
  name: "RetrieveAccount",
  readOnly: true,
  service: "stripe",
  paths: [["account", "get"]],
  summary: "Retrieves an account by id.",
  http: { method: "GET", path: "/v2/core/accounts/{id}" },
  keyRule: { take: "server-side", resource: "accounts" },
  input: {
    type: "structure",
    required: ["id"],
    members: { id: str({ min: 1, doc: "The id of the account (acct_...)." }) }
  },
  output: accountShape,
  examples: [{ title: "Retrieve an account by id", argv: ["account", "get", "--id", "acct_94Y8kIIYTimcO0X2kHcOSnGE"] }]
};
var STRIPE_OPERATIONS = {
  CreateAccountToken: createAccountToken,
  RetrieveAccountToken: getAccountToken,
  CreateAccount: createAccount,
  RetrieveAccount: getAccount,
  CreateMeterEventAdjustment: createMeterEventAdjustment,
  RetrieveMeterEventAdjustment: getMeterEventAdjustment
};

export {
  P1,
  launchConfigurationShape,
  createLaunchConfiguration,
  describeLaunchConfigurations,
  deleteLaunchConfiguration,
  AUTOSCALING_OPERATIONS,
  repositoryShape,
  createRepository,
  describeRepositories,
  deleteRepository,
  listTagsForResource,
  tagResource,
  untagResource,
  ECR_OPERATIONS,
  accountTokenShape,
  createAccountToken,
  getAccountToken,
  meterEventAdjustmentShape,
  createMeterEventAdjustment,
  getMeterEventAdjustment,
  accountShape,
  createAccount,
  getAccount,
  STRIPE_OPERATIONS
};
