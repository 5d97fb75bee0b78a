import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// package.json
var package_default = {
  name: "svcctl",
  version: "0.1.0",
  description: "A CLI and embedded service for account tokens, meter event adjustments, launch configurations and image repositories, at AWS CLI v2 parity",
  license: "MIT",
  repository: {
    type: "git",
    url: "git+https://github.com/svcctl/svcctl.git"
  },
  keywords: [
    "cli",
    "aws-cli",
    "ecr",
    "autoscaling",
    "launch-configuration",
    "account-token",
    "meter-event-adjustment",
    "embedded",
    "sqlite"
  ],
  type: "module",
  main: "./dist/api.cjs",
  types: "./dist/types/api/index.d.ts",
  exports: {
    ".": {
      types: "./dist/types/api/index.d.ts",
      import: "./dist/api.js",
      require: "./dist/api.cjs"
    },
    "./package.json": "./package.json"
  },
  bin: {
    svcctl: "bin/svcctl"
  },
  files: [
    "dist/",
    "!dist/*.v8",
    "bin/",
    "docs/",
    "README.md",
    "LICENSE",
    "CHANGELOG.md"
  ],
  engines: {
    node: ">=20.19"
  },
  scripts: {
    build: "node scripts/build.mjs",
    prepare: "node scripts/build.mjs",
    typecheck: "tsc --noEmit",
    test: "tsc --noEmit && biome check --error-on-warnings . && vitest run",
    "test:fast": "SVCCTL_TEST_LANE=fast vitest run --project sqlite",
    bench: "node scripts/bench.mjs",
    lint: "biome check --error-on-warnings .",
    format: "biome format --write ."
  },
  dependencies: {
    "better-sqlite3": "12.6.2",
    chalk: "5.6.2",
    commander: "14.0.3",
    pg: "8.23.1",
    yaml: "2.9.1"
  },
  devDependencies: {
    "@aws-sdk/client-auto-scaling": "3.1169.0",
    "@aws-sdk/client-ecr": "3.1169.0",
    "@biomejs/biome": "2.6.8",
    "@types/better-sqlite3": "7.6.13",
    "@types/node": "20.19.9",
    "@types/pg": "8.23.1",
    esbuild: "0.27.7",
    "fast-check": "4.10.2",
    jmespath: "0.16.0",
    "playwright-core": "1.65.1",
    stripe: "23.1.0",
    typescript: "5.9.3",
    vitest: "4.1.12"
  },
  allowScripts: {
    "better-sqlite3": true,
    esbuild: true
  }
};

// src/core/version.ts
var VERSION = package_default.version;
function versionLine() {
  return `svcctl/${VERSION} node/${process.version} ${process.platform}`;
}

export {
  VERSION,
  versionLine
};
