#!/usr/bin/env python3
"""Compile-time cost of #[derive(ToolIdentity)], measured side by side in one run.

Generates a scratch workspace with three crates of the same 200 tool-argument structs:
  plain    -- #[derive(Serialize, Deserialize)]
  toolmeta -- #[derive(Serialize, Deserialize, ToolIdentity)] with #[tool(...)] attributes
  floor    -- the toolmeta source, but its `ToolIdentity` is a stand-in derive that parses
              its input with syn and emits nothing: what any attribute-driven derive costs
              before it generates a single token (the other derives also read the extra
              attributes). It puts the toolmeta ratios in context.
All depend on serde (derive) and serde_json, as a harness's tool-argument crate does (the
arguments arrive as JSON), so what differs is exactly what adding toolmeta costs: its
derive, the runtime crate with its default features, and the generated impls. toolmeta is
referenced by path but built as a crates.io dependency is (no incremental state). It
times, in rounds that run the variants back to back in rotating order:
  clean        -- `cargo build` from an empty target dir (dependencies included)
  crate-only   -- the generated crate alone, dependencies already built
  incremental  -- rebuild after editing one struct (--edits of them per rep): by default
                  a field is added, which moves the spans of every struct after it; with
                  --edit rename, a field is renamed to a name of the same length, so every
                  other struct is untouched and re-running the derives dominates
Then it times a clean build of `toolmeta-derive` against `serde_derive` (same profile).

Usage: python3 benches/compile/run.py [--reps N] [--edits N] [--edit add|rename] [--structs N]
                                      [--keep DIR] [--raw FILE]
       python3 benches/compile/run.py --instructions [--edit add|rename]
                                      (rustc's instruction counts; valgrind)
Prints median times, and ratios as the median over rounds of each round's ratio (with the
range), in wall-clock and in CPU time: the tables the README records.
"""
import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# (kind, label-free container attrs, fields) templates cycled over the generated structs.
# Each field: (rust name, type, serde attr or None, tool attr or None)
TEMPLATES = [
    ("read", [("path", "String", 'rename = "target_file"', "project"),
              ("offset", "Option<i64>", None, "project"),
              ("limit", "Option<u64>", None, "project"),
              ("pages", "Option<String>", None, None)]),
    ("execute", [("command", "String", None, "project"),
                 ("description", "Option<String>", None, "project"),
                 ("cwd", "Option<String>", None, "project"),
                 ("timeout_ms", "Option<u64>", None, None)]),
    ("search", [("pattern", "String", None, "project"),
                ("path", "Option<String>", None, "project"),
                ("glob", "Option<String>", None, None),
                ("case_insensitive", "bool", 'rename = "-i"', None)]),
    ("edit", [("path", "String", 'rename = "file_path"', "project"),
              ("old_string", "String", None, "payload"),
              ("new_string", "String", None, "payload"),
              ("replace_all", "bool", None, None)]),
    ("list_dir", [("directory", "String", 'rename = "target_directory"', "project"),
                  ("ignore", "Vec<String>", None, None)]),
]


# The struct the incremental rebuilds edit, and the field a --edit rename renames: every
# tag has the same width, so renaming it keeps every span after it in place.
EDITED_STRUCT = "pub struct Tool7 {\n"
EDITED_FIELD = re.compile(r"    pub edited_\w+: Option<String>,\n")


def edit_tag(rep, edit):
    return f"{rep:04}_{edit:04}"


def edited_field(tag):
    return f"    pub edited_{tag}: Option<String>,\n"


def generate_struct(i, with_toolmeta, rename_target=False):
    kind, fields = TEMPLATES[i % len(TEMPLATES)]
    derives = "Serialize, Deserialize, ToolIdentity" if with_toolmeta else "Serialize, Deserialize"
    out = [f"#[derive(Debug, {derives})]"]
    if with_toolmeta:
        out.append(f'#[tool(name = "tool_{i}", namespace = "grok_build", kind = "{kind}")]')
    out.append(f"pub struct Tool{i} {{")
    if rename_target and out[-1] + "\n" == EDITED_STRUCT:
        out.append(edited_field("init_0000").rstrip("\n"))
    for name, ty, serde_attr, tool_attr in fields:
        if serde_attr:
            out.append(f"    #[serde({serde_attr})]")
        if with_toolmeta and tool_attr:
            out.append(f"    #[tool({tool_attr})]")
        out.append(f"    pub {name}: {ty},")
    out.append("}\n")
    return "\n".join(out)


def write_crate(root, name, n, with_toolmeta, deps, rename, derive_crate="toolmeta"):
    src = root / name / "src"
    src.mkdir(parents=True, exist_ok=True)
    (root / name / "Cargo.toml").write_text(
        f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
        f"[dependencies]\n{deps}\n"
    )
    uses = "use serde::{Deserialize, Serialize};\n"
    if with_toolmeta:
        uses += f"use {derive_crate}::ToolIdentity;\n"
    body = "\n".join(generate_struct(i, with_toolmeta, rename) for i in range(n))
    (src / "lib.rs").write_text("#![allow(dead_code)]\n" + uses + "\n" + body)


def scaffold(root, n, rename):
    serde = 'serde = { version = "1", features = ["derive"] }\nserde_json = "1"'
    toolmeta = f'toolmeta = {{ path = "{REPO / "toolmeta"}" }}'
    write_crate(root, "plain", n, False, serde, rename)
    write_crate(root, "with_toolmeta", n, True, serde + "\n" + toolmeta, rename)
    write_floor_derive(root)
    write_crate(root, "with_floor", n, True, serde + '\nfloor_derive = { path = "../floor_derive" }',
                rename, derive_crate="floor_derive")
    write_crate(root, "only_serde_derive", 0, False, 'serde_derive = "1"', False)
    write_crate(root, "only_toolmeta_derive", 0, False,
                f'toolmeta-derive = {{ path = "{REPO / "toolmeta-derive"}" }}', False)
    for only in ("only_serde_derive", "only_toolmeta_derive"):
        (root / only / "src" / "lib.rs").write_text("")
    (root / "Cargo.toml").write_text(
        '[workspace]\nresolver = "3"\nmembers = ["plain", "with_toolmeta", "with_floor", '
        '"floor_derive", "only_serde_derive", "only_toolmeta_derive"]\n'
        # toolmeta comes in by path here, and Cargo builds path dependencies incrementally; a
        # user gets it from crates.io, built as serde is: without incremental state.
        + "".join(f"\n[profile.dev.package.{dep}]\nincremental = false\n"
                  for dep in ("toolmeta", "toolmeta-derive", "floor_derive"))
    )
    # Resolve once so that every timed build uses the same lock file and no index look-up.
    run(["cargo", "generate-lockfile"], root, None)


def write_floor_derive(root):
    """A derive that only parses its input, with the syn that toolmeta-derive uses."""
    src = root / "floor_derive" / "src"
    src.mkdir(parents=True, exist_ok=True)
    # The workspace's own `syn` requirement and features, so both derives share one build.
    syn = next(line for line in (REPO / "Cargo.toml").read_text().splitlines()
               if line.startswith("syn "))
    (root / "floor_derive" / "Cargo.toml").write_text(
        '[package]\nname = "floor_derive"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
        f"[lib]\nproc-macro = true\n\n[dependencies]\n{syn}\n"
    )
    (src / "lib.rs").write_text(
        "use proc_macro::TokenStream;\n\n"
        "#[proc_macro_derive(ToolIdentity, attributes(tool))]\n"
        "pub fn derive(input: TokenStream) -> TokenStream {\n"
        "    let _ = syn::parse_macro_input!(input as syn::DeriveInput);\n"
        "    TokenStream::new()\n"
        "}\n"
    )


class Timing:
    """Wall-clock and CPU (user + system, all child processes) seconds of one command."""

    def __init__(self, wall, cpu):
        self.wall, self.cpu = wall, cpu


def run(cmd, cwd, target):
    env = dict(os.environ)
    if target is not None:
        env["CARGO_TARGET_DIR"] = str(target)
    env.pop("RUSTFLAGS", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"`{' '.join(cmd)}` failed in {cwd}:\n{proc.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(elapsed, cpu)


def edit_one_struct(root, crate, tag, rename):
    """Adds a field `edited_<tag>` to one struct, or with `rename`, renames the one there."""
    lib = root / crate / "src" / "lib.rs"
    text = lib.read_text()
    if rename:
        text, found = EDITED_FIELD.subn(edited_field(tag), text, count=1)
        assert found == 1, "the scaffold puts the field to rename in place"
    else:
        text = text.replace(EDITED_STRUCT, EDITED_STRUCT + edited_field(tag), 1)
    lib.write_text(text)


VARIANTS = (("plain", "plain"), ("toolmeta", "with_toolmeta"), ("floor", "with_floor"))


def rotated(items, by):
    """`items` starting at `by`: no variant always builds first (or right after another)."""
    by %= len(items)
    return items[by:] + items[:by]


def measure(root, reps, edits, rename):
    """Timings per "<variant> <build>" key, in rounds: sample i of every variant of a build
    comes from the same round, the variants run back to back, so they can be paired."""
    results = {f"{variant} {what}": [] for variant, _ in VARIANTS
               for what in ("clean", "crate-only", "incremental")}
    results.update({"serde_derive clean": [], "toolmeta-derive clean": []})
    targets = root / "targets"
    for rep in range(reps):
        for variant, crate in rotated(VARIANTS, rep):
            target = targets / crate
            shutil.rmtree(target, ignore_errors=True)
            results[f"{variant} clean"].append(run(["cargo", "build", "-p", crate], root, target))
            run(["cargo", "clean", "-p", crate], root, target)
            results[f"{variant} crate-only"].append(run(["cargo", "build", "-p", crate], root, target))
        # Incremental rebuilds are short and noisy: several per rep, the variants alternating.
        for edit in range(edits):
            for variant, crate in rotated(VARIANTS, rep + edit):
                edit_one_struct(root, crate, edit_tag(rep, edit), rename)
                results[f"{variant} incremental"].append(
                    run(["cargo", "build", "-p", crate], root, targets / crate))
        for variant, crate in VARIANTS:
            shutil.rmtree(targets / crate, ignore_errors=True)
        for label, crate in rotated([("serde_derive clean", "only_serde_derive"),
                                     ("toolmeta-derive clean", "only_toolmeta_derive")], rep):
            target = targets / crate
            shutil.rmtree(target, ignore_errors=True)
            results[label].append(run(["cargo", "build", "-p", crate], root, target))
            shutil.rmtree(target, ignore_errors=True)
        print(f"rep {rep + 1}/{reps} done", file=sys.stderr)
    return results


def paired(samples, base, field):
    """Median, lowest and highest of the per-round ratios samples/base.

    The machine's speed drifts by more than the effect measured (the same build varies by
    ±15% over minutes on a shared 2-core VM); a ratio of two builds run back to back
    cancels most of that drift, so the median of the ratios is steadier than a ratio of
    medians.
    """
    ratios = [getattr(s, field) / getattr(b, field) for s, b in zip(samples, base)]
    return statistics.median(ratios), min(ratios), max(ratios)


def fastest(samples, base):
    """The ratio of the fastest builds: noise here only ever slows a build down, so the
    fastest of several is the closest to what the build itself costs."""
    return min(s.wall for s in samples) / min(b.wall for b in base)


def print_timings(results, structs, reps, edits, rename):
    median = {key: statistics.median(t.wall for t in values) for key, values in results.items()}
    print(f"\n{structs} structs, debug profile, {os.cpu_count()} cores; {reps} clean builds and "
          f"{reps * edits} incremental rebuilds per variant ({'a field renamed' if rename else 'a field added'}). "
          "Times are medians; ratios are "
          "medians of the ratios of builds run back to back (lowest–highest in brackets)\n")
    print("| build | serde only | serde + ToolIdentity | ratio | CPU-time ratio | fastest-build ratio "
          "| floor: serde + parse-only derive | ratio | fastest-build ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    for what in ("clean", "crate-only", "incremental"):
        plain, tm, floor = (results[f"{v} {what}"] for v in ("plain", "toolmeta", "floor"))
        wall, cpu, floor_wall = paired(tm, plain, "wall"), paired(tm, plain, "cpu"), paired(floor, plain, "wall")
        show = lambda r: f"{r[0]:.3f} ({r[1]:.2f}–{r[2]:.2f})"
        print(f"| {what} | {median[f'plain {what}']:.2f} s | {median[f'toolmeta {what}']:.2f} s "
              f"| {show(wall)} | {show(cpu)} | {fastest(tm, plain):.3f} "
              f"| {median[f'floor {what}']:.2f} s | {show(floor_wall)} | {fastest(floor, plain):.3f} |")
    serde, ours = results["serde_derive clean"], results["toolmeta-derive clean"]
    print("\n| derive crate, clean build | serde_derive | toolmeta-derive | ratio |")
    print("|---|---|---|---|")
    print(f"| with its dependencies | {median['serde_derive clean']:.2f} s "
          f"| {median['toolmeta-derive clean']:.2f} s | {paired(ours, serde, 'wall')[0]:.3f} |")


# Runs rustc under callgrind for the crate named by $CALLGRIND_CRATE, and plainly otherwise.
WRAPPER = """#!/bin/sh
case " $* " in
  *" --crate-name $CALLGRIND_CRATE "*)
    exec valgrind --tool=callgrind --callgrind-out-file="$CALLGRIND_OUT" "$@" 2>/dev/null ;;
esac
exec "$@"
"""


def count_instructions(root, rename):
    """Instructions rustc executes compiling each variant's crate, dependencies built: the
    whole crate, then an incremental rebuild after editing one struct.

    Deterministic where wall-clock time is not: the same build counts the same to a few
    parts in a thousand, so these ratios are the ones to tune against.
    """
    if shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind (callgrind) on PATH")
    wrapper = root / "callgrind-rustc.sh"
    wrapper.write_text(WRAPPER)
    wrapper.chmod(0o755)
    counts = {}
    for variant, crate in VARIANTS:
        target = root / "targets" / f"{crate}-instructions"
        run(["cargo", "build", "-p", crate], root, target)
        run(["cargo", "clean", "-p", crate], root, target)
        os.environ.update(RUSTC_WORKSPACE_WRAPPER=str(wrapper), CALLGRIND_CRATE=crate)
        try:
            for what in ("crate-only", "incremental"):
                if what == "incremental":
                    edit_one_struct(root, crate, edit_tag(9999, 9999), rename)
                out = root / f"callgrind.{crate}.{what}"
                os.environ["CALLGRIND_OUT"] = str(out)
                run(["cargo", "build", "-p", crate], root, target)
                totals = [line for line in out.read_text().splitlines()
                          if line.startswith(("summary:", "totals:"))]
                counts[f"{variant} {what}"] = int(totals[-1].split()[1])
        finally:
            for key in ("RUSTC_WORKSPACE_WRAPPER", "CALLGRIND_CRATE", "CALLGRIND_OUT"):
                os.environ.pop(key, None)
        shutil.rmtree(target, ignore_errors=True)
        print(f"counted {variant}", file=sys.stderr)
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--edits", type=int, default=4, help="incremental rebuilds per rep")
    parser.add_argument("--edit", choices=("add", "rename"), default="add",
                        help="how an incremental rebuild edits a struct (see above)")
    parser.add_argument("--structs", type=int, default=200)
    parser.add_argument("--keep", type=Path, help="generate into this folder and keep it")
    parser.add_argument("--raw", type=Path, help="also write every timing, [wall, cpu] per build, as JSON")
    parser.add_argument("--instructions", action="store_true",
                        help="instead of timing, count rustc's instructions per variant (valgrind)")
    args = parser.parse_args()

    root = args.keep or Path(tempfile.mkdtemp(prefix="toolmeta-compile-"))
    root.mkdir(parents=True, exist_ok=True)
    rename = args.edit == "rename"
    scaffold(root, args.structs, rename)
    if args.instructions:
        counts = count_instructions(root, rename)
        print(f"\n{args.structs} structs, debug profile; instructions rustc executes for the crate "
              f"(incremental: a field {'renamed' if rename else 'added'})\n")
        print("| build | serde only | serde + ToolIdentity | ratio | floor: serde + parse-only derive | ratio |")
        print("|---|---|---|---|---|---|")
        for what in ("crate-only", "incremental"):
            plain, tm, floor = (counts[f"{v} {what}"] for v in ("plain", "toolmeta", "floor"))
            print(f"| {what} | {plain / 1e9:.3f} G | {tm / 1e9:.3f} G | {tm / plain:.3f} "
                  f"| {floor / 1e9:.3f} G | {floor / plain:.3f} |")
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
        return
    results = measure(root, args.reps, args.edits, rename)
    if args.raw:
        args.raw.write_text(json.dumps(
            {key: [[t.wall, t.cpu] for t in values] for key, values in results.items()}, indent=1))
    print_timings(results, args.structs, args.reps, args.edits, rename)
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
