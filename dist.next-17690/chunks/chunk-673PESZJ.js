import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  isRegionName
} from "./chunk-UEKJBUKZ.js";
import {
  BINARY_FORMATS,
  COLOR_MODES,
  CURRENT_SERVICE_VERSION,
  DEFAULT_EMBEDDED_API_KEY,
  ERROR_FORMATS,
  OUTPUT_FORMATS,
  isPostgresUrl
} from "./chunk-IDJJU3TW.js";
import {
  maskStoreUrl
} from "./chunk-LSYXKZPM.js";

// src/profile/keys.ts
var SettingProblem = class extends Error {
};
function pyInt(value) {
  const s = value.trim();
  if (!/^[+-]?\d+$/.test(s)) throw new SettingProblem(`invalid literal for int() with base 10: '${value}'`);
  return Number(s);
}
function timeoutOf(what) {
  return (value) => {
    if (!/^\s*[+-]?\d+\s*$/.test(value)) throw new SettingProblem(`'${value}' is not a whole number of seconds`);
    const n = pyInt(value);
    if (n < 0) {
      throw new SettingProblem(
        `Attempted to set ${what} timeout to ${n}, but the timeout cannot be set to a value less than or equal to 0.`
      );
    }
    return n * 1e3;
  };
}
function attemptsOf(value) {
  const n = pyInt(value);
  if (n < 1) {
    throw new SettingProblem(`Value provided to "max_attempts": ${n} must be an integer greater than or equal to one.`);
  }
  return n;
}
var RETRY_MODES = ["standard", "adaptive"];
function retryModeOf(value) {
  if (RETRY_MODES.includes(value)) return value;
  throw new SettingProblem(`Invalid value provided to "mode": "${value}" must be one of: "standard" or "adaptive"`);
}
var booleanOf = (value) => value.trim().toLowerCase() === "true";
function byConversion(convert, expected) {
  return (value) => {
    try {
      convert(value);
      return void 0;
    } catch (err) {
      if (err instanceof SettingProblem) return expected;
      throw err;
    }
  };
}
var region = (v) => isRegionName(v) ? void 0 : "a region name such as us-east-1 (lower-case letters, digits and hyphens, at most 63, not starting or ending with a hyphen)";
var url = (v) => {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:" ? void 0 : "an http:// or https:// URL";
  } catch {
    return "an http:// or https:// URL";
  }
};
var CONFIG_KEYS = [
  {
    key: "output",
    flag: "--output",
    attr: "output",
    env: ["SVCCTL_DEFAULT_OUTPUT", "AWS_DEFAULT_OUTPUT"],
    default: "json",
    choices: OUTPUT_FORMATS,
    doc: "The default output format."
  },
  {
    key: "region",
    flag: "--region",
    attr: "region",
    env: ["AWS_REGION", "AWS_DEFAULT_REGION"],
    default: "us-east-1",
    check: region,
    doc: "The region, for both backends; when neither the flag, the environment nor the profile sets it, the same profile's region in the AWS CLI's config file (AWS_CONFIG_FILE, default ~/.aws/config), else us-east-1."
  },
  {
    key: "endpoint_url",
    flag: "--endpoint-url",
    attr: "endpointUrl",
    env: ["SVCCTL_ENDPOINT_URL"],
    emptyIsUnset: true,
    check: url,
    doc: "Use the HTTP backend against this URL instead of the embedded service. For ecr and autoscaling, AWS_ENDPOINT_URL_ECR / AWS_ENDPOINT_URL_AUTO_SCALING, then AWS_ENDPOINT_URL, then the profile's services section come before it (docs/configuration.md)."
  },
  {
    key: "services",
    doc: "The [services NAME] section of the same file whose per-service endpoint_url (ecr, auto_scaling, stripe) comes before endpoint_url."
  },
  {
    key: "ignore_configured_endpoint_urls",
    env: ["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"],
    emptyIsUnset: true,
    default: "false",
    convert: booleanOf,
    doc: "true: ecr and autoscaling use only --endpoint-url, every configured endpoint is ignored (the embedded service answers)."
  },
  {
    key: "api_key",
    flag: "--api-key",
    attr: "apiKey",
    env: ["SVCCTL_API_KEY"],
    default: DEFAULT_EMBEDDED_API_KEY,
    secret: true,
    doc: "The v2 API key (sk_/pk_/rk_, test or live)."
  },
  {
    key: "api_key_file",
    doc: "A file holding the v2 API key (first line), used when api_key is not set; ~/ and paths relative to $SVCCTL_HOME work."
  },
  {
    key: "aws_access_key_id",
    env: ["AWS_ACCESS_KEY_ID"],
    secret: true,
    doc: "The AWS access key id that signs ecr and autoscaling requests to an --endpoint-url (SigV4); the embedded service needs none."
  },
  {
    key: "aws_secret_access_key",
    env: ["AWS_SECRET_ACCESS_KEY"],
    secret: true,
    doc: "The secret of aws_access_key_id."
  },
  {
    key: "aws_session_token",
    env: ["AWS_SESSION_TOKEN"],
    secret: true,
    doc: "A session token for temporary AWS credentials."
  },
  {
    key: "service_version",
    flag: "--service-version",
    attr: "serviceVersion",
    env: ["SVCCTL_SERVICE_VERSION"],
    default: CURRENT_SERVICE_VERSION,
    doc: "The v2 API version header value (<yyyy-mm-dd>.<name>)."
  },
  {
    key: "cli_pager",
    env: ["SVCCTL_PAGER", "AWS_PAGER"],
    envAfter: ["PAGER"],
    default: "less -R",
    doc: "The pager for output and help on a terminal (MANPAGER goes first for help); empty turns paging off (as --no-cli-pager does)."
  },
  {
    key: "cli_auto_prompt",
    flag: "--cli-auto-prompt",
    attr: "cliAutoPrompt",
    env: ["SVCCTL_CLI_AUTO_PROMPT"],
    default: "off",
    choices: ["on", "on-partial", "off"],
    doc: "Prompt for parameters: on, on-partial or off."
  },
  {
    key: "cli_error_format",
    flag: "--cli-error-format",
    attr: "cliErrorFormat",
    env: ["SVCCTL_CLI_ERROR_FORMAT", "AWS_CLI_ERROR_FORMAT"],
    default: "enhanced",
    choices: ERROR_FORMATS,
    doc: "The format of errors on stderr."
  },
  {
    key: "color",
    flag: "--color",
    attr: "color",
    default: "auto",
    choices: COLOR_MODES,
    doc: "Colour in output: on, off or auto."
  },
  {
    key: "ca_bundle",
    flag: "--ca-bundle",
    attr: "caBundle",
    env: ["AWS_CA_BUNDLE"],
    doc: "The CA certificate bundle for https endpoints."
  },
  {
    key: "cli_binary_format",
    flag: "--cli-binary-format",
    attr: "cliBinaryFormat",
    default: "base64",
    choices: BINARY_FORMATS,
    doc: "How binary values are given on the command line."
  },
  {
    key: "cli_read_timeout",
    flag: "--cli-read-timeout",
    attr: "cliReadTimeout",
    default: "60",
    convert: timeoutOf("read"),
    check: byConversion(timeoutOf("read"), "a whole number of seconds (0 blocks forever)"),
    doc: "Maximum socket read time in seconds (0: no limit)."
  },
  {
    key: "cli_connect_timeout",
    flag: "--cli-connect-timeout",
    attr: "cliConnectTimeout",
    default: "60",
    convert: timeoutOf("connect"),
    check: byConversion(timeoutOf("connect"), "a whole number of seconds (0 blocks forever)"),
    doc: "Maximum socket connect time in seconds (0: no limit)."
  },
  {
    key: "max_attempts",
    env: ["AWS_MAX_ATTEMPTS"],
    default: "3",
    convert: attemptsOf,
    check: byConversion(attemptsOf, "a whole number of at least 1"),
    doc: "How many times the HTTP backend tries a request (the first attempt and its retries)."
  },
  {
    key: "retry_mode",
    env: ["AWS_RETRY_MODE"],
    default: "standard",
    choices: RETRY_MODES,
    convert: retryModeOf,
    doc: "The AWS CLI's retry mode: standard or adaptive (svcctl retries the same way in both)."
  },
  {
    key: "store_url",
    env: ["SVCCTL_STORE_URL"],
    emptyIsUnset: true,
    check: (v) => isPostgresUrl(v) ? void 0 : "a PostgreSQL URL (postgres://user:password@host:port/database)",
    mask: maskStoreUrl,
    doc: "The PostgreSQL store that serve and store export|import use when --store is not given (docs/shared-store.md); other commands use the SQLite file in $SVCCTL_HOME. Shown with its password masked."
  }
];
var CONFIG_KEY_NAMES = CONFIG_KEYS.map((s) => s.key);
function configKeyOf(key) {
  return CONFIG_KEYS.find((s) => s.key === key);
}
function checkValue(s, value) {
  if (s.choices && !s.choices.includes(value)) return `one of: ${s.choices.join(", ")}`;
  return value === "" && s.key !== "cli_pager" ? "a non-empty value" : s.check?.(value);
}

// src/profile/ini.ts
function profileOfHeader(header) {
  const name = header.trim();
  if (name === "default") return "default";
  const m = /^profile\s+(.+)$/.exec(name);
  return m ? m[1].trim() : void 0;
}
function classify(line) {
  const t = line.trim();
  if (t === "" || t.startsWith("#") || t.startsWith(";")) return { kind: "other" };
  const h = /^\[([^\]]*)\]/.exec(t);
  if (h) return { kind: "header", header: h[1] };
  if (/^\s/.test(line)) return { kind: "other" };
  const eq = t.search(/[=:]/);
  if (eq <= 0) return { kind: "other" };
  return { kind: "entry", key: t.slice(0, eq).trim().toLowerCase(), value: t.slice(eq + 1).trim() };
}
var IniSyntaxError = class extends Error {
  constructor(line, reason) {
    super(`line ${line}: ${reason}`);
    this.line = line;
    this.reason = reason;
  }
  line;
  reason;
};
var shown = (line) => JSON.stringify(line.trim().length > 60 ? `${line.trim().slice(0, 57)}...` : line.trim());
function parseSections(text) {
  const values = /* @__PURE__ */ new Map();
  const lines = /* @__PURE__ */ new Map();
  const headers = /* @__PURE__ */ new Map();
  const nested = /* @__PURE__ */ new Map();
  let section;
  let lastKey;
  text.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    if (t === "" || t.startsWith("#") || t.startsWith(";")) return;
    if (/^\s/.test(line) && lastKey !== void 0) {
      const at2 = t.indexOf("=");
      if (at2 > 0) {
        const block = nested.get(lastKey) ?? /* @__PURE__ */ new Map();
        block.set(t.slice(0, at2).trim().toLowerCase(), t.slice(at2 + 1).trim());
        nested.set(lastKey, block);
      }
      return;
    }
    if (t.startsWith("[")) {
      const h = /^\[([^\]]+)\]\s*(?:[#;].*)?$/.exec(t);
      if (!h) throw new IniSyntaxError(i + 1, `${shown(line)} is not a section header ([name])`);
      section = h[1].trim();
      const first2 = headers.get(section);
      if (first2 !== void 0)
        throw new IniSyntaxError(i + 1, `section '${section}' already exists (first at line ${first2})`);
      headers.set(section, i + 1);
      values.set(section, /* @__PURE__ */ new Map());
      lastKey = void 0;
      return;
    }
    const at = t.search(/[=:]/);
    if (at <= 0) throw new IniSyntaxError(i + 1, `${shown(line)} is not a setting (key = value)`);
    if (section === void 0) throw new IniSyntaxError(i + 1, `${shown(line)} comes before any [section] header`);
    const key = t.slice(0, at).trim().toLowerCase();
    const first = lines.get(`${section}\0${key}`);
    if (first !== void 0)
      throw new IniSyntaxError(
        i + 1,
        `option '${key}' in section '${section}' already exists (first at line ${first})`
      );
    values.get(section).set(key, t.slice(at + 1).trim());
    lines.set(`${section}\0${key}`, i + 1);
    lastKey = `${section}\0${key}`;
  });
  return { values, lines, headers, nested };
}
var Profiles = class extends Map {
  lines = /* @__PURE__ */ new Map();
  /** The file's `[services NAME]` sections: NAME → service key (`ecr`) → its nested settings. */
  services = /* @__PURE__ */ new Map();
  lineOf(profile, key) {
    return this.lines.get(`${profile}\0${key}`);
  }
};
function parseProfiles(text) {
  const { values, lines, headers, nested } = parseSections(text);
  const profiles = new Profiles();
  const seen = /* @__PURE__ */ new Map();
  for (const [header, entries] of values) {
    const services = servicesOfHeader(header);
    if (services !== void 0) profiles.services.set(services, nestedOf(header, entries, nested));
    const name = profileOfHeader(header);
    if (name === void 0) continue;
    const other = seen.get(name);
    if (other !== void 0) {
      throw new IniSyntaxError(
        headers.get(header),
        `section '${header}' names profile '${name}', as section '${other}' (line ${headers.get(other)}) does`
      );
    }
    seen.set(name, header);
    for (const key of entries.keys()) profiles.lines.set(`${name}\0${key}`, lines.get(`${header}\0${key}`));
    profiles.set(name, entries);
  }
  return profiles;
}
function servicesOfHeader(header) {
  return /^services\s+(.+)$/.exec(header.trim())?.[1]?.trim();
}
function nestedOf(header, entries, nested) {
  const out = /* @__PURE__ */ new Map();
  for (const key of entries.keys()) {
    const block = nested.get(`${header}\0${key}`);
    if (block) out.set(key, block);
  }
  return out;
}
function headerFor(profile) {
  return profile === "default" ? "[default]" : `[profile ${profile}]`;
}
function setValue(text, profile, key, value) {
  const lines = text === "" ? [] : text.replace(/\r?\n$/, "").split(/\r?\n/);
  const entry = `${key} = ${value}`;
  let inSection = false;
  let lastOfSection = -1;
  for (let i = 0; i < lines.length; i++) {
    const c = classify(lines[i]);
    if (c.kind === "header") {
      inSection = profileOfHeader(c.header) === profile;
      if (inSection) lastOfSection = i;
    } else if (inSection) {
      if (c.kind === "entry" && c.key === key) {
        lines[i] = entry;
        return `${lines.join("\n")}
`;
      }
      if (lines[i].trim() !== "") lastOfSection = i;
    }
  }
  if (lastOfSection >= 0) {
    lines.splice(lastOfSection + 1, 0, entry);
  } else {
    if (lines.length > 0 && lines[lines.length - 1].trim() !== "") lines.push("");
    lines.push(headerFor(profile), entry);
  }
  return `${lines.join("\n")}
`;
}

export {
  IniSyntaxError,
  parseSections,
  parseProfiles,
  servicesOfHeader,
  nestedOf,
  setValue,
  SettingProblem,
  CONFIG_KEYS,
  CONFIG_KEY_NAMES,
  configKeyOf,
  checkValue
};
