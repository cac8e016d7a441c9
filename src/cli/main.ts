// The uri-grammar program (RFC 3986, RFC 3987): its commands, options and help. A command's work is in ./commands/ (and
// ./template.ts), loaded when it runs: `normalize` loads neither the grammars nor the ABNF engine, `--help` no command.
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import type { Serve } from "./batch-types.js";
import type * as ParseCommands from "./commands/parse.js";
import type * as ReferenceCommands from "./commands/reference.js";
import type * as IriCommands from "./commands/iri.js";
import type * as RuleCommands from "./commands/rules.js";
import type { InputOptions, Io } from "./dispatch.js";
import type * as TemplateCommands from "./template.js";
import type * as ExpandCommands from "./commands/expand.js";
import { EXIT, UsageError } from "./errors.js";
import { grammarNames } from "./names.js";
import { BUILT_IN_SCHEME_NAMES } from "../core/scheme-table.js";
import { sectionsOfPackage, type RuleSection } from "./sections.js";
import { ansi, plain, printable, wantsColour } from "./style.js";


/** The commands, each module loaded when one of its commands runs (each loads what it needs of the library). */
const parseCommands = (): Promise<typeof ParseCommands> => import("./commands/parse.js");
const referenceCommands = (): Promise<typeof ReferenceCommands> => import("./commands/reference.js");
const iriCommands = (): Promise<typeof IriCommands> => import("./commands/iri.js");
const ruleCommands = (): Promise<typeof RuleCommands> => import("./commands/rules.js");
const templateCommands = (): Promise<typeof TemplateCommands> => import("./template.js");
const expandCommands = (): Promise<typeof ExpandCommands> => import("./commands/expand.js");

/** A whole number from `min` to `max`, else an InvalidArgumentError that says `expected`. */
const wholeNumber = (min: number, max: number, expected: string) => (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new InvalidArgumentError(`expected ${expected}`);
  // (past 2^53 - 1 digits no longer read as the number they write: 400 nines are Infinity)
  if (!Number.isSafeInteger(Number(value))) throw new InvalidArgumentError(`expected ${expected}, at most ${Number.MAX_SAFE_INTEGER}`);
  return Number(value);
};

/** `--max-length`: a whole number of 0 or more. */
const lengthArgument = wholeNumber(0, Infinity, "a whole number of 0 or more");

/** `--limit`, `--max-readings`: a whole number of 1 or more (match refuses 0). */
const countArgument = wholeNumber(1, Infinity, "a whole number of 1 or more");

/** The most threads `--jobs` takes. */
const MAX_JOBS = 256;

/** `--jobs`: a whole number from 1 to {@link MAX_JOBS}. */
const jobsArgument = wholeNumber(1, MAX_JOBS, `a whole number from 1 to ${MAX_JOBS} (the threads batch mode runs lines on)`);

/** `--partition`: a name of 1 to 256 characters. */
function partitionArgument(value: string): string {
  if (value.length === 0 || value.length > 256) throw new InvalidArgumentError("expected a name of 1 to 256 characters");
  return value;
}

/** How {@link main} runs batch mode on more than one thread. */
export interface MainContext {
  /** The worker script (src/cli-worker.ts as built): without it, batch mode runs on this thread whatever --jobs says. */
  readonly worker?: URL;
  /** In a worker thread: serve the main thread's chunks of lines instead of reading an input. */
  readonly serve?: Serve;
  /** In a worker thread: whether the main thread colours stdout and stderr. */
  readonly colours?: { readonly out: boolean; readonly err: boolean };
}

// ------------------------------------------------------------------------------------------
// The program

const EXAMPLES = `
Examples:
  uri-grammar parse "https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top"
  uri-grammar parse --rule host "[::1]"
  uri-grammar validate --rule IPv6address "1::3"
  uri-grammar resolve "http://a/b/c/d;p?q" "../g"
  uri-grammar equivalent --level syntax "http://example.com" "http://example.com:80/"
  uri-grammar validate --input urls.txt > results.jsonl
  uri-grammar expand "http://example.com/search{?q,lang}" --var q=cat --var lang=en
  uri-grammar match "http://example.com/users/{id}" "http://example.com/users/42"

With no input argument, a command reads one input per line from stdin (or --input FILE) and
writes one JSON object per line: {"line", "input", "ok", "value"} or {"line", "input", "ok",
"error"} (with "partition" after --partition, "key" after --keyed). resolve and relativize
read "base<TAB>reference" lines, or references with --base; equivalent reads "a<TAB>b" lines;
expand reads templates, match URIs (or "template<TAB>URI" lines without a template argument).
A line longer than --max-length (two inputs and a tab: each input) is that line's
InputTooLongError, its "input" the first 256 characters with "truncated": true.

Exit status: 0 valid (equivalent), 1 invalid (not equivalent; in batch mode, any line),
2 usage error (unknown option, rule or grammar; missing or unreadable input), 3 internal error.
Colours: on when stdout is a terminal; NO_COLOR=1 turns them off, FORCE_COLOR=1 forces them,
--color and --no-color decide over both.`;

/**
 * Runs the command line; resolves to the exit status. `home` is the directory of the built
 * package's modules (dist/), whose grammars' doc comments give the rules' RFC sections.
 */
export async function main(argv: readonly string[], version: string, home?: string, context: MainContext = {}): Promise<number> {
  let status: number = EXIT.ok;
  let sectionMap: ReadonlyMap<string, RuleSection> | undefined;
  const sections: RuleCommands.Sections = () => {
    if (sectionMap === undefined) {
      try {
        sectionMap = home === undefined ? new Map() : sectionsOfPackage(home);
      } catch {
        sectionMap = new Map(); // the RFC without its section
      }
    }
    return sectionMap;
  };
  const program = new Command("uri-grammar");
  program
    .exitOverride()
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(printable(s)),
      // commander's own usage errors ("error: unknown option ...") start as ours do
      outputError: (s, write) => write(s.replace(/^error: /, "uri-grammar: ")),
    })
    .showHelpAfterError("(add --help for usage)")
    .description("Parse, check and transform URI references (RFC 3986) and IRIs (RFC 3987), rule by rule.")
    .version(version, "-V, --version", "print the version")
    .helpOption("-h, --help", "print this help")
    .helpCommand(false)
    .option("--color", "colour the output (default: when stdout is a terminal)")
    .option("--no-color", "do not colour the output")
    .option("--show-password", "print the password of a userinfo as it is (RFC 3986 §7.5: by default every output shows it as \"***\", the command's result too; inputs are read as given)")
    .addHelpText("after", EXAMPLES);

  const io = (cmd: Command): Io => {
    const o = cmd.optsWithGlobals<{ color?: boolean; json?: boolean; quiet?: boolean; showPassword?: boolean }>();
    const colours = context.colours ?? { out: wantsColour(o.color, process.stdout, process.env), err: wantsColour(o.color, process.stderr, process.env) };
    return {
      showPassword: o.showPassword === true,
      paint: colours.out ? ansi : plain,
      paintErr: colours.err ? ansi : plain,
      json: o.json === true,
      quiet: o.quiet === true,
      workers: context.worker === undefined ? undefined : { script: context.worker, data: { argv: [...argv], home, colours } },
      serve: context.serve,
    };
  };
  const inputs = (cmd: Command): Command =>
    cmd
      .option("-i, --input <file>", "read one input per line from FILE ('-': stdin) and write JSON Lines")
      .option("-q, --quiet", "print less: no summary or progress bar in batch mode; with one input, no note on stderr (repair's changes, relativize's empty reference, expand's variables the template does not name) and no \"valid\" line from validate (its exit status says it)")
      .option("--progress", "show a progress bar on stderr in batch mode (default: when stderr is a terminal)")
      .option("--no-progress", "no progress bar")
      .option("--json", "print the result as JSON (errors too, on stderr)")
      .option(
        "--max-length <n>",
        "refuse an input longer than n characters (UTF-16 code units; default 2097152, the library's DEFAULT_MAX_LENGTH); in batch mode a longer line is refused as it is read, never held whole",
        lengthArgument,
      )
      .option(
        "-j, --jobs <n>",
        "in batch mode, run the lines on n threads (this one and n - 1 worker threads; --jobs 1: this one, no workers), at most one per core (os.availableParallelism()); the records keep the input's order and are the same whatever n is. Default: this thread alone until it has spent a second of CPU time on the lines, then a worker per core besides it (os.availableParallelism()), so short runs pay no worker's start-up",
        jobsArgument,
      )
      .option("--keyed", "in batch mode, each line is KEY<TAB>INPUT: the record carries \"key\": KEY, for a join back to the data (a line without a tab is that line's error)")
      .option("--partition <name>", "in batch mode, every record carries \"partition\": NAME, so that (partition, line) names a line of a partitioned run (its lines are numbered from 1)", partitionArgument);
  const ruleOption = new Option(
    "-r, --rule <name>",
    "the ABNF rule the input must match, e.g. URI, host, IPv6address, IRI; a rule of a scheme's grammar needs --grammar (the error for a rule not in the grammar names the grammar that has it)",
  );
  const grammarOption = (what: string): Option => new Option("-g, --grammar <name>", what).choices(grammarNames);
  const run = (f: (...args: never[]) => Promise<number> | number) =>
    async (...args: unknown[]): Promise<void> => {
      status = await (f as (...a: unknown[]) => Promise<number> | number)(...args);
    };

  inputs(
    program
      .command("parse")
      .summary("draw the components of a URI (or print its AST)")
      .description(
        "Parse a URI reference and draw its components (or print its AST with --tree, as JSON with --json).\n" +
          "Without --rule, text beyond ASCII is read as an IRI reference (RFC 3987).\n" +
          "An empty component is marked on its delimiter (the \"?\" of an empty query) and labelled \"(empty)\".",
      )
      .argument("[uri]", "the text to parse")
      .addOption(ruleOption)
      .addOption(grammarOption("the grammar of --rule (default: RFC 3986 and RFC 3987 rules)"))
      .option("--tree", "print the AST with spans, indented (for one URI given as an argument: batch mode prints JSON Lines and refuses --tree)")
      .option("--scheme", `also parse the URI under its scheme (${BUILT_IN_SCHEME_NAMES.join(", ")})`),
  ).action(run(async (uri: string | undefined, opts: ParseCommands.ParseOptions, cmd: Command) => (await parseCommands()).parseCommand(uri, opts, io(cmd))));

  inputs(
    program
      .command("validate")
      .summary("check text against a rule")
      .description("Check that the whole text matches a rule (URI-reference unless --rule names another, or IRI-reference for text beyond ASCII, as parse and normalize read it); exit 0 when it does, 1 with the error when not.")
      .argument("[text]", "the text to check")
      .addOption(ruleOption)
      .addOption(grammarOption("the grammar of --rule")),
  ).action(run(async (t: string | undefined, opts: ParseCommands.ValidateOptions, cmd: Command) => (await parseCommands()).validateCommand(t, opts, io(cmd))));

  inputs(
    program
      .command("resolve")
      .summary("resolve a reference against a base (RFC 3986 §5.2)")
      .argument("[base]", "the base URI")
      .argument("[ref]", "the reference")
      .option("--base <uri>", "the base URI; the arguments (or lines) are references")
      .option("--no-strict", "treat a reference with the base's scheme as relative (RFC 3986 §5.2.2)"),
  ).action(run(async (b: string | undefined, r: string | undefined, opts: ReferenceCommands.ResolveOptions, cmd: Command) => (await referenceCommands()).resolveCommand(b, r, opts, io(cmd))));

  inputs(
    program
      .command("relativize")
      .summary("the shortest reference from a base to a target")
      .description(
        "Print the shortest reference from the base to the target. When the target is\n" +
          "the base without a fragment, that is the empty reference (RFC 3986 §4.4): an\n" +
          "empty line (\"\" with --json), and a note on stderr unless --quiet.",
      )
      .argument("[base]", "the base URI")
      .argument("[target]", "the target URI")
      .option("--base <uri>", "the base URI; the arguments (or lines) are targets")
      .option("--normalize", "normalize base and target first (RFC 3986 §6.2.2, §6.2.3)"),
  ).action(run(async (b: string | undefined, t: string | undefined, opts: ReferenceCommands.RelativizeOptions, cmd: Command) => (await referenceCommands()).relativizeCommand(b, t, opts, io(cmd))));

  inputs(
    program
      .command("normalize")
      .summary("normalize a URI (RFC 3986 §6.2.2, §6.2.3)")
      .argument("[uri]", "the URI reference")
      .addOption(
        new Option("--level <level>", "syntax: case, percent-encoding, dot segments (§6.2.2); scheme: also default ports, empty paths and each built-in scheme's rules (§6.2.3)")
          .choices(["syntax", "scheme"])
          .default("scheme"),
      )
      .addOption(new Option("--ipv6 <form>", "keep (the default): as written, in lowercase; rfc5952: in RFC 5952 form").choices(["keep", "rfc5952"]).default("keep"))
      .option("--nfc", "put the characters in Unicode NFC (RFC 3987 §5.3.2.2)"),
  ).action(run(async (u: string | undefined, opts: ReferenceCommands.NormalizeCommandOptions, cmd: Command) => (await referenceCommands()).normalizeCommand(u, opts, io(cmd))));

  inputs(
    program
      .command("equivalent")
      .summary("whether two URIs are equivalent (RFC 3986 §6.2)")
      .description("Compare two URI references; exit 0 when they are equivalent, 1 when not.")
      .argument("[a]", "a URI reference")
      .argument("[b]", "another")
      .addOption(
        new Option("--level <level>", "simple: the same text (§6.2.1); syntax: after §6.2.2; scheme: after §6.2.3 and each built-in scheme's rules")
          .choices(["simple", "syntax", "scheme"])
          .default("scheme"),
      )
      .option("--ignore-fragment", "leave fragments out of the comparison")
      .option("--nfc", "compare characters in Unicode NFC (RFC 3987 §5.3.2.2)"),
  ).action(run(async (a: string | undefined, b: string | undefined, opts: ReferenceCommands.EquivalentOptions, cmd: Command) => (await referenceCommands()).equivalentCommand(a, b, opts, io(cmd))));

  for (const [name, summary, argument, what, idna] of [
    ["to-uri", "map an IRI to a URI (RFC 3987 §3.1)", "[iri]", "the IRI reference", "convert non-ASCII host labels to A-labels (xn--) instead of percent-encoding them"],
    ["to-iri", "map a URI to an IRI (RFC 3987 §3.2)", "[uri]", "the URI reference", "convert A-labels (xn--) back to Unicode where that is exact"],
  ] as const) {
    inputs(program.command(name).summary(summary).argument(argument, what).option("--idna", idna))
      .action(run(async (t: string | undefined, opts: IriCommands.IdnaOptions, cmd: Command) => (await iriCommands()).mapCommand(name, t, opts, io(cmd))));
  }

  inputs(
    program
      .command("repair")
      .summary("percent-encode what makes text an invalid URI reference")
      .description("Make text a valid URI reference (an IRI reference with --iri) by percent-encoding exactly the characters not allowed where they stand; print it, and what changed on stderr.")
      .argument("[text]", "the text to repair")
      .option("--iri", "keep the non-ASCII characters an IRI allows"),
  ).action(run(async (t: string | undefined, opts: IriCommands.RepairOptions, cmd: Command) => (await iriCommands()).repairCommand(t, opts, io(cmd))));

  const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];
  inputs(
    program
      .command("expand")
      .summary("expand a URI Template (RFC 6570 §3)")
      .description("Write the URI a template expands to with the variables given (RFC 6570 §3, all four levels). Values are strings with --var; lists and associative arrays come from --json-vars.")
      .argument("[template]", "the URI Template")
      .option("--var <name=value>", "a variable's value (a string); repeat for more", collect)
      .option("--json-vars <file>", "a JSON object of values by variable name (strings, numbers, booleans, lists, objects); '-' for stdin"),
  ).action(run(async (t: string | undefined, opts: ExpandCommands.ExpandOptions, cmd: Command) => (await expandCommands()).expandCommand(t, opts, io(cmd))));

  inputs(
    program
      .command("match")
      .summary("read a URI's variables back from a URI Template")
      .description(
        "Print, as JSON, the variables whose expansion is exactly the URI (RFC 6570 §3 run backwards);\n" +
          "exit 1 with the offset where the URI leaves the template when there are none.\n" +
          "With a template and no URI, the URIs are read one per line.",
      )
      .argument("[template]", "the URI Template")
      .argument("[uri]", "the URI")
      .option("--all", "every reading of the URI (JSON: readings, complete), not only the preferred one")
      .option("--limit <n>", "with --all, the most readings (default 64)", countArgument)
      .option("--max-readings <n>", "readings to try for a template that repeats a variable (default 4096)", countArgument)
      .option("--case", "accept pct-encoded triplets in lower-case hex (%e2 for %E2; RFC 3986 §6.2.2.1)")
      .option("--percent-encoding", "accept pct-encoded unreserved characters (%41 for A; RFC 3986 §6.2.2.2)"),
  ).action(run(async (t: string | undefined, u: string | undefined, opts: TemplateCommands.MatchCommandOptions, cmd: Command) => (await templateCommands()).matchCommand(t, u, opts, io(cmd))));

  program
    .command("rules")
    .summary("list every rule of a grammar with its ABNF")
    .addOption(grammarOption("the grammar (default: RFC 3986 and RFC 3987)"))
    .option("--json", "print the rules as JSON, with the rules each uses and is used by")
    .action(run(async (opts: { grammar?: string; json?: boolean }, cmd: Command) => (await ruleCommands()).rulesCommand(opts, io(cmd), sections)));

  inputs(
    program
      .command("rule")
      .summary("one rule: its ABNF, where it is defined (its RFC section), the rules it uses and the rules that use it")
      .argument("[name]", "the rule's ABNF name (case-insensitive)")
      .addOption(grammarOption("the grammar (default: RFC 3986 and RFC 3987)")),
  ).action(run(async (n: string | undefined, opts: InputOptions & { grammar?: string }, cmd: Command) => (await ruleCommands()).ruleCommand(n, opts, io(cmd), sections)));

  // commander's help command prints the whole help on stderr for an unknown command; this one says so
  program
    .command("help")
    .summary("print the help of a command")
    .argument("[command]", "the command")
    .action((name: string | undefined) => {
      const cmd = name === undefined ? program : program.commands.find((c) => c.name() === name);
      if (cmd === undefined) program.error(`error: unknown command '${name}'`, { code: "commander.unknownCommand", exitCode: EXIT.usage });
      else cmd.help();
    });

  try {
    await program.parseAsync([...argv], { from: "user" });
    return status;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`uri-grammar: ${printable(e.message)}\n`);
      return EXIT.usage;
    }
    process.stderr.write(`uri-grammar: internal error: ${printable(e instanceof Error ? e.message : String(e))}\n`);
    return EXIT.internal;
  }
}
