import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/models/commands.ts
function commandTree(spec, parent) {
  let options;
  const node = {
    name: spec.name,
    spec,
    parent,
    subcommands: [],
    options: () => options ??= typeof spec.options === "function" ? spec.options() : spec.options ?? []
  };
  for (const sub of spec.subcommands ?? []) node.subcommands.push(commandTree(sub, node));
  return node;
}
var visibleSubcommands = (node) => node.subcommands.filter((c) => !c.spec.hidden);
function commandPath(node) {
  const path = [];
  for (let c = node; c?.parent; c = c.parent) path.unshift(c.name);
  return path;
}
function option(flags, help, more = {}) {
  const m = /^(?:(-\w), )?(--[\w-]+)(?: ([<[])([\w-]+)(\.\.\.)?[>\]])?$/.exec(flags);
  if (!m) throw new Error(`not an option declaration: ${flags}`);
  const [, short, name, bracket, value, list] = m;
  const arity = bracket === void 0 ? "flag" : list ? "list" : bracket === "<" ? "one" : "optional";
  return { name, ...short ? { short } : {}, arity, ...value ? { value } : {}, help, ...more };
}

export {
  commandTree,
  visibleSubcommands,
  commandPath,
  option
};
