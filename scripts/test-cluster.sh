#!/usr/bin/env bash
# npm run test:cluster: the "Many machines" recipe of docs/guide/cli-batch.md, run as printed.
#
# The Python block under "### Dask" there is written to a scratch directory and run with Debian's
# python3-dask and python3-distributed (installed here with apt-get when they are missing and
# this runs as root or with sudo; otherwise the script says so and skips, exit 0): a LocalCluster
# of two worker processes pipes 200,000 KEY<TAB>URL lines (shared/corpus/real, repeated), in
# partitions of 1 MiB, through `uri-grammar normalize --keyed --partition N`, and writes one JSONL
# file per partition. The records, partitions in order, must be those of one process over the
# whole input (`uri-grammar normalize --keyed --jobs 1`) line for line: the same key, input, ok,
# value and error, with "line" counted within the partition and "partition" its number; and
# each (partition, line) and each key once. The command is this checkout's build (dist/bundle/cli.js,
# built first if missing), put on PATH as `uri-grammar`.
#
#   bash scripts/test-cluster.sh [LINES]        (LINES: 200000 unless given)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
LINES="${1:-200000}"

# Debian's packages go into the system's Python, which may not be the first python3 on PATH
PY=""
for p in /usr/bin/python3 "$(command -v python3 || true)"; do
  if [ -n "$p" ] && [ -x "$p" ] && "$p" -c "import dask.bag, distributed" >/dev/null 2>&1; then PY="$p"; break; fi
done
if [ -z "$PY" ]; then
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    echo "test:cluster: installing python3-dask and python3-distributed (Debian)" >&2
    # shellcheck disable=SC2086
    if $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
      && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-dask python3-distributed >/dev/null; then
      /usr/bin/python3 -c "import dask.bag, distributed" >/dev/null 2>&1 && PY=/usr/bin/python3
    fi
  fi
fi
if [ -z "$PY" ]; then
  echo "test:cluster: SKIPPED: Dask is not installed (Debian: apt-get install python3-dask python3-distributed, as root) and could not be installed here" >&2
  exit 0
fi

[ -f dist/bundle/cli.js ] || npm run build

CORPUS=""
for c in "${URI_GRAMMAR_CORPUS:-}" ../shared/corpus; do
  if [ -n "$c" ] && [ -d "$c/real" ]; then CORPUS="$c"; break; fi
done
if [ -z "$CORPUS" ]; then
  echo "test:cluster: no corpus (shared/corpus/real beside the checkout, or URI_GRAMMAR_CORPUS)" >&2
  exit 1
fi

SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/uri-grammar-cluster-XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/bin"
printf '#!/bin/sh\nexec "%s" "%s/dist/bundle/cli.js" "$@"\n' "$(command -v node)" "$ROOT" > "$SCRATCH/bin/uri-grammar"
chmod +x "$SCRATCH/bin/uri-grammar"

"$PY" - "$ROOT/docs/guide/cli-batch.md" "$CORPUS/real" "$SCRATCH" "$LINES" <<'PYTHON'
import json, os, re, subprocess, sys, time

guide, corpus, scratch, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
text = open(guide, encoding="utf-8").read()
blocks = re.findall(r"^### Dask\n.*?```python\n(.*?)```", text, re.S | re.M)
assert len(blocks) == 1, "docs/guide/cli-batch.md: no (or more than one) ```python block under ### Dask"
recipe = os.path.join(scratch, "urls_dask.py")
open(recipe, "w", encoding="utf-8").write(blocks[0])

urls = []
for name in sorted(os.listdir(corpus)):
    if name.endswith(".txt"):
        with open(os.path.join(corpus, name), encoding="utf-8", newline="") as f:
            urls += [l for l in f.read().split("\n") if l != "" and "\r" not in l and "\t" not in l]
source = os.path.join(scratch, "urls.tsv")
with open(source, "w", encoding="utf-8", newline="") as f:
    for k in range(n):
        f.write(f"u{k}\t{urls[k % len(urls)]}\n")

env = dict(os.environ, PATH=os.path.join(scratch, "bin") + os.pathsep + os.environ["PATH"])
out = os.path.join(scratch, "out")
t0 = time.time()
subprocess.run([sys.executable, recipe, source, out, "2"], env=env, check=True)
cluster_seconds = time.time() - t0
t0 = time.time()
with open(source, "rb") as f:
    single = subprocess.run(["uri-grammar", "normalize", "--keyed", "--jobs", "1", "--quiet"], stdin=f, capture_output=True, env=env)
single_seconds = time.time() - t0
assert single.returncode in (0, 1), single.stderr.decode()
expected = single.stdout.decode("utf-8").splitlines()

parts = sorted(p for p in os.listdir(out) if p.endswith(".jsonl"))
got = []
seen = set()
for k, name in enumerate(parts):
    assert name == f"part-{k:05d}.jsonl", name
    with open(os.path.join(out, name), encoding="utf-8") as f:
        lines = f.read().splitlines()
    for j, line in enumerate(lines, 1):
        r = json.loads(line)
        assert r["partition"] == f"{k:05d}" and r["line"] == j, (name, j, line)
        assert (r["partition"], r["line"]) not in seen
        seen.add((r["partition"], r["line"]))
        got.append(r)
assert len(parts) >= 2, f"one partition only: {parts}"
assert len(got) == len(expected) == n, (len(got), len(expected), n)
keys = set()
for j, (a, line) in enumerate(zip(got, expected), 1):
    b = json.loads(line)
    assert b["line"] == j
    # the same record but for where it was counted
    same = {k: v for k, v in a.items() if k not in ("line", "partition")} == {k: v for k, v in b.items() if k != "line"}
    assert same, f"record {j} differs:\n  cluster: {json.dumps(a)}\n  single:  {line}"
    assert list(a)[:3] == ["line", "partition", "key"], list(a)
    keys.add(a["key"])
assert len(keys) == n
valid = sum(1 for r in got if r["ok"])
print(f"test:cluster: passed: {n:,} lines in {len(parts)} partitions on a 2-worker LocalCluster ({cluster_seconds:.1f} s, cluster start-up included) "
      f"= one process ({single_seconds:.1f} s), record for record; {valid:,} valid, {n - valid:,} invalid", file=sys.stderr)
PYTHON
