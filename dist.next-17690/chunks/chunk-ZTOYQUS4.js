import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/core/errors.ts
var EXIT = {
  OK: 0,
  USAGE: 252,
  CONFIG: 253,
  SERVICE: 254,
  OTHER: 255,
  INTERRUPTED: 130
};
var CliError = class extends Error {
};
var UsageError = class extends CliError {
  exitCode = EXIT.USAGE;
  kind = "ParamValidation";
};
var MainParserError = class extends UsageError {
};
var UnknownOptionsError = class extends UsageError {
  /** @param suggestions options the mistyped ones are close to (`--repository-name` for `--repositry-name`) */
  constructor(words, suggestions = []) {
    super(`Unknown options: ${words.join(", ")}`);
    this.words = words;
    this.suggestions = suggestions;
  }
  words;
  suggestions;
};
var ParamError = class extends CliError {
  constructor(param, detail) {
    super(`Error parsing parameter '${param}': ${detail}`);
    this.param = param;
    this.detail = detail;
  }
  param;
  detail;
  exitCode = EXIT.USAGE;
  kind = "ParamValidation";
};
var ParamValidationError = class extends CliError {
  constructor(problems) {
    super(`Parameter validation failed:
${problems.join("\n")}`);
    this.problems = problems;
  }
  problems;
  exitCode = EXIT.USAGE;
  kind = "ParamValidation";
};
var InputError = class extends CliError {
  exitCode = EXIT.USAGE;
  kind = "ParamValidation";
};
var ConfigError = class extends CliError {
  constructor(message, kind = "Configuration") {
    super(message);
    this.kind = kind;
  }
  kind;
  exitCode = EXIT.CONFIG;
};
var ProfileNotFoundError = class extends CliError {
  constructor(profile) {
    super(`The config profile (${profile}) could not be found`);
    this.profile = profile;
  }
  profile;
  exitCode = EXIT.CONFIG;
  kind = void 0;
};
var ServiceError = class extends CliError {
  constructor(code, message, status = 400, extra = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.extra = extra;
  }
  code;
  status;
  extra;
  exitCode = EXIT.SERVICE;
  get kind() {
    return this.code;
  }
  /**
   * The error's fields as an AWS SDK parses them from the wire (`{Message, Code, message}` for a JSON 1.1
   * service, `{Code, Message}` for a Query one): what the structured error formats print.
   */
  fields;
};
function json11ErrorFields(code, message, body) {
  const fields = { Message: message, Code: code };
  if (body.message !== void 0) fields.message = body.message;
  return fields;
}
var StoreUnavailableError = class extends ServiceError {
  constructor(message, outcome = "not-done") {
    super("ServiceUnavailable", message, 503);
    this.outcome = outcome;
  }
  outcome;
};
function withoutTopology(err) {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^The store \(PostgreSQL at [^)]*\) /, "The store ").replace(/ Retry the request\.$/, "");
}
var InvalidRegionError = class extends CliError {
  constructor(region) {
    super(`Provided region_name '${region}' doesn't match a supported format.`);
    this.region = region;
  }
  region;
  exitCode = EXIT.CONFIG;
  kind = void 0;
};
var TransportError = class extends CliError {
  exitCode = EXIT.OTHER;
  kind = void 0;
};
var InterruptedError = class extends CliError {
  exitCode = EXIT.INTERRUPTED;
  kind = void 0;
  constructor() {
    super("");
  }
};
function exitCodeOf(err) {
  return err instanceof CliError ? err.exitCode : EXIT.OTHER;
}
function osErrorText(err) {
  const what = /^[A-Z]+: ([^,]+)/.exec(err.message)?.[1] ?? err.message;
  const text = what.charAt(0).toUpperCase() + what.slice(1);
  return err.errno === void 0 ? text : `[Errno ${Math.abs(err.errno)}] ${text}`;
}

export {
  CliError,
  UsageError,
  MainParserError,
  UnknownOptionsError,
  ParamError,
  ParamValidationError,
  InputError,
  ConfigError,
  ProfileNotFoundError,
  ServiceError,
  json11ErrorFields,
  StoreUnavailableError,
  withoutTopology,
  InvalidRegionError,
  TransportError,
  InterruptedError,
  exitCodeOf,
  osErrorText
};
