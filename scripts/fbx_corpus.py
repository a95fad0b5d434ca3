"""Runs the FBX corpus check over a ufbx checkout; scripts/fbx_corpus.sh is the way in (it builds the
tools and documents the options). Python 3 standard library only.

Converts every .fbx at the top of DIR/data with `aem convert F OUT.glb` (in parallel, a time limit each),
reads the reference frames of DIR/test/*.h (fbx_corpus_refs.py), has the checker (tests/fbx_corpus)
compare each converted file with its frames, converts ufbx's fuzz inputs (HOSTILE) the same way, and
prints the summary and every failure by cause (fbx_corpus_report.py).
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import fbx_corpus_refs
import fbx_corpus_report

ERROR_CODE = re.compile(r"\berror ([A-Z][A-Z0-9_]{2,})\b")
# ufbx's fuzz inputs: (folder of data/, extension). They are not counted with the corpus; each must
# convert or fail with an error code, never crash or hang.
HOSTILE = (("fuzz", ".fbx"), ("obj_fuzz", ".obj"))


def convert(aem, fbx, glb, limit):
    """(converted, code, message) of one `aem convert`."""
    try:
        run = subprocess.run([aem, "convert", fbx, glb], capture_output=True, text=True, errors="replace",
                             timeout=limit)
    except subprocess.TimeoutExpired:
        return False, "TIMEOUT", f"aem convert ran past {limit:g} s"
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    if run.returncode == 0 and os.path.isfile(glb):
        return True, None, None
    for line in lines:
        m = ERROR_CODE.search(line)
        if m:
            return False, m.group(1), line
        if "reader crashed" in line:  # the tool's own message for its crashed child names no code
            return False, "READER_CRASHED", line
    if run.returncode < 0:
        return False, "SIGNAL", f"aem convert died from signal {-run.returncode}"
    return False, f"EXIT_{run.returncode}", lines[0] if lines else "no message"


def hostile_inputs(data_dir):
    """ufbx's fuzz inputs, as paths relative to data_dir."""
    found = []
    for folder, extension in HOSTILE:
        path = os.path.join(data_dir, folder)
        if os.path.isdir(path):
            found += sorted(os.path.join(folder, n) for n in os.listdir(path) if n.endswith(extension))
    return found


def convert_all(aem, data_dir, names, out_dir, jobs, limit):
    """Results by name (a path relative to data_dir); outputs go to out_dir, sub-folders flattened."""
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(convert, aem, os.path.join(data_dir, n),
                               os.path.join(out_dir, n[:-4].replace(os.sep, "__") + ".glb"), limit): n
                   for n in names}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            ok, code, message = future.result()
            results[futures[future]] = {"converted": ok, "code": code, "message": message}
            progress(f"converted {done}/{len(names)}")
    progress(None)
    return results


def progress(text):
    if not sys.stderr.isatty():
        return
    sys.stderr.write("\r\x1b[K" + (text or ""))
    sys.stderr.flush()


def manifest_line(frame, data_dir, glb_dir):
    none = "-"
    fields = [
        frame_id(frame),
        os.path.join(data_dir, frame.fbx),
        os.path.join(glb_dir, frame.fbx[:-4] + ".glb"),
        os.path.join(data_dir, frame.obj),
        none if frame.anim is None else frame.anim,
        none if frame.time is None else repr(frame.time),
        repr(frame.scale),
        ",".join(repr(v) for v in frame.rotation),
        frame.load_axes or none,
        none if frame.load_unit is None else repr(frame.load_unit),
    ]
    if any("\t" in f or "\n" in f for f in fields):
        raise ValueError(f"a tab or newline in {fields}")
    return "\t".join(fields)


def frame_id(frame):
    pose = "stored pose" if frame.time is None else f"{frame.anim or 'default take'} @ {frame.time:.6g} s"
    return f"{frame.fbx} ~ {frame.obj} ({pose})"


def check_all(checker, frames, data_dir, glb_dir, work, jobs):
    """Checker results by frame id; the frames of one file stay in one checker run."""
    by_file = {}
    for f in frames:
        by_file.setdefault(f.fbx, []).append(f)
    chunks = [[] for _ in range(max(1, jobs))]
    for name in sorted(by_file, key=lambda n: -len(by_file[n])):
        min(chunks, key=len).extend(by_file[name])
    results = {}

    def run(index, chunk):
        path = os.path.join(work, f"manifest-{index}.tsv")
        with open(path, "w", encoding="utf-8") as m:
            m.write("# id\tfbx\tglb\tobj\tanimation\ttime\tscale\trotation\tload_axes\tload_unit\n")
            for f in chunk:
                m.write(manifest_line(f, data_dir, glb_dir) + "\n")
        run = subprocess.run([checker, path], capture_output=True, text=True, errors="replace")
        found = {}
        for line in run.stdout.splitlines():
            if line.strip():
                r = json.loads(line)
                found[r["id"]] = r
        if run.returncode != 0:
            # A crash names no frame: every frame of the chunk without a line carries its message.
            message = (run.stderr.strip().splitlines() or [f"checker exit {run.returncode}"])[-1]
            for f in chunk:
                found.setdefault(frame_id(f), {"id": frame_id(f), "status": "error",
                                               "error": f"the checker failed: {message}"})
        return found

    with concurrent.futures.ThreadPoolExecutor(max_workers=len(chunks)) as pool:
        for found in pool.map(lambda ic: run(*ic), enumerate(c for c in chunks if c)):
            results.update(found)
    return results


def main():
    p = argparse.ArgumentParser(description="FBX corpus check over a ufbx checkout (see scripts/fbx_corpus.sh)")
    p.add_argument("dir", help="a checkout of the ufbx repository (its data/ and test/ folders)")
    p.add_argument("--aem", required=True, help="the aem tool")
    p.add_argument("--checker", required=True, help="the fbx_corpus_check program")
    p.add_argument("--out", help="also write the whole report as JSON here")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="conversions at once")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds one conversion may take")
    p.add_argument("--work", help="keep the converted files and manifests in this folder")
    p.add_argument("--only", help="only .fbx files whose name contains this")
    args = p.parse_args()

    data_dir = os.path.join(args.dir, "data")
    if not os.path.isdir(data_dir) or not os.path.isdir(os.path.join(args.dir, "test")):
        sys.exit(f"fbx_corpus: {args.dir} has no data/ and test/ folders (a checkout of the ufbx repository)")
    started = time.monotonic()
    corpus, frames, unparsed = fbx_corpus_refs.parse_tests(args.dir)
    frames = fbx_corpus_refs.unique_frames(frames)
    names = corpus.fbx
    hostile = hostile_inputs(data_dir)
    if args.only:
        names = [n for n in names if args.only in n]
        hostile = [n for n in hostile if args.only in n]
        frames = [f for f in frames if args.only in f.fbx]
        unparsed = [u for u in unparsed if not u.files or any(args.only in f for f in u.files)]

    with tempfile.TemporaryDirectory(prefix="aem-fbx-corpus-") as temp:
        work = os.path.abspath(args.work) if args.work else temp
        glb_dir = os.path.join(work, "glb")
        os.makedirs(glb_dir, exist_ok=True)
        conversions = convert_all(args.aem, data_dir, names, glb_dir, args.jobs, args.timeout)
        checked = [f for f in frames if not f.excluded and conversions.get(f.fbx, {}).get("converted")]
        results = check_all(args.checker, checked, data_dir, glb_dir, work, args.jobs)
        hostile_dir = os.path.join(work, "hostile")
        os.makedirs(hostile_dir, exist_ok=True)
        hostile_results = convert_all(args.aem, data_dir, hostile, hostile_dir, args.jobs, args.timeout)

    report = fbx_corpus_report.build(args.dir, names, conversions, frames, results, unparsed, frame_id)
    fbx_corpus_report.add_hostile(report, hostile, hostile_results)
    report["seconds"] = round(time.monotonic() - started, 1)
    fbx_corpus_report.print_text(report, sys.stdout)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
