"""Counts the differing pixels of every pair in a parity corpus (NAME.a.png, NAME.b.png) with
blazediff (threshold 0.1, anti-aliasing ignored) and checks them against the committed counts.
`parity.py CORPUS` prints the comparison; `parity.py CORPUS --write` rewrites the counts file."""
import glob, importlib.metadata, os, sys

import blazediff

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
COUNTS = os.path.join(ROOT, "Tests", "TabStageTests", "Fixtures", "diff-parity.txt")
corpus = sys.argv[1]
version = importlib.metadata.version("blazediff")

live = {}
for a in sorted(glob.glob(os.path.join(corpus, "*.a.png"))):
    name = os.path.basename(a)[: -len(".a.png")]
    result = blazediff.compare(a, a[: -len(".a.png")] + ".b.png", threshold=0.1, antialiasing=True)
    live[name] = result.diff_count or 0  # None when the images match

if "--write" in sys.argv:
    with open(COUNTS, "w") as f:
        f.write(f"# blazediff {version} (PyPI), compare(a, b, threshold=0.1, antialiasing=True): differing pixels\n")
        for name, count in sorted(live.items()):
            f.write(f"{name} {count}\n")
    sys.exit(0)

committed = {}
for line in open(COUNTS):
    if not line.startswith("#") and line.strip():
        name, count = line.split()
        committed[name] = int(count)
same = live == committed
print(f"parity corpus: {len(live)} pairs, blazediff {version} live vs committed counts: {'identical' if same else 'DIFFERENT'}")
for name in sorted(set(live) | set(committed)):
    if live.get(name) != committed.get(name):
        print(f"  {name}: blazediff {live.get(name)}, committed {committed.get(name)}")
sys.exit(0 if same else 1)
