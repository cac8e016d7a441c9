// findAmbiguity on templates that repeat a variable (issue 30: "answers correctly or says it could
// not decide, never a false 'not ambiguous'"). Its search reads a repeated variable's varspecs
// apart, so a candidate example can fail its check; since 3d52556 a search that ended after one
// answers "not decided". Where a proof says no URI has two readings (one variable, every varspec
// U mode, or "+"/"#" without a prefix: ambiguity.ts's oneValueOneWay), the answer is "not
// ambiguous" again, checked here against every short URI's readings. And the example of an
// ambiguity shows two readings that share it out differently (fuzz round 11, item 3).
import { readJson } from "../helpers/fixtures";
import { expand, findAmbiguity, matchAll, parseTemplateOrThrow, type TemplateVariables } from "../../src/template/index";

const { notAmbiguous } = readJson<{ notAmbiguous: readonly string[] }>("template", "ambiguity-one-variable.json");

/** A reading's share of its URI: each varspec's text, expanded alone (written here from the template's parts). */
function share(template: string, reading: TemplateVariables): string {
  const t = parseTemplateOrThrow(template);
  return JSON.stringify(
    t.expressions.flatMap((x) =>
      x.varspecs.map((v) => {
        const alone = `{${x.operator}${v.name}${v.prefix !== undefined ? `:${v.prefix}` : v.explode ? "*" : ""}}`;
        const r = expand(alone, reading);
        return r.ok ? r.value : null;
      }),
    ),
  );
}

describe("findAmbiguity: one variable, read one way", () => {
  it.each(notAmbiguous)("%s is not ambiguous", (template) => {
    // every URI up to 4 characters over the template's own characters and two letters: its
    // readings (values as strings, as findAmbiguity takes them) share it out one way
    const t = parseTemplateOrThrow(template);
    const alphabet = [...new Set(["a", "b", "%", "2", "5", ...template.replace(/[{}:*\d]/g, "")])];
    const strings = [""];
    for (let k = 0; k < strings.length && strings.length < 6000; k++) if ((strings[k] as string).length < 4) for (const c of alphabet) strings.push(strings[k] + c);
    for (const uri of strings) {
      const all = matchAll(t, uri, { limit: 64 });
      if (!all.ok) continue;
      const shares = new Set(all.value.readings.filter((r) => Object.values(r).every((v) => typeof v === "string")).map((r) => share(template, r as TemplateVariables)));
      expect([uri, shares.size <= 1]).toEqual([uri, true]);
    }
    expect(findAmbiguity(template)).toBeUndefined();
  });

  it("a template the proof does not cover is not answered undefined where it is ambiguous", () => {
    // two variables: y can take what x does not
    expect(findAmbiguity("{y}{x}-{x}")).not.toBeUndefined();
    // a prefix read "+": the proof's lengths do not hold (%4 is written %254, %41 as it is)
    expect(findAmbiguity("{+x:2}{+x}")).not.toBeUndefined();
  });
});

describe("findAmbiguity: the example's two readings share it out differently (fuzz round 11, item 3)", () => {
  it("{+x},{+y:2} on ',,': x = ',' or y = ','", () => {
    const found = findAmbiguity("{+x},{+y:2}");
    expect(found?.decided).toBe(true);
    if (found?.decided !== true) return;
    const [a, b] = found.readings;
    for (const r of found.readings) expect(expand("{+x},{+y:2}", r)).toEqual({ ok: true, value: found.example });
    expect(share("{+x},{+y:2}", a)).not.toBe(share("{+x},{+y:2}", b));
    expect(found.message).toMatch(/or as .*y = ","/);
  });
});
