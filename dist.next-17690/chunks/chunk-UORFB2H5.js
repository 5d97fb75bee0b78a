import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/core/shell-words.ts
var WordsError = class extends Error {
};
function splitShellWords(line, options = {}) {
  return split(line, options).words;
}
function openQuote(line) {
  return split(line, { partial: true }).open;
}
function split(line, options) {
  const words = [];
  let before = "";
  let word = "";
  let inWord = false;
  let quote;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = void 0;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = void 0;
      else if (c === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      before = word;
      inWord = true;
    } else if (c === "\\" && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (options.partial) {
    words.push(word);
    return { words, open: quote && { quote, before } };
  }
  if (quote) throw new WordsError(`unterminated ${quote} quote`);
  if (inWord) words.push(word);
  return { words };
}
function shellQuote(word) {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

export {
  WordsError,
  splitShellWords,
  openQuote,
  shellQuote
};
