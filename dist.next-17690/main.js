import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  resolveRegion
} from "./chunks/chunk-SCXUISWT.js";
import {
  converted,
  endpointUrl,
  lookup,
  resolve,
  resolveEndpoint
} from "./chunks/chunk-XPKDD7OB.js";
import {
  awsConfigPath,
  awsConfigSection,
  awsCredentialsPath,
  readIni
} from "./chunks/chunk-S5J2REIF.js";
import {
  colorEnabled
} from "./chunks/chunk-QXSGBQGZ.js";
import {
  writeResult
} from "./chunks/chunk-M4WOSLZP.js";
import {
  paginate
} from "./chunks/chunk-NSSKQCFD.js";
import {
  prepareInput
} from "./chunks/chunk-RECQCNPG.js";
import {
  compileQuery
} from "./chunks/chunk-2BT5LJNN.js";
import {
  commandTree,
  option,
  visibleSubcommands
} from "./chunks/chunk-EHB7SV7Z.js";
import {
  givenWords,
  missingRequired,
  requiredArgumentsError
} from "./chunks/chunk-PMOSXZO5.js";
import "./chunks/chunk-XVYN6NOY.js";
import {
  flagsFor,
  valuePlaceholder
} from "./chunks/chunk-LKGJSFLR.js";
import "./chunks/chunk-VSIUF3F2.js";
import {
  chooseProfile,
  openProfile
} from "./chunks/chunk-BXMH7YIO.js";
import "./chunks/chunk-V2PUDD2S.js";
import {
  CONFIG_KEYS,
  CONFIG_KEY_NAMES,
  configKeyOf
} from "./chunks/chunk-673PESZJ.js";
import {
  versionLine
} from "./chunks/chunk-5UUC42TS.js";
import {
  speaksV2
} from "./chunks/chunk-VTMY4PMA.js";
import {
  RESET_KINDS
} from "./chunks/chunk-A7HPNQES.js";
import "./chunks/chunk-7CDKIWLY.js";
import {
  checkRegion
} from "./chunks/chunk-UEKJBUKZ.js";
import {
  accountIdOf,
  randomIds,
  svcctlHome,
  systemClock
} from "./chunks/chunk-BYMUKPFK.js";
import {
  SERVICE_SETTINGS,
  SERVICE_SETTING_NAMES,
  describeKind,
  serviceSetting
} from "./chunks/chunk-XOCXLJUJ.js";
import {
  groupDescription
} from "./chunks/chunk-2MMXPJSP.js";
import {
  OPERATIONS
} from "./chunks/chunk-AXOSHY3R.js";
import "./chunks/chunk-VRWMAX2M.js";
import {
  checkPathMembers,
  validateClient
} from "./chunks/chunk-DFWDIXDH.js";
import {
  decodeArgBytes,
  loneSurrogateAt,
  notTextDetail
} from "./chunks/chunk-L2IBQYJO.js";
import "./chunks/chunk-USAJVI4X.js";
import "./chunks/chunk-3LCBX7RT.js";
import {
  envStoreUrl
} from "./chunks/chunk-46IKJ3ML.js";
import {
  AUTO_PROMPT_MODES,
  COLOR_MODES,
  CURRENT_SERVICE_VERSION,
  DEFAULT_EMBEDDED_API_KEY,
  ERROR_FORMATS,
  GLOBAL_FLAGS,
  OPERATION_FLAGS,
  PAGINATION_FLAGS,
  SKELETON_TYPES,
  SVCCTL_GLOBAL_FLAGS
} from "./chunks/chunk-IDJJU3TW.js";
import "./chunks/chunk-LSYXKZPM.js";
import {
  parsePyInt
} from "./chunks/chunk-4W72ZHQN.js";
import {
  CliError,
  ConfigError,
  InputError,
  InterruptedError,
  MainParserError,
  ParamError,
  ParamValidationError,
  ServiceError,
  UnknownOptionsError,
  UsageError,
  exitCodeOf,
  osErrorText
} from "./chunks/chunk-ZTOYQUS4.js";
import "./chunks/chunk-NM3Y46F5.js";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunks/chunk-OZWMUVXR.js";

// ../main/node_modules/commander/lib/error.js
var require_error = __commonJS({
  "../main/node_modules/commander/lib/error.js"(exports) {
    var CommanderError2 = class extends Error {
      /**
       * Constructs the CommanderError class
       * @param {number} exitCode suggested exit code which could be used with process.exit
       * @param {string} code an id string representing the error
       * @param {string} message human-readable description of the error
       */
      constructor(exitCode, code, message) {
        super(message);
        Error.captureStackTrace(this, this.constructor);
        this.name = this.constructor.name;
        this.code = code;
        this.exitCode = exitCode;
        this.nestedError = void 0;
      }
    };
    var InvalidArgumentError2 = class extends CommanderError2 {
      /**
       * Constructs the InvalidArgumentError class
       * @param {string} [message] explanation of why argument is invalid
       */
      constructor(message) {
        super(1, "commander.invalidArgument", message);
        Error.captureStackTrace(this, this.constructor);
        this.name = this.constructor.name;
      }
    };
    exports.CommanderError = CommanderError2;
    exports.InvalidArgumentError = InvalidArgumentError2;
  }
});

// ../main/node_modules/commander/lib/argument.js
var require_argument = __commonJS({
  "../main/node_modules/commander/lib/argument.js"(exports) {
    var { InvalidArgumentError: InvalidArgumentError2 } = require_error();
    var Argument2 = class {
      /**
       * Initialize a new command argument with the given name and description.
       * The default is that the argument is required, and you can explicitly
       * indicate this with <> around the name. Put [] around the name for an optional argument.
       *
       * @param {string} name
       * @param {string} [description]
       */
      constructor(name, description) {
        this.description = description || "";
        this.variadic = false;
        this.parseArg = void 0;
        this.defaultValue = void 0;
        this.defaultValueDescription = void 0;
        this.argChoices = void 0;
        switch (name[0]) {
          case "<":
            this.required = true;
            this._name = name.slice(1, -1);
            break;
          case "[":
            this.required = false;
            this._name = name.slice(1, -1);
            break;
          default:
            this.required = true;
            this._name = name;
            break;
        }
        if (this._name.endsWith("...")) {
          this.variadic = true;
          this._name = this._name.slice(0, -3);
        }
      }
      /**
       * Return argument name.
       *
       * @return {string}
       */
      name() {
        return this._name;
      }
      /**
       * @package
       */
      _collectValue(value, previous) {
        if (previous === this.defaultValue || !Array.isArray(previous)) {
          return [value];
        }
        previous.push(value);
        return previous;
      }
      /**
       * Set the default value, and optionally supply the description to be displayed in the help.
       *
       * @param {*} value
       * @param {string} [description]
       * @return {Argument}
       */
      default(value, description) {
        this.defaultValue = value;
        this.defaultValueDescription = description;
        return this;
      }
      /**
       * Set the custom handler for processing CLI command arguments into argument values.
       *
       * @param {Function} [fn]
       * @return {Argument}
       */
      argParser(fn) {
        this.parseArg = fn;
        return this;
      }
      /**
       * Only allow argument value to be one of choices.
       *
       * @param {string[]} values
       * @return {Argument}
       */
      choices(values) {
        this.argChoices = values.slice();
        this.parseArg = (arg, previous) => {
          if (!this.argChoices.includes(arg)) {
            throw new InvalidArgumentError2(
              `Allowed choices are ${this.argChoices.join(", ")}.`
            );
          }
          if (this.variadic) {
            return this._collectValue(arg, previous);
          }
          return arg;
        };
        return this;
      }
      /**
       * Make argument required.
       *
       * @returns {Argument}
       */
      argRequired() {
        this.required = true;
        return this;
      }
      /**
       * Make argument optional.
       *
       * @returns {Argument}
       */
      argOptional() {
        this.required = false;
        return this;
      }
    };
    function humanReadableArgName(arg) {
      const nameOutput = arg.name() + (arg.variadic === true ? "..." : "");
      return arg.required ? "<" + nameOutput + ">" : "[" + nameOutput + "]";
    }
    exports.Argument = Argument2;
    exports.humanReadableArgName = humanReadableArgName;
  }
});

// ../main/node_modules/commander/lib/help.js
var require_help = __commonJS({
  "../main/node_modules/commander/lib/help.js"(exports) {
    var { humanReadableArgName } = require_argument();
    var Help2 = class {
      constructor() {
        this.helpWidth = void 0;
        this.minWidthToWrap = 40;
        this.sortSubcommands = false;
        this.sortOptions = false;
        this.showGlobalOptions = false;
      }
      /**
       * prepareContext is called by Commander after applying overrides from `Command.configureHelp()`
       * and just before calling `formatHelp()`.
       *
       * Commander just uses the helpWidth and the rest is provided for optional use by more complex subclasses.
       *
       * @param {{ error?: boolean, helpWidth?: number, outputHasColors?: boolean }} contextOptions
       */
      prepareContext(contextOptions) {
        this.helpWidth = this.helpWidth ?? contextOptions.helpWidth ?? 80;
      }
      /**
       * Get an array of the visible subcommands. Includes a placeholder for the implicit help command, if there is one.
       *
       * @param {Command} cmd
       * @returns {Command[]}
       */
      visibleCommands(cmd) {
        const visibleCommands = cmd.commands.filter((cmd2) => !cmd2._hidden);
        const helpCommand = cmd._getHelpCommand();
        if (helpCommand && !helpCommand._hidden) {
          visibleCommands.push(helpCommand);
        }
        if (this.sortSubcommands) {
          visibleCommands.sort((a, b) => {
            return a.name().localeCompare(b.name());
          });
        }
        return visibleCommands;
      }
      /**
       * Compare options for sort.
       *
       * @param {Option} a
       * @param {Option} b
       * @returns {number}
       */
      compareOptions(a, b) {
        const getSortKey = (option2) => {
          return option2.short ? option2.short.replace(/^-/, "") : option2.long.replace(/^--/, "");
        };
        return getSortKey(a).localeCompare(getSortKey(b));
      }
      /**
       * Get an array of the visible options. Includes a placeholder for the implicit help option, if there is one.
       *
       * @param {Command} cmd
       * @returns {Option[]}
       */
      visibleOptions(cmd) {
        const visibleOptions = cmd.options.filter((option2) => !option2.hidden);
        const helpOption = cmd._getHelpOption();
        if (helpOption && !helpOption.hidden) {
          const removeShort = helpOption.short && cmd._findOption(helpOption.short);
          const removeLong = helpOption.long && cmd._findOption(helpOption.long);
          if (!removeShort && !removeLong) {
            visibleOptions.push(helpOption);
          } else if (helpOption.long && !removeLong) {
            visibleOptions.push(
              cmd.createOption(helpOption.long, helpOption.description)
            );
          } else if (helpOption.short && !removeShort) {
            visibleOptions.push(
              cmd.createOption(helpOption.short, helpOption.description)
            );
          }
        }
        if (this.sortOptions) {
          visibleOptions.sort(this.compareOptions);
        }
        return visibleOptions;
      }
      /**
       * Get an array of the visible global options. (Not including help.)
       *
       * @param {Command} cmd
       * @returns {Option[]}
       */
      visibleGlobalOptions(cmd) {
        if (!this.showGlobalOptions) return [];
        const globalOptions = [];
        for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
          const visibleOptions = ancestorCmd.options.filter(
            (option2) => !option2.hidden
          );
          globalOptions.push(...visibleOptions);
        }
        if (this.sortOptions) {
          globalOptions.sort(this.compareOptions);
        }
        return globalOptions;
      }
      /**
       * Get an array of the arguments if any have a description.
       *
       * @param {Command} cmd
       * @returns {Argument[]}
       */
      visibleArguments(cmd) {
        if (cmd._argsDescription) {
          cmd.registeredArguments.forEach((argument) => {
            argument.description = argument.description || cmd._argsDescription[argument.name()] || "";
          });
        }
        if (cmd.registeredArguments.find((argument) => argument.description)) {
          return cmd.registeredArguments;
        }
        return [];
      }
      /**
       * Get the command term to show in the list of subcommands.
       *
       * @param {Command} cmd
       * @returns {string}
       */
      subcommandTerm(cmd) {
        const args = cmd.registeredArguments.map((arg) => humanReadableArgName(arg)).join(" ");
        return cmd._name + (cmd._aliases[0] ? "|" + cmd._aliases[0] : "") + (cmd.options.length ? " [options]" : "") + // simplistic check for non-help option
        (args ? " " + args : "");
      }
      /**
       * Get the option term to show in the list of options.
       *
       * @param {Option} option
       * @returns {string}
       */
      optionTerm(option2) {
        return option2.flags;
      }
      /**
       * Get the argument term to show in the list of arguments.
       *
       * @param {Argument} argument
       * @returns {string}
       */
      argumentTerm(argument) {
        return argument.name();
      }
      /**
       * Get the longest command term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestSubcommandTermLength(cmd, helper) {
        return helper.visibleCommands(cmd).reduce((max, command) => {
          return Math.max(
            max,
            this.displayWidth(
              helper.styleSubcommandTerm(helper.subcommandTerm(command))
            )
          );
        }, 0);
      }
      /**
       * Get the longest option term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestOptionTermLength(cmd, helper) {
        return helper.visibleOptions(cmd).reduce((max, option2) => {
          return Math.max(
            max,
            this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option2)))
          );
        }, 0);
      }
      /**
       * Get the longest global option term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestGlobalOptionTermLength(cmd, helper) {
        return helper.visibleGlobalOptions(cmd).reduce((max, option2) => {
          return Math.max(
            max,
            this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option2)))
          );
        }, 0);
      }
      /**
       * Get the longest argument term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestArgumentTermLength(cmd, helper) {
        return helper.visibleArguments(cmd).reduce((max, argument) => {
          return Math.max(
            max,
            this.displayWidth(
              helper.styleArgumentTerm(helper.argumentTerm(argument))
            )
          );
        }, 0);
      }
      /**
       * Get the command usage to be displayed at the top of the built-in help.
       *
       * @param {Command} cmd
       * @returns {string}
       */
      commandUsage(cmd) {
        let cmdName = cmd._name;
        if (cmd._aliases[0]) {
          cmdName = cmdName + "|" + cmd._aliases[0];
        }
        let ancestorCmdNames = "";
        for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
          ancestorCmdNames = ancestorCmd.name() + " " + ancestorCmdNames;
        }
        return ancestorCmdNames + cmdName + " " + cmd.usage();
      }
      /**
       * Get the description for the command.
       *
       * @param {Command} cmd
       * @returns {string}
       */
      commandDescription(cmd) {
        return cmd.description();
      }
      /**
       * Get the subcommand summary to show in the list of subcommands.
       * (Fallback to description for backwards compatibility.)
       *
       * @param {Command} cmd
       * @returns {string}
       */
      subcommandDescription(cmd) {
        return cmd.summary() || cmd.description();
      }
      /**
       * Get the option description to show in the list of options.
       *
       * @param {Option} option
       * @return {string}
       */
      optionDescription(option2) {
        const extraInfo = [];
        if (option2.argChoices) {
          extraInfo.push(
            // use stringify to match the display of the default value
            `choices: ${option2.argChoices.map((choice2) => JSON.stringify(choice2)).join(", ")}`
          );
        }
        if (option2.defaultValue !== void 0) {
          const showDefault = option2.required || option2.optional || option2.isBoolean() && typeof option2.defaultValue === "boolean";
          if (showDefault) {
            extraInfo.push(
              `default: ${option2.defaultValueDescription || JSON.stringify(option2.defaultValue)}`
            );
          }
        }
        if (option2.presetArg !== void 0 && option2.optional) {
          extraInfo.push(`preset: ${JSON.stringify(option2.presetArg)}`);
        }
        if (option2.envVar !== void 0) {
          extraInfo.push(`env: ${option2.envVar}`);
        }
        if (extraInfo.length > 0) {
          const extraDescription = `(${extraInfo.join(", ")})`;
          if (option2.description) {
            return `${option2.description} ${extraDescription}`;
          }
          return extraDescription;
        }
        return option2.description;
      }
      /**
       * Get the argument description to show in the list of arguments.
       *
       * @param {Argument} argument
       * @return {string}
       */
      argumentDescription(argument) {
        const extraInfo = [];
        if (argument.argChoices) {
          extraInfo.push(
            // use stringify to match the display of the default value
            `choices: ${argument.argChoices.map((choice2) => JSON.stringify(choice2)).join(", ")}`
          );
        }
        if (argument.defaultValue !== void 0) {
          extraInfo.push(
            `default: ${argument.defaultValueDescription || JSON.stringify(argument.defaultValue)}`
          );
        }
        if (extraInfo.length > 0) {
          const extraDescription = `(${extraInfo.join(", ")})`;
          if (argument.description) {
            return `${argument.description} ${extraDescription}`;
          }
          return extraDescription;
        }
        return argument.description;
      }
      /**
       * Format a list of items, given a heading and an array of formatted items.
       *
       * @param {string} heading
       * @param {string[]} items
       * @param {Help} helper
       * @returns string[]
       */
      formatItemList(heading, items, helper) {
        if (items.length === 0) return [];
        return [helper.styleTitle(heading), ...items, ""];
      }
      /**
       * Group items by their help group heading.
       *
       * @param {Command[] | Option[]} unsortedItems
       * @param {Command[] | Option[]} visibleItems
       * @param {Function} getGroup
       * @returns {Map<string, Command[] | Option[]>}
       */
      groupItems(unsortedItems, visibleItems, getGroup) {
        const result = /* @__PURE__ */ new Map();
        unsortedItems.forEach((item) => {
          const group = getGroup(item);
          if (!result.has(group)) result.set(group, []);
        });
        visibleItems.forEach((item) => {
          const group = getGroup(item);
          if (!result.has(group)) {
            result.set(group, []);
          }
          result.get(group).push(item);
        });
        return result;
      }
      /**
       * Generate the built-in help text.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {string}
       */
      formatHelp(cmd, helper) {
        const termWidth = helper.padWidth(cmd, helper);
        const helpWidth = helper.helpWidth ?? 80;
        function callFormatItem(term, description) {
          return helper.formatItem(term, termWidth, description, helper);
        }
        let output = [
          `${helper.styleTitle("Usage:")} ${helper.styleUsage(helper.commandUsage(cmd))}`,
          ""
        ];
        const commandDescription = helper.commandDescription(cmd);
        if (commandDescription.length > 0) {
          output = output.concat([
            helper.boxWrap(
              helper.styleCommandDescription(commandDescription),
              helpWidth
            ),
            ""
          ]);
        }
        const argumentList = helper.visibleArguments(cmd).map((argument) => {
          return callFormatItem(
            helper.styleArgumentTerm(helper.argumentTerm(argument)),
            helper.styleArgumentDescription(helper.argumentDescription(argument))
          );
        });
        output = output.concat(
          this.formatItemList("Arguments:", argumentList, helper)
        );
        const optionGroups = this.groupItems(
          cmd.options,
          helper.visibleOptions(cmd),
          (option2) => option2.helpGroupHeading ?? "Options:"
        );
        optionGroups.forEach((options, group) => {
          const optionList = options.map((option2) => {
            return callFormatItem(
              helper.styleOptionTerm(helper.optionTerm(option2)),
              helper.styleOptionDescription(helper.optionDescription(option2))
            );
          });
          output = output.concat(this.formatItemList(group, optionList, helper));
        });
        if (helper.showGlobalOptions) {
          const globalOptionList = helper.visibleGlobalOptions(cmd).map((option2) => {
            return callFormatItem(
              helper.styleOptionTerm(helper.optionTerm(option2)),
              helper.styleOptionDescription(helper.optionDescription(option2))
            );
          });
          output = output.concat(
            this.formatItemList("Global Options:", globalOptionList, helper)
          );
        }
        const commandGroups = this.groupItems(
          cmd.commands,
          helper.visibleCommands(cmd),
          (sub4) => sub4.helpGroup() || "Commands:"
        );
        commandGroups.forEach((commands, group) => {
          const commandList = commands.map((sub4) => {
            return callFormatItem(
              helper.styleSubcommandTerm(helper.subcommandTerm(sub4)),
              helper.styleSubcommandDescription(helper.subcommandDescription(sub4))
            );
          });
          output = output.concat(this.formatItemList(group, commandList, helper));
        });
        return output.join("\n");
      }
      /**
       * Return display width of string, ignoring ANSI escape sequences. Used in padding and wrapping calculations.
       *
       * @param {string} str
       * @returns {number}
       */
      displayWidth(str) {
        return stripColor(str).length;
      }
      /**
       * Style the title for displaying in the help. Called with 'Usage:', 'Options:', etc.
       *
       * @param {string} str
       * @returns {string}
       */
      styleTitle(str) {
        return str;
      }
      styleUsage(str) {
        return str.split(" ").map((word) => {
          if (word === "[options]") return this.styleOptionText(word);
          if (word === "[command]") return this.styleSubcommandText(word);
          if (word[0] === "[" || word[0] === "<")
            return this.styleArgumentText(word);
          return this.styleCommandText(word);
        }).join(" ");
      }
      styleCommandDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleOptionDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleSubcommandDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleArgumentDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleDescriptionText(str) {
        return str;
      }
      styleOptionTerm(str) {
        return this.styleOptionText(str);
      }
      styleSubcommandTerm(str) {
        return str.split(" ").map((word) => {
          if (word === "[options]") return this.styleOptionText(word);
          if (word[0] === "[" || word[0] === "<")
            return this.styleArgumentText(word);
          return this.styleSubcommandText(word);
        }).join(" ");
      }
      styleArgumentTerm(str) {
        return this.styleArgumentText(str);
      }
      styleOptionText(str) {
        return str;
      }
      styleArgumentText(str) {
        return str;
      }
      styleSubcommandText(str) {
        return str;
      }
      styleCommandText(str) {
        return str;
      }
      /**
       * Calculate the pad width from the maximum term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      padWidth(cmd, helper) {
        return Math.max(
          helper.longestOptionTermLength(cmd, helper),
          helper.longestGlobalOptionTermLength(cmd, helper),
          helper.longestSubcommandTermLength(cmd, helper),
          helper.longestArgumentTermLength(cmd, helper)
        );
      }
      /**
       * Detect manually wrapped and indented strings by checking for line break followed by whitespace.
       *
       * @param {string} str
       * @returns {boolean}
       */
      preformatted(str) {
        return /\n[^\S\r\n]/.test(str);
      }
      /**
       * Format the "item", which consists of a term and description. Pad the term and wrap the description, indenting the following lines.
       *
       * So "TTT", 5, "DDD DDDD DD DDD" might be formatted for this.helpWidth=17 like so:
       *   TTT  DDD DDDD
       *        DD DDD
       *
       * @param {string} term
       * @param {number} termWidth
       * @param {string} description
       * @param {Help} helper
       * @returns {string}
       */
      formatItem(term, termWidth, description, helper) {
        const itemIndent = 2;
        const itemIndentStr = " ".repeat(itemIndent);
        if (!description) return itemIndentStr + term;
        const paddedTerm = term.padEnd(
          termWidth + term.length - helper.displayWidth(term)
        );
        const spacerWidth = 2;
        const helpWidth = this.helpWidth ?? 80;
        const remainingWidth = helpWidth - termWidth - spacerWidth - itemIndent;
        let formattedDescription;
        if (remainingWidth < this.minWidthToWrap || helper.preformatted(description)) {
          formattedDescription = description;
        } else {
          const wrappedDescription = helper.boxWrap(description, remainingWidth);
          formattedDescription = wrappedDescription.replace(
            /\n/g,
            "\n" + " ".repeat(termWidth + spacerWidth)
          );
        }
        return itemIndentStr + paddedTerm + " ".repeat(spacerWidth) + formattedDescription.replace(/\n/g, `
${itemIndentStr}`);
      }
      /**
       * Wrap a string at whitespace, preserving existing line breaks.
       * Wrapping is skipped if the width is less than `minWidthToWrap`.
       *
       * @param {string} str
       * @param {number} width
       * @returns {string}
       */
      boxWrap(str, width) {
        if (width < this.minWidthToWrap) return str;
        const rawLines = str.split(/\r\n|\n/);
        const chunkPattern = /[\s]*[^\s]+/g;
        const wrappedLines = [];
        rawLines.forEach((line) => {
          const chunks = line.match(chunkPattern);
          if (chunks === null) {
            wrappedLines.push("");
            return;
          }
          let sumChunks = [chunks.shift()];
          let sumWidth = this.displayWidth(sumChunks[0]);
          chunks.forEach((chunk) => {
            const visibleWidth = this.displayWidth(chunk);
            if (sumWidth + visibleWidth <= width) {
              sumChunks.push(chunk);
              sumWidth += visibleWidth;
              return;
            }
            wrappedLines.push(sumChunks.join(""));
            const nextChunk = chunk.trimStart();
            sumChunks = [nextChunk];
            sumWidth = this.displayWidth(nextChunk);
          });
          wrappedLines.push(sumChunks.join(""));
        });
        return wrappedLines.join("\n");
      }
    };
    function stripColor(str) {
      const sgrPattern = /\x1b\[\d*(;\d*)*m/g;
      return str.replace(sgrPattern, "");
    }
    exports.Help = Help2;
    exports.stripColor = stripColor;
  }
});

// ../main/node_modules/commander/lib/option.js
var require_option = __commonJS({
  "../main/node_modules/commander/lib/option.js"(exports) {
    var { InvalidArgumentError: InvalidArgumentError2 } = require_error();
    var Option2 = class {
      /**
       * Initialize a new `Option` with the given `flags` and `description`.
       *
       * @param {string} flags
       * @param {string} [description]
       */
      constructor(flags, description) {
        this.flags = flags;
        this.description = description || "";
        this.required = flags.includes("<");
        this.optional = flags.includes("[");
        this.variadic = /\w\.\.\.[>\]]$/.test(flags);
        this.mandatory = false;
        const optionFlags = splitOptionFlags(flags);
        this.short = optionFlags.shortFlag;
        this.long = optionFlags.longFlag;
        this.negate = false;
        if (this.long) {
          this.negate = this.long.startsWith("--no-");
        }
        this.defaultValue = void 0;
        this.defaultValueDescription = void 0;
        this.presetArg = void 0;
        this.envVar = void 0;
        this.parseArg = void 0;
        this.hidden = false;
        this.argChoices = void 0;
        this.conflictsWith = [];
        this.implied = void 0;
        this.helpGroupHeading = void 0;
      }
      /**
       * Set the default value, and optionally supply the description to be displayed in the help.
       *
       * @param {*} value
       * @param {string} [description]
       * @return {Option}
       */
      default(value, description) {
        this.defaultValue = value;
        this.defaultValueDescription = description;
        return this;
      }
      /**
       * Preset to use when option used without option-argument, especially optional but also boolean and negated.
       * The custom processing (parseArg) is called.
       *
       * @example
       * new Option('--color').default('GREYSCALE').preset('RGB');
       * new Option('--donate [amount]').preset('20').argParser(parseFloat);
       *
       * @param {*} arg
       * @return {Option}
       */
      preset(arg) {
        this.presetArg = arg;
        return this;
      }
      /**
       * Add option name(s) that conflict with this option.
       * An error will be displayed if conflicting options are found during parsing.
       *
       * @example
       * new Option('--rgb').conflicts('cmyk');
       * new Option('--js').conflicts(['ts', 'jsx']);
       *
       * @param {(string | string[])} names
       * @return {Option}
       */
      conflicts(names) {
        this.conflictsWith = this.conflictsWith.concat(names);
        return this;
      }
      /**
       * Specify implied option values for when this option is set and the implied options are not.
       *
       * The custom processing (parseArg) is not called on the implied values.
       *
       * @example
       * program
       *   .addOption(new Option('--log', 'write logging information to file'))
       *   .addOption(new Option('--trace', 'log extra details').implies({ log: 'trace.txt' }));
       *
       * @param {object} impliedOptionValues
       * @return {Option}
       */
      implies(impliedOptionValues) {
        let newImplied = impliedOptionValues;
        if (typeof impliedOptionValues === "string") {
          newImplied = { [impliedOptionValues]: true };
        }
        this.implied = Object.assign(this.implied || {}, newImplied);
        return this;
      }
      /**
       * Set environment variable to check for option value.
       *
       * An environment variable is only used if when processed the current option value is
       * undefined, or the source of the current value is 'default' or 'config' or 'env'.
       *
       * @param {string} name
       * @return {Option}
       */
      env(name) {
        this.envVar = name;
        return this;
      }
      /**
       * Set the custom handler for processing CLI option arguments into option values.
       *
       * @param {Function} [fn]
       * @return {Option}
       */
      argParser(fn) {
        this.parseArg = fn;
        return this;
      }
      /**
       * Whether the option is mandatory and must have a value after parsing.
       *
       * @param {boolean} [mandatory=true]
       * @return {Option}
       */
      makeOptionMandatory(mandatory = true) {
        this.mandatory = !!mandatory;
        return this;
      }
      /**
       * Hide option in help.
       *
       * @param {boolean} [hide=true]
       * @return {Option}
       */
      hideHelp(hide = true) {
        this.hidden = !!hide;
        return this;
      }
      /**
       * @package
       */
      _collectValue(value, previous) {
        if (previous === this.defaultValue || !Array.isArray(previous)) {
          return [value];
        }
        previous.push(value);
        return previous;
      }
      /**
       * Only allow option value to be one of choices.
       *
       * @param {string[]} values
       * @return {Option}
       */
      choices(values) {
        this.argChoices = values.slice();
        this.parseArg = (arg, previous) => {
          if (!this.argChoices.includes(arg)) {
            throw new InvalidArgumentError2(
              `Allowed choices are ${this.argChoices.join(", ")}.`
            );
          }
          if (this.variadic) {
            return this._collectValue(arg, previous);
          }
          return arg;
        };
        return this;
      }
      /**
       * Return option name.
       *
       * @return {string}
       */
      name() {
        if (this.long) {
          return this.long.replace(/^--/, "");
        }
        return this.short.replace(/^-/, "");
      }
      /**
       * Return option name, in a camelcase format that can be used
       * as an object attribute key.
       *
       * @return {string}
       */
      attributeName() {
        if (this.negate) {
          return camelcase(this.name().replace(/^no-/, ""));
        }
        return camelcase(this.name());
      }
      /**
       * Set the help group heading.
       *
       * @param {string} heading
       * @return {Option}
       */
      helpGroup(heading) {
        this.helpGroupHeading = heading;
        return this;
      }
      /**
       * Check if `arg` matches the short or long flag.
       *
       * @param {string} arg
       * @return {boolean}
       * @package
       */
      is(arg) {
        return this.short === arg || this.long === arg;
      }
      /**
       * Return whether a boolean option.
       *
       * Options are one of boolean, negated, required argument, or optional argument.
       *
       * @return {boolean}
       * @package
       */
      isBoolean() {
        return !this.required && !this.optional && !this.negate;
      }
    };
    var DualOptions = class {
      /**
       * @param {Option[]} options
       */
      constructor(options) {
        this.positiveOptions = /* @__PURE__ */ new Map();
        this.negativeOptions = /* @__PURE__ */ new Map();
        this.dualOptions = /* @__PURE__ */ new Set();
        options.forEach((option2) => {
          if (option2.negate) {
            this.negativeOptions.set(option2.attributeName(), option2);
          } else {
            this.positiveOptions.set(option2.attributeName(), option2);
          }
        });
        this.negativeOptions.forEach((value, key) => {
          if (this.positiveOptions.has(key)) {
            this.dualOptions.add(key);
          }
        });
      }
      /**
       * Did the value come from the option, and not from possible matching dual option?
       *
       * @param {*} value
       * @param {Option} option
       * @returns {boolean}
       */
      valueFromOption(value, option2) {
        const optionKey = option2.attributeName();
        if (!this.dualOptions.has(optionKey)) return true;
        const preset = this.negativeOptions.get(optionKey).presetArg;
        const negativeValue = preset !== void 0 ? preset : false;
        return option2.negate === (negativeValue === value);
      }
    };
    function camelcase(str) {
      return str.split("-").reduce((str2, word) => {
        return str2 + word[0].toUpperCase() + word.slice(1);
      });
    }
    function splitOptionFlags(flags) {
      let shortFlag;
      let longFlag;
      const shortFlagExp = /^-[^-]$/;
      const longFlagExp = /^--[^-]/;
      const flagParts = flags.split(/[ |,]+/).concat("guard");
      if (shortFlagExp.test(flagParts[0])) shortFlag = flagParts.shift();
      if (longFlagExp.test(flagParts[0])) longFlag = flagParts.shift();
      if (!shortFlag && shortFlagExp.test(flagParts[0]))
        shortFlag = flagParts.shift();
      if (!shortFlag && longFlagExp.test(flagParts[0])) {
        shortFlag = longFlag;
        longFlag = flagParts.shift();
      }
      if (flagParts[0].startsWith("-")) {
        const unsupportedFlag = flagParts[0];
        const baseError = `option creation failed due to '${unsupportedFlag}' in option flags '${flags}'`;
        if (/^-[^-][^-]/.test(unsupportedFlag))
          throw new Error(
            `${baseError}
- a short flag is a single dash and a single character
  - either use a single dash and a single character (for a short flag)
  - or use a double dash for a long option (and can have two, like '--ws, --workspace')`
          );
        if (shortFlagExp.test(unsupportedFlag))
          throw new Error(`${baseError}
- too many short flags`);
        if (longFlagExp.test(unsupportedFlag))
          throw new Error(`${baseError}
- too many long flags`);
        throw new Error(`${baseError}
- unrecognised flag format`);
      }
      if (shortFlag === void 0 && longFlag === void 0)
        throw new Error(
          `option creation failed due to no flags found in '${flags}'.`
        );
      return { shortFlag, longFlag };
    }
    exports.Option = Option2;
    exports.DualOptions = DualOptions;
  }
});

// ../main/node_modules/commander/lib/suggestSimilar.js
var require_suggestSimilar = __commonJS({
  "../main/node_modules/commander/lib/suggestSimilar.js"(exports) {
    var maxDistance = 3;
    function editDistance(a, b) {
      if (Math.abs(a.length - b.length) > maxDistance)
        return Math.max(a.length, b.length);
      const d = [];
      for (let i = 0; i <= a.length; i++) {
        d[i] = [i];
      }
      for (let j = 0; j <= b.length; j++) {
        d[0][j] = j;
      }
      for (let j = 1; j <= b.length; j++) {
        for (let i = 1; i <= a.length; i++) {
          let cost = 1;
          if (a[i - 1] === b[j - 1]) {
            cost = 0;
          } else {
            cost = 1;
          }
          d[i][j] = Math.min(
            d[i - 1][j] + 1,
            // deletion
            d[i][j - 1] + 1,
            // insertion
            d[i - 1][j - 1] + cost
            // substitution
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
            d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
          }
        }
      }
      return d[a.length][b.length];
    }
    function suggestSimilar(word, candidates) {
      if (!candidates || candidates.length === 0) return "";
      candidates = Array.from(new Set(candidates));
      const searchingOptions = word.startsWith("--");
      if (searchingOptions) {
        word = word.slice(2);
        candidates = candidates.map((candidate) => candidate.slice(2));
      }
      let similar = [];
      let bestDistance = maxDistance;
      const minSimilarity = 0.4;
      candidates.forEach((candidate) => {
        if (candidate.length <= 1) return;
        const distance = editDistance(word, candidate);
        const length = Math.max(word.length, candidate.length);
        const similarity2 = (length - distance) / length;
        if (similarity2 > minSimilarity) {
          if (distance < bestDistance) {
            bestDistance = distance;
            similar = [candidate];
          } else if (distance === bestDistance) {
            similar.push(candidate);
          }
        }
      });
      similar.sort((a, b) => a.localeCompare(b));
      if (searchingOptions) {
        similar = similar.map((candidate) => `--${candidate}`);
      }
      if (similar.length > 1) {
        return `
(Did you mean one of ${similar.join(", ")}?)`;
      }
      if (similar.length === 1) {
        return `
(Did you mean ${similar[0]}?)`;
      }
      return "";
    }
    exports.suggestSimilar = suggestSimilar;
  }
});

// ../main/node_modules/commander/lib/command.js
var require_command = __commonJS({
  "../main/node_modules/commander/lib/command.js"(exports) {
    var EventEmitter = __require("node:events").EventEmitter;
    var childProcess = __require("node:child_process");
    var path = __require("node:path");
    var fs = __require("node:fs");
    var process = __require("node:process");
    var { Argument: Argument2, humanReadableArgName } = require_argument();
    var { CommanderError: CommanderError2 } = require_error();
    var { Help: Help2, stripColor } = require_help();
    var { Option: Option2, DualOptions } = require_option();
    var { suggestSimilar } = require_suggestSimilar();
    var Command2 = class _Command extends EventEmitter {
      /**
       * Initialize a new `Command`.
       *
       * @param {string} [name]
       */
      constructor(name) {
        super();
        this.commands = [];
        this.options = [];
        this.parent = null;
        this._allowUnknownOption = false;
        this._allowExcessArguments = false;
        this.registeredArguments = [];
        this._args = this.registeredArguments;
        this.args = [];
        this.rawArgs = [];
        this.processedArgs = [];
        this._scriptPath = null;
        this._name = name || "";
        this._optionValues = {};
        this._optionValueSources = {};
        this._storeOptionsAsProperties = false;
        this._actionHandler = null;
        this._executableHandler = false;
        this._executableFile = null;
        this._executableDir = null;
        this._defaultCommandName = null;
        this._exitCallback = null;
        this._aliases = [];
        this._combineFlagAndOptionalValue = true;
        this._description = "";
        this._summary = "";
        this._argsDescription = void 0;
        this._enablePositionalOptions = false;
        this._passThroughOptions = false;
        this._lifeCycleHooks = {};
        this._showHelpAfterError = false;
        this._showSuggestionAfterError = true;
        this._savedState = null;
        this._outputConfiguration = {
          writeOut: (str) => process.stdout.write(str),
          writeErr: (str) => process.stderr.write(str),
          outputError: (str, write) => write(str),
          getOutHelpWidth: () => process.stdout.isTTY ? process.stdout.columns : void 0,
          getErrHelpWidth: () => process.stderr.isTTY ? process.stderr.columns : void 0,
          getOutHasColors: () => useColor() ?? (process.stdout.isTTY && process.stdout.hasColors?.()),
          getErrHasColors: () => useColor() ?? (process.stderr.isTTY && process.stderr.hasColors?.()),
          stripColor: (str) => stripColor(str)
        };
        this._hidden = false;
        this._helpOption = void 0;
        this._addImplicitHelpCommand = void 0;
        this._helpCommand = void 0;
        this._helpConfiguration = {};
        this._helpGroupHeading = void 0;
        this._defaultCommandGroup = void 0;
        this._defaultOptionGroup = void 0;
      }
      /**
       * Copy settings that are useful to have in common across root command and subcommands.
       *
       * (Used internally when adding a command using `.command()` so subcommands inherit parent settings.)
       *
       * @param {Command} sourceCommand
       * @return {Command} `this` command for chaining
       */
      copyInheritedSettings(sourceCommand) {
        this._outputConfiguration = sourceCommand._outputConfiguration;
        this._helpOption = sourceCommand._helpOption;
        this._helpCommand = sourceCommand._helpCommand;
        this._helpConfiguration = sourceCommand._helpConfiguration;
        this._exitCallback = sourceCommand._exitCallback;
        this._storeOptionsAsProperties = sourceCommand._storeOptionsAsProperties;
        this._combineFlagAndOptionalValue = sourceCommand._combineFlagAndOptionalValue;
        this._allowExcessArguments = sourceCommand._allowExcessArguments;
        this._enablePositionalOptions = sourceCommand._enablePositionalOptions;
        this._showHelpAfterError = sourceCommand._showHelpAfterError;
        this._showSuggestionAfterError = sourceCommand._showSuggestionAfterError;
        return this;
      }
      /**
       * @returns {Command[]}
       * @private
       */
      _getCommandAndAncestors() {
        const result = [];
        for (let command = this; command; command = command.parent) {
          result.push(command);
        }
        return result;
      }
      /**
       * Define a command.
       *
       * There are two styles of command: pay attention to where to put the description.
       *
       * @example
       * // Command implemented using action handler (description is supplied separately to `.command`)
       * program
       *   .command('clone <source> [destination]')
       *   .description('clone a repository into a newly created directory')
       *   .action((source, destination) => {
       *     console.log('clone command called');
       *   });
       *
       * // Command implemented using separate executable file (description is second parameter to `.command`)
       * program
       *   .command('start <service>', 'start named service')
       *   .command('stop [service]', 'stop named service, or all if no name supplied');
       *
       * @param {string} nameAndArgs - command name and arguments, args are `<required>` or `[optional]` and last may also be `variadic...`
       * @param {(object | string)} [actionOptsOrExecDesc] - configuration options (for action), or description (for executable)
       * @param {object} [execOpts] - configuration options (for executable)
       * @return {Command} returns new command for action handler, or `this` for executable command
       */
      command(nameAndArgs, actionOptsOrExecDesc, execOpts) {
        let desc = actionOptsOrExecDesc;
        let opts = execOpts;
        if (typeof desc === "object" && desc !== null) {
          opts = desc;
          desc = null;
        }
        opts = opts || {};
        const [, name, args] = nameAndArgs.match(/([^ ]+) *(.*)/);
        const cmd = this.createCommand(name);
        if (desc) {
          cmd.description(desc);
          cmd._executableHandler = true;
        }
        if (opts.isDefault) this._defaultCommandName = cmd._name;
        cmd._hidden = !!(opts.noHelp || opts.hidden);
        cmd._executableFile = opts.executableFile || null;
        if (args) cmd.arguments(args);
        this._registerCommand(cmd);
        cmd.parent = this;
        cmd.copyInheritedSettings(this);
        if (desc) return this;
        return cmd;
      }
      /**
       * Factory routine to create a new unattached command.
       *
       * See .command() for creating an attached subcommand, which uses this routine to
       * create the command. You can override createCommand to customise subcommands.
       *
       * @param {string} [name]
       * @return {Command} new command
       */
      createCommand(name) {
        return new _Command(name);
      }
      /**
       * You can customise the help with a subclass of Help by overriding createHelp,
       * or by overriding Help properties using configureHelp().
       *
       * @return {Help}
       */
      createHelp() {
        return Object.assign(new Help2(), this.configureHelp());
      }
      /**
       * You can customise the help by overriding Help properties using configureHelp(),
       * or with a subclass of Help by overriding createHelp().
       *
       * @param {object} [configuration] - configuration options
       * @return {(Command | object)} `this` command for chaining, or stored configuration
       */
      configureHelp(configuration) {
        if (configuration === void 0) return this._helpConfiguration;
        this._helpConfiguration = configuration;
        return this;
      }
      /**
       * The default output goes to stdout and stderr. You can customise this for special
       * applications. You can also customise the display of errors by overriding outputError.
       *
       * The configuration properties are all functions:
       *
       *     // change how output being written, defaults to stdout and stderr
       *     writeOut(str)
       *     writeErr(str)
       *     // change how output being written for errors, defaults to writeErr
       *     outputError(str, write) // used for displaying errors and not used for displaying help
       *     // specify width for wrapping help
       *     getOutHelpWidth()
       *     getErrHelpWidth()
       *     // color support, currently only used with Help
       *     getOutHasColors()
       *     getErrHasColors()
       *     stripColor() // used to remove ANSI escape codes if output does not have colors
       *
       * @param {object} [configuration] - configuration options
       * @return {(Command | object)} `this` command for chaining, or stored configuration
       */
      configureOutput(configuration) {
        if (configuration === void 0) return this._outputConfiguration;
        this._outputConfiguration = {
          ...this._outputConfiguration,
          ...configuration
        };
        return this;
      }
      /**
       * Display the help or a custom message after an error occurs.
       *
       * @param {(boolean|string)} [displayHelp]
       * @return {Command} `this` command for chaining
       */
      showHelpAfterError(displayHelp = true) {
        if (typeof displayHelp !== "string") displayHelp = !!displayHelp;
        this._showHelpAfterError = displayHelp;
        return this;
      }
      /**
       * Display suggestion of similar commands for unknown commands, or options for unknown options.
       *
       * @param {boolean} [displaySuggestion]
       * @return {Command} `this` command for chaining
       */
      showSuggestionAfterError(displaySuggestion = true) {
        this._showSuggestionAfterError = !!displaySuggestion;
        return this;
      }
      /**
       * Add a prepared subcommand.
       *
       * See .command() for creating an attached subcommand which inherits settings from its parent.
       *
       * @param {Command} cmd - new subcommand
       * @param {object} [opts] - configuration options
       * @return {Command} `this` command for chaining
       */
      addCommand(cmd, opts) {
        if (!cmd._name) {
          throw new Error(`Command passed to .addCommand() must have a name
- specify the name in Command constructor or using .name()`);
        }
        opts = opts || {};
        if (opts.isDefault) this._defaultCommandName = cmd._name;
        if (opts.noHelp || opts.hidden) cmd._hidden = true;
        this._registerCommand(cmd);
        cmd.parent = this;
        cmd._checkForBrokenPassThrough();
        return this;
      }
      /**
       * Factory routine to create a new unattached argument.
       *
       * See .argument() for creating an attached argument, which uses this routine to
       * create the argument. You can override createArgument to return a custom argument.
       *
       * @param {string} name
       * @param {string} [description]
       * @return {Argument} new argument
       */
      createArgument(name, description) {
        return new Argument2(name, description);
      }
      /**
       * Define argument syntax for command.
       *
       * The default is that the argument is required, and you can explicitly
       * indicate this with <> around the name. Put [] around the name for an optional argument.
       *
       * @example
       * program.argument('<input-file>');
       * program.argument('[output-file]');
       *
       * @param {string} name
       * @param {string} [description]
       * @param {(Function|*)} [parseArg] - custom argument processing function or default value
       * @param {*} [defaultValue]
       * @return {Command} `this` command for chaining
       */
      argument(name, description, parseArg, defaultValue) {
        const argument = this.createArgument(name, description);
        if (typeof parseArg === "function") {
          argument.default(defaultValue).argParser(parseArg);
        } else {
          argument.default(parseArg);
        }
        this.addArgument(argument);
        return this;
      }
      /**
       * Define argument syntax for command, adding multiple at once (without descriptions).
       *
       * See also .argument().
       *
       * @example
       * program.arguments('<cmd> [env]');
       *
       * @param {string} names
       * @return {Command} `this` command for chaining
       */
      arguments(names) {
        names.trim().split(/ +/).forEach((detail) => {
          this.argument(detail);
        });
        return this;
      }
      /**
       * Define argument syntax for command, adding a prepared argument.
       *
       * @param {Argument} argument
       * @return {Command} `this` command for chaining
       */
      addArgument(argument) {
        const previousArgument = this.registeredArguments.slice(-1)[0];
        if (previousArgument?.variadic) {
          throw new Error(
            `only the last argument can be variadic '${previousArgument.name()}'`
          );
        }
        if (argument.required && argument.defaultValue !== void 0 && argument.parseArg === void 0) {
          throw new Error(
            `a default value for a required argument is never used: '${argument.name()}'`
          );
        }
        this.registeredArguments.push(argument);
        return this;
      }
      /**
       * Customise or override default help command. By default a help command is automatically added if your command has subcommands.
       *
       * @example
       *    program.helpCommand('help [cmd]');
       *    program.helpCommand('help [cmd]', 'show help');
       *    program.helpCommand(false); // suppress default help command
       *    program.helpCommand(true); // add help command even if no subcommands
       *
       * @param {string|boolean} enableOrNameAndArgs - enable with custom name and/or arguments, or boolean to override whether added
       * @param {string} [description] - custom description
       * @return {Command} `this` command for chaining
       */
      helpCommand(enableOrNameAndArgs, description) {
        if (typeof enableOrNameAndArgs === "boolean") {
          this._addImplicitHelpCommand = enableOrNameAndArgs;
          if (enableOrNameAndArgs && this._defaultCommandGroup) {
            this._initCommandGroup(this._getHelpCommand());
          }
          return this;
        }
        const nameAndArgs = enableOrNameAndArgs ?? "help [command]";
        const [, helpName, helpArgs] = nameAndArgs.match(/([^ ]+) *(.*)/);
        const helpDescription = description ?? "display help for command";
        const helpCommand = this.createCommand(helpName);
        helpCommand.helpOption(false);
        if (helpArgs) helpCommand.arguments(helpArgs);
        if (helpDescription) helpCommand.description(helpDescription);
        this._addImplicitHelpCommand = true;
        this._helpCommand = helpCommand;
        if (enableOrNameAndArgs || description) this._initCommandGroup(helpCommand);
        return this;
      }
      /**
       * Add prepared custom help command.
       *
       * @param {(Command|string|boolean)} helpCommand - custom help command, or deprecated enableOrNameAndArgs as for `.helpCommand()`
       * @param {string} [deprecatedDescription] - deprecated custom description used with custom name only
       * @return {Command} `this` command for chaining
       */
      addHelpCommand(helpCommand, deprecatedDescription) {
        if (typeof helpCommand !== "object") {
          this.helpCommand(helpCommand, deprecatedDescription);
          return this;
        }
        this._addImplicitHelpCommand = true;
        this._helpCommand = helpCommand;
        this._initCommandGroup(helpCommand);
        return this;
      }
      /**
       * Lazy create help command.
       *
       * @return {(Command|null)}
       * @package
       */
      _getHelpCommand() {
        const hasImplicitHelpCommand = this._addImplicitHelpCommand ?? (this.commands.length && !this._actionHandler && !this._findCommand("help"));
        if (hasImplicitHelpCommand) {
          if (this._helpCommand === void 0) {
            this.helpCommand(void 0, void 0);
          }
          return this._helpCommand;
        }
        return null;
      }
      /**
       * Add hook for life cycle event.
       *
       * @param {string} event
       * @param {Function} listener
       * @return {Command} `this` command for chaining
       */
      hook(event, listener) {
        const allowedValues = ["preSubcommand", "preAction", "postAction"];
        if (!allowedValues.includes(event)) {
          throw new Error(`Unexpected value for event passed to hook : '${event}'.
Expecting one of '${allowedValues.join("', '")}'`);
        }
        if (this._lifeCycleHooks[event]) {
          this._lifeCycleHooks[event].push(listener);
        } else {
          this._lifeCycleHooks[event] = [listener];
        }
        return this;
      }
      /**
       * Register callback to use as replacement for calling process.exit.
       *
       * @param {Function} [fn] optional callback which will be passed a CommanderError, defaults to throwing
       * @return {Command} `this` command for chaining
       */
      exitOverride(fn) {
        if (fn) {
          this._exitCallback = fn;
        } else {
          this._exitCallback = (err) => {
            if (err.code !== "commander.executeSubCommandAsync") {
              throw err;
            } else {
            }
          };
        }
        return this;
      }
      /**
       * Call process.exit, and _exitCallback if defined.
       *
       * @param {number} exitCode exit code for using with process.exit
       * @param {string} code an id string representing the error
       * @param {string} message human-readable description of the error
       * @return never
       * @private
       */
      _exit(exitCode, code, message) {
        if (this._exitCallback) {
          this._exitCallback(new CommanderError2(exitCode, code, message));
        }
        process.exit(exitCode);
      }
      /**
       * Register callback `fn` for the command.
       *
       * @example
       * program
       *   .command('serve')
       *   .description('start service')
       *   .action(function() {
       *      // do work here
       *   });
       *
       * @param {Function} fn
       * @return {Command} `this` command for chaining
       */
      action(fn) {
        const listener = (args) => {
          const expectedArgsCount = this.registeredArguments.length;
          const actionArgs = args.slice(0, expectedArgsCount);
          if (this._storeOptionsAsProperties) {
            actionArgs[expectedArgsCount] = this;
          } else {
            actionArgs[expectedArgsCount] = this.opts();
          }
          actionArgs.push(this);
          return fn.apply(this, actionArgs);
        };
        this._actionHandler = listener;
        return this;
      }
      /**
       * Factory routine to create a new unattached option.
       *
       * See .option() for creating an attached option, which uses this routine to
       * create the option. You can override createOption to return a custom option.
       *
       * @param {string} flags
       * @param {string} [description]
       * @return {Option} new option
       */
      createOption(flags, description) {
        return new Option2(flags, description);
      }
      /**
       * Wrap parseArgs to catch 'commander.invalidArgument'.
       *
       * @param {(Option | Argument)} target
       * @param {string} value
       * @param {*} previous
       * @param {string} invalidArgumentMessage
       * @private
       */
      _callParseArg(target, value, previous, invalidArgumentMessage) {
        try {
          return target.parseArg(value, previous);
        } catch (err) {
          if (err.code === "commander.invalidArgument") {
            const message = `${invalidArgumentMessage} ${err.message}`;
            this.error(message, { exitCode: err.exitCode, code: err.code });
          }
          throw err;
        }
      }
      /**
       * Check for option flag conflicts.
       * Register option if no conflicts found, or throw on conflict.
       *
       * @param {Option} option
       * @private
       */
      _registerOption(option2) {
        const matchingOption = option2.short && this._findOption(option2.short) || option2.long && this._findOption(option2.long);
        if (matchingOption) {
          const matchingFlag = option2.long && this._findOption(option2.long) ? option2.long : option2.short;
          throw new Error(`Cannot add option '${option2.flags}'${this._name && ` to command '${this._name}'`} due to conflicting flag '${matchingFlag}'
-  already used by option '${matchingOption.flags}'`);
        }
        this._initOptionGroup(option2);
        this.options.push(option2);
      }
      /**
       * Check for command name and alias conflicts with existing commands.
       * Register command if no conflicts found, or throw on conflict.
       *
       * @param {Command} command
       * @private
       */
      _registerCommand(command) {
        const knownBy = (cmd) => {
          return [cmd.name()].concat(cmd.aliases());
        };
        const alreadyUsed = knownBy(command).find(
          (name) => this._findCommand(name)
        );
        if (alreadyUsed) {
          const existingCmd = knownBy(this._findCommand(alreadyUsed)).join("|");
          const newCmd = knownBy(command).join("|");
          throw new Error(
            `cannot add command '${newCmd}' as already have command '${existingCmd}'`
          );
        }
        this._initCommandGroup(command);
        this.commands.push(command);
      }
      /**
       * Add an option.
       *
       * @param {Option} option
       * @return {Command} `this` command for chaining
       */
      addOption(option2) {
        this._registerOption(option2);
        const oname = option2.name();
        const name = option2.attributeName();
        if (option2.negate) {
          const positiveLongFlag = option2.long.replace(/^--no-/, "--");
          if (!this._findOption(positiveLongFlag)) {
            this.setOptionValueWithSource(
              name,
              option2.defaultValue === void 0 ? true : option2.defaultValue,
              "default"
            );
          }
        } else if (option2.defaultValue !== void 0) {
          this.setOptionValueWithSource(name, option2.defaultValue, "default");
        }
        const handleOptionValue = (val, invalidValueMessage, valueSource) => {
          if (val == null && option2.presetArg !== void 0) {
            val = option2.presetArg;
          }
          const oldValue = this.getOptionValue(name);
          if (val !== null && option2.parseArg) {
            val = this._callParseArg(option2, val, oldValue, invalidValueMessage);
          } else if (val !== null && option2.variadic) {
            val = option2._collectValue(val, oldValue);
          }
          if (val == null) {
            if (option2.negate) {
              val = false;
            } else if (option2.isBoolean() || option2.optional) {
              val = true;
            } else {
              val = "";
            }
          }
          this.setOptionValueWithSource(name, val, valueSource);
        };
        this.on("option:" + oname, (val) => {
          const invalidValueMessage = `error: option '${option2.flags}' argument '${val}' is invalid.`;
          handleOptionValue(val, invalidValueMessage, "cli");
        });
        if (option2.envVar) {
          this.on("optionEnv:" + oname, (val) => {
            const invalidValueMessage = `error: option '${option2.flags}' value '${val}' from env '${option2.envVar}' is invalid.`;
            handleOptionValue(val, invalidValueMessage, "env");
          });
        }
        return this;
      }
      /**
       * Internal implementation shared by .option() and .requiredOption()
       *
       * @return {Command} `this` command for chaining
       * @private
       */
      _optionEx(config, flags, description, fn, defaultValue) {
        if (typeof flags === "object" && flags instanceof Option2) {
          throw new Error(
            "To add an Option object use addOption() instead of option() or requiredOption()"
          );
        }
        const option2 = this.createOption(flags, description);
        option2.makeOptionMandatory(!!config.mandatory);
        if (typeof fn === "function") {
          option2.default(defaultValue).argParser(fn);
        } else if (fn instanceof RegExp) {
          const regex = fn;
          fn = (val, def) => {
            const m = regex.exec(val);
            return m ? m[0] : def;
          };
          option2.default(defaultValue).argParser(fn);
        } else {
          option2.default(fn);
        }
        return this.addOption(option2);
      }
      /**
       * Define option with `flags`, `description`, and optional argument parsing function or `defaultValue` or both.
       *
       * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space. A required
       * option-argument is indicated by `<>` and an optional option-argument by `[]`.
       *
       * See the README for more details, and see also addOption() and requiredOption().
       *
       * @example
       * program
       *     .option('-p, --pepper', 'add pepper')
       *     .option('--pt, --pizza-type <TYPE>', 'type of pizza') // required option-argument
       *     .option('-c, --cheese [CHEESE]', 'add extra cheese', 'mozzarella') // optional option-argument with default
       *     .option('-t, --tip <VALUE>', 'add tip to purchase cost', parseFloat) // custom parse function
       *
       * @param {string} flags
       * @param {string} [description]
       * @param {(Function|*)} [parseArg] - custom option processing function or default value
       * @param {*} [defaultValue]
       * @return {Command} `this` command for chaining
       */
      option(flags, description, parseArg, defaultValue) {
        return this._optionEx({}, flags, description, parseArg, defaultValue);
      }
      /**
       * Add a required option which must have a value after parsing. This usually means
       * the option must be specified on the command line. (Otherwise the same as .option().)
       *
       * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space.
       *
       * @param {string} flags
       * @param {string} [description]
       * @param {(Function|*)} [parseArg] - custom option processing function or default value
       * @param {*} [defaultValue]
       * @return {Command} `this` command for chaining
       */
      requiredOption(flags, description, parseArg, defaultValue) {
        return this._optionEx(
          { mandatory: true },
          flags,
          description,
          parseArg,
          defaultValue
        );
      }
      /**
       * Alter parsing of short flags with optional values.
       *
       * @example
       * // for `.option('-f,--flag [value]'):
       * program.combineFlagAndOptionalValue(true);  // `-f80` is treated like `--flag=80`, this is the default behaviour
       * program.combineFlagAndOptionalValue(false) // `-fb` is treated like `-f -b`
       *
       * @param {boolean} [combine] - if `true` or omitted, an optional value can be specified directly after the flag.
       * @return {Command} `this` command for chaining
       */
      combineFlagAndOptionalValue(combine = true) {
        this._combineFlagAndOptionalValue = !!combine;
        return this;
      }
      /**
       * Allow unknown options on the command line.
       *
       * @param {boolean} [allowUnknown] - if `true` or omitted, no error will be thrown for unknown options.
       * @return {Command} `this` command for chaining
       */
      allowUnknownOption(allowUnknown = true) {
        this._allowUnknownOption = !!allowUnknown;
        return this;
      }
      /**
       * Allow excess command-arguments on the command line. Pass false to make excess arguments an error.
       *
       * @param {boolean} [allowExcess] - if `true` or omitted, no error will be thrown for excess arguments.
       * @return {Command} `this` command for chaining
       */
      allowExcessArguments(allowExcess = true) {
        this._allowExcessArguments = !!allowExcess;
        return this;
      }
      /**
       * Enable positional options. Positional means global options are specified before subcommands which lets
       * subcommands reuse the same option names, and also enables subcommands to turn on passThroughOptions.
       * The default behaviour is non-positional and global options may appear anywhere on the command line.
       *
       * @param {boolean} [positional]
       * @return {Command} `this` command for chaining
       */
      enablePositionalOptions(positional = true) {
        this._enablePositionalOptions = !!positional;
        return this;
      }
      /**
       * Pass through options that come after command-arguments rather than treat them as command-options,
       * so actual command-options come before command-arguments. Turning this on for a subcommand requires
       * positional options to have been enabled on the program (parent commands).
       * The default behaviour is non-positional and options may appear before or after command-arguments.
       *
       * @param {boolean} [passThrough] for unknown options.
       * @return {Command} `this` command for chaining
       */
      passThroughOptions(passThrough = true) {
        this._passThroughOptions = !!passThrough;
        this._checkForBrokenPassThrough();
        return this;
      }
      /**
       * @private
       */
      _checkForBrokenPassThrough() {
        if (this.parent && this._passThroughOptions && !this.parent._enablePositionalOptions) {
          throw new Error(
            `passThroughOptions cannot be used for '${this._name}' without turning on enablePositionalOptions for parent command(s)`
          );
        }
      }
      /**
       * Whether to store option values as properties on command object,
       * or store separately (specify false). In both cases the option values can be accessed using .opts().
       *
       * @param {boolean} [storeAsProperties=true]
       * @return {Command} `this` command for chaining
       */
      storeOptionsAsProperties(storeAsProperties = true) {
        if (this.options.length) {
          throw new Error("call .storeOptionsAsProperties() before adding options");
        }
        if (Object.keys(this._optionValues).length) {
          throw new Error(
            "call .storeOptionsAsProperties() before setting option values"
          );
        }
        this._storeOptionsAsProperties = !!storeAsProperties;
        return this;
      }
      /**
       * Retrieve option value.
       *
       * @param {string} key
       * @return {object} value
       */
      getOptionValue(key) {
        if (this._storeOptionsAsProperties) {
          return this[key];
        }
        return this._optionValues[key];
      }
      /**
       * Store option value.
       *
       * @param {string} key
       * @param {object} value
       * @return {Command} `this` command for chaining
       */
      setOptionValue(key, value) {
        return this.setOptionValueWithSource(key, value, void 0);
      }
      /**
       * Store option value and where the value came from.
       *
       * @param {string} key
       * @param {object} value
       * @param {string} source - expected values are default/config/env/cli/implied
       * @return {Command} `this` command for chaining
       */
      setOptionValueWithSource(key, value, source) {
        if (this._storeOptionsAsProperties) {
          this[key] = value;
        } else {
          this._optionValues[key] = value;
        }
        this._optionValueSources[key] = source;
        return this;
      }
      /**
       * Get source of option value.
       * Expected values are default | config | env | cli | implied
       *
       * @param {string} key
       * @return {string}
       */
      getOptionValueSource(key) {
        return this._optionValueSources[key];
      }
      /**
       * Get source of option value. See also .optsWithGlobals().
       * Expected values are default | config | env | cli | implied
       *
       * @param {string} key
       * @return {string}
       */
      getOptionValueSourceWithGlobals(key) {
        let source;
        this._getCommandAndAncestors().forEach((cmd) => {
          if (cmd.getOptionValueSource(key) !== void 0) {
            source = cmd.getOptionValueSource(key);
          }
        });
        return source;
      }
      /**
       * Get user arguments from implied or explicit arguments.
       * Side-effects: set _scriptPath if args included script. Used for default program name, and subcommand searches.
       *
       * @private
       */
      _prepareUserArgs(argv, parseOptions) {
        if (argv !== void 0 && !Array.isArray(argv)) {
          throw new Error("first parameter to parse must be array or undefined");
        }
        parseOptions = parseOptions || {};
        if (argv === void 0 && parseOptions.from === void 0) {
          if (process.versions?.electron) {
            parseOptions.from = "electron";
          }
          const execArgv = process.execArgv ?? [];
          if (execArgv.includes("-e") || execArgv.includes("--eval") || execArgv.includes("-p") || execArgv.includes("--print")) {
            parseOptions.from = "eval";
          }
        }
        if (argv === void 0) {
          argv = process.argv;
        }
        this.rawArgs = argv.slice();
        let userArgs;
        switch (parseOptions.from) {
          case void 0:
          case "node":
            this._scriptPath = argv[1];
            userArgs = argv.slice(2);
            break;
          case "electron":
            if (process.defaultApp) {
              this._scriptPath = argv[1];
              userArgs = argv.slice(2);
            } else {
              userArgs = argv.slice(1);
            }
            break;
          case "user":
            userArgs = argv.slice(0);
            break;
          case "eval":
            userArgs = argv.slice(1);
            break;
          default:
            throw new Error(
              `unexpected parse option { from: '${parseOptions.from}' }`
            );
        }
        if (!this._name && this._scriptPath)
          this.nameFromFilename(this._scriptPath);
        this._name = this._name || "program";
        return userArgs;
      }
      /**
       * Parse `argv`, setting options and invoking commands when defined.
       *
       * Use parseAsync instead of parse if any of your action handlers are async.
       *
       * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
       *
       * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
       * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
       * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
       * - `'user'`: just user arguments
       *
       * @example
       * program.parse(); // parse process.argv and auto-detect electron and special node flags
       * program.parse(process.argv); // assume argv[0] is app and argv[1] is script
       * program.parse(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
       *
       * @param {string[]} [argv] - optional, defaults to process.argv
       * @param {object} [parseOptions] - optionally specify style of options with from: node/user/electron
       * @param {string} [parseOptions.from] - where the args are from: 'node', 'user', 'electron'
       * @return {Command} `this` command for chaining
       */
      parse(argv, parseOptions) {
        this._prepareForParse();
        const userArgs = this._prepareUserArgs(argv, parseOptions);
        this._parseCommand([], userArgs);
        return this;
      }
      /**
       * Parse `argv`, setting options and invoking commands when defined.
       *
       * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
       *
       * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
       * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
       * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
       * - `'user'`: just user arguments
       *
       * @example
       * await program.parseAsync(); // parse process.argv and auto-detect electron and special node flags
       * await program.parseAsync(process.argv); // assume argv[0] is app and argv[1] is script
       * await program.parseAsync(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
       *
       * @param {string[]} [argv]
       * @param {object} [parseOptions]
       * @param {string} parseOptions.from - where the args are from: 'node', 'user', 'electron'
       * @return {Promise}
       */
      async parseAsync(argv, parseOptions) {
        this._prepareForParse();
        const userArgs = this._prepareUserArgs(argv, parseOptions);
        await this._parseCommand([], userArgs);
        return this;
      }
      _prepareForParse() {
        if (this._savedState === null) {
          this.saveStateBeforeParse();
        } else {
          this.restoreStateBeforeParse();
        }
      }
      /**
       * Called the first time parse is called to save state and allow a restore before subsequent calls to parse.
       * Not usually called directly, but available for subclasses to save their custom state.
       *
       * This is called in a lazy way. Only commands used in parsing chain will have state saved.
       */
      saveStateBeforeParse() {
        this._savedState = {
          // name is stable if supplied by author, but may be unspecified for root command and deduced during parsing
          _name: this._name,
          // option values before parse have default values (including false for negated options)
          // shallow clones
          _optionValues: { ...this._optionValues },
          _optionValueSources: { ...this._optionValueSources }
        };
      }
      /**
       * Restore state before parse for calls after the first.
       * Not usually called directly, but available for subclasses to save their custom state.
       *
       * This is called in a lazy way. Only commands used in parsing chain will have state restored.
       */
      restoreStateBeforeParse() {
        if (this._storeOptionsAsProperties)
          throw new Error(`Can not call parse again when storeOptionsAsProperties is true.
- either make a new Command for each call to parse, or stop storing options as properties`);
        this._name = this._savedState._name;
        this._scriptPath = null;
        this.rawArgs = [];
        this._optionValues = { ...this._savedState._optionValues };
        this._optionValueSources = { ...this._savedState._optionValueSources };
        this.args = [];
        this.processedArgs = [];
      }
      /**
       * Throw if expected executable is missing. Add lots of help for author.
       *
       * @param {string} executableFile
       * @param {string} executableDir
       * @param {string} subcommandName
       */
      _checkForMissingExecutable(executableFile, executableDir, subcommandName) {
        if (fs.existsSync(executableFile)) return;
        const executableDirMessage = executableDir ? `searched for local subcommand relative to directory '${executableDir}'` : "no directory for search for local subcommand, use .executableDir() to supply a custom directory";
        const executableMissing = `'${executableFile}' does not exist
 - if '${subcommandName}' is not meant to be an executable command, remove description parameter from '.command()' and use '.description()' instead
 - if the default executable name is not suitable, use the executableFile option to supply a custom name or path
 - ${executableDirMessage}`;
        throw new Error(executableMissing);
      }
      /**
       * Execute a sub-command executable.
       *
       * @private
       */
      _executeSubCommand(subcommand, args) {
        args = args.slice();
        let launchWithNode = false;
        const sourceExt = [".js", ".ts", ".tsx", ".mjs", ".cjs"];
        function findFile(baseDir, baseName) {
          const localBin = path.resolve(baseDir, baseName);
          if (fs.existsSync(localBin)) return localBin;
          if (sourceExt.includes(path.extname(baseName))) return void 0;
          const foundExt = sourceExt.find(
            (ext) => fs.existsSync(`${localBin}${ext}`)
          );
          if (foundExt) return `${localBin}${foundExt}`;
          return void 0;
        }
        this._checkForMissingMandatoryOptions();
        this._checkForConflictingOptions();
        let executableFile = subcommand._executableFile || `${this._name}-${subcommand._name}`;
        let executableDir = this._executableDir || "";
        if (this._scriptPath) {
          let resolvedScriptPath;
          try {
            resolvedScriptPath = fs.realpathSync(this._scriptPath);
          } catch {
            resolvedScriptPath = this._scriptPath;
          }
          executableDir = path.resolve(
            path.dirname(resolvedScriptPath),
            executableDir
          );
        }
        if (executableDir) {
          let localFile = findFile(executableDir, executableFile);
          if (!localFile && !subcommand._executableFile && this._scriptPath) {
            const legacyName = path.basename(
              this._scriptPath,
              path.extname(this._scriptPath)
            );
            if (legacyName !== this._name) {
              localFile = findFile(
                executableDir,
                `${legacyName}-${subcommand._name}`
              );
            }
          }
          executableFile = localFile || executableFile;
        }
        launchWithNode = sourceExt.includes(path.extname(executableFile));
        let proc;
        if (process.platform !== "win32") {
          if (launchWithNode) {
            args.unshift(executableFile);
            args = incrementNodeInspectorPort(process.execArgv).concat(args);
            proc = childProcess.spawn(process.argv[0], args, { stdio: "inherit" });
          } else {
            proc = childProcess.spawn(executableFile, args, { stdio: "inherit" });
          }
        } else {
          this._checkForMissingExecutable(
            executableFile,
            executableDir,
            subcommand._name
          );
          args.unshift(executableFile);
          args = incrementNodeInspectorPort(process.execArgv).concat(args);
          proc = childProcess.spawn(process.execPath, args, { stdio: "inherit" });
        }
        if (!proc.killed) {
          const signals = ["SIGUSR1", "SIGUSR2", "SIGTERM", "SIGINT", "SIGHUP"];
          signals.forEach((signal) => {
            process.on(signal, () => {
              if (proc.killed === false && proc.exitCode === null) {
                proc.kill(signal);
              }
            });
          });
        }
        const exitCallback = this._exitCallback;
        proc.on("close", (code) => {
          code = code ?? 1;
          if (!exitCallback) {
            process.exit(code);
          } else {
            exitCallback(
              new CommanderError2(
                code,
                "commander.executeSubCommandAsync",
                "(close)"
              )
            );
          }
        });
        proc.on("error", (err) => {
          if (err.code === "ENOENT") {
            this._checkForMissingExecutable(
              executableFile,
              executableDir,
              subcommand._name
            );
          } else if (err.code === "EACCES") {
            throw new Error(`'${executableFile}' not executable`);
          }
          if (!exitCallback) {
            process.exit(1);
          } else {
            const wrappedError = new CommanderError2(
              1,
              "commander.executeSubCommandAsync",
              "(error)"
            );
            wrappedError.nestedError = err;
            exitCallback(wrappedError);
          }
        });
        this.runningCommand = proc;
      }
      /**
       * @private
       */
      _dispatchSubcommand(commandName, operands, unknown) {
        const subCommand = this._findCommand(commandName);
        if (!subCommand) this.help({ error: true });
        subCommand._prepareForParse();
        let promiseChain;
        promiseChain = this._chainOrCallSubCommandHook(
          promiseChain,
          subCommand,
          "preSubcommand"
        );
        promiseChain = this._chainOrCall(promiseChain, () => {
          if (subCommand._executableHandler) {
            this._executeSubCommand(subCommand, operands.concat(unknown));
          } else {
            return subCommand._parseCommand(operands, unknown);
          }
        });
        return promiseChain;
      }
      /**
       * Invoke help directly if possible, or dispatch if necessary.
       * e.g. help foo
       *
       * @private
       */
      _dispatchHelpCommand(subcommandName) {
        if (!subcommandName) {
          this.help();
        }
        const subCommand = this._findCommand(subcommandName);
        if (subCommand && !subCommand._executableHandler) {
          subCommand.help();
        }
        return this._dispatchSubcommand(
          subcommandName,
          [],
          [this._getHelpOption()?.long ?? this._getHelpOption()?.short ?? "--help"]
        );
      }
      /**
       * Check this.args against expected this.registeredArguments.
       *
       * @private
       */
      _checkNumberOfArguments() {
        this.registeredArguments.forEach((arg, i) => {
          if (arg.required && this.args[i] == null) {
            this.missingArgument(arg.name());
          }
        });
        if (this.registeredArguments.length > 0 && this.registeredArguments[this.registeredArguments.length - 1].variadic) {
          return;
        }
        if (this.args.length > this.registeredArguments.length) {
          this._excessArguments(this.args);
        }
      }
      /**
       * Process this.args using this.registeredArguments and save as this.processedArgs!
       *
       * @private
       */
      _processArguments() {
        const myParseArg = (argument, value, previous) => {
          let parsedValue = value;
          if (value !== null && argument.parseArg) {
            const invalidValueMessage = `error: command-argument value '${value}' is invalid for argument '${argument.name()}'.`;
            parsedValue = this._callParseArg(
              argument,
              value,
              previous,
              invalidValueMessage
            );
          }
          return parsedValue;
        };
        this._checkNumberOfArguments();
        const processedArgs = [];
        this.registeredArguments.forEach((declaredArg, index) => {
          let value = declaredArg.defaultValue;
          if (declaredArg.variadic) {
            if (index < this.args.length) {
              value = this.args.slice(index);
              if (declaredArg.parseArg) {
                value = value.reduce((processed, v) => {
                  return myParseArg(declaredArg, v, processed);
                }, declaredArg.defaultValue);
              }
            } else if (value === void 0) {
              value = [];
            }
          } else if (index < this.args.length) {
            value = this.args[index];
            if (declaredArg.parseArg) {
              value = myParseArg(declaredArg, value, declaredArg.defaultValue);
            }
          }
          processedArgs[index] = value;
        });
        this.processedArgs = processedArgs;
      }
      /**
       * Once we have a promise we chain, but call synchronously until then.
       *
       * @param {(Promise|undefined)} promise
       * @param {Function} fn
       * @return {(Promise|undefined)}
       * @private
       */
      _chainOrCall(promise, fn) {
        if (promise?.then && typeof promise.then === "function") {
          return promise.then(() => fn());
        }
        return fn();
      }
      /**
       *
       * @param {(Promise|undefined)} promise
       * @param {string} event
       * @return {(Promise|undefined)}
       * @private
       */
      _chainOrCallHooks(promise, event) {
        let result = promise;
        const hooks = [];
        this._getCommandAndAncestors().reverse().filter((cmd) => cmd._lifeCycleHooks[event] !== void 0).forEach((hookedCommand) => {
          hookedCommand._lifeCycleHooks[event].forEach((callback) => {
            hooks.push({ hookedCommand, callback });
          });
        });
        if (event === "postAction") {
          hooks.reverse();
        }
        hooks.forEach((hookDetail) => {
          result = this._chainOrCall(result, () => {
            return hookDetail.callback(hookDetail.hookedCommand, this);
          });
        });
        return result;
      }
      /**
       *
       * @param {(Promise|undefined)} promise
       * @param {Command} subCommand
       * @param {string} event
       * @return {(Promise|undefined)}
       * @private
       */
      _chainOrCallSubCommandHook(promise, subCommand, event) {
        let result = promise;
        if (this._lifeCycleHooks[event] !== void 0) {
          this._lifeCycleHooks[event].forEach((hook) => {
            result = this._chainOrCall(result, () => {
              return hook(this, subCommand);
            });
          });
        }
        return result;
      }
      /**
       * Process arguments in context of this command.
       * Returns action result, in case it is a promise.
       *
       * @private
       */
      _parseCommand(operands, unknown) {
        const parsed = this.parseOptions(unknown);
        this._parseOptionsEnv();
        this._parseOptionsImplied();
        operands = operands.concat(parsed.operands);
        unknown = parsed.unknown;
        this.args = operands.concat(unknown);
        if (operands && this._findCommand(operands[0])) {
          return this._dispatchSubcommand(operands[0], operands.slice(1), unknown);
        }
        if (this._getHelpCommand() && operands[0] === this._getHelpCommand().name()) {
          return this._dispatchHelpCommand(operands[1]);
        }
        if (this._defaultCommandName) {
          this._outputHelpIfRequested(unknown);
          return this._dispatchSubcommand(
            this._defaultCommandName,
            operands,
            unknown
          );
        }
        if (this.commands.length && this.args.length === 0 && !this._actionHandler && !this._defaultCommandName) {
          this.help({ error: true });
        }
        this._outputHelpIfRequested(parsed.unknown);
        this._checkForMissingMandatoryOptions();
        this._checkForConflictingOptions();
        const checkForUnknownOptions = () => {
          if (parsed.unknown.length > 0) {
            this.unknownOption(parsed.unknown[0]);
          }
        };
        const commandEvent = `command:${this.name()}`;
        if (this._actionHandler) {
          checkForUnknownOptions();
          this._processArguments();
          let promiseChain;
          promiseChain = this._chainOrCallHooks(promiseChain, "preAction");
          promiseChain = this._chainOrCall(
            promiseChain,
            () => this._actionHandler(this.processedArgs)
          );
          if (this.parent) {
            promiseChain = this._chainOrCall(promiseChain, () => {
              this.parent.emit(commandEvent, operands, unknown);
            });
          }
          promiseChain = this._chainOrCallHooks(promiseChain, "postAction");
          return promiseChain;
        }
        if (this.parent?.listenerCount(commandEvent)) {
          checkForUnknownOptions();
          this._processArguments();
          this.parent.emit(commandEvent, operands, unknown);
        } else if (operands.length) {
          if (this._findCommand("*")) {
            return this._dispatchSubcommand("*", operands, unknown);
          }
          if (this.listenerCount("command:*")) {
            this.emit("command:*", operands, unknown);
          } else if (this.commands.length) {
            this.unknownCommand();
          } else {
            checkForUnknownOptions();
            this._processArguments();
          }
        } else if (this.commands.length) {
          checkForUnknownOptions();
          this.help({ error: true });
        } else {
          checkForUnknownOptions();
          this._processArguments();
        }
      }
      /**
       * Find matching command.
       *
       * @private
       * @return {Command | undefined}
       */
      _findCommand(name) {
        if (!name) return void 0;
        return this.commands.find(
          (cmd) => cmd._name === name || cmd._aliases.includes(name)
        );
      }
      /**
       * Return an option matching `arg` if any.
       *
       * @param {string} arg
       * @return {Option}
       * @package
       */
      _findOption(arg) {
        return this.options.find((option2) => option2.is(arg));
      }
      /**
       * Display an error message if a mandatory option does not have a value.
       * Called after checking for help flags in leaf subcommand.
       *
       * @private
       */
      _checkForMissingMandatoryOptions() {
        this._getCommandAndAncestors().forEach((cmd) => {
          cmd.options.forEach((anOption) => {
            if (anOption.mandatory && cmd.getOptionValue(anOption.attributeName()) === void 0) {
              cmd.missingMandatoryOptionValue(anOption);
            }
          });
        });
      }
      /**
       * Display an error message if conflicting options are used together in this.
       *
       * @private
       */
      _checkForConflictingLocalOptions() {
        const definedNonDefaultOptions = this.options.filter((option2) => {
          const optionKey = option2.attributeName();
          if (this.getOptionValue(optionKey) === void 0) {
            return false;
          }
          return this.getOptionValueSource(optionKey) !== "default";
        });
        const optionsWithConflicting = definedNonDefaultOptions.filter(
          (option2) => option2.conflictsWith.length > 0
        );
        optionsWithConflicting.forEach((option2) => {
          const conflictingAndDefined = definedNonDefaultOptions.find(
            (defined) => option2.conflictsWith.includes(defined.attributeName())
          );
          if (conflictingAndDefined) {
            this._conflictingOption(option2, conflictingAndDefined);
          }
        });
      }
      /**
       * Display an error message if conflicting options are used together.
       * Called after checking for help flags in leaf subcommand.
       *
       * @private
       */
      _checkForConflictingOptions() {
        this._getCommandAndAncestors().forEach((cmd) => {
          cmd._checkForConflictingLocalOptions();
        });
      }
      /**
       * Parse options from `argv` removing known options,
       * and return argv split into operands and unknown arguments.
       *
       * Side effects: modifies command by storing options. Does not reset state if called again.
       *
       * Examples:
       *
       *     argv => operands, unknown
       *     --known kkk op => [op], []
       *     op --known kkk => [op], []
       *     sub --unknown uuu op => [sub], [--unknown uuu op]
       *     sub -- --unknown uuu op => [sub --unknown uuu op], []
       *
       * @param {string[]} args
       * @return {{operands: string[], unknown: string[]}}
       */
      parseOptions(args) {
        const operands = [];
        const unknown = [];
        let dest = operands;
        function maybeOption(arg) {
          return arg.length > 1 && arg[0] === "-";
        }
        const negativeNumberArg = (arg) => {
          if (!/^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(arg)) return false;
          return !this._getCommandAndAncestors().some(
            (cmd) => cmd.options.map((opt) => opt.short).some((short) => /^-\d$/.test(short))
          );
        };
        let activeVariadicOption = null;
        let activeGroup = null;
        let i = 0;
        while (i < args.length || activeGroup) {
          const arg = activeGroup ?? args[i++];
          activeGroup = null;
          if (arg === "--") {
            if (dest === unknown) dest.push(arg);
            dest.push(...args.slice(i));
            break;
          }
          if (activeVariadicOption && (!maybeOption(arg) || negativeNumberArg(arg))) {
            this.emit(`option:${activeVariadicOption.name()}`, arg);
            continue;
          }
          activeVariadicOption = null;
          if (maybeOption(arg)) {
            const option2 = this._findOption(arg);
            if (option2) {
              if (option2.required) {
                const value = args[i++];
                if (value === void 0) this.optionMissingArgument(option2);
                this.emit(`option:${option2.name()}`, value);
              } else if (option2.optional) {
                let value = null;
                if (i < args.length && (!maybeOption(args[i]) || negativeNumberArg(args[i]))) {
                  value = args[i++];
                }
                this.emit(`option:${option2.name()}`, value);
              } else {
                this.emit(`option:${option2.name()}`);
              }
              activeVariadicOption = option2.variadic ? option2 : null;
              continue;
            }
          }
          if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
            const option2 = this._findOption(`-${arg[1]}`);
            if (option2) {
              if (option2.required || option2.optional && this._combineFlagAndOptionalValue) {
                this.emit(`option:${option2.name()}`, arg.slice(2));
              } else {
                this.emit(`option:${option2.name()}`);
                activeGroup = `-${arg.slice(2)}`;
              }
              continue;
            }
          }
          if (/^--[^=]+=/.test(arg)) {
            const index = arg.indexOf("=");
            const option2 = this._findOption(arg.slice(0, index));
            if (option2 && (option2.required || option2.optional)) {
              this.emit(`option:${option2.name()}`, arg.slice(index + 1));
              continue;
            }
          }
          if (dest === operands && maybeOption(arg) && !(this.commands.length === 0 && negativeNumberArg(arg))) {
            dest = unknown;
          }
          if ((this._enablePositionalOptions || this._passThroughOptions) && operands.length === 0 && unknown.length === 0) {
            if (this._findCommand(arg)) {
              operands.push(arg);
              unknown.push(...args.slice(i));
              break;
            } else if (this._getHelpCommand() && arg === this._getHelpCommand().name()) {
              operands.push(arg, ...args.slice(i));
              break;
            } else if (this._defaultCommandName) {
              unknown.push(arg, ...args.slice(i));
              break;
            }
          }
          if (this._passThroughOptions) {
            dest.push(arg, ...args.slice(i));
            break;
          }
          dest.push(arg);
        }
        return { operands, unknown };
      }
      /**
       * Return an object containing local option values as key-value pairs.
       *
       * @return {object}
       */
      opts() {
        if (this._storeOptionsAsProperties) {
          const result = {};
          const len = this.options.length;
          for (let i = 0; i < len; i++) {
            const key = this.options[i].attributeName();
            result[key] = key === this._versionOptionName ? this._version : this[key];
          }
          return result;
        }
        return this._optionValues;
      }
      /**
       * Return an object containing merged local and global option values as key-value pairs.
       *
       * @return {object}
       */
      optsWithGlobals() {
        return this._getCommandAndAncestors().reduce(
          (combinedOptions, cmd) => Object.assign(combinedOptions, cmd.opts()),
          {}
        );
      }
      /**
       * Display error message and exit (or call exitOverride).
       *
       * @param {string} message
       * @param {object} [errorOptions]
       * @param {string} [errorOptions.code] - an id string representing the error
       * @param {number} [errorOptions.exitCode] - used with process.exit
       */
      error(message, errorOptions) {
        this._outputConfiguration.outputError(
          `${message}
`,
          this._outputConfiguration.writeErr
        );
        if (typeof this._showHelpAfterError === "string") {
          this._outputConfiguration.writeErr(`${this._showHelpAfterError}
`);
        } else if (this._showHelpAfterError) {
          this._outputConfiguration.writeErr("\n");
          this.outputHelp({ error: true });
        }
        const config = errorOptions || {};
        const exitCode = config.exitCode || 1;
        const code = config.code || "commander.error";
        this._exit(exitCode, code, message);
      }
      /**
       * Apply any option related environment variables, if option does
       * not have a value from cli or client code.
       *
       * @private
       */
      _parseOptionsEnv() {
        this.options.forEach((option2) => {
          if (option2.envVar && option2.envVar in process.env) {
            const optionKey = option2.attributeName();
            if (this.getOptionValue(optionKey) === void 0 || ["default", "config", "env"].includes(
              this.getOptionValueSource(optionKey)
            )) {
              if (option2.required || option2.optional) {
                this.emit(`optionEnv:${option2.name()}`, process.env[option2.envVar]);
              } else {
                this.emit(`optionEnv:${option2.name()}`);
              }
            }
          }
        });
      }
      /**
       * Apply any implied option values, if option is undefined or default value.
       *
       * @private
       */
      _parseOptionsImplied() {
        const dualHelper = new DualOptions(this.options);
        const hasCustomOptionValue = (optionKey) => {
          return this.getOptionValue(optionKey) !== void 0 && !["default", "implied"].includes(this.getOptionValueSource(optionKey));
        };
        this.options.filter(
          (option2) => option2.implied !== void 0 && hasCustomOptionValue(option2.attributeName()) && dualHelper.valueFromOption(
            this.getOptionValue(option2.attributeName()),
            option2
          )
        ).forEach((option2) => {
          Object.keys(option2.implied).filter((impliedKey) => !hasCustomOptionValue(impliedKey)).forEach((impliedKey) => {
            this.setOptionValueWithSource(
              impliedKey,
              option2.implied[impliedKey],
              "implied"
            );
          });
        });
      }
      /**
       * Argument `name` is missing.
       *
       * @param {string} name
       * @private
       */
      missingArgument(name) {
        const message = `error: missing required argument '${name}'`;
        this.error(message, { code: "commander.missingArgument" });
      }
      /**
       * `Option` is missing an argument.
       *
       * @param {Option} option
       * @private
       */
      optionMissingArgument(option2) {
        const message = `error: option '${option2.flags}' argument missing`;
        this.error(message, { code: "commander.optionMissingArgument" });
      }
      /**
       * `Option` does not have a value, and is a mandatory option.
       *
       * @param {Option} option
       * @private
       */
      missingMandatoryOptionValue(option2) {
        const message = `error: required option '${option2.flags}' not specified`;
        this.error(message, { code: "commander.missingMandatoryOptionValue" });
      }
      /**
       * `Option` conflicts with another option.
       *
       * @param {Option} option
       * @param {Option} conflictingOption
       * @private
       */
      _conflictingOption(option2, conflictingOption) {
        const findBestOptionFromValue = (option3) => {
          const optionKey = option3.attributeName();
          const optionValue = this.getOptionValue(optionKey);
          const negativeOption = this.options.find(
            (target) => target.negate && optionKey === target.attributeName()
          );
          const positiveOption = this.options.find(
            (target) => !target.negate && optionKey === target.attributeName()
          );
          if (negativeOption && (negativeOption.presetArg === void 0 && optionValue === false || negativeOption.presetArg !== void 0 && optionValue === negativeOption.presetArg)) {
            return negativeOption;
          }
          return positiveOption || option3;
        };
        const getErrorMessage = (option3) => {
          const bestOption = findBestOptionFromValue(option3);
          const optionKey = bestOption.attributeName();
          const source = this.getOptionValueSource(optionKey);
          if (source === "env") {
            return `environment variable '${bestOption.envVar}'`;
          }
          return `option '${bestOption.flags}'`;
        };
        const message = `error: ${getErrorMessage(option2)} cannot be used with ${getErrorMessage(conflictingOption)}`;
        this.error(message, { code: "commander.conflictingOption" });
      }
      /**
       * Unknown option `flag`.
       *
       * @param {string} flag
       * @private
       */
      unknownOption(flag) {
        if (this._allowUnknownOption) return;
        let suggestion = "";
        if (flag.startsWith("--") && this._showSuggestionAfterError) {
          let candidateFlags = [];
          let command = this;
          do {
            const moreFlags = command.createHelp().visibleOptions(command).filter((option2) => option2.long).map((option2) => option2.long);
            candidateFlags = candidateFlags.concat(moreFlags);
            command = command.parent;
          } while (command && !command._enablePositionalOptions);
          suggestion = suggestSimilar(flag, candidateFlags);
        }
        const message = `error: unknown option '${flag}'${suggestion}`;
        this.error(message, { code: "commander.unknownOption" });
      }
      /**
       * Excess arguments, more than expected.
       *
       * @param {string[]} receivedArgs
       * @private
       */
      _excessArguments(receivedArgs) {
        if (this._allowExcessArguments) return;
        const expected = this.registeredArguments.length;
        const s = expected === 1 ? "" : "s";
        const forSubcommand = this.parent ? ` for '${this.name()}'` : "";
        const message = `error: too many arguments${forSubcommand}. Expected ${expected} argument${s} but got ${receivedArgs.length}.`;
        this.error(message, { code: "commander.excessArguments" });
      }
      /**
       * Unknown command.
       *
       * @private
       */
      unknownCommand() {
        const unknownName = this.args[0];
        let suggestion = "";
        if (this._showSuggestionAfterError) {
          const candidateNames = [];
          this.createHelp().visibleCommands(this).forEach((command) => {
            candidateNames.push(command.name());
            if (command.alias()) candidateNames.push(command.alias());
          });
          suggestion = suggestSimilar(unknownName, candidateNames);
        }
        const message = `error: unknown command '${unknownName}'${suggestion}`;
        this.error(message, { code: "commander.unknownCommand" });
      }
      /**
       * Get or set the program version.
       *
       * This method auto-registers the "-V, --version" option which will print the version number.
       *
       * You can optionally supply the flags and description to override the defaults.
       *
       * @param {string} [str]
       * @param {string} [flags]
       * @param {string} [description]
       * @return {(this | string | undefined)} `this` command for chaining, or version string if no arguments
       */
      version(str, flags, description) {
        if (str === void 0) return this._version;
        this._version = str;
        flags = flags || "-V, --version";
        description = description || "output the version number";
        const versionOption = this.createOption(flags, description);
        this._versionOptionName = versionOption.attributeName();
        this._registerOption(versionOption);
        this.on("option:" + versionOption.name(), () => {
          this._outputConfiguration.writeOut(`${str}
`);
          this._exit(0, "commander.version", str);
        });
        return this;
      }
      /**
       * Set the description.
       *
       * @param {string} [str]
       * @param {object} [argsDescription]
       * @return {(string|Command)}
       */
      description(str, argsDescription) {
        if (str === void 0 && argsDescription === void 0)
          return this._description;
        this._description = str;
        if (argsDescription) {
          this._argsDescription = argsDescription;
        }
        return this;
      }
      /**
       * Set the summary. Used when listed as subcommand of parent.
       *
       * @param {string} [str]
       * @return {(string|Command)}
       */
      summary(str) {
        if (str === void 0) return this._summary;
        this._summary = str;
        return this;
      }
      /**
       * Set an alias for the command.
       *
       * You may call more than once to add multiple aliases. Only the first alias is shown in the auto-generated help.
       *
       * @param {string} [alias]
       * @return {(string|Command)}
       */
      alias(alias) {
        if (alias === void 0) return this._aliases[0];
        let command = this;
        if (this.commands.length !== 0 && this.commands[this.commands.length - 1]._executableHandler) {
          command = this.commands[this.commands.length - 1];
        }
        if (alias === command._name)
          throw new Error("Command alias can't be the same as its name");
        const matchingCommand = this.parent?._findCommand(alias);
        if (matchingCommand) {
          const existingCmd = [matchingCommand.name()].concat(matchingCommand.aliases()).join("|");
          throw new Error(
            `cannot add alias '${alias}' to command '${this.name()}' as already have command '${existingCmd}'`
          );
        }
        command._aliases.push(alias);
        return this;
      }
      /**
       * Set aliases for the command.
       *
       * Only the first alias is shown in the auto-generated help.
       *
       * @param {string[]} [aliases]
       * @return {(string[]|Command)}
       */
      aliases(aliases) {
        if (aliases === void 0) return this._aliases;
        aliases.forEach((alias) => this.alias(alias));
        return this;
      }
      /**
       * Set / get the command usage `str`.
       *
       * @param {string} [str]
       * @return {(string|Command)}
       */
      usage(str) {
        if (str === void 0) {
          if (this._usage) return this._usage;
          const args = this.registeredArguments.map((arg) => {
            return humanReadableArgName(arg);
          });
          return [].concat(
            this.options.length || this._helpOption !== null ? "[options]" : [],
            this.commands.length ? "[command]" : [],
            this.registeredArguments.length ? args : []
          ).join(" ");
        }
        this._usage = str;
        return this;
      }
      /**
       * Get or set the name of the command.
       *
       * @param {string} [str]
       * @return {(string|Command)}
       */
      name(str) {
        if (str === void 0) return this._name;
        this._name = str;
        return this;
      }
      /**
       * Set/get the help group heading for this subcommand in parent command's help.
       *
       * @param {string} [heading]
       * @return {Command | string}
       */
      helpGroup(heading) {
        if (heading === void 0) return this._helpGroupHeading ?? "";
        this._helpGroupHeading = heading;
        return this;
      }
      /**
       * Set/get the default help group heading for subcommands added to this command.
       * (This does not override a group set directly on the subcommand using .helpGroup().)
       *
       * @example
       * program.commandsGroup('Development Commands:);
       * program.command('watch')...
       * program.command('lint')...
       * ...
       *
       * @param {string} [heading]
       * @returns {Command | string}
       */
      commandsGroup(heading) {
        if (heading === void 0) return this._defaultCommandGroup ?? "";
        this._defaultCommandGroup = heading;
        return this;
      }
      /**
       * Set/get the default help group heading for options added to this command.
       * (This does not override a group set directly on the option using .helpGroup().)
       *
       * @example
       * program
       *   .optionsGroup('Development Options:')
       *   .option('-d, --debug', 'output extra debugging')
       *   .option('-p, --profile', 'output profiling information')
       *
       * @param {string} [heading]
       * @returns {Command | string}
       */
      optionsGroup(heading) {
        if (heading === void 0) return this._defaultOptionGroup ?? "";
        this._defaultOptionGroup = heading;
        return this;
      }
      /**
       * @param {Option} option
       * @private
       */
      _initOptionGroup(option2) {
        if (this._defaultOptionGroup && !option2.helpGroupHeading)
          option2.helpGroup(this._defaultOptionGroup);
      }
      /**
       * @param {Command} cmd
       * @private
       */
      _initCommandGroup(cmd) {
        if (this._defaultCommandGroup && !cmd.helpGroup())
          cmd.helpGroup(this._defaultCommandGroup);
      }
      /**
       * Set the name of the command from script filename, such as process.argv[1],
       * or require.main.filename, or __filename.
       *
       * (Used internally and public although not documented in README.)
       *
       * @example
       * program.nameFromFilename(require.main.filename);
       *
       * @param {string} filename
       * @return {Command}
       */
      nameFromFilename(filename) {
        this._name = path.basename(filename, path.extname(filename));
        return this;
      }
      /**
       * Get or set the directory for searching for executable subcommands of this command.
       *
       * @example
       * program.executableDir(__dirname);
       * // or
       * program.executableDir('subcommands');
       *
       * @param {string} [path]
       * @return {(string|null|Command)}
       */
      executableDir(path2) {
        if (path2 === void 0) return this._executableDir;
        this._executableDir = path2;
        return this;
      }
      /**
       * Return program help documentation.
       *
       * @param {{ error: boolean }} [contextOptions] - pass {error:true} to wrap for stderr instead of stdout
       * @return {string}
       */
      helpInformation(contextOptions) {
        const helper = this.createHelp();
        const context = this._getOutputContext(contextOptions);
        helper.prepareContext({
          error: context.error,
          helpWidth: context.helpWidth,
          outputHasColors: context.hasColors
        });
        const text = helper.formatHelp(this, helper);
        if (context.hasColors) return text;
        return this._outputConfiguration.stripColor(text);
      }
      /**
       * @typedef HelpContext
       * @type {object}
       * @property {boolean} error
       * @property {number} helpWidth
       * @property {boolean} hasColors
       * @property {function} write - includes stripColor if needed
       *
       * @returns {HelpContext}
       * @private
       */
      _getOutputContext(contextOptions) {
        contextOptions = contextOptions || {};
        const error = !!contextOptions.error;
        let baseWrite;
        let hasColors;
        let helpWidth;
        if (error) {
          baseWrite = (str) => this._outputConfiguration.writeErr(str);
          hasColors = this._outputConfiguration.getErrHasColors();
          helpWidth = this._outputConfiguration.getErrHelpWidth();
        } else {
          baseWrite = (str) => this._outputConfiguration.writeOut(str);
          hasColors = this._outputConfiguration.getOutHasColors();
          helpWidth = this._outputConfiguration.getOutHelpWidth();
        }
        const write = (str) => {
          if (!hasColors) str = this._outputConfiguration.stripColor(str);
          return baseWrite(str);
        };
        return { error, write, hasColors, helpWidth };
      }
      /**
       * Output help information for this command.
       *
       * Outputs built-in help, and custom text added using `.addHelpText()`.
       *
       * @param {{ error: boolean } | Function} [contextOptions] - pass {error:true} to write to stderr instead of stdout
       */
      outputHelp(contextOptions) {
        let deprecatedCallback;
        if (typeof contextOptions === "function") {
          deprecatedCallback = contextOptions;
          contextOptions = void 0;
        }
        const outputContext = this._getOutputContext(contextOptions);
        const eventContext = {
          error: outputContext.error,
          write: outputContext.write,
          command: this
        };
        this._getCommandAndAncestors().reverse().forEach((command) => command.emit("beforeAllHelp", eventContext));
        this.emit("beforeHelp", eventContext);
        let helpInformation = this.helpInformation({ error: outputContext.error });
        if (deprecatedCallback) {
          helpInformation = deprecatedCallback(helpInformation);
          if (typeof helpInformation !== "string" && !Buffer.isBuffer(helpInformation)) {
            throw new Error("outputHelp callback must return a string or a Buffer");
          }
        }
        outputContext.write(helpInformation);
        if (this._getHelpOption()?.long) {
          this.emit(this._getHelpOption().long);
        }
        this.emit("afterHelp", eventContext);
        this._getCommandAndAncestors().forEach(
          (command) => command.emit("afterAllHelp", eventContext)
        );
      }
      /**
       * You can pass in flags and a description to customise the built-in help option.
       * Pass in false to disable the built-in help option.
       *
       * @example
       * program.helpOption('-?, --help' 'show help'); // customise
       * program.helpOption(false); // disable
       *
       * @param {(string | boolean)} flags
       * @param {string} [description]
       * @return {Command} `this` command for chaining
       */
      helpOption(flags, description) {
        if (typeof flags === "boolean") {
          if (flags) {
            if (this._helpOption === null) this._helpOption = void 0;
            if (this._defaultOptionGroup) {
              this._initOptionGroup(this._getHelpOption());
            }
          } else {
            this._helpOption = null;
          }
          return this;
        }
        this._helpOption = this.createOption(
          flags ?? "-h, --help",
          description ?? "display help for command"
        );
        if (flags || description) this._initOptionGroup(this._helpOption);
        return this;
      }
      /**
       * Lazy create help option.
       * Returns null if has been disabled with .helpOption(false).
       *
       * @returns {(Option | null)} the help option
       * @package
       */
      _getHelpOption() {
        if (this._helpOption === void 0) {
          this.helpOption(void 0, void 0);
        }
        return this._helpOption;
      }
      /**
       * Supply your own option to use for the built-in help option.
       * This is an alternative to using helpOption() to customise the flags and description etc.
       *
       * @param {Option} option
       * @return {Command} `this` command for chaining
       */
      addHelpOption(option2) {
        this._helpOption = option2;
        this._initOptionGroup(option2);
        return this;
      }
      /**
       * Output help information and exit.
       *
       * Outputs built-in help, and custom text added using `.addHelpText()`.
       *
       * @param {{ error: boolean }} [contextOptions] - pass {error:true} to write to stderr instead of stdout
       */
      help(contextOptions) {
        this.outputHelp(contextOptions);
        let exitCode = Number(process.exitCode ?? 0);
        if (exitCode === 0 && contextOptions && typeof contextOptions !== "function" && contextOptions.error) {
          exitCode = 1;
        }
        this._exit(exitCode, "commander.help", "(outputHelp)");
      }
      /**
       * // Do a little typing to coordinate emit and listener for the help text events.
       * @typedef HelpTextEventContext
       * @type {object}
       * @property {boolean} error
       * @property {Command} command
       * @property {function} write
       */
      /**
       * Add additional text to be displayed with the built-in help.
       *
       * Position is 'before' or 'after' to affect just this command,
       * and 'beforeAll' or 'afterAll' to affect this command and all its subcommands.
       *
       * @param {string} position - before or after built-in help
       * @param {(string | Function)} text - string to add, or a function returning a string
       * @return {Command} `this` command for chaining
       */
      addHelpText(position, text) {
        const allowedValues = ["beforeAll", "before", "after", "afterAll"];
        if (!allowedValues.includes(position)) {
          throw new Error(`Unexpected value for position to addHelpText.
Expecting one of '${allowedValues.join("', '")}'`);
        }
        const helpEvent = `${position}Help`;
        this.on(helpEvent, (context) => {
          let helpStr;
          if (typeof text === "function") {
            helpStr = text({ error: context.error, command: context.command });
          } else {
            helpStr = text;
          }
          if (helpStr) {
            context.write(`${helpStr}
`);
          }
        });
        return this;
      }
      /**
       * Output help information if help flags specified
       *
       * @param {Array} args - array of options to search for help flags
       * @private
       */
      _outputHelpIfRequested(args) {
        const helpOption = this._getHelpOption();
        const helpRequested = helpOption && args.find((arg) => helpOption.is(arg));
        if (helpRequested) {
          this.outputHelp();
          this._exit(0, "commander.helpDisplayed", "(outputHelp)");
        }
      }
    };
    function incrementNodeInspectorPort(args) {
      return args.map((arg) => {
        if (!arg.startsWith("--inspect")) {
          return arg;
        }
        let debugOption;
        let debugHost = "127.0.0.1";
        let debugPort = "9229";
        let match;
        if ((match = arg.match(/^(--inspect(-brk)?)$/)) !== null) {
          debugOption = match[1];
        } else if ((match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+)$/)) !== null) {
          debugOption = match[1];
          if (/^\d+$/.test(match[3])) {
            debugPort = match[3];
          } else {
            debugHost = match[3];
          }
        } else if ((match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+):(\d+)$/)) !== null) {
          debugOption = match[1];
          debugHost = match[3];
          debugPort = match[4];
        }
        if (debugOption && debugPort !== "0") {
          return `${debugOption}=${debugHost}:${parseInt(debugPort) + 1}`;
        }
        return arg;
      });
    }
    function useColor() {
      if (process.env.NO_COLOR || process.env.FORCE_COLOR === "0" || process.env.FORCE_COLOR === "false")
        return false;
      if (process.env.FORCE_COLOR || process.env.CLICOLOR_FORCE !== void 0)
        return true;
      return void 0;
    }
    exports.Command = Command2;
    exports.useColor = useColor;
  }
});

// ../main/node_modules/commander/index.js
var require_commander = __commonJS({
  "../main/node_modules/commander/index.js"(exports) {
    var { Argument: Argument2 } = require_argument();
    var { Command: Command2 } = require_command();
    var { CommanderError: CommanderError2, InvalidArgumentError: InvalidArgumentError2 } = require_error();
    var { Help: Help2 } = require_help();
    var { Option: Option2 } = require_option();
    exports.program = new Command2();
    exports.createCommand = (name) => new Command2(name);
    exports.createOption = (flags, description) => new Option2(flags, description);
    exports.createArgument = (name, description) => new Argument2(name, description);
    exports.Command = Command2;
    exports.Option = Option2;
    exports.Argument = Argument2;
    exports.Help = Help2;
    exports.CommanderError = CommanderError2;
    exports.InvalidArgumentError = InvalidArgumentError2;
    exports.InvalidOptionArgumentError = InvalidArgumentError2;
  }
});

// src/cli/main.ts
import { readFileSync, readlinkSync } from "node:fs";
import { homedir } from "node:os";

// ../main/node_modules/commander/esm.mjs
var import_index = __toESM(require_commander(), 1);
var {
  program,
  createCommand,
  createArgument,
  createOption,
  CommanderError,
  InvalidArgumentError,
  InvalidOptionArgumentError,
  // deprecated old name
  Command,
  Argument,
  Option,
  Help
} = import_index.default;

// src/cli/call.ts
function regionOf(globals) {
  return checkRegion(globals.region().value);
}
async function callContext(op, globals, ctx) {
  const call = { region: regionOf(globals), signal: ctx.signal };
  if (speaksV2(op)) {
    if (globals.headerProblem) throw new ConfigError(globals.headerProblem);
    call.apiKey = globals.apiKey ?? (globals.endpoint(op.service) ? void 0 : DEFAULT_EMBEDDED_API_KEY);
    if (call.apiKey === void 0) {
      throw new ConfigError("No API key for the v2 API: set --api-key, SVCCTL_API_KEY or the profile's api_key.");
    }
    call.serviceVersion = globals.serviceVersion ?? CURRENT_SERVICE_VERSION;
    call.idempotencyKey = globals.idempotencyKey;
  }
  return call;
}
async function createBackend(op, globals, ctx) {
  const endpoint = globals.endpoint(op.service);
  if (endpoint) {
    const url = endpointUrl(endpoint);
    const aws = !speaksV2(op);
    const maxAttempts = globals.maxAttempts();
    const { HttpBackend } = await import("./chunks/http-backend-Z4SUDWGW.js");
    return new HttpBackend(
      {
        endpoint: url,
        debug: globals.debug,
        signRequest: globals.signRequest,
        verifySsl: globals.verifySsl,
        caBundle: globals.caBundle,
        readTimeoutMs: globals.readTimeoutMs,
        connectTimeoutMs: globals.connectTimeoutMs,
        maxAttempts,
        credentials: () => aws ? globals.credentials() : void 0
      },
      ctx
    );
  }
  const { EmbeddedService, EmbeddedBackend } = await import("./chunks/embedded-3UPSR4BE.js");
  const { testHooks } = await import("./chunks/test-hooks-CUZKVMCZ.js");
  const storeUrl = envStoreUrl(ctx.env);
  const service = new EmbeddedService({
    storeUrl,
    home: svcctlHome(ctx),
    accountId: accountIdOf(ctx.env),
    clock: ctx.clock,
    ids: ctx.ids,
    hooks: testHooks(ctx.env)
  });
  return new EmbeddedBackend(service, globals.debug ? (line) => ctx.stderr.write(`${line}
`) : void 0);
}

// src/cli/execute.ts
function pagingArgs(op, params, globals) {
  const p = op.paginator;
  if (!p) return false;
  const manual = params[p.inputToken] !== void 0 || params[p.limitKey] !== void 0;
  const paginate2 = globals.paginate && !manual;
  if (!paginate2) {
    const given = ["--starting-token", "--page-size", "--max-items"].filter(
      (_, i) => [globals.startingToken, globals.pageSize, globals.maxItems][i] !== void 0
    );
    if (given.length > 0)
      throw new InputError(`Cannot specify --no-paginate along with pagination arguments: ${given.join(", ")}`);
  }
  return paginate2;
}
async function executeOperation(sel, globals, ctx) {
  const { op } = sel;
  if (globals.skeleton) return (await import("./chunks/skeleton-NY5EXM6P.js")).runSkeleton(sel, globals, ctx);
  const query = globals.query !== void 0 ? compileQuery(globals.query) : void 0;
  const params = await prepareInput(sel, globals, ctx);
  const paged = pagingArgs(op, params, globals);
  const checked = paged && op.paginator && globals.pageSize !== void 0 ? { ...params, [op.paginator.limitKey]: globals.pageSize } : params;
  const problems = validateClient(op.input, checked);
  if (problems.length > 0) throw new ParamValidationError(problems);
  checkPathMembers(op, params);
  const call = await callContext(op, globals, ctx);
  const backend = await createBackend(op, globals, ctx);
  try {
    let result;
    if (paged && op.paginator) {
      const invoke = (p) => backend.invoke(op, p, call);
      if (globals.maxItems !== void 0 && globals.maxItems <= 0)
        ctx.stderr.write("warning: Non-positive values for --max-items may result in undefined behavior.\n");
      const maxItems = globals.maxItems === void 0 ? void 0 : Math.max(0, globals.maxItems);
      const pages = paginate(op.paginator, params, invoke, { ...globals, maxItems, signal: ctx.signal });
      result = { kind: "paged", paginator: op.paginator, pages };
    } else {
      result = { kind: "single", data: await backend.invoke(op, params, call) };
    }
    await writeOutput(globals, ctx, { format: globals.output, query, title: op.name }, result);
  } finally {
    backend.close();
  }
  return 0;
}
async function writeOutput(globals, ctx, opts, result) {
  const style = {
    color: colorEnabled(globals.color, ctx.stdout, ctx.env),
    terminalWidth: ctx.stdout.isTTY ? ctx.stdout.columns : void 0
  };
  if (!globals.pager || !globals.pagerCommand || ctx.stdout.isTTY !== true) {
    return writeResult(ctx.stdout, { ...opts, ...style }, result);
  }
  const pager = (await import("./chunks/pager-F4VZQJ4S.js")).startPager(globals.pagerCommand, ctx);
  try {
    await writeResult(pager.stream, { ...opts, ...style }, result);
  } finally {
    await pager.close();
  }
}

// src/core/header-value.ts
var ALLOWED = /^[\t\x20-\x7e\xa0-\xff]$/;
function describe(ch) {
  const code = ch.codePointAt(0);
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return code > 255 ? `${hex} (${ch}), beyond Latin-1` : `${hex}, a control character`;
}
function headerValueProblem(value) {
  let i = 0;
  for (const ch of value) {
    i++;
    if (!ALLOWED.test(ch))
      return `it cannot be sent in an HTTP header: character ${i} is ${describe(ch)} (a header takes tabs and printable Latin-1 characters only)`;
  }
  if (/^[ \t]/.test(value)) return "it cannot be sent in an HTTP header: it starts with white space, which HTTP drops";
  if (/[ \t]$/.test(value)) return "it cannot be sent in an HTTP header: it ends with white space, which HTTP drops";
  return void 0;
}

// src/help/suggest.ts
function longestMatch(a, b, alo, ahi, blo, bhi) {
  let best = [alo, blo, 0];
  let lengths = /* @__PURE__ */ new Map();
  for (let i = alo; i < ahi; i++) {
    const next = /* @__PURE__ */ new Map();
    for (let j = blo; j < bhi; j++) {
      if (a[i] !== b[j]) continue;
      const k = (lengths.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > best[2]) best = [i - k + 1, j - k + 1, k];
    }
    lengths = next;
  }
  return best;
}
function matchingCharacters(a, b, alo, ahi, blo, bhi) {
  const [i, j, k] = longestMatch(a, b, alo, ahi, blo, bhi);
  if (k === 0) return 0;
  return k + matchingCharacters(a, b, alo, i, blo, j) + matchingCharacters(a, b, i + k, ahi, j + k, bhi);
}
function similarity(a, b) {
  const total = a.length + b.length;
  return total === 0 ? 1 : 2 * matchingCharacters(b, a, 0, b.length, 0, a.length) / total;
}
function closeMatches(word, choices, n = 3, cutoff = 0.8) {
  return choices.map((c) => [similarity(word, c), c]).filter(([score]) => score >= cutoff).sort((x, y) => y[0] - x[0] || (y[1] > x[1] ? 1 : y[1] < x[1] ? -1 : 0)).slice(0, n).map(([, c]) => c);
}
function invalidChoice(argument, value, choices, elsewhere = []) {
  const parts = [`Found invalid choice '${value}'
`];
  const close = [...closeMatches(value, choices), ...elsewhere];
  if (close.length > 0) parts.push("Maybe you meant:\n", ...close.map((c) => `  * ${c}`));
  return new UsageError(`argument ${argument}: ${parts.join("\n")}`);
}
function unknownCommand(parent, name, argument = "command") {
  const root = parent.parent;
  const elsewhere = root === void 0 ? [] : visibleSubcommands(root).filter((group) => group !== parent && visibleSubcommands(group).some((c) => c.name === name)).map((group) => `${root.name} ${group.name} ${name}`);
  return invalidChoice(
    argument,
    name,
    visibleSubcommands(parent).map((c) => c.name),
    elsewhere
  );
}

// src/profile/credentials.ts
function fromEnv(env) {
  const id = env.AWS_ACCESS_KEY_ID;
  const secret = env.AWS_SECRET_ACCESS_KEY;
  if (!id && !secret) return void 0;
  if (!id || !secret) {
    throw new ConfigError(
      `Partial credentials found in env, missing: ${id ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID"}`
    );
  }
  sendable(id, "the environment variable AWS_ACCESS_KEY_ID");
  sendable(env.AWS_SESSION_TOKEN, "the environment variable AWS_SESSION_TOKEN");
  return {
    accessKeyId: id,
    secretAccessKey: secret,
    ...env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}
  };
}
function sendable(value, where) {
  const problem = value === void 0 ? void 0 : headerValueProblem(value);
  if (problem) throw new ConfigError(`Invalid value for ${where}: ${problem}`);
}
function fromSection(section, profile, where = "shared-credentials-file") {
  const id = section.aws_access_key_id;
  const secret = section.aws_secret_access_key;
  if (!id && !secret) return void 0;
  if (!id || !secret) {
    throw new ConfigError(
      `Partial credentials found in ${where} (profile ${profile}), missing: ${id ? "aws_secret_access_key" : "aws_access_key_id"}`
    );
  }
  sendable(id, `aws_access_key_id in ${where} (profile ${profile})`);
  sendable(section.aws_session_token, `aws_session_token in ${where} (profile ${profile})`);
  return {
    accessKeyId: id,
    secretAccessKey: secret,
    ...section.aws_session_token ? { sessionToken: section.aws_session_token } : {}
  };
}
function loadCredentials(src) {
  const { env, profile } = src;
  const envCredentials = src.explicitProfile ? void 0 : fromEnv(env);
  if (envCredentials) return envCredentials;
  const own = fromSection(src.own, profile, "svcctl's config file");
  if (own) return own;
  const fromCredentials = readIni(awsCredentialsPath(src))[profile];
  if (fromCredentials) {
    const found = fromSection(fromCredentials, profile);
    if (found) return found;
  }
  const fromConfig = awsConfigSection(readIni(awsConfigPath(src)), profile);
  return fromConfig && fromSection(fromConfig, profile);
}

// src/cli/globals.ts
function choice(flag, value, choices) {
  if (choices.includes(value)) return value;
  throw invalidChoice(flag, String(value), choices);
}
function integer(flag, value) {
  if (value === void 0) return void 0;
  const s = String(value).trim();
  if (!/^[+-]?\d+$/.test(s)) {
    throw new UsageError(`argument ${flag}: invalid int value: '${String(value)}'`);
  }
  return Number(s);
}
function exactInteger(flag, value) {
  if (integer(flag, value) === void 0) return void 0;
  return parsePyInt(String(value).trim().replace(/^\+/, ""));
}
function chosen(src, key) {
  const s = configKeyOf(key);
  const found = resolve(s, src);
  const choices = s.choices;
  if (found.type === "manual") {
    try {
      return choice(s.flag, found.value, choices);
    } catch (err) {
      throw err instanceof UsageError ? new MainParserError(err.message) : err;
    }
  }
  if (choices.includes(found.value)) return found.value;
  throw new ConfigError(`Invalid value for ${found.origin}: '${found.value}'; valid values are: ${choices.join(", ")}`);
}
function timeout(src, key) {
  const found = resolve(key, src);
  if (found.type === "manual" && !/^\s*[+-]?\d+\s*$/.test(found.value)) {
    throw new InputError(`invalid literal for int() with base 10: '${found.value}'`);
  }
  return converted(key, found, (problem) => new InputError(problem));
}
function headerSetting(src, key, problems) {
  const found = lookup(key, src);
  if (found === void 0) return void 0;
  const problem = headerValueProblem(found.value);
  if (problem && found.type === "manual") throw new ParamError(found.origin, problem);
  if (problem) problems.push(`Invalid value for ${found.origin}: ${problem}`);
  return found.value;
}
function idempotencyKey(flagValue) {
  if (flagValue === void 0) return void 0;
  const problem = headerValueProblem(String(flagValue));
  if (problem) throw new ParamError("--idempotency-key", problem);
  return String(flagValue);
}
function autoPromptMode(src) {
  const found = lookup("cli_auto_prompt", src);
  if (found === void 0) return "off";
  if (found.type === "manual") return found.value;
  const mode = found.value.trim().toLowerCase();
  if (AUTO_PROMPT_MODES.includes(mode)) return mode;
  throw new ConfigError(
    `Invalid value for cli_auto_prompt (SVCCTL_CLI_AUTO_PROMPT or the profile): '${found.value}'; valid values are: ${AUTO_PROMPT_MODES.join(", ")}`
  );
}
function once(get) {
  let done = false;
  let value;
  return () => {
    if (!done) {
      value = get();
      done = true;
    }
    return value;
  };
}
function attempts(src) {
  const mode = lookup("retry_mode", src);
  if (mode) converted("retry_mode", mode);
  return converted("max_attempts", resolve("max_attempts", src));
}
function resolveGlobals(raw, settings) {
  const { env, profile } = settings;
  const src = { raw, env, profile };
  const skeleton = raw.generateCliSkeleton === void 0 ? void 0 : choice(
    "--generate-cli-skeleton",
    raw.generateCliSkeleton === true ? "input" : raw.generateCliSkeleton,
    SKELETON_TYPES
  );
  if (raw.cliInputJson !== void 0 && raw.cliInputYaml !== void 0) {
    throw new InputError("Only one --cli-input- parameter may be specified.");
  }
  const headerProblems = [];
  const endpoints = /* @__PURE__ */ new Map();
  const pager = lookup("cli_pager", src)?.value ?? configKeyOf("cli_pager").default;
  const profileName = raw.profile ?? env.SVCCTL_PROFILE ?? env.AWS_PROFILE;
  const region = once(() => resolveRegion({ env, home: settings.home }, raw.region, profile));
  return {
    debug: raw.debug === true,
    endpoint(service) {
      if (!endpoints.has(service))
        endpoints.set(service, resolveEndpoint(service, { ...src, home: settings.home, profile }));
      return endpoints.get(service);
    },
    maxAttempts: once(() => attempts(src)),
    credentials: once(
      () => loadCredentials({
        env,
        home: settings.home,
        profile: profileName ?? "default",
        // Named on the command line (not by a variable): the AWS_* key variables are not read, as in botocore.
        explicitProfile: profileName !== void 0 && profileName !== (env.SVCCTL_PROFILE ?? env.AWS_PROFILE),
        own: {
          aws_access_key_id: profile.value("aws_access_key_id"),
          aws_secret_access_key: profile.value("aws_secret_access_key"),
          aws_session_token: profile.value("aws_session_token")
        }
      })
    ),
    verifySsl: raw.verifySsl !== false,
    paginate: raw.paginate !== false,
    output: chosen(src, "output"),
    query: raw.query,
    profile: profileName,
    region,
    color: chosen(src, "color"),
    signRequest: raw.signRequest !== false,
    caBundle: lookup("ca_bundle", src)?.value,
    readTimeoutMs: timeout(src, "cli_read_timeout"),
    connectTimeoutMs: timeout(src, "cli_connect_timeout"),
    binaryFormat: chosen(src, "cli_binary_format"),
    pager: raw.cliPager !== false && pager !== "",
    pagerCommand: raw.cliPager === false ? void 0 : pager,
    autoPrompt: autoPromptMode(src),
    errorFormat: chosen(src, "cli_error_format"),
    apiKey: headerSetting(src, "api_key", headerProblems),
    serviceVersion: headerSetting(src, "service_version", headerProblems),
    idempotencyKey: idempotencyKey(raw.idempotencyKey),
    headerProblem: headerProblems[0],
    cliInputJson: raw.cliInputJson,
    cliInputYaml: raw.cliInputYaml,
    skeleton,
    startingToken: raw.startingToken,
    pageSize: exactInteger("--page-size", raw.pageSize),
    maxItems: integer("--max-items", raw.maxItems)
  };
}

// src/core/lazy.ts
var pending = /* @__PURE__ */ new WeakMap();
function defer(target, work) {
  pending.set(target, work);
}
function ready(target) {
  const work = pending.get(target);
  if (work !== void 0) {
    pending.delete(target);
    work();
  }
  return target;
}

// src/cli/program.ts
function describe2(shape, required) {
  const parts = [];
  if (required) parts.push("[required]");
  if (shape.doc) parts.push(shape.doc);
  if (shape.type === "string" && shape.enum) parts.push(`Values: ${shape.enum.join(", ")}.`);
  return parts.join(" ");
}
function operationOptions(op) {
  const out = [];
  for (const spec of flagsFor(op)) {
    const isBoolean = spec.shape.type === "boolean";
    out.push(
      option(
        isBoolean ? spec.flag : `${spec.flag} ${valuePlaceholder(spec.shape)}`,
        describe2(spec.shape, spec.required),
        spec.hidden ? { hidden: true } : {}
      )
    );
    if (isBoolean) out.push(option(`--no-${spec.flag.slice(2)}`, `Sets ${spec.member} to false.`));
  }
  for (const [flags, desc] of OPERATION_FLAGS) out.push(option(flags, desc));
  if (op.paginator) for (const [flags, desc] of PAGINATION_FLAGS) out.push(option(flags, desc));
  return out;
}
var PROGRAM_OPTIONS = [
  option("--version", "Display the version of this tool."),
  ...GLOBAL_FLAGS.map(([flags, desc]) => option(flags, desc)),
  option("-h, --help", "Show help for the command.")
];
function programTree(own) {
  const top = [];
  const groups = /* @__PURE__ */ new Map();
  for (const op of OPERATIONS) {
    for (const path of op.paths) {
      let parent = top;
      for (const group of path.slice(0, -1)) {
        let g = groups.get(group);
        if (!g) {
          g = [];
          top.push({
            name: group,
            description: groupDescription(group) ?? `${group} commands`,
            passUnknownOptions: true,
            subcommands: g
          });
          groups.set(group, g);
        }
        parent = g;
      }
      parent.push({
        name: path[path.length - 1],
        description: op.summary,
        op,
        passUnknownOptions: true,
        options: () => operationOptions(op)
      });
    }
  }
  return commandTree({
    name: "svcctl",
    description: "A CLI and embedded service for account tokens, meter event adjustments, launch configurations and image repositories.",
    options: PROGRAM_OPTIONS,
    subcommands: [...top, ...own]
  });
}
var collect = (value, previous) => [...Array.isArray(previous) ? previous : [], value];
var VALUE_WORDS = {
  flag: () => "",
  one: (v) => ` <${v}>`,
  optional: (v) => ` [${v}]`,
  list: (v) => ` [${v}...]`
};
function commanderOption(o) {
  const opt = new Option(
    `${o.short ? `${o.short}, ` : ""}${o.name}${VALUE_WORDS[o.arity](o.value ?? "value")}`,
    o.help
  );
  if (o.default !== void 0) opt.default(o.default);
  if (o.choices) opt.choices(o.choices);
  if (o.hidden) opt.hideHelp();
  if (o.arity === "list") opt.argParser(collect);
  return opt;
}
var addOptions = (cmd, options) => {
  for (const o of options) cmd.addOption(commanderOption(o));
};
function parsedOf(cmd) {
  const given = {};
  for (const o of cmd.options) {
    const name = o.attributeName();
    if (o.long !== void 0 && cmd.getOptionValueSource(name) === "cli") given[o.long] = cmd.getOptionValue(name);
  }
  return { args: [...cmd.args], opts: cmd.opts(), all: cmd.optsWithGlobals(), given };
}
function selectionOf(node, parsed, ctx) {
  const { spec } = node;
  if (spec.op) return { kind: "operation", op: spec.op, node, parsed, unknown: [...parsed.args] };
  const run2 = spec.run;
  return {
    kind: "custom",
    ...spec.missingProfileOk ? { missingProfileOk: true } : {},
    ...spec.operation ? { operation: spec.operation } : {},
    run: run2 ? (globals) => run2({ ...parsed, globals, ctx, node }) : async () => {
      throw groupError(node, parsed.args);
    }
  };
}
var nodes = /* @__PURE__ */ new WeakMap();
function addCommand(parent, node, ctx, onSelect) {
  const { spec } = node;
  const cmd = parent.command(node.name, { hidden: spec.hidden === true }).allowExcessArguments();
  nodes.set(cmd, node);
  if (spec.passUnknownOptions) cmd.allowUnknownOption();
  for (const a of spec.arguments ?? []) cmd.argument(`[${a.name}${a.variadic ? "..." : ""}]`, a.help);
  if (typeof spec.options === "function") defer(cmd, () => addOptions(cmd, node.options()));
  else addOptions(cmd, node.options());
  cmd.action((...args) => onSelect(selectionOf(node, parsedOf(args[args.length - 1]), ctx)));
  for (const sub4 of node.subcommands) addCommand(cmd, sub4, ctx, onSelect);
}
function readyNamed(program2, argv) {
  const words = new Set(argv);
  const visit = (cmd) => {
    for (const sub4 of cmd.commands) {
      if (words.has(sub4.name())) ready(sub4);
      visit(sub4);
    }
  };
  visit(program2);
}
function buildProgram(ctx, tree, onSelect) {
  const program2 = new Command(tree.name);
  program2.exitOverride().configureOutput({ writeOut: (s) => ctx.stdout.write(s), writeErr: () => {
  }, outputError: () => {
  } }).helpOption(false).helpCommand(false).allowExcessArguments().action(() => {
  });
  nodes.set(program2, tree);
  addOptions(program2, tree.options());
  for (const node of tree.subcommands) addCommand(program2, node, ctx, onSelect);
  withOwnHelp(program2, ctx);
  return program2;
}
function groupError(group, args) {
  const word = args[0];
  if (word === void 0) return new UsageError(`the following arguments are required: operation`);
  return unknownCommand(group, word, "operation");
}
function withOwnHelp(program2, ctx) {
  const walk = (cmd) => {
    if (cmd !== program2) cmd.helpOption(false);
    cmd.commands.forEach(walk);
  };
  walk(program2);
  program2.hook("preAction", async (_hooked, action) => {
    const word = action.args[0];
    const asked = word === "help" || action.optsWithGlobals().help === true && (action !== program2 || word === void 0);
    if (!asked) return;
    const { findCommand, renderHelp } = await import("./chunks/help-BBVC2WG2.js");
    const root = nodes.get(program2);
    let target = nodes.get(action);
    if (action === program2 && word === "help") {
      const found = findCommand(root, action.args.slice(1));
      if (!found.found)
        throw unknownCommand(found.parent, found.unknown, found.parent === root ? "command" : "operation");
      target = found.found;
    }
    await writeHelp(ctx, renderHelp(target), action.optsWithGlobals());
    throw new CommanderError(0, "commander.helpDisplayed", "(outputHelp)");
  });
}
async function writeHelp(ctx, text, raw) {
  if (ctx.stdout.isTTY !== true || raw.cliPager === false) {
    ctx.stdout.write(text);
    return;
  }
  const { env } = ctx;
  let fromProfile;
  try {
    fromProfile = (await import("./chunks/profile-A635M2O5.js")).openProfile(ctx, raw, true).value("cli_pager");
  } catch {
    fromProfile = void 0;
  }
  const command = env.MANPAGER ?? env.SVCCTL_PAGER ?? env.AWS_PAGER ?? fromProfile ?? env.PAGER ?? "less -R";
  if (command === "") {
    ctx.stdout.write(text);
    return;
  }
  const pager = (await import("./chunks/pager-F4VZQJ4S.js")).startPager(command, ctx);
  pager.stream.write(text);
  await pager.close();
}
function usageErrorFrom(err) {
  return new UsageError(err.message.replace(/^error: /, ""));
}

// src/core/usage.ts
var USAGE = [
  "usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]",
  "To see help text, you can run:",
  "",
  "  svcctl help",
  "  svcctl <command> help",
  "  svcctl <command> <subcommand> help",
  ""
].join("\n");

// src/cli/report.ts
function errorLine(message) {
  return `
svcctl: [ERROR]: ${message.trim()}
`;
}
function serviceMessage(err, operation) {
  return `An error occurred (${err.code}) when calling the ${operation ?? "unknown"} operation: ${err.message}`;
}
function usageMessage(err) {
  return `${err.message}

${USAGE}`;
}
function errorDocument(err) {
  if (err instanceof ServiceError) {
    const doc = err.fields ? { ...err.fields } : { Code: err.code, Message: err.message };
    for (const [k, v] of Object.entries(err.extra)) if (v !== void 0 && !(k in doc)) doc[k] = v;
    return doc;
  }
  return { Code: err.kind, Message: err instanceof UsageError ? usageMessage(err) : err.message };
}
function isSimple(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}
function additionalDetails(doc) {
  const fields = Object.entries(doc).filter(([k]) => !["code", "message"].includes(k.toLowerCase()));
  if (fields.length === 0) return "";
  let complex = false;
  const lines = fields.map(([k, v]) => {
    if (isSimple(v)) return `${k}: ${pyStr(v)}`;
    if (Array.isArray(v) && v.length < 5 && v.every(isSimple)) return `${k}: [${v.map(pyStr).join(", ")}]`;
    if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length < 5 && Object.values(v).every(isSimple)) {
      return `${k}: {${Object.entries(v).map(([a, b]) => `${a}: ${pyStr(b)}`).join(", ")}}`;
    }
    complex = true;
    return `${k}: <complex value>`;
  });
  const hint = complex ? 'Use "--cli-error-format json" or another error format to see the full details.\n' : "";
  return `
Additional error details:
${lines.join("\n")}
${hint}`;
}
function pyStr(v) {
  if (v === null || v === void 0) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  return String(v);
}
async function painter(ctx, mode) {
  const plain = (text) => text;
  if (mode === void 0 || mode === "off") return plain;
  const { colorEnabled: colorEnabled2, colorError, loadPalette } = await import("./chunks/color-HF6SUO52.js");
  if (!colorEnabled2(mode, ctx.stderr, ctx.env)) return plain;
  const palette = await loadPalette();
  return (text) => colorError(text, palette);
}
async function reportError(ctx, err, opts) {
  if (err instanceof InterruptedError) return;
  const paint = await painter(ctx, opts.color);
  const write = (message) => ctx.stderr.write(errorLine(paint(message)));
  if (err instanceof UnknownOptionsError) {
    ctx.stderr.write(`
${USAGE}
`);
    write(err.message);
    if (err.suggestions.length > 0)
      ctx.stderr.write(`
Maybe you meant:

${err.suggestions.map((s) => `  * ${s}
`).join("")}`);
  } else if (!(err instanceof CliError) || err.kind === void 0) {
    write(err instanceof Error ? err.message : String(err));
  } else {
    const format = opts.errorFormat;
    const doc = errorDocument(err);
    if (format === "json" || format === "yaml" || format === "text" || format === "table") {
      ctx.stderr.write(await opts.render(format, doc));
    } else if (err instanceof ServiceError) {
      write(serviceMessage(err, opts.operation));
      if (format === "enhanced") ctx.stderr.write(additionalDetails(doc));
    } else if (err instanceof UsageError) {
      const head = format === "enhanced" ? `An error occurred (${err.kind}): ${err.message}` : err.message;
      ctx.stderr.write(`
svcctl: [ERROR]: ${paint(head)}

${USAGE}`);
    } else {
      const message = String(doc.Message);
      write(format === "enhanced" ? `An error occurred (${err.kind}): ${message}` : message);
    }
  }
  if (opts.debug && err instanceof Error && !(err instanceof CliError) && err.stack) ctx.stderr.write(`${err.stack}
`);
}

// src/cli/words.ts
function matchOption(written, levels) {
  if (levels.some((names) => names.includes(written))) return { kind: "known", name: written };
  if (!written.startsWith("--")) return { kind: "unknown" };
  for (const names of levels) {
    const matches = names.filter((n) => n.startsWith("--") && n.startsWith(written));
    if (matches.length === 1) return { kind: "known", name: matches[0] };
    if (matches.length > 1) return { kind: "ambiguous", matches };
  }
  return { kind: "unknown" };
}
var knownOf = (cmd) => cmd.options().flatMap(
  (o) => [o.name, o.short].filter((n) => n !== void 0).map((name) => ({ name, arity: o.arity }))
);
var isNegativeNumber = (word) => /^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(word);
var isOption = (word) => word.length > 1 && word.startsWith("-") && !isNegativeNumber(word);
var isLongOptionLike = (word) => /^--[a-z]/.test(word);
var Reader = class {
  constructor(program2, argv) {
    this.program = program2;
    this.argv = argv;
    this.command = program2;
    this.global = knownOf(program2);
    const own = new Set(SVCCTL_GLOBAL_FLAGS.map(([flags]) => flags.split(" ")[0]));
    this.awsGlobal = this.global.map((k) => k.name).filter((n) => !own.has(n));
    this.svcctlGlobal = this.global.map((k) => k.name).filter((n) => own.has(n));
  }
  program;
  argv;
  out = [];
  unknown = [];
  globals = /* @__PURE__ */ new Map();
  error;
  command;
  stray;
  inPath = true;
  slots = 0;
  global;
  awsGlobal;
  svcctlGlobal;
  read() {
    for (let i = 0; i < this.argv.length; i++) {
      const word = this.argv[i];
      if (word === "--") {
        this.out.push(...this.argv.slice(i));
        return;
      }
      i = isOption(word) ? this.option(word, i) : this.positional(word, i);
    }
  }
  /** An option word at argv[i] and its values; returns the index of the last word it took. */
  option(word, i) {
    const eq = word.startsWith("--") ? word.indexOf("=") : -1;
    const written = eq < 0 ? word : word.slice(0, eq);
    const own = this.command === this.program ? [] : knownOf(this.command);
    const m = matchOption(written, [this.awsGlobal, [...own.map((k) => k.name), ...this.svcctlGlobal]]);
    if (m.kind !== "known") {
      if (m.kind === "ambiguous") {
        const Kind = m.matches.every((n) => this.awsGlobal.includes(n)) ? MainParserError : UsageError;
        this.error ??= new Kind(`ambiguous option: ${written} could match ${m.matches.join(", ")}`);
      } else this.unknown.push(word);
      this.out.push(word);
      return i;
    }
    const spec = own.find((k) => k.name === m.name) ?? this.global.find((k) => k.name === m.name);
    this.out.push(eq < 0 ? m.name : m.name + word.slice(eq));
    let value = eq < 0 ? true : word.slice(eq + 1);
    if (eq < 0 && spec.arity === "one") {
      const next = this.argv[i + 1];
      if (next === void 0 || isLongOptionLike(next)) {
        const Kind = own.some((k) => k.name === m.name) ? UsageError : MainParserError;
        this.error ??= new Kind(`argument ${m.name}: expected one argument`);
      } else {
        this.out.push(next);
        value = next;
        i++;
      }
    } else if (eq < 0 && spec.arity !== "flag") {
      while (i + 1 < this.argv.length && !isOption(this.argv[i + 1]) && this.argv[i + 1] !== "--") {
        value = this.argv[++i];
        this.out.push(value);
        if (spec.arity === "optional") break;
      }
    }
    if (!own.some((k) => k.name === m.name)) this.globals.set(m.name, value);
    return i;
  }
  /** A word that is not an option: the next command of the path, a command's argument, or an extra. */
  positional(word, i) {
    this.out.push(word);
    if (this.inPath) {
      const sub4 = this.command.subcommands.find((c) => c.name === word);
      if (sub4) {
        this.command = sub4;
        this.slots = sub4.spec.arguments?.length ?? 0;
        return i;
      }
      this.inPath = false;
      if (this.command.subcommands.length > 0) {
        this.stray = word;
        return i;
      }
    }
    if (this.command.subcommands.length > 0) return i;
    if (this.slots > 0) this.slots--;
    else this.unknown.push(word);
    return i;
  }
};
function readWords(program2, argv) {
  const reader = new Reader(program2, argv);
  reader.read();
  const { command } = reader;
  const lists = new Set(
    command === program2 ? [] : command.options().filter((o) => o.arity === "list").map((o) => o.name)
  );
  return {
    argv: lists.size === 0 ? reader.out : lastListOccurrences(reader.out, lists),
    command,
    stray: reader.stray,
    unknown: reader.unknown,
    globals: reader.globals,
    error: reader.error
  };
}
function lastListOccurrences(words, lists) {
  const flagOf = (word) => word.split("=")[0];
  const end = words.indexOf("--");
  const scope = end < 0 ? words.length : end;
  const last = /* @__PURE__ */ new Map();
  for (let i = 0; i < scope; i++) if (lists.has(flagOf(words[i]))) last.set(flagOf(words[i]), i);
  const out = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (i < scope && lists.has(flagOf(word)) && last.get(flagOf(word)) !== i) {
      if (!word.includes("=")) while (i + 1 < scope && !isOption(words[i + 1])) i++;
      continue;
    }
    out.push(word);
  }
  return out;
}

// src/commands/serve/serve.ts
var serveCommand = {
  name: "serve",
  description: "Serve the embedded service over HTTP (AWS Query, AWS JSON 1.1 and the v2 API on one port), over the same $SVCCTL_HOME store (or --store).",
  options: [
    option("--host <host>", "The address to listen on.", { default: "127.0.0.1" }),
    option("--port <port>", "The port to listen on; 0 picks a free port.", { default: "4566" }),
    option(
      "--allowed-hosts <hosts>",
      "Host names serve answers besides IP addresses, localhost and --host (comma-separated: name, name:port, .domain for it and its subdomains, * for any). Other Host headers get 421, against DNS rebinding."
    ),
    option("--tls-cert <path>", "Serve https with this PEM certificate (with --tls-key)."),
    option("--tls-key <path>", "The PEM private key of --tls-cert."),
    option(
      "--api-keys <path>",
      "Accept only these v2 API keys (one per line; others get 401). Without --credentials, AWS requests are not checked."
    ),
    option(
      "--credentials <path>",
      "An INI file of principals (aws_access_key_id, aws_secret_access_key, api_key, account_id per section; admin = true for a key that may reset): AWS signatures are verified, v2 keys must be listed, and each caller acts in its own account. Also SVCCTL_SERVE_CREDENTIALS."
    ),
    option("--require-auth", "Refuse to start without --credentials."),
    option(
      "--journal-size <n>",
      "How many requests the journal keeps in the store (svcctl service journal); 0 turns it off. Default 1000; also SVCCTL_JOURNAL_SIZE."
    ),
    option(
      "--settings <file>",
      "Apply a JSON or INI file of service settings (svcctl service settings) for this run; the store keeps its own."
    ),
    option(
      "--persist-settings",
      "With --settings (refused without it): write them to the store, so that they outlive this run."
    ),
    option(
      "--store <url>",
      "The store: memory (in memory, nothing written to disk, gone when serve stops), the path of a SQLite file, or a PostgreSQL database (postgres://user:password@host:port/database) shared by every serve instance that names it; without it, the SQLite file in $SVCCTL_HOME. Also SVCCTL_STORE_URL, or store_url in the profile (PostgreSQL only)."
    ),
    option(
      "--print-env",
      'Print the export lines (AWS_ENDPOINT_URL, SVCCTL_ENDPOINT_URL, AWS credentials, region, SVCCTL_API_KEY) that point the AWS CLI, the SDKs and svcctl at a serve started with the same flags, and exit without serving: eval "$(svcctl serve --print-env --port 4566)". Needs a --port other than 0.'
    ),
    option(
      "--write-env <file>",
      "Once listening, write those export lines to this file (mode 0600; removed when serve stops), for `. FILE` in a script; works with --port 0. (Not --env-file: node 20 takes that flag for itself wherever it is.)"
    ),
    option(
      "--store-connect-timeout <ms>",
      "With --store: how long a connection attempt to PostgreSQL may take before the request gets a 503. Default 5000."
    ),
    option(
      "--store-query-timeout <ms>",
      "With --store: how long one statement may take before the request gets a 503. Default 10000."
    ),
    option(
      "--store-pool-size <n>",
      "With --store: how many operations this instance runs at once, each in its own thread on its own PostgreSQL connection (/_svcctl/ uses them too; HTTP never waits on the database). Default 1: one connection, one operation at a time."
    ),
    option(
      "--log-format <format>",
      "The request log on stderr: text (a timestamped line per request) or json (one object per line).",
      { default: "text" }
    )
  ],
  run: async ({ args, opts, ctx }) => {
    if (args.length > 0) throw new UnknownOptionsError(args);
    return (await import("./chunks/start-DITB64O3.js")).runServe(opts, ctx);
  }
};

// src/commands/completion/completion.ts
var CHOICES = ["bash", "zsh", "fish"];
var completionCommand = {
  name: "completion",
  description: "Print the shell completion script for bash, zsh or fish.",
  arguments: [{ name: "shell", help: "The shell: bash, zsh or fish." }],
  docs: {
    details: [
      "The script completes commands, subcommands, options, enum values (--output, --image-tag-mutability, members and values inside shorthand...), profile names and file paths after file:// and fileb://. Inside quotes too (--image-scanning-configuration 'scanOnPush=t<Tab> keeps what was typed). It calls the svcctl on the PATH for the candidates, so it keeps working when node or svcctl moves; from a clone, put svcctl on the PATH first (npm link).",
      "bash: source <(svcctl completion bash) in ~/.bashrc. zsh: source <(svcctl completion zsh) in ~/.zshrc after compinit. fish: svcctl completion fish | source in ~/.config/fish/config.fish, or save it as ~/.config/fish/completions/svcctl.fish."
    ],
    examples: [{ title: "Print the bash script", argv: ["completion", "bash"] }]
  },
  complete: (words) => words.length === 0 ? CHOICES : [],
  missingProfileOk: true,
  run: async ({ args, ctx }) => {
    const [shell, ...rest] = args;
    if (shell === void 0) throw new UsageError(`the following arguments are required: shell`);
    if (rest.length > 0) throw new UnknownOptionsError(rest);
    if (!CHOICES.includes(shell)) {
      throw new UsageError(`argument shell: Invalid choice: '${shell}' (choose from bash, zsh, fish)`);
    }
    const { completionScript } = await import("./chunks/scripts-M75L6N43.js");
    ctx.stdout.write(completionScript(shell));
    return 0;
  }
};
var completeCommand = {
  name: "__complete",
  description: "",
  hidden: true,
  passUnknownOptions: true,
  missingProfileOk: true,
  run: async ({ args, ctx, node }) => {
    const { complete } = await import("./chunks/complete-7IBJX4FD.js");
    let program2 = node;
    while (program2.parent) program2 = program2.parent;
    const found = complete(program2, args, ctx);
    if (found.length > 0) ctx.stdout.write(`${found.join("\n")}
`);
    return 0;
  }
};

// src/commands/configure/configure.ts
var DETAILS = [
  "Settings live in $SVCCTL_HOME/config (default ~/.svcctl/config), an INI file with a [default] section and [profile NAME] sections; --profile, SVCCTL_PROFILE or AWS_PROFILE selects the profile. A flag wins over the environment, which wins over the profile, which wins over the default.",
  "Run without a subcommand on a terminal, configure asks for the common settings of the profile, showing each current value in brackets (the API key masked); press Enter to keep it. The file is written with mode 0600, its directory created with mode 0700."
];
function settingDoc(s) {
  const parts = [s.doc];
  if (s.choices) parts.push(`Values: ${s.choices.join(", ")}.`);
  const overrides = [...s.flag ? [s.flag] : [], ...s.env ?? []];
  if (overrides.length > 0) parts.push(`Overridden by ${overrides.join(", ")}.`);
  if (s.envAfter) parts.push(`Falls back to ${s.envAfter.join(", ")}.`);
  if (s.default !== void 0 && !s.secret) parts.push(`Default: ${s.default}.`);
  return parts.join(" ");
}
function sub(name, description, load, more = {}) {
  return { name, description, passUnknownOptions: true, ...more, run: async (call) => (await load())(call.ctx, call) };
}
async function configureList(ctx, cmd) {
  const { configureListRows, formatRows } = await import("./chunks/configure-4DHT7A6A.js");
  const rows = configureListRows(ctx, cmd);
  const doc = { Settings: rows.map((r) => ({ Name: r.name, Value: r.value, Type: r.type, Location: r.location })) };
  const { writeListing } = await import("./chunks/listing-6TZBQS5G.js");
  await writeListing(ctx.stdout, cmd.all, "ConfigureList", doc, () => formatRows(rows));
  return 0;
}
var configureCommand = {
  name: "configure",
  description: "Show and change svcctl settings ($SVCCTL_HOME/config), per profile.",
  docs: {
    details: DETAILS,
    sections: [{ title: "SETTINGS", entries: CONFIG_KEYS.map((s) => [s.key, settingDoc(s)]) }],
    examples: [
      { title: "Make text the default output format", argv: ["configure", "set", "output", "text"] },
      {
        title: "Point a named profile at a server",
        argv: ["configure", "set", "endpoint_url", "http://127.0.0.1:4566", "--profile", "local"]
      },
      { title: "Show every setting and where it comes from", argv: ["configure", "list"] }
    ]
  },
  missingProfileOk: true,
  run: async ({ args, all, ctx, node }) => {
    if (args.length > 0) throw unknownCommand(node, args[0], "operation");
    const { configureInteractive } = await import("./chunks/interactive-ZQRCEK2V.js");
    return configureInteractive(ctx, chooseProfile(all, ctx.env).name);
  },
  complete: (words) => words.length === 0 ? ["get", "list", "list-profiles", "set"] : [],
  subcommands: [
    sub(
      "set",
      "Set a setting of the profile (--profile, else default) in the config file.",
      async () => (await import("./chunks/configure-4DHT7A6A.js")).configureSet,
      {
        arguments: [
          {
            name: "key",
            help: "The setting to change (output, region, endpoint_url, api_key...); default.KEY or profile.NAME.KEY for that profile."
          },
          { name: "value", help: "Its new value (checked against the setting's choices)." }
        ],
        missingProfileOk: true,
        complete: (words) => words.length === 0 ? CONFIG_KEY_NAMES : words.length === 1 ? configKeyOf(words[0])?.choices ?? [] : []
      }
    ),
    sub(
      "get",
      "Print a setting of the profile from the config file; exit 1 when it is not set.",
      async () => (await import("./chunks/configure-4DHT7A6A.js")).configureGet,
      {
        arguments: [{ name: "key", help: "The setting to print; default.KEY or profile.NAME.KEY for that profile." }],
        complete: (words) => words.length === 0 ? CONFIG_KEY_NAMES : []
      }
    ),
    sub(
      "list",
      'List every setting in effect, its value (keys masked) and where it came from; with --output or --query, as a document ({"Settings": [{"Name", "Value", "Type", "Location"}]}).',
      async () => configureList
    ),
    sub(
      "list-profiles",
      "List the profiles of the config file.",
      async () => (await import("./chunks/configure-4DHT7A6A.js")).configureListProfiles
    )
  ]
};

// src/commands/service/admin-commands.ts
function sub2(name, description, more) {
  return {
    name,
    description,
    missingProfileOk: true,
    operation: name.charAt(0).toUpperCase() + name.slice(1),
    ...more,
    run: async ({ ctx, globals, opts, args }) => {
      const ops = await import("./chunks/admin-actions-LQZ2IA54.js");
      const work = name === "resources" ? (c, g, _f, w) => ops.resources(c, g, w) : ops[name];
      return work(ctx, globals, opts, args);
    }
  };
}
var WHERE = "It reads the store of $SVCCTL_HOME (where every svcctl serve on that store records), or, with --endpoint-url (SVCCTL_ENDPOINT_URL, the profile's endpoint_url), a running svcctl serve through its /_svcctl endpoints.";
var ADMIN_COMMANDS = [
  sub2("journal", "List the request journal of svcctl serve: every request that reached an operation.", {
    options: [
      option("--as-cli", "Print each entry as the svcctl command line that sends it again (shell-quoted)."),
      option("--limit <n>", "Only the newest N entries.")
    ],
    docs: {
      details: [
        "Each entry: Seq, Time, Account, Principal (with --credentials), Region, Protocol (query, json11, v2), Operation, Input (the decoded input members; secret members such as UserData are ****), Status (HTTP; 0: a connection a fault rule closed), ErrorCode, LatencyMs, Warning (what the answer does not say: a v2 version served as the newest known), Fault (the fault rule that fired, see svcctl service settings). The journal keeps the newest 1000 entries (svcctl serve --journal-size N; 0 keeps none). " + WHERE,
        'Every --output format and --query apply. --as-cli prints one command line per entry instead (with --query, the query must select a list of entries); run with an endpoint, each line carries that --endpoint-url. v2 lines send SVCCTL_API_KEY (or --api-key), AWS lines your AWS credentials: keys are never recorded. A secret member (UserData, an id number) is a shell variable in the line, "${SVCCTL_SECRET_USERDATA:?...}": set it to the value, else the shell stops at that line.'
      ],
      examples: [
        { title: "The journal as YAML", argv: ["service", "journal", "--output", "yaml"] },
        {
          title: "The failed requests as command lines",
          argv: ["service", "journal", "--as-cli", "--query", "Entries[?Status >= `400`]"]
        }
      ]
    }
  }),
  sub2("resources", "List every resource of the store, of every account (what the inspector page shows).", {
    docs: {
      details: [`Each resource: Kind, Account, Region (AWS kinds), Name, Created. ${WHERE}`],
      examples: [{ title: "Every resource", argv: ["service", "resources"] }]
    }
  }),
  sub2("reset", "Delete every resource and the journal, or one kind, or one account's.", {
    options: [
      option("--kind <kind>", `Only this kind: ${RESET_KINDS.join(", ")}.`),
      option("--account <id>", "Only this account (12 digits)."),
      option(
        "--yes",
        "Delete without asking (needed when there is no terminal to ask on; not asked through --endpoint-url)."
      )
    ],
    docs: {
      details: [
        "Between test cases: deletes every resource, the v2 idempotency keys and the journal (or what --kind and --account choose) and prints how many of each kind went. Service settings stay (svcctl service settings reset). " + WHERE,
        "On the embedded store it asks first on a terminal ([y/N]; no answer yes exits 1 and deletes nothing), and without a terminal it needs --yes (252 and nothing deleted without it). A reset through --endpoint-url asks nothing: serve's POST /_svcctl/reset is for test harnesses.",
        "A serve takes a reset only from its loopback interface and, when it has --credentials, only with the api_key of a principal marked admin = true (given as --api-key or SVCCTL_API_KEY); anything else is AccessDenied (254)."
      ],
      examples: [{ title: "Only the journal", argv: ["service", "reset", "--kind", "journal", "--yes"] }]
    }
  }),
  sub2("ready", "Exit 0 once the store (or the svcctl serve at --endpoint-url) is ready.", {
    options: [
      option("--wait <seconds>", "Keep asking a server that is not ready (or not listening yet) for this long.")
    ],
    docs: {
      details: [
        `For CI: svcctl --endpoint-url http://127.0.0.1:4566 service ready --wait 30 returns once serve answers GET /_svcctl/ready with 200. ${WHERE}`
      ],
      examples: [{ title: "Is the embedded store ready?", argv: ["service", "ready"] }]
    }
  })
];

// src/commands/service/service.ts
var DETAILS2 = [
  "The settings belong to the embedded service and are stored with its state ($SVCCTL_HOME/state.db), so the CLI's embedded backend and every svcctl serve on that store share them; a running serve applies a change on its next request. They turn on the errors an integration must handle (see docs/v2.md): get prints every setting with its value and whether it is set or the default, or one value; set checks the value (exit 252 when the name or value is wrong); reset goes back to the defaults. svcctl serve --settings FILE applies a JSON or INI file of settings for that run (--persist-settings writes them to the store).",
  "Fault rules are settings too: fault.<service>.<Operation> (fault.ecr.CreateRepository; fault.autoscaling for every operation of Auto Scaling; fault.* for every operation) set to <action>[;<option>=<value>]\u2026, where the action is throttle (the service's modelled throttling error), 500, 503 (in the protocol's own error shape), latency=MS (the answer comes MS milliseconds late) or close (the connection is closed without an answer), and the options say when (p=P: with probability P; nth=N: the Nth matching call only; next=K: the next K matching calls; else every call) and for whom (account=ID, region=REGION). Setting a rule starts its count again; none or reset NAME removes it. serve answers them over the wire and journals each (its Fault); the embedded backend makes one attempt per command, and close is its connection-closed error (255). See docs/operating-serve.md.",
  "With an endpoint (--endpoint-url, SVCCTL_ENDPOINT_URL, the profile's endpoint_url) the commands reach the fault rules of that running svcctl serve through its /_svcctl/faults, whatever its store (--store memory too): get lists them with their calls counted, set and reset NAME change one, reset without a name removes them all. Its other settings are not reached that way (252): they live in its store, or come from serve --settings FILE."
];
function runWith(name) {
  return async ({ ctx, globals, args, all }) => {
    const { endpointOf } = await import("./chunks/admin-actions-LQZ2IA54.js");
    const endpoint = endpointOf(globals);
    if (endpoint === void 0) return (await import("./chunks/settings-AJCI47VV.js"))[`settings${name}`](ctx, args, all);
    const remote = await import("./chunks/settings-remote-HLM4DZK2.js");
    if (name === "Get") return remote.remoteSettingsGet(ctx, globals, all, args, endpoint);
    return remote[`remoteSettings${name}`](ctx, globals, args, endpoint);
  };
}
var sub3 = (name, description, more) => ({
  name,
  description,
  passUnknownOptions: true,
  missingProfileOk: true,
  ...more
});
var settingsCommand = {
  name: "settings",
  description: "Show and change the embedded service's settings.",
  passUnknownOptions: true,
  missingProfileOk: true,
  docs: {
    details: DETAILS2,
    sections: [
      {
        title: "SETTINGS",
        entries: SERVICE_SETTINGS.map(
          (s) => [s.name, `${s.doc} Values: ${describeKind(s.kind)}. Default: ${s.default}.`]
        )
      }
    ],
    examples: [
      { title: "Show every setting", argv: ["service", "settings", "get"] },
      {
        title: "Refuse every account update with account_rate_limit_exceeded",
        argv: ["service", "settings", "set", "account_update_concurrency_limit", "0"]
      },
      {
        title: "Throttle the next two CreateRepository calls (ThrottlingException), then answer as usual",
        argv: ["service", "settings", "set", "fault.ecr.CreateRepository", "throttle;next=2"]
      },
      {
        title: "One Auto Scaling call in ten answers 503 ServiceUnavailable",
        argv: ["service", "settings", "set", "fault.autoscaling", "503;p=0.1"]
      },
      { title: "Back to the defaults (every fault rule removed)", argv: ["service", "settings", "reset"] }
    ]
  },
  complete: (words) => words.length === 0 ? ["get", "reset", "set"] : [],
  subcommands: [
    sub3("get", "Print every setting (name, value, set or default), or the value of one.", {
      arguments: [{ name: "name", help: "The setting to print." }],
      run: runWith("Get"),
      complete: (words) => words.length === 0 ? SERVICE_SETTING_NAMES : []
    }),
    sub3("set", "Set a setting or a fault rule (its value is checked first).", {
      arguments: [
        { name: "name", help: "The setting to change, or a fault rule (fault.<service>.<Operation>)." },
        { name: "value", help: "Its new value (none removes a fault rule)." }
      ],
      run: runWith("Set"),
      complete: (words) => {
        if (words.length === 0) return SERVICE_SETTING_NAMES;
        const kind = words.length === 1 ? serviceSetting(words[0])?.kind : void 0;
        return kind?.type === "boolean" ? ["true", "false"] : kind && "none" in kind && kind.none ? ["none"] : [];
      }
    }),
    sub3("reset", "Put one setting, or every setting, back to its default (a fault rule: removed).", {
      arguments: [{ name: "name", help: "The setting or fault rule to reset (default: all of them)." }],
      run: runWith("Reset"),
      complete: (words) => words.length === 0 ? SERVICE_SETTING_NAMES : []
    })
  ]
};
var serviceCommand = {
  name: "service",
  description: "The embedded service's settings, request journal, resources and reset.",
  passUnknownOptions: true,
  missingProfileOk: true,
  complete: (words) => words.length === 0 ? ["journal", "ready", "reset", "resources", "settings"] : [],
  subcommands: [settingsCommand, ...ADMIN_COMMANDS]
};

// src/commands/store/store.ts
var WHICH = "The store is the SQLite file of $SVCCTL_HOME, or the PostgreSQL database of --store postgres://\u2026 (also SVCCTL_STORE_URL, or store_url in the profile), the one svcctl serve --store shares between instances.";
function runWith2(name) {
  return async ({ ctx, opts, args, all }) => (await import("./chunks/export-import-RFUTHYHT.js"))[name](ctx, opts, args, all);
}
var storeCommand = {
  name: "store",
  description: "Export and import the state of a store (SQLite or PostgreSQL) as a JSON snapshot.",
  passUnknownOptions: true,
  missingProfileOk: true,
  complete: (words) => words.length === 0 ? ["export", "import"] : [],
  subcommands: [
    {
      name: "export",
      description: "Write a JSON snapshot of every resource of the store.",
      options: [
        option("--store <url>", "A PostgreSQL store (postgres://\u2026) instead of the SQLite file of $SVCCTL_HOME."),
        option("--file <path>", "Write the snapshot to this file (created 0600) instead of stdout.")
      ],
      missingProfileOk: true,
      run: runWith2("storeExport"),
      docs: {
        details: [
          "The snapshot holds every resource of every account (repositories, launch configurations, account tokens, accounts, meter event adjustments), the v2 idempotency keys and the service settings (the page-token secret among them, so that page tokens stay valid), read in one transaction; not the request journal. " + WHICH
        ],
        examples: [{ title: "The SQLite store into a file", argv: ["store", "export", "--file", "state.json"] }]
      }
    },
    {
      name: "import",
      description: "Write a snapshot made by svcctl store export into the store, in one transaction.",
      options: [
        option("--store <url>", "A PostgreSQL store (postgres://\u2026) instead of the SQLite file of $SVCCTL_HOME."),
        option("--file <path>", "The snapshot to import."),
        option(
          "--replace",
          "Empty the store first (its resources, idempotency keys and settings), so that it holds the snapshot's state alone. Without it, a store that holds any resource is refused (253); one that holds none keeps the settings the snapshot does not set."
        )
      ],
      missingProfileOk: true,
      run: runWith2("storeImport"),
      docs: {
        details: [
          "All or nothing: every row is checked before any is written (each column of its type, each document of its resource's shape, no key twice). A snapshot that is not one or has a row that is not right (252, naming the table, the row and the column) or a store that already holds resources without --replace (253) leaves the store as it was. " + WHICH
        ],
        examples: [
          {
            title: "A SQLite state into a PostgreSQL store",
            argv: ["store", "import", "--file", "state.json", "--store", "postgres://svcctl@db.internal/svcctl"]
          }
        ]
      }
    }
  ]
};

// src/cli/run.ts
var COMMANDS = [
  serveCommand,
  configureCommand,
  completionCommand,
  completeCommand,
  serviceCommand,
  storeCommand
];
function rawGlobals(selection, program2) {
  if (selection?.kind === "operation") return selection.parsed.all;
  return program2.opts();
}
function unknownOptions(words, cmd, program2) {
  const longs = [
    ...new Set([...cmd.options(), ...program2.options()].map((o) => o.name).filter((l) => !l.startsWith("--no-")))
  ];
  return new UnknownOptionsError(words, [...new Set(mistyped(words).flatMap((w) => closeMatches(w, longs)))]);
}
var mistyped = (words) => words.filter((w) => w.startsWith("--")).map((w) => w.split("=")[0]);
function typoHints(words, missing) {
  return mistyped(words).flatMap((w) => closeMatches(w, missing, 1).map((m) => `${m} (you wrote ${w})`));
}
function withHint(err, hints) {
  if (hints.length === 0) return err;
  return new UsageError(`${err.message}

Maybe you meant:

${hints.map((h) => `  * ${h}`).join("\n")}`);
}
function mainParser(err) {
  return new MainParserError(err.message);
}
function unknownWords(words, program2, err) {
  if (words.command === program2 && words.stray !== void 0) return mainParser(unknownCommand(program2, words.stray));
  return words.unknown.length > 0 ? unknownOptions(words.unknown, words.command, program2) : usageErrorFrom(err);
}
async function parse(program2, tree, words) {
  if (words.error) throw words.error;
  try {
    await program2.parseAsync(words.argv, { from: "user" });
    return "done";
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    if (err.code === "commander.helpDisplayed" || err.code === "commander.help" || err.code === "commander.version")
      return "stop";
    throw err.code === "commander.unknownOption" ? unknownWords(words, tree, err) : usageErrorFrom(err);
  }
}
function earlySettings(words, ctx, err) {
  const commandLine = !(err instanceof MainParserError);
  const given = (name) => commandLine ? words?.globals.get(name) : void 0;
  let fromProfile;
  try {
    fromProfile = openProfile(ctx, { profile: given("--profile") }, true).value("cli_error_format");
  } catch {
    fromProfile = void 0;
  }
  const formats = [
    given("--cli-error-format"),
    ctx.env.SVCCTL_CLI_ERROR_FORMAT,
    ctx.env.AWS_CLI_ERROR_FORMAT,
    fromProfile
  ];
  const errorFormat = formats.find((f) => ERROR_FORMATS.includes(f)) ?? "enhanced";
  const color = given("--color");
  return {
    errorFormat,
    color: COLOR_MODES.includes(color) ? color : void 0,
    debug: words?.globals.get("--debug") === true
  };
}
function checkArgvText(argv) {
  const at = argv.findIndex((w) => loneSurrogateAt(w) >= 0);
  if (at < 0) return;
  const word = argv[at];
  if (word.startsWith("--")) {
    const eq = word.indexOf("=");
    if (eq < 0 || loneSurrogateAt(word.slice(0, eq)) >= 0)
      throw new InputError(`The argument ${word.slice(0, 64)} is not an option: it is ${notTextDetail(word)}.`);
    throw new ParamError(word.slice(0, eq), `the value is ${notTextDetail(word.slice(eq + 1))}`);
  }
  for (let i = at - 1; i >= 0; i--) {
    if (argv[i].startsWith("--")) throw new ParamError(argv[i].split("=")[0], `the value is ${notTextDetail(word)}`);
  }
  throw new InputError(`Argument ${at + 1} is ${notTextDetail(word)}.`);
}
async function run(argv, ctx) {
  let selection;
  let globals;
  let words;
  const tree = programTree(COMMANDS);
  const program2 = buildProgram(ctx, tree, (s) => selection = s);
  readyNamed(program2, argv);
  try {
    words = readWords(tree, argv);
    checkArgvText(argv);
    if (await parse(program2, tree, words) === "stop") return 0;
    const raw = rawGlobals(selection, program2);
    if (raw.version === true) {
      ctx.stdout.write(`${versionLine()}
`);
      return 0;
    }
    const profile = openProfile(ctx, raw, selection?.kind === "custom" && selection.missingProfileOk === true);
    globals = resolveGlobals(raw, { env: ctx.env, home: ctx.home, profile });
    if (!selection && program2.args.length > 0) throw mainParser(unknownCommand(tree, program2.args[0]));
    if (!selection) throw new MainParserError(`the following arguments are required: command`);
    if (selection.kind === "custom") return await selection.run(globals);
    if (selection.unknown.length > 0) {
      const cliInput = globals.cliInputJson !== void 0 || globals.cliInputYaml !== void 0;
      const missing = cliInput ? [] : missingRequired(selection.op, givenWords(selection.op, selection.parsed.given), void 0);
      if (missing.length === 0) throw unknownOptions(selection.unknown, selection.node, tree);
      throw withHint(
        requiredArgumentsError(missing),
        typoHints(
          selection.unknown,
          missing.map((m) => m.flag)
        )
      );
    }
    return await executeOperation(selection, globals, ctx);
  } catch (err) {
    const opName = selection?.kind === "operation" ? selection.op.name : selection?.operation;
    const settings = (err instanceof MainParserError ? void 0 : globals) ?? earlySettings(words, ctx, err);
    await reportError(ctx, err, {
      errorFormat: settings.errorFormat,
      color: settings.color,
      debug: settings.debug,
      operation: opName,
      render: async (format, doc) => (await import("./chunks/render-4QTUZ7NH.js")).renderDocument(format, "error", doc)
    });
    return exitCodeOf(err);
  }
}

// src/cli/main.ts
async function main(proc) {
  const abort = new AbortController();
  const onSigint = () => {
    if (abort.signal.aborted) proc.exit(130);
    abort.abort();
  };
  proc.on("SIGINT", onSigint);
  let unwritten;
  proc.stdout.on("error", (err) => {
    if (err.code !== "EPIPE") unwritten ??= err;
  });
  if (closedAtStart(1)) {
    const write = proc.stdout.write.bind(proc.stdout);
    proc.stdout.write = ((...args) => {
      unwritten ??= Object.assign(new Error("EBADF: bad file descriptor, write"), { code: "EBADF", errno: -9 });
      return write(...args);
    });
  }
  const ctx = {
    stdout: proc.stdout,
    stderr: proc.stderr,
    // process.stdin builds a stream (3-4 ms of node's own modules) on first use: only prompts and
    // interactive configure read it, so it is not touched otherwise.
    get stdin() {
      return proc.stdin;
    },
    env: proc.env,
    cwd: proc.cwd(),
    home: homedir(),
    clock: systemClock,
    ids: randomIds,
    signal: abort.signal
  };
  let code = await run(argvAsText(proc), ctx);
  await new Promise((resolve2) => setImmediate(resolve2));
  if (unwritten) {
    proc.stderr.write(`
svcctl: [ERROR]: ${osErrorText(unwritten)}
`);
    code = 255;
  }
  proc.exitCode = abort.signal.aborted ? 130 : code;
}
function closedAtStart(fd) {
  try {
    if (readlinkSync(`/proc/self/fd/${fd}`) !== "/dev/null") return false;
    const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, "utf8"))?.[1];
    return flags !== void 0 && (Number.parseInt(flags, 8) & 3) === 2;
  } catch {
    return false;
  }
}
function argvAsText(proc) {
  const args = proc.argv.slice(2);
  if (!args.some((a) => a.includes("\uFFFD"))) return args;
  let raw;
  try {
    const bytes = readFileSync("/proc/self/cmdline");
    raw = [];
    for (let start = 0; start < bytes.length; ) {
      const end = bytes.indexOf(0, start);
      raw.push(bytes.subarray(start, end < 0 ? bytes.length : end));
      start = end < 0 ? bytes.length : end + 1;
    }
  } catch {
    return args;
  }
  const ours = raw.slice(raw.length - args.length);
  if (ours.length !== args.length) return args;
  return args.map((a, i) => {
    if (!a.includes("\uFFFD")) return a;
    const text = decodeArgBytes(ours[i]);
    return text.replace(/[\udc80-\udcff\ufffd]/g, "") === a.replaceAll("\uFFFD", "") ? text : a;
  });
}
export {
  main
};
