// Issue 19, items 5 and 7 (fixtures/core/normalize-findings.json): normalization never leaves a
// dot segment it made by decoding "%2E", runs every generic step where a scheme refuses the URI,
// gives equivalent mailto and tel URIs one normal form, and reads options.schemes as
// defineScheme's facts are written (a number for a port) or refuses it with a TypeError that names it.
import { equivalent, normalize, relativize, serialize } from "../../src/index";
import { defaultRegistry } from "../../src/schemes/index";
import { readJson } from "../helpers/fixtures";

interface Findings {
  readonly normalize: readonly { readonly note: string; readonly input: string; readonly expected: string }[];
  readonly equivalentPairs: readonly (readonly [string, string])[];
  readonly schemesOption: readonly { readonly note: string; readonly input: string; readonly schemes: unknown; readonly expected?: string; readonly error?: string }[];
}
const f = readJson<Findings>("core/normalize-findings.json");
const text = (s: string, o?: object): string => {
  const r = normalize(s, o);
  if (!r.ok) throw r.error;
  return serialize(r.value);
};

// with the registry of the built-in schemes, whose own normalization the findings are about
const schemes = { schemes: defaultRegistry };

describe("normalize with defaultRegistry (fixtures/core/normalize-findings.json)", () => {
  it.each(f.normalize.map((c) => [c.note, c.input, c.expected]))("%s: %s -> %s", (_note, input, expected) => {
    expect(text(input, schemes)).toBe(expected);
    // idempotent, and equivalent to what it came from wherever decoding made no dot segment
    expect(text(expected, schemes)).toBe(expected);
  });
});

describe("equivalent mailto and tel URIs have one normal form (with defaultRegistry)", () => {
  it.each(f.equivalentPairs.map(([a, b]) => [a, b]))("%s ~ %s", (a, b) => {
    expect(equivalent(a, b, schemes)).toEqual({ ok: true, value: true });
    expect(text(a, schemes)).toBe(text(b, schemes));
  });
});

describe("options.schemes", () => {
  it.each(f.schemesOption.map((c) => [c.note, c]))("%s", (_note, c) => {
    const options = { schemes: c.schemes } as never;
    if (c.error !== undefined) {
      for (const call of [() => normalize(c.input, options), () => equivalent(c.input, c.input, options), () => relativize(c.input, c.input, { normalize: options })]) {
        expect(call).toThrow(TypeError);
        expect(call).toThrow(c.error);
      }
      return;
    }
    expect(text(c.input, options)).toBe(c.expected);
    expect(equivalent(c.input, c.expected ?? "", options)).toEqual({ ok: true, value: true });
  });

  it("reads each option once: a getter that changes its answer cannot slip a value past the check", () => {
    let reads = 0;
    const tricky = {
      get schemes(): unknown {
        reads++;
        return reads === 1 ? [{ name: "http", defaultPort: 80 }] : [null];
      },
    };
    expect(text("http://a:80/x", tricky)).toBe("http://a/x");
    expect(reads).toBe(1);
  });
});
