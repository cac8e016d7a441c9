#!/usr/bin/env node
// uri-grammar <uri> [--rule NAME]: prints the AST of a URI reference as JSON, or the syntax error.
// A small entry point; the full command-line tool is its own issue.
import { parse } from "./parse.js";
import { isRuleName, type RuleName } from "./rules/index.js";

const USAGE = `usage: uri-grammar [--rule NAME] <input>

Parses <input> against an RFC 3986 rule (URI-reference unless --rule names another,
e.g. URI, absolute-URI, relative-ref, host, IPv6address) and prints its AST as JSON.
Exit status: 0 when it matches, 1 when it does not, 2 on a usage error.`;

function main(argv: readonly string[]): number {
  let ruleName: RuleName = "URI-reference";
  const inputs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "-h" || arg === "--help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (arg === "--rule" || arg === "-r") {
      const name = argv[++i] ?? "";
      if (!isRuleName(name)) {
        process.stderr.write(`uri-grammar: unknown rule ${JSON.stringify(name)}\n`);
        return 2;
      }
      ruleName = name as RuleName;
    } else if (arg === "--") inputs.push(...argv.slice(i + 1)), (i = argv.length);
    else inputs.push(arg);
  }
  if (inputs.length !== 1 || inputs[0] === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const result = parse(inputs[0], { rule: ruleName });
  if (!result.ok) {
    process.stderr.write(`${result.error.message}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(result.value, null, 2)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
