import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/models/flags.ts
function kebab(name) {
  return name.replace(/(.)([A-Z][a-z]+)/g, "$1-$2").replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/_/g, "-").toLowerCase();
}
var cache = /* @__PURE__ */ new WeakMap();
function flagsFor(op) {
  let flags = cache.get(op);
  if (!flags) {
    const required = new Set(op.input.required ?? []);
    const hidden = new Set(op.hiddenMembers ?? []);
    flags = Object.entries(op.input.members).map(([member, shape]) => ({
      flag: `--${kebab(member)}`,
      member,
      shape,
      required: required.has(member),
      hidden: hidden.has(member)
    }));
    cache.set(op, flags);
  }
  return flags;
}
function valuePlaceholder(shape) {
  if (shape.type === "list") return "[value...]";
  if (shape.type === "structure" || shape.type === "map") return "<structure>";
  return `<${shape.type === "string" ? "string" : shape.type}>`;
}

export {
  flagsFor,
  valuePlaceholder
};
