import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/core/options.ts
var OUTPUT_FORMATS = ["json", "text", "table", "yaml", "yaml-stream", "off"];
var COLOR_MODES = ["on", "off", "auto"];
var ERROR_FORMATS = ["legacy", "json", "yaml", "text", "table", "enhanced"];
var BINARY_FORMATS = ["base64", "raw-in-base64-out"];
var SKELETON_TYPES = ["input", "yaml-input", "output"];
var AUTO_PROMPT_MODES = ["on", "on-partial", "off"];
var SVCCTL_GLOBAL_FLAGS = [
  ["--api-key <key>", "The v2 API key (sk_/pk_/rk_ test or live)."],
  ["--service-version <version>", "The v2 API version header value (<yyyy-mm-dd>.<name>)."],
  [
    "--idempotency-key <key>",
    "The Idempotency-Key of a v2 POST (generated when absent): printable Latin-1 characters and tabs, as an HTTP header takes."
  ]
];
var GLOBAL_FLAGS = [
  ["--debug", "Turn on debug logging (to stderr)."],
  [
    "--endpoint-url <url>",
    "Use the HTTP backend against this URL instead of the embedded service; it comes before SVCCTL_ENDPOINT_URL, AWS_ENDPOINT_URL_<SERVICE>, AWS_ENDPOINT_URL and the profile."
  ],
  ["--no-verify-ssl", "Do not verify TLS certificates (https endpoints)."],
  ["--no-paginate", "Make one call only and print the first page with the service's own NextToken."],
  ["--output <format>", `The output format: ${OUTPUT_FORMATS.join(", ")}.`],
  ["--query <expression>", "A JMESPath query to filter the response."],
  ["--profile <name>", "Use a named profile from the configuration files."],
  ["--region <region>", "The region to use (default us-east-1 for the embedded service)."],
  ["--color <mode>", `Colour: ${COLOR_MODES.join(", ")} (default auto).`],
  ["--no-sign-request", "Do not sign requests; credentials are not loaded."],
  ["--ca-bundle <path>", "The CA certificate bundle to verify TLS certificates with."],
  [
    "--cli-read-timeout <seconds>",
    "Maximum socket read time in whole seconds; 0 blocks forever, a negative value is refused (default 60)."
  ],
  [
    "--cli-connect-timeout <seconds>",
    "Maximum socket connect time in whole seconds; 0 blocks forever, a negative value is refused (default 60)."
  ],
  ["--cli-binary-format <format>", `How binary values are given: ${BINARY_FORMATS.join(", ")} (default base64).`],
  ["--no-cli-pager", "Do not send output to a pager."],
  ["--cli-auto-prompt", "Prompt for the command's parameters."],
  ["--no-cli-auto-prompt", "Never prompt for parameters."],
  ["--cli-error-format <format>", `The format of errors: ${ERROR_FORMATS.join(", ")} (default enhanced).`],
  ...SVCCTL_GLOBAL_FLAGS
];
var OPERATION_FLAGS = [
  [
    "--cli-input-json <json>",
    "Read arguments from a JSON string or file:// (at most 16 MiB) in the --generate-cli-skeleton format."
  ],
  [
    "--cli-input-yaml <yaml>",
    "Read arguments from a YAML string or file:// (at most 16 MiB) in the --generate-cli-skeleton yaml-input format."
  ],
  [
    "--generate-cli-skeleton [type]",
    `Print a skeleton and make no call: ${SKELETON_TYPES.join(", ")} (default input).`
  ]
];
var PAGINATION_FLAGS = [
  ["--starting-token <token>", "Where to start paginating: the NextToken of a previously truncated output."],
  ["--page-size <size>", "The size of each page requested in a service call (does not change what is printed)."],
  ["--max-items <count>", "The total number of items to print; a NextToken is printed when more exist."]
];
var CURRENT_SERVICE_VERSION = "2025-12-15.clover";
var isPostgresUrl = (url) => /^postgres(ql)?:\/\/./.test(url);
var DEFAULT_EMBEDDED_API_KEY = "sk_test_svcctl_embedded";

export {
  OUTPUT_FORMATS,
  COLOR_MODES,
  ERROR_FORMATS,
  BINARY_FORMATS,
  SKELETON_TYPES,
  AUTO_PROMPT_MODES,
  SVCCTL_GLOBAL_FLAGS,
  GLOBAL_FLAGS,
  OPERATION_FLAGS,
  PAGINATION_FLAGS,
  CURRENT_SERVICE_VERSION,
  isPostgresUrl,
  DEFAULT_EMBEDDED_API_KEY
};
