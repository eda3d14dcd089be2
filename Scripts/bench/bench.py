"""Runs the benchmarks of Scripts/bench.sh and prints the Markdown table (see BENCHMARKS.md).
`bench.py memory` runs only the verify-at-scale memory section, `bench.py diff` only the diff
section against blazediff and pixelmatch-fast, `bench.py instructions` only the instruction
counts (cachegrind) against blazediff, rsvg-convert and resvg."""
import os, platform, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TABSTAGE = os.path.join(ROOT, ".build", "release", "tabstage")
BENCH = os.path.join(ROOT, ".build", "release", "tabstage-bench")
FLING = os.path.join(ROOT, "Scripts", "bench", "fling.yaml")
work = tempfile.mkdtemp(prefix="tabstage-bench-")


def run(cmd, ok=(0,)):
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode not in ok:
        sys.exit(f"bench: {' '.join(cmd)} failed ({result.returncode}): {result.stderr.strip()}")
    return result


def wall_and_cpu(cmd, ok=(0,)):
    """Wall and CPU (user + system of the child) seconds of one run, and its result."""
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = run(cmd, ok)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), result


def timed(cmd, repeats, ok=(0,)):
    """Median wall time of `repeats` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run(cmd, ok)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_kib(cmd):
    result = run(["/usr/bin/time", "-f", "%M"] + cmd)
    return int(result.stderr.strip().splitlines()[-1])


def version(cmd):
    try:
        return run(cmd).stdout.strip().splitlines()[0]
    except (SystemExit, OSError):
        return "not available"


def scenario(name, body):
    path = os.path.join(work, name + ".yaml")
    with open(path, "w") as f:
        f.write(body)
    return path


cores = os.cpu_count()
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())


def time_v(cmd, ok=(0,)):
    """Peak RSS (KiB) and wall time (s) of one run, from /usr/bin/time -v."""
    result = run(["/usr/bin/time", "-v"] + cmd, ok)
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    seconds = int(clock.group(1) or 0) * 3600 + int(clock.group(2)) * 60 + float(clock.group(3))
    return peak, seconds


def profile_copies(profile, name, copies):
    """`copies` copies of the profile example in a new folder `name` under the work folder, each
    with its own scenario name. Returns the folder and the files."""
    folder = os.path.join(work, name)
    os.makedirs(folder)
    files = []
    for index in range(copies):
        path = os.path.join(folder, f"profile{index:03d}.yaml")
        with open(path, "w") as f:
            f.write(profile.replace("name: profile\n", f"name: profile{index:03d}\n"))
        files.append(path)
    return folder, files


def verify_memory():
    """`verify --report` with every snapshot failing: the bundled profile example copied into
    1, 10 and 100 scenarios (6 snapshots each), recorded, then its title changed in every copy.
    Peak memory should not grow with the number of failures."""
    profile = open(os.path.join(ROOT, "Examples", "profile.yaml")).read()
    assert "name: profile\n" in profile and "Jane Appleseed" in profile
    rows = []
    for copies in (1, 10, 100):
        folder, files = profile_copies(profile, f"verify{copies}", copies)
        refs = os.path.join(folder, "refs")
        record_peak, record_time = time_v([TABSTAGE, "record", "--snapshots", refs] + files)
        for path in files:
            text = open(path).read()
            with open(path, "w") as f:
                f.write(text.replace("Jane Appleseed", "Jane Q. Appleseed"))
        os.environ["CI"] = "1"  # record mode never: every snapshot fails, nothing is re-recorded
        report = os.path.join(folder, "report")
        peak, seconds = time_v([TABSTAGE, "verify", "--snapshots", refs, "--report", report] + files, ok=(1,))
        junit = open(os.path.join(report, "junit.xml")).read()
        count = copies * 6
        assert f'tests="{count}" failures="{count}"' in junit, "every snapshot should fail"
        rows.append((count, peak, seconds, record_peak, record_time))
        shutil.rmtree(folder, ignore_errors=True)
    print(f"Machine: {cpu}, {cores} cores, {platform.system()} {platform.release()}; verify --jobs {cores} (default)")
    print()
    print("| failing snapshots | verify --report time | per snapshot | verify peak RSS | record time | record peak RSS |")
    print("|---|---|---|---|---|---|")
    for count, peak, seconds, record_peak, record_time in rows:
        print(f"| {count} | {seconds:.1f} s | {seconds / count * 1000:.0f} ms | {peak / 1024:.0f} MiB | {record_time:.1f} s | {record_peak / 1024:.0f} MiB |")
    print()
    first, last = rows[0], rows[-1]
    ratio = last[1] / first[1]
    print(f"Peak memory, {last[0]} failing vs {first[0]}: {ratio:.2f}× (goal ≤ 1.2×: {'met' if ratio <= 1.2 else 'NOT met'}); "
          f"record {last[3] / first[3]:.2f}×.")
    print(f"Time per failing snapshot: {first[2] / first[0] * 1000:.0f} ms at {first[0]}, {last[2] / last[0] * 1000:.0f} ms at {last[0]}.")
    print(f"Commands: /usr/bin/time -v tabstage record --snapshots REFS COPIES…; CI=1 /usr/bin/time -v tabstage verify --snapshots REFS --report REPORT COPIES…")


def diff_section():
    """tabstage diff against blazediff and pixelmatch-fast (PyPI) and ImageMagick on 60
    consecutive 1170×2532 frame pairs of the fling, plus the parity corpus re-derived live."""
    frames_dir = os.path.join(work, "diff-frames")
    run([TABSTAGE, "run", FLING, "--out", frames_dir, "--frames", "--format", "png"])
    pngs = sorted(os.path.join(frames_dir, "fling", f) for f in os.listdir(os.path.join(frames_dir, "fling")) if f.endswith(".png"))[:61]
    pairs = list(zip(pngs, pngs[1:]))
    # Folder mode: pair i is expected/NNN.png and actual/NNN.png.
    left, right = os.path.join(work, "expected"), os.path.join(work, "actual")
    os.makedirs(left), os.makedirs(right)
    for i, (a, b) in enumerate(pairs):
        shutil.copy(a, os.path.join(left, f"{i:03d}.png")), shutil.copy(b, os.path.join(right, f"{i:03d}.png"))
    listing = os.path.join(work, "pairs.txt")
    with open(listing, "w") as f:
        f.write("".join(f"{a} {b}\n" for a, b in pairs))
    blaze_loop = ("import sys, blazediff; t = 0\n"
                  "for line in open(sys.argv[1]):\n"
                  "    a, b = line.split(); r = blazediff.compare(a, b, threshold=0.1, antialiasing=True); t += r.diff_count or 0\n"
                  "print(t)")
    json_out = os.path.join(work, "diff.json")
    ours_cmd = [TABSTAGE, "diff", left, right, "--json", json_out]
    blaze_cmd = [sys.executable, "-c", blaze_loop, listing]
    ours_folder, blaze_folder, wall_ratios, cpu_ratios = [], [], [], []
    for _ in range(5):  # side by side, alternating; ratios taken pair by pair
        ours_wall, ours_cpu, _ = wall_and_cpu(ours_cmd, ok=(0, 1))
        blaze_wall, blaze_cpu, blazed = wall_and_cpu(blaze_cmd)
        blaze_total = int(blazed.stdout)
        ours_folder.append(ours_wall), blaze_folder.append(blaze_wall)
        wall_ratios.append(ours_wall / blaze_wall), cpu_ratios.append(ours_cpu / blaze_cpu)
    import json
    ours_total = sum(c.get("differentPixels", 0) for c in json.load(open(json_out))["comparisons"])
    per_ours, per_blaze = statistics.median(ours_folder) / len(pairs), statistics.median(blaze_folder) / len(pairs)
    wall_ratio, cpu_ratio = statistics.median(wall_ratios), statistics.median(cpu_ratios)
    rows = [(f"diff, per pair over a folder of {len(pairs)} (wall)", f"{per_ours*1000:.1f} ms", f"blazediff (one process): {per_blaze*1000:.1f} ms",
             f"{wall_ratio:.2f}× (cpu {cpu_ratio:.2f}×)", "≤ 0.8×", wall_ratio <= 0.8),
            (f"diff counts, {len(pairs)} pairs", f"{ours_total:,}", f"blazediff: {blaze_total:,}", "", "identical", ours_total == blaze_total)]
    # One pair, whole process each.
    a, b = pairs[len(pairs) // 2]
    blaze_one = [sys.executable, "-c", "import sys, blazediff; print(blazediff.compare(sys.argv[1], sys.argv[2], threshold=0.1, antialiasing=True).diff_count)", a, b]
    ours_one, theirs_one, one_cpu_ratios, start_up = [], [], [], []
    for _ in range(11):
        ours_wall, ours_cpu, _ = wall_and_cpu([TABSTAGE, "diff", a, b], ok=(0, 1))
        theirs_wall, theirs_cpu, _ = wall_and_cpu(blaze_one)
        ours_one.append(ours_wall), theirs_one.append(theirs_wall), one_cpu_ratios.append(ours_cpu / theirs_cpu)
        start_up.append(wall_and_cpu([TABSTAGE, "--version"])[:2])
    one, other = statistics.median(ours_one), statistics.median(theirs_one)
    rows.append(("diff, one pair, whole process (wall)", f"{one*1000:.0f} ms", f"python -c + blazediff: {other*1000:.0f} ms",
                 f"{one/other:.2f}× (cpu {statistics.median(one_cpu_ratios):.2f}×)", "≤ 1×", one <= other))
    rows.append(("start-up: tabstage --version, whole process", f"{statistics.median(w for w, _ in start_up)*1000:.0f} ms (cpu {statistics.median(c for _, c in start_up)*1000:.0f} ms)",
                 "", "", "(reference)", True))
    if shutil.which("compare"):
        magick = timed(["compare", "-metric", "AE", a, b, "null:"], 5, ok=(0, 1))
        rows.append(("diff, one pair vs ImageMagick", f"{one*1000:.0f} ms", f"compare -metric AE: {magick*1000:.0f} ms", f"{magick/one:.1f}× faster", "(reference)", True))
    else:
        rows.append(("diff, one pair vs ImageMagick", f"{one*1000:.0f} ms", "compare not installed", "–", "(reference)", True))
    for row in rows:
        print("partial:", row, file=sys.stderr)
    if run([sys.executable, "-c", "import pixelmatch, numba"], ok=(0, 1)).returncode == 0:
        fast_loop = ("import sys, time; from pixelmatch import pixelmatch\n"
                     "pairs = [l.split() for l in open(sys.argv[1])]; pixelmatch(*pairs[0], threshold=0.1)\n"  # compiles the kernels
                     "start = time.perf_counter()\n"
                     "for a, b in pairs: pixelmatch(a, b, threshold=0.1)\n"
                     "print((time.perf_counter() - start) / len(pairs))")
        fast = float(run([sys.executable, "-c", fast_loop, listing]).stdout)
        rows.append(("diff, per pair vs pixelmatch-fast (warm, in process)", f"{per_ours*1000:.1f} ms", f"pixelmatch-fast: {fast*1000:.0f} ms", f"{fast/per_ours:.1f}× faster", "(reference)", True))
    # Parity corpus, written by the test that checks it and counted again by blazediff.
    corpus = os.path.join(work, "parity")
    env = dict(os.environ, TABSTAGE_PARITY_CORPUS=corpus)
    tested = subprocess.run(["swift", "test", "--filter", "DiffParityTests"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    parity = run([sys.executable, os.path.join(ROOT, "Scripts", "bench", "parity.py"), corpus], ok=(0, 1))
    rows.append(("parity corpus (tabstage test vs blazediff live)", "test " + ("passed" if tested.returncode == 0 else "FAILED"),
                 parity.stdout.splitlines()[0].split(": ", 1)[1], "", "identical", tested.returncode == 0 and parity.returncode == 0))
    print(f"Machine: {cpu}, {cores} cores, {platform.system()} {platform.release()}")
    print(f"Versions: blazediff {importlib_version('blazediff')}, pixelmatch-fast {importlib_version('pixelmatch-fast')} (PyPI); {version(['compare', '-version'])}")
    print(f"Inputs: {len(pairs)} consecutive frame pairs of {os.path.relpath(FLING, ROOT)} at 1170×2532; medians of 5 (folder) and 11 (one pair) runs, alternating.")
    print()
    print("| measure | tabstage | peer | ratio | goal | met |")
    print("|---|---|---|---|---|---|")
    for what, ours_text, peer, ratio, goal, met in rows:
        print(f"| {what} | {ours_text} | {peer} | {ratio} | {goal} | {'yes' if met else 'NO'} |")


def counted(cmd, ok=(0,)):
    """Instructions executed by `cmd` and every process it execs, counted by cachegrind without its
    cache simulation (the count does not move with the machine's load), and its result."""
    out = os.path.join(work, "cachegrind.out")
    result = run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes",
                  f"--cachegrind-out-file={out}.%p"] + cmd, ok)
    total = sum(int(m.replace(",", "")) for m in re.findall(r"I\s+refs:\s+([\d,]+)", result.stderr))
    for name in os.listdir(work):
        if name.startswith("cachegrind.out."):
            os.remove(os.path.join(work, name))
    if total == 0:
        sys.exit(f"bench: cachegrind counted nothing for {' '.join(cmd)}: {result.stderr.strip()[-400:]}")
    return total, result


def stripped_copy():
    """A copy of the release binary without debug info (valgrind cannot read Swift's DWARF 5):
    the same code, in the same folder (so the same relative paths), counted instead of it."""
    copy = os.path.join(os.path.dirname(TABSTAGE), "tabstage-counted")
    run(["objcopy", "--strip-debug", TABSTAGE, copy])
    return copy


def mega(count):
    return f"{count / 1e6:,.0f} M"


def instructions_section():
    """Each row of the instruction table: tabstage and its peers counted by cachegrind in the
    same run, on the same inputs. Writes nothing but the table (stdout)."""
    tabstage = stripped_copy()
    python = sys.executable  # the benchmark's own virtual environment (blazediff, resvg-cli)
    resvg = os.path.join(os.path.dirname(python), "resvg")
    pairs_counted = int(os.environ.get("BENCH_PAIRS", "10"))
    rows = []
    # Inputs, rendered natively (not counted): the fling's frames at 3×, PNG and SVG.
    frames_dir = os.path.join(work, "frames")
    run([TABSTAGE, "run", FLING, "--out", frames_dir, "--frames", "--format", "svg,png"])
    names = sorted(f[:-4] for f in os.listdir(os.path.join(frames_dir, "fling")) if f.endswith(".png") and f.startswith("fling-"))
    pngs = [os.path.join(frames_dir, "fling", n + ".png") for n in names]
    svgs = [os.path.join(frames_dir, "fling", n + ".svg") for n in names]
    pairs = list(zip(pngs, pngs[1:]))[: pairs_counted + 1]
    size = run(["file", pngs[0]]).stdout.split(", ")[1].replace(" x ", "×")

    # 1. One diff, whole process.
    a, b = pairs[len(pairs) // 2]
    ours, _ = counted([tabstage, "diff", a, b], ok=(0, 1))
    blaze_one = "import sys, blazediff; print(blazediff.compare(sys.argv[1], sys.argv[2], threshold=0.1, antialiasing=True).diff_count or 0)"
    theirs, _ = counted([python, "-c", blaze_one, a, b])
    rows.append((f"one diff of two {size} frames, whole process", mega(ours),
                 f"blazediff {importlib_version('blazediff')} via `python` (import + compare): {mega(theirs)}",
                 f"{ours / theirs:.2f}×", "≤ 0.8×", ours <= 0.8 * theirs))

    # 2. Folder diff, per pair: the slope between a folder of one pair and one of N + 1 pairs, so
    # start-up and everything paid once is subtracted on both sides.
    def folder(count):
        left, right = os.path.join(work, f"expected{count}"), os.path.join(work, f"actual{count}")
        os.makedirs(left), os.makedirs(right)
        for i, (x, y) in enumerate(pairs[:count]):
            shutil.copy(x, os.path.join(left, f"{i:03d}.png")), shutil.copy(y, os.path.join(right, f"{i:03d}.png"))
        listing = os.path.join(work, f"pairs{count}.txt")
        with open(listing, "w") as f:
            f.write("".join(f"{x} {y}\n" for x, y in pairs[:count]))
        return left, right, listing
    blaze_loop = ("import sys, blazediff; t = 0\n"
                  "for line in open(sys.argv[1]):\n"
                  "    a, b = line.split(); t += blazediff.compare(a, b, threshold=0.1, antialiasing=True).diff_count or 0\n"
                  "print(t)")
    counts = {}
    for count in (1, len(pairs)):
        left, right, listing = folder(count)
        json_out = os.path.join(work, f"diff{count}.json")
        counts[count] = (counted([tabstage, "diff", left, right, "--json", json_out, "--jobs", "1"], ok=(0, 1))[0],
                         counted([python, "-c", blaze_loop, listing]))
    import json
    ours_total = sum(c.get("differentPixels", 0) for c in json.load(open(json_out))["comparisons"])
    theirs_total = int(counts[len(pairs)][1][1].stdout)
    n = len(pairs) - 1
    ours_pair = (counts[len(pairs)][0] - counts[1][0]) / n
    theirs_pair = (counts[len(pairs)][1][0] - counts[1][1][0]) / n
    rows.append(("folder diff, per pair (slope between 1 and %d pairs)" % len(pairs), mega(ours_pair),
                 f"blazediff in one process: {mega(theirs_pair)}", f"{ours_pair / theirs_pair:.2f}×", "≤ 0.6×", ours_pair <= 0.6 * theirs_pair))
    rows.append((f"differing pixels over those {len(pairs)} pairs", f"{ours_total:,}", f"blazediff: {theirs_total:,}", "", "identical", ours_total == theirs_total))

    # 3. One frame of a fling, PNG at 3×: the slope between two frame counts of the same fling
    # (the fling sampled at two frame rates), against rsvg-convert and resvg on the same frames'
    # SVG files minus their start-up (the same tool on a one-pixel SVG).
    fling = open(FLING).read()
    per_rate = {}
    for fps in (3, 6):
        path = scenario(f"fling{fps}", fling.replace("fps: 60", f"fps: {fps}"))
        out = os.path.join(work, f"fling{fps}")
        total, _ = counted([tabstage, "run", path, "--out", out, "--frames", "--format", "png", "--jobs", "1"])
        produced = len([f for f in os.listdir(os.path.join(out, "fling")) if f.endswith(".png")])
        per_rate[fps] = (total, produced)
    (low, low_frames), (high, high_frames) = per_rate[3], per_rate[6]
    frame = (high - low) / (high_frames - low_frames)
    tiny = os.path.join(work, "tiny.svg")
    with open(tiny, "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')
    sample = svgs[len(svgs) // 4 :: max(1, len(svgs) // 8)][:3]
    out_png = os.path.join(work, "peer.png")
    rsvg_start = counted(["rsvg-convert", "-z", "3", "-o", out_png, tiny])[0]
    rsvg = statistics.mean(counted(["rsvg-convert", "-z", "3", "-o", out_png, s])[0] for s in sample) - rsvg_start
    resvg_start = counted([resvg, "-z", "3", tiny, out_png])[0]
    resvg_frame = statistics.mean(counted([resvg, "-z", "3", s, out_png])[0] for s in sample) - resvg_start
    rows.append((f"one frame of a fling, PNG at 3× (slope between {low_frames} and {high_frames} frames)", mega(frame),
                 f"`rsvg-convert -z 3` minus its start-up ({mega(rsvg_start)}): {mega(rsvg)}", f"{rsvg / frame:.1f}× fewer", "≥ 6.3× fewer", rsvg >= 6.3 * frame))
    rows.append(("the same frame", mega(frame), f"resvg {version([resvg, '--version'])} `-z 3` minus its start-up ({resvg_start / 1e6:.1f} M): {mega(resvg_frame)}",
                 f"{frame / resvg_frame:.2f}×", "≤ 0.6×", frame <= 0.6 * resvg_frame))
    rows.append(("start-up: `tabstage --version`, whole process", mega(counted([tabstage, "--version"])[0]), "", "", "(reference)", True))

    print(f"Machine: {cpu}, {cores} cores, {platform.system()} {platform.release()}; {version(['valgrind', '--version'])}, "
          "`valgrind --tool=cachegrind --cache-sim=no`, instructions of the whole process (every thread, every exec'd child)")
    print(f"Versions: {version(['swift', '--version'])}; blazediff {importlib_version('blazediff')}, resvg-cli {importlib_version('resvg-cli')} (PyPI); {version(['rsvg-convert', '--version'])}")
    print(f"Inputs: {os.path.relpath(FLING, ROOT)} ({len(pngs)} frames of {size}); diffs of consecutive frames; "
          f"the fling at 3 and 6 fps for the frame slope; peers on {len(sample)} of the fling's SVG files.")
    print()
    table = ["| measure (same inputs, same run) | tabstage | peer | ratio | goal | met |", "|---|---|---|---|---|---|"]
    for what, ours_text, peer, ratio, goal, met in rows:
        table.append(f"| {what} | {ours_text} | {peer} | {ratio} | {goal} | {'yes' if met else 'NO'} |")
    print("\n".join(table))
    # The table in BENCHMARKS.md, between its markers, is replaced by this run's.
    path = os.path.join(ROOT, "BENCHMARKS.md")
    text = open(path).read()
    begin, end = "<!-- instructions table: Scripts/bench.sh instructions -->\n", "<!-- end of instructions table -->\n"
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        with open(path, "w") as f:
            f.write(head + begin + "\n".join(table) + "\n" + end + rest.split(end, 1)[1])
    print()
    print("Commands (each under `valgrind --tool=cachegrind --cache-sim=no --trace-children=yes`): "
          "`tabstage diff A.png B.png`; `tabstage diff EXPECTED ACTUAL --json J --jobs 1`; "
          "`python -c 'blazediff.compare(a, b, threshold=0.1, antialiasing=True)'` for one pair and in a loop; "
          "`tabstage run FLING --frames --format png --jobs 1`; `rsvg-convert -z 3 -o OUT.png FRAME.svg`; `resvg -z 3 FRAME.svg OUT.png`.")


def scale_section():
    """How `record`, `verify` (passing and all failing), `run --frames` and folder `diff` grow
    with the number of scenarios: `Examples/profile.yaml` copied 1, 10 and 100 times (set
    BENCH_SCALE_COPIES to choose). At every size each command's wall time, CPU time (user +
    system) and peak memory are measured natively (/usr/bin/time -v); at the sizes in
    BENCH_SCALE_COUNTED (default 1 and 10: cachegrind runs some 50 times slower than the
    machine) its instructions are counted as well. Writes the table into BENCHMARKS.md between
    its markers."""
    tabstage = stripped_copy()
    profile = open(os.path.join(ROOT, "Examples", "profile.yaml")).read()
    assert "name: profile\n" in profile and "Jane Appleseed" in profile
    sizes = [int(n) for n in os.environ.get("BENCH_SCALE_COPIES", "1 10 100").split()]
    counted_sizes = {int(n) for n in os.environ.get("BENCH_SCALE_COUNTED", "1 10").split()}
    rows = []
    environment = {k: v for k, v in os.environ.items() if k != "CI"}
    for copies in sizes:
        folder, files = profile_copies(profile, f"scale{copies}", copies)
        refs, changed = os.path.join(folder, "refs"), os.path.join(folder, "changed")

        def measure(what, cmd, ok=(0,), env=None, before=None):
            os.environ.clear(), os.environ.update(env or environment)
            count = None
            if copies in counted_sizes:
                if before: before()
                count = counted(cmd, ok)[0]
            if before: before()
            peak, wall, cpu = time_v_cpu(cmd, ok)
            os.environ.clear(), os.environ.update(environment)
            rows.append((what, copies, count, wall, cpu, peak))
            print(f"bench scale: {what}, {copies} copies: {mega(count) if count else '-'}, {wall:.1f} s, cpu {cpu:.1f} s, {peak / 1024:.0f} MiB",
                  file=sys.stderr, flush=True)

        wipe = lambda path: (lambda: shutil.rmtree(path, ignore_errors=True))
        measure("record", [tabstage, "record", "--snapshots", refs] + files, before=wipe(refs))
        pngs = sorted(os.path.join(d, f) for d, _, names in os.walk(refs) for f in names if f.endswith(".png"))
        assert len(pngs) == 6 * copies, f"expected {6 * copies} references, found {len(pngs)}"
        measure("reading the references (`cat` to /dev/null)", ["sh", "-c", 'cat "$@" > /dev/null', "sh"] + pngs)
        measure("verify, passing", [tabstage, "verify", "--snapshots", refs] + files)
        measure("run --frames (PNG)", [tabstage, "run", "--out", os.path.join(folder, "frames"), "--frames", "--format", "png"] + files,
                before=wipe(os.path.join(folder, "frames")))
        for path in files:
            text = open(path).read()
            with open(path, "w") as f:
                f.write(text.replace("Jane Appleseed", "Jane Q. Appleseed"))
        report = os.path.join(folder, "report")
        measure("verify, all failing (CI=1, --report)", [tabstage, "verify", "--snapshots", refs, "--report", report] + files, ok=(1,),
                env=dict(environment, CI="1"), before=wipe(report))
        run([TABSTAGE, "record", "--snapshots", changed] + files)
        measure("diff of two folders, all pairs differing", [tabstage, "diff", refs, changed], ok=(1,))
        shutil.rmtree(folder, ignore_errors=True)
    table = [f"Machine: {cpu}, {cores} cores, {platform.system()} {platform.release()}; default --jobs ({cores}); "
             f"instructions counted at {', '.join(str(n) for n in sorted(counted_sizes & set(sizes)))} copies", "",
             "| command | copies (snapshots) | instructions | per copy | wall | CPU (user + sys) | CPU per copy | peak memory |",
             "|---|---|---|---|---|---|---|---|"]
    for what, copies, count, wall, cpu_s, peak in rows:
        counted_text = (mega(count), mega(count / copies)) if count else ("not counted", "")
        table.append(f"| {what} | {copies} ({copies * 6}) | {counted_text[0]} | {counted_text[1]} | {wall:.1f} s | {cpu_s:.1f} s | "
                     f"{cpu_s / copies:.2f} s | {peak / 1024:.0f} MiB |")
    print("\n".join(table))
    path = os.path.join(ROOT, "BENCHMARKS.md")
    text = open(path).read()
    begin, end = "<!-- scale table: Scripts/bench.sh scale -->\n", "<!-- end of scale table -->\n"
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        with open(path, "w") as f:
            f.write(head + begin + "\n".join(table) + "\n" + end + rest.split(end, 1)[1])


def time_v_cpu(cmd, ok=(0,)):
    """Peak RSS (KiB), wall time and CPU time (user + system, s) of one run, from /usr/bin/time -v."""
    result = run(["/usr/bin/time", "-v"] + cmd, ok)
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    wall = int(clock.group(1) or 0) * 3600 + int(clock.group(2)) * 60 + float(clock.group(3))
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", result.stderr).group(1))
    system = float(re.search(r"System time \(seconds\): ([\d.]+)", result.stderr).group(1))
    return peak, wall, user + system


def importlib_version(name):
    try:
        import importlib.metadata
        return importlib.metadata.version(name)
    except Exception:
        return "not installed"


if sys.argv[1:] == ["memory"]:
    verify_memory()
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(0)

if sys.argv[1:] == ["scale"]:
    scale_section()
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(0)

if sys.argv[1:] == ["instructions"]:
    instructions_section()
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(0)

if sys.argv[1:] == ["diff"]:
    diff_section()
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(0)

# Inputs: the fling's frames as SVG (for rsvg-convert) and two 1170×2532 PNGs (for the diffs).
svg_dir = os.path.join(work, "svg")
run([TABSTAGE, "run", FLING, "--out", svg_dir, "--frames", "--format", "svg"])
svgs = sorted(os.path.join(svg_dir, "fling", f) for f in os.listdir(os.path.join(svg_dir, "fling")) if f.endswith(".svg"))
frames = len(svgs)

results = []  # (what, tabstage, peer, ratio text, goal, met)

# 1. Frames: tabstage run --frames (parse, model, SVG, render, encode, write) per frame vs rsvg-convert per file.
png_dir = os.path.join(work, "png")
jobs1 = timed([TABSTAGE, "run", FLING, "--out", png_dir + "1", "--frames", "--format", "png", "--jobs", "1"], 5) / frames
jobs2 = timed([TABSTAGE, "run", FLING, "--out", png_dir + "2", "--frames", "--format", "png", "--jobs", "2"], 5) / frames
identical = run(["diff", "-r", png_dir + "1", png_dir + "2"], ok=(0, 1)).returncode == 0
sample = svgs[:: max(1, frames // 20)][:20]
rsvg_runs = []
for _ in range(5):
    start = time.perf_counter()
    for svg in sample:
        run(["rsvg-convert", "-z", "3", "-o", os.path.join(work, "rsvg.png"), svg])
    rsvg_runs.append((time.perf_counter() - start) / len(sample))
rsvg = statistics.median(rsvg_runs)
best = min(jobs1, jobs2)
results.append((f"frames, per frame (--jobs {cores if jobs2 < jobs1 else 1} best)", f"{best*1000:.1f} ms", f"rsvg-convert -z 3: {rsvg*1000:.0f} ms", f"{rsvg/best:.1f}×", "≥ 8×", rsvg / best >= 8))
results.append(("frames: --jobs 2 vs --jobs 1", f"{jobs2*1000:.1f} ms", f"--jobs 1: {jobs1*1000:.1f} ms", f"{jobs1/jobs2:.2f}×", "≥ 1.7×, identical bytes", jobs1 / jobs2 >= 1.7 and identical))

# 2. Diff: two 1170×2532 PNG files.
a = os.path.join(png_dir + "1", "fling", "fling-0001.png")
b = os.path.join(png_dir + "1", "fling", f"fling-{frames // 2:04d}.png")
ours = timed([TABSTAGE, "diff", a, b], 11, ok=(0, 1))
magick = timed(["compare", "-metric", "AE", a, b, "null:"], 11, ok=(0, 1))
results.append(("diff of two 1170×2532 PNGs", f"{ours*1000:.0f} ms", f"compare -metric AE: {magick*1000:.0f} ms", f"{magick/ours:.1f}×", "≥ 5×", magick / ours >= 5))
pixelmatch = None
if run([sys.executable, "-c", "import pixelmatch, PIL"], ok=(0, 1)).returncode == 0:
    script = ("import sys; from PIL import Image; from pixelmatch.contrib.PIL import pixelmatch; "
              "a = Image.open(sys.argv[1]).convert('RGBA'); b = Image.open(sys.argv[2]).convert('RGBA'); "
              "print(pixelmatch(a, b, threshold=0.1))")
    pixelmatch = timed([sys.executable, "-c", script, a, b], 2)
    results.append(("diff vs pixelmatch (PyPI)", f"{ours*1000:.0f} ms", f"pixelmatch: {pixelmatch:.1f} s", f"{pixelmatch/ours:.0f}×", "(reference)", True))
else:
    results.append(("diff vs pixelmatch (PyPI)", f"{ours*1000:.0f} ms", "could not be installed", "–", "(reference)", True))

# 3. Model and SVG writer, in process.
stages = dict(l.split("=", 1) for l in run([BENCH, FLING, "--samples", "20"]).stdout.split())
svg_fps = int(stages["svg_frames_per_second"])
results.append(("SVG writer, frames per second", f"{svg_fps:,}", "", "", "≥ 5,000", svg_fps >= 5000))
results.append(("model, frames per second", f"{int(stages['model_frames_per_second']):,}", "", "", "", True))

# 4. Memory: 10 frames vs 1,000 frames, same device and settings.
ten = scenario("ten", "device: iphone-14\ncontainer:\n  tabs: [{title: A, rows: 400, rowHeight: 108}, {title: B, rows: 4}]\nsteps:\n"
               + "".join("  - drag: {dy: 30}\n" for _ in range(10)))
thousand = scenario("thousand", "device: iphone-14\nfps: 240\ncontainer:\n  tabs: [{title: A, rows: 400, rowHeight: 108}, {title: B, rows: 4}]\n"
                    "steps:\n  - scroll: {to: 0}\n  - release: {velocity: 2000}\n")
mem10 = peak_kib([TABSTAGE, "run", ten, "--out", os.path.join(work, "m10"), "--frames", "--format", "png", "--jobs", "2"])
mem1000 = peak_kib([TABSTAGE, "run", thousand, "--out", os.path.join(work, "m1000"), "--frames", "--format", "png", "--jobs", "2"])
count1000 = len([f for f in os.listdir(os.path.join(work, "m1000", "thousand")) if f.endswith(".png")])
results.append((f"peak memory, {count1000} frames vs 10", f"{mem1000/1024:.0f} MiB", f"10 frames: {mem10/1024:.0f} MiB", f"{mem1000/mem10:.2f}×", "≤ 1.2×", mem1000 / mem10 <= 1.2))

print(f"Machine: {cpu}, {cores} cores, {platform.system()} {platform.release()}")
print(f"Versions: {version(['swift', '--version'])}; {version(['rsvg-convert', '--version'])}; "
      f"{version(['compare', '-version'])}; pixelmatch {run([sys.executable, '-m', 'pip', 'show', 'pixelmatch'], ok=(0, 1)).stdout.split('Version: ')[-1].splitlines()[0] if pixelmatch else 'n/a'}")
print(f"Inputs: {os.path.relpath(FLING, ROOT)} ({frames} frames at 3x, 1170×2532); rsvg-convert on {len(sample)} of the same SVG files; medians of 5–11 runs.")
print(f"Stages per frame (1 thread): render {float(stages['render_ms']):.1f} ms, PNG encode {float(stages['encode_ms']):.1f} ms "
      f"({stages['png_kib']} KiB, libdeflate level 1, no filter)")
print()
print("| measure | tabstage | peer | ratio | goal | met |")
print("|---|---|---|---|---|---|")
for what, ours_text, peer, ratio, goal, met in results:
    print(f"| {what} | {ours_text} | {peer} | {ratio} | {goal} | {'yes' if met else 'NO'} |")
print()
print("Commands: tabstage run Scripts/bench/fling.yaml --frames --format png --jobs N; rsvg-convert -z 3 -o out.png FRAME.svg; "
      "tabstage diff A.png B.png; compare -metric AE A.png B.png null:; pixelmatch(A, B, threshold=0.1) via PIL; "
      "tabstage-bench Scripts/bench/fling.yaml; /usr/bin/time -f %M for peak memory.")
shutil.rmtree(work, ignore_errors=True)
