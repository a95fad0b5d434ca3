#!/usr/bin/env python3
"""Helpers of scripts/bench.sh.

  bench_summary.py run DIR LABEL INPUT OUTPUT -- COMMAND...
      Runs COMMAND as a child, appends its CPU time (user + system), wall time and peak RSS, with
      INPUT's size (a folder: its file count and their total size) and OUTPUT's size afterwards ("-":
      none), to DIR/processes.jsonl under LABEL. Exits with COMMAND's status.
  bench_summary.py peak DIR LABEL INPUT OUTPUT -- COMMAND...
      As run, but the peak RSS is the one GNU time (/usr/bin/time, Debian's package time) reports
      for COMMAND, or null without it; CPU and wall time then include GNU time's own. A child of
      this Python process starts with Python's resident size (about 14 MB) as its peak, which exec
      keeps, so run's peak is never below it: this is the figure for processes smaller than that.
  bench_summary.py parse-peer DIR LABEL -- COMMAND...
      Runs COMMAND (iqm built with a timer around its parseiqe call, docs/performance.md "Peers and
      inputs") and appends the parse's CPU time from the "parseiqe cpu_ms=..." line it prints on
      stderr to DIR/processes.jsonl under LABEL (status 1 when there is no such line).
  bench_summary.py self-timed DIR LABEL INPUT -- COMMAND...
      Runs COMMAND, a program that times itself and prints one JSON line (bench/load_model.c: its
      median load + finish time, load_finish_median_s, becomes cpu_s; load_median_s is kept), and
      appends that with INPUT's size to DIR/processes.jsonl under LABEL (status 1 without the line).
  bench_summary.py table DIR
      Prints issue 16's table (and issue 13's glTF rows, the real-file rows, the FBX rows, the Python rows) from DIR/<bench>.json
      (Google Benchmark JSON output) and DIR/processes.jsonl: each row ours, its baseline from the
      same run, the ratio and the goal. A row whose figures are missing says so instead.

Times are CPU time unless a benchmark measures real time (its name says /real_time): the machine is
shared, and CPU time is the steadier figure there.
"""
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import bench_keys


def input_size(path):
    """(files, bytes) of a file or of the files in a folder (links followed)."""
    if os.path.isdir(path):
        files = [os.path.join(path, n) for n in os.listdir(path)]
        return len(files), sum(os.path.getsize(f) for f in files)
    return (1, os.path.getsize(path)) if os.path.exists(path) else (0, 0)


def run(directory, label, input_path, output_path, command, peak_by_gnu_time=False):
    files, size = input_size(input_path)
    report = tempfile.NamedTemporaryFile("r") if peak_by_gnu_time and shutil.which("time") else None
    if report:
        command = [shutil.which("time"), "-f", "%M", "-o", report.name] + command
    # Children's usage from before this process started counts too (a python3 wrapper script, such as
    # a version manager's shim, runs commands before it execs python): only the difference is COMMAND's.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    status = subprocess.call(command)
    wall = time.monotonic() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (usage.ru_utime + usage.ru_stime) - (before.ru_utime + before.ru_stime)
    max_rss = usage.ru_maxrss * 1024
    if peak_by_gnu_time:
        # GNU time's last line is the peak in KiB (a line before it may say how the command ended).
        found = re.search(r"(\d+)\s*$", report.read()) if report else None
        max_rss = int(found.group(1)) * 1024 if found else None
    record = {"label": label, "status": status, "cpu_s": cpu, "wall_s": wall,
              "max_rss_bytes": max_rss, "files": files, "input_bytes": size,
              "output_bytes": input_size(output_path)[1]}
    append_record(directory, record)
    return status


def append_record(directory, record):
    with open(os.path.join(directory, "processes.jsonl"), "a") as f:
        f.write(json.dumps(record) + "\n")


def parse_peer(directory, label, command):
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"parseiqe cpu_ms=([0-9.]+)", result.stderr)
    record = {"label": label, "status": result.returncode or (0 if found else 1),
              "cpu_s": float(found.group(1)) / 1e3 if found else 0.0}
    append_record(directory, record)
    return record["status"]


def self_timed(directory, label, input_path, command):
    result = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    timings = json.loads(lines[-1]) if lines else {}
    status = result.returncode or (0 if "load_finish_median_s" in timings else 1)
    record = {"label": label, "status": status, "cpu_s": timings.get("load_finish_median_s", 0.0),
              "load_s": timings.get("load_median_s"), "files": 1, "input_bytes": input_size(input_path)[1]}
    append_record(directory, record)
    return status


def load_benchmarks(directory):
    """{bench: {key: seconds}} and {bench: {key: {counter: value}}}, key = the run name without
    repeat/iteration/time-kind parts."""
    out, counters = {}, {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json"):
            continue
        try:
            data = json.load(open(os.path.join(directory, name)))
        except ValueError:
            continue
        scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
        times, values = {}, {}
        for b in data.get("benchmarks", []):
            if b.get("error_occurred") or (b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median"):
                continue
            run_name = b.get("run_name", b["name"])
            parts = [p for p in run_name.split("/") if not re.match(r"(repeats|iterations|min_time|min_warmup_time):|process_time$|real_time$", p)]
            key = "/".join(parts)
            if b.get("run_type") == "iteration" and key in times and b.get("repetitions", 1) > 1:
                continue  # a repeated run without aggregates: the first repetition stands
            seconds = (b["real_time"] if "/real_time" in run_name else b["cpu_time"]) * scale[b.get("time_unit", "ns")]
            times[key] = seconds
            values[key] = {k: v for k, v in b.items() if k in ("ns_per_bone", "instances_per_s", "keys_per_s", "choose_keys_per_s", "check_ms")}
        out[name[:-5]], counters[name[:-5]] = times, values
    return out, counters


def load_processes(directory):
    """{label: record}; a label measured several times gives the run of median CPU time (wall time for
    records without CPU time; a failed run wins, so that its row says so)."""
    path = os.path.join(directory, "processes.jsonl")
    runs = {}
    if os.path.exists(path):
        for line in open(path):
            r = json.loads(line)
            runs.setdefault(r["label"], []).append(r)
    records = {}
    for label, rs in runs.items():
        failed = [r for r in rs if r["status"]]
        records[label] = failed[0] if failed else sorted(rs, key=lambda r: r["cpu_s"] or r.get("wall_s", 0))[len(rs) // 2]
    return records


def ms(seconds):
    if seconds < 1e-4:
        return f"{seconds * 1e6:.3g} µs"
    if seconds >= 10:
        return f"{seconds:.3g} s"
    return f"{seconds * 1e3:.0f} ms" if seconds >= 0.1 else f"{seconds * 1e3:.3g} ms"


def mb(n):
    return f"{n / 1e6:.1f} MB" if n >= 10e6 else f"{n / 1e6:.3g} MB"


class Table:
    def __init__(self, benches, counters, processes):
        self.benches, self.counters, self.processes, self.rows = benches, counters, processes, []

    def time(self, bench, key):
        return self.benches.get(bench, {}).get(key)

    def missing(self, path, why):
        self.rows.append((path, "-", "-", "-", why, ""))

    def speedup(self, path, bench, ours, base, base_label, goal):
        """Row with ours and the baseline from one benchmark program; ratio = baseline time / ours.
        A goal of None: a row for context, with no goal."""
        o, b = self.time(bench, ours), self.time(bench, base)
        if o is None or b is None:
            return self.missing(path, f"not measured ({bench}: {ours if o is None else base} missing)")
        self.speed_row(path, o, b, base_label, goal)

    def speed_row(self, path, ours_s, base_s, base_label, goal):
        """Row of two times; ratio = baseline / ours, against `goal` (None: context, no goal)."""
        ratio = base_s / ours_s
        ratio_text = f"{ratio:.2f}x faster" if ratio >= 1 else f"{1 / ratio:.2f}x slower"
        if goal is None:
            goal_text, verdict = "-", ""
        else:
            goal_text = f">= {goal}x faster" if goal >= 1 else f"at most {1 / goal:.2g}x its time"
            verdict = "met" if ratio >= goal else "NOT met"
        self.rows.append((path, ms(ours_s), f"{ms(base_s)} ({base_label})", ratio_text, goal_text, verdict))

    def per_bone(self, path, ours, base, goal):
        """Animation row from bench_animation's ns_per_bone counters (a crowd benchmark counts every
        bone of every instance), with instances per second where the benchmark reports them."""
        o, b = (self.counters.get("bench_animation", {}).get(k, {}) for k in (ours, base))
        if "ns_per_bone" not in o or "ns_per_bone" not in b:
            return self.missing(path, f"not measured (bench_animation: {ours if 'ns_per_bone' not in o else base} missing)")
        ratio = b["ns_per_bone"] / o["ns_per_bone"]
        rate = f", {o['instances_per_s'] / 1e6:.2f} M instances/s" if "instances_per_s" in o else ""
        self.rows.append((path, f"{o['ns_per_bone'] * 1e9:.1f} ns/bone{rate}", f"{b['ns_per_bone'] * 1e9:.0f} ns/bone (reference algorithm)",
                          f"{ratio:.1f}x faster", f">= {goal}x faster", "met" if ratio >= goal else "NOT met"))

    def process(self, path, label, why="not measured"):
        """The successful run recorded as `label`, or None after a row saying why there is none."""
        r = self.processes.get(label)
        if r is None or r["status"] or not r["input_bytes"]:
            self.missing(path, why if r is None else "command failed")
            return None
        return r

    def memory(self, path, label, limit, limit_text):
        r = self.process(path, label)
        if r is None:
            return
        ratio = r["max_rss_bytes"] / r["input_bytes"]
        self.rows.append((path, mb(r["max_rss_bytes"]), f"{mb(r['input_bytes'])} (file)", f"{ratio:.2f}x the file",
                          limit_text, "met" if ratio <= limit else "NOT met"))

    def convert_memory(self, path, label):
        r = self.process(path, label)
        if r is None:
            return
        limit = 1.2 * (r["input_bytes"] + r["output_bytes"]) / r["input_bytes"]
        path += f" ({mb(r['input_bytes'])} -> {mb(r['output_bytes'])})"
        self.memory(path, label, limit, f"<= input + output + 20% ({limit:.2f}x)")

    def output_memory(self, path, label, constant_mb, why):
        """Peak RSS against the output file's size plus a constant: the input is not held."""
        r = self.process(path, label, why)
        if r is None:
            return
        over = (r["max_rss_bytes"] - r["output_bytes"]) / 1e6
        self.rows.append((f"{path} ({mb(r['input_bytes'])} -> {mb(r['output_bytes'])})", mb(r["max_rss_bytes"]),
                          f"{mb(r['output_bytes'])} (output file)", f"output {over:+.1f} MB", f"<= output + {constant_mb} MB",
                          "met" if over <= constant_mb else "NOT met"))

    def process_speedup(self, path, ours, base, base_label, goal):
        o, b = self.processes.get(ours), self.processes.get(base)
        if o is None or b is None or o["status"] or b["status"]:
            return self.missing(path, f"not measured ({ours if o is None else base} missing or failed)")
        self.speed_row(path, o["cpu_s"], b["cpu_s"], base_label, goal)

    def against_process(self, path, bench, ours, label, base_label, goal):
        """Row with ours from a benchmark program and the baseline's CPU time recorded as `label`."""
        o, r = self.time(bench, ours), self.processes.get(label)
        if o is None or r is None or r["status"]:
            return self.missing(path, f"not measured ({bench}: {ours} missing)" if o is None else f"not measured ({label} missing or failed)")
        self.speed_row(path, o, r["cpu_s"], base_label, goal)

    def names_largest_first(self, prefix):
        """The NAMEs of the records labelled PREFIX:NAME, largest input first."""
        names = [label.split(":", 1)[1] for label in self.processes if label.startswith(prefix + ":")]
        return sorted(names, key=lambda name: -self.processes[f"{prefix}:{name}"]["input_bytes"])

    def fbx_rows(self):
        """FBX -> AEM per ufbx corpus file, largest first: speed against the Assimp path and peak RSS
        against 3x the file, or why the file was passed over (bench.sh's fbx-probe runs)."""
        probed = self.names_largest_first("fbx-probe-ours")
        if not probed:
            return self.missing("FBX -> AEM, whole process, ufbx corpus", "not measured (AEM_UFBX_DIR: a ufbx checkout)")
        for name in probed:
            ours, peer = self.processes[f"fbx-probe-ours:{name}"], self.processes.get(f"fbx-probe-peer:{name}")
            path = f"FBX -> AEM, whole process, {name}.fbx ({mb(ours['input_bytes'])})"
            failed = [f"{side} failed (exit {r['status']})" for side, r in (("ours", ours), ("the Assimp path", peer)) if r and r["status"]]
            if failed:
                self.missing(path, "passed over: " + ", ".join(failed))
                continue
            if peer is None:
                self.missing(path, "not measured (AEM_FBX_ASSIMP_PEER: aem as of d40fdac, FBX through Assimp)")
            else:
                self.process_speedup(path, f"fbx-ours:{name}", f"fbx-peer:{name}", "the Assimp path", 5)
            self.peak_against_file(f"peak memory, `aem convert` of {name}.fbx to AEM", f"fbx-probe-ours:{name}", f"fbx-probe-peer:{name}", 3)

    def reference_load_rows(self):
        """aem_load_model + aem_finish_loading_model (bench/load_model.c) on real files, largest first,
        against the same program built on the reference libaem; the load alone beside each."""
        names = self.names_largest_first("capi-load-ours")
        if not names:
            return self.missing("C API aem_load_model, reference-exported files", "not measured (scripts/bench.sh bench_aem_load, AEM_CORPUS_DIR)")
        for name in names:
            ours, peer = self.processes[f"capi-load-ours:{name}"], self.processes.get(f"capi-load-peer:{name}")
            size = ours["input_bytes"]
            path = f"C API aem_load_model + finish, reference-exported {name} ({mb(size) if size >= 1e6 else f'{size / 1e3:.3g} KB'})"
            if peer is None:
                self.missing(path, "not measured (AEM_LIBAEM_PEER: bench/load_model.c built on the reference libaem)")
                continue
            self.process_speedup(path, f"capi-load-ours:{name}", f"capi-load-peer:{name}", "reference libaem", 1 / 1.1)
            if not ours["status"] and not peer["status"]:
                row = self.rows[-1]
                self.rows[-1] = (row[0], f"{row[1]} (load alone {ms(ours['load_s'])})", f"{row[2]}, load alone {ms(peer['load_s'])}", *row[3:])

    def real_rows(self):
        """Conversions of real files (bench.sh real), largest first, each against its peer in the same
        run: IQE -> IQM against iqm (at least 3x on files of 1 MB or more, issue 34; not slower on the
        smaller ones), glTF -> AEM against the reference exporter and glTF -> glb against gltfpack (not
        slower); IQM and CEM files have no peer on this machine, and the corpus has no E3D file."""
        kinds = (("iqe-iqm", "IQE -> IQM", "iqm, the reference compiler", "AEM_IQM_PEER: lsalzman/iqm"),
                 ("gltf-aem", "glTF -> AEM", "reference exporter", "AEM_EXPORTER_PEER: janhsimon/aem's exporter"),
                 ("gltf-glb", "glTF -> glb", "gltfpack", "gltfpack is not installed"))
        if not self.names_largest_first("real-iqe-iqm-ours") and not self.names_largest_first("real-gltf-glb-ours"):
            return self.missing("real files: conversions beside their peers", "not measured (scripts/bench.sh real, AEM_CORPUS_DIR)")
        for kind, what, peer_label, why in kinds:
            for name in self.names_largest_first(f"real-{kind}-ours"):
                size = self.processes[f"real-{kind}-ours:{name}"]["input_bytes"]
                path = f"real: {what}, whole process, {name} ({mb(size) if size >= 1e6 else f'{size / 1e3:.3g} KB'})"
                if f"real-{kind}-peer:{name}" not in self.processes:
                    self.missing(path, f"not measured ({why})")
                    continue
                goal = 3 if kind == "iqe-iqm" and size >= 1e6 else 1
                self.process_speedup(path, f"real-{kind}-ours:{name}", f"real-{kind}-peer:{name}", peer_label, goal)
        for name in self.names_largest_first("real-nopeer-glb-ours"):
            r = self.processes[f"real-nopeer-glb-ours:{name}"]
            path = f"real: to glb, whole process, {name} ({r['input_bytes'] / 1e3:.3g} KB)"
            if r["status"]:
                self.missing(path, "command failed")
            else:
                self.rows.append((path, ms(r["cpu_s"]), "no peer for this format on this machine", "-", "-", ""))
        self.missing("real: E3D conversions", "no E3D file in the shared corpus, and no E3D peer on this machine")

    def python_rows(self):
        """aem.read from Python against read_scene in C++ (scripts/bench_python.py read), per file; and
        aem.batch on a LocalCluster of two workers against `aem convert -j2`, wall time (batch)."""
        names = [label.split(":", 1)[1] for label in self.processes if label.startswith("python-read:")]
        if not names:
            self.missing("aem.read from Python", "not measured (scripts/bench.sh python)")
        for name in names:
            size = self.processes[f"python-read:{name}"]["input_bytes"]
            self.process_speedup(f"aem.read from Python vs the C++ read, {name} ({mb(size)})", f"python-read:{name}", f"cpp-read:{name}",
                                 "read_scene in C++", 1 / 1.1)
        ours, base = self.processes.get("batch-dask-2"), self.processes.get("batch-cli-j2")
        path = "aem.batch, LocalCluster of 2 workers vs `aem convert --out-dir -j2` (wall)"
        if ours is None or base is None or ours["status"] or base["status"]:
            return self.missing(path, "not measured (scripts/bench.sh python, needs AEM_CORPUS_DIR)" if ours is None else "command failed")
        self.speed_row(f"{path}, {ours['files']} corpus files", ours["wall_s"], base["wall_s"], "aem convert -j2", 1 / 1.3)
        start = self.processes.get("dask-cluster-start")
        if start:
            self.rows.append(("  the LocalCluster's start, before the batch (not in the row above)", ms(start["wall_s"]), "-", "-", "-", ""))

    def peak_against_file(self, path, label, peer_label, limit):
        """Whole-process peak RSS (bench_summary.py peak's) against `limit` x the input file, with the
        part above the empty run (`aem --version`) and the peer's peak for context."""
        r = self.process(path, label)
        if r is None:
            return
        size, peak = r["input_bytes"], r["max_rss_bytes"]
        if peak is None:
            return self.missing(path, "not measured (needs GNU time, Debian's package time)")
        empty, peer = self.processes.get("fbx-empty"), self.processes.get(peer_label)
        ours = mb(peak)
        ratio = f"{peak / size:.1f}x the file"
        if empty and not empty["status"] and empty["max_rss_bytes"]:
            above = peak - empty["max_rss_bytes"]
            ours += f" ({mb(above)} above the empty run's {mb(empty['max_rss_bytes'])})"
            ratio += f" ({above / size:.1f}x above the empty run)"
        base = f"{mb(size)} (file)" + (f"; the Assimp path peaks at {mb(peer['max_rss_bytes'])}" if peer and peer["max_rss_bytes"] else "")
        self.rows.append((path, ours, base, ratio, f"<= {limit}x the file", "met" if peak <= limit * size else "NOT met"))

    def throughput(self, path, label):
        r = self.processes.get(label)
        if r is None or r["status"]:
            return self.missing(path, "not measured (run with --scale)" if r is None else "command failed")
        self.rows.append((path, f"{r['files'] / r['wall_s']:.1f} files/s, {r['input_bytes'] / 1e6 / r['wall_s']:.1f} MB/s (wall)",
                          f"{ms(r['cpu_s'])} CPU", f"{ms(r['wall_s'])} wall for {r['files']} files", "-", ""))

    def print(self):
        header = ("path", "ours", "baseline (same run)", "ratio", "goal", "")
        widths = [max(len(str(r[i])) for r in self.rows + [header]) for i in range(6)]
        for r in [header, tuple("-" * w for w in widths)] + self.rows:
            print(" | ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())


def table(directory):
    t = Table(*load_benchmarks(directory), load_processes(directory))
    # The load rows: the C API's load with full validation, without a copy (aem_map_model) and with
    # one (aem_load_model, which owns the bytes as the reference's does, so that the file may change
    # after loading), on the generated file and, through the same C program as the reference libaem,
    # on reference-exported files (issue 34): every one at most 1.1x the reference's time.
    t.speedup("AEM load + full validation, C API aem_map_model (generated 18 MB)", "bench_aem_load", "BM_CApiMapAndValidate",
              "BM_ReferenceStyleLoad", "reference-style load", 1 / 1.1)
    t.speedup("AEM load + full validation, C API aem_load_model, own copy (generated 18 MB)", "bench_aem_load",
              "BM_CApiLoadAndValidate", "BM_ReferenceStyleLoad", "reference-style load", 1 / 1.1)
    t.speedup("AEM load + full validation, C API aem_load_model, own copy (generated 26 MB capture, 1.3 M keys)",
              "bench_aem_load", "BM_CApiLoadAndValidateCapture", "BM_ReferenceStyleLoadCapture", "reference-style load", 1 / 1.1)
    t.reference_load_rows()
    t.speedup("AEM read + full validation, AemModel::load (generated 146 MB)", "bench_aem_load", "BM_LoadAndValidate", "BM_ReadBytes",
              "reading the bytes", 1 / 1.1)
    # Bone-count argument 0 is the corpus CesiumMan (22 bones); 266 is BrainStem's bone count.
    for arg, name, goal in ((0, "CesiumMan (22 bones)", 25), (266, "266 bones", 60)):
        t.per_bone(f"animation, {name}, one instance, forward playback", f"BM_Fast/{arg}/1", f"BM_Reference/{arg}/1", goal)
        t.per_bone(f"animation, {name}, crowd of 1,000 on one core", f"BM_Crowd/{arg}/1", f"BM_Reference/{arg}/1", goal)
    # The glTF -> AEM goal is against the reference exporter (AEM_EXPORTER_PEER); the in-process
    # rows against Assimp's import are in-tree context without a goal.
    t.process_speedup("glTF -> AEM, whole process, CesiumMan", "convert-cesium", "exporter-peer-cesium", "reference exporter", 5)
    t.process_speedup("glTF -> AEM, whole process, generated 39 MB glb", "convert-39", "exporter-peer-39", "reference exporter", 5)
    t.speedup("glTF -> AEM, whole conversion in process, CesiumMan", "bench_convert", "BM_ConvertToAem/1", "BM_AssimpImport/1",
              "Assimp import alone", None)
    t.speedup("glTF -> AEM, whole conversion in process, generated 39 MB glb", "bench_convert", "BM_ConvertToAem/0", "BM_AssimpImport/0",
              "Assimp import alone", None)
    t.process_speedup("glTF -> AEM, `aem convert` process, generated 39 MB glb", "convert-39", "gltfpack-39", "gltfpack glb -> glb", 1)
    t.speedup("glTF read, CesiumMan.glb (issue 13)", "bench_gltf_read", "BM_CesiumMan_Native", "BM_CesiumMan_Assimp", "Assimp read", 5)
    t.speedup("glTF read, generated 144 MB glb (issue 13)", "bench_gltf_read", "BM_Large_Native", "BM_Large_Assimp", "Assimp read", 5)
    t.memory("peak memory, `aem validate` of the generated AEM", "validate-aem", 1.2, "<= 1.2x the file")
    t.memory("peak memory, `aem info` of the generated AEM", "info-aem", 1.2, "<= 1.2x the file")
    t.convert_memory("peak memory, `aem convert` of the 39 MB glb to AEM", "convert-39")
    if "iqm-peer" in t.processes:
        t.process_speedup("IQE -> IQM, `aem convert` process, generated 50 MB IQE", "convert-iqe", "iqm-peer", "iqm, the reference compiler", 4)
    else:
        t.speedup("IQE -> IQM (generated 50 MB IQE)", "bench_iqe", "BM_IqeToIqm", "BM_StrtofBaseline", "strtof over every number", 4)
    # The IQE parse goal is against iqm's parser (AEM_IQM_PARSE_PEER); the rows against the
    # in-tree strtof pass are context.
    t.speedup("IQE parse to document (generated 50 MB IQE)", "bench_iqe", "BM_ParseIqe", "BM_StrtofBaseline", "strtof over every number", None)
    t.speedup("IQE read to scene (generated 50 MB IQE)", "bench_iqe", "BM_ReadIqe", "BM_StrtofBaseline", "strtof over every number", None)
    if "iqm-parse" in t.processes:
        t.against_process("IQE read to scene vs iqm's parser (generated 50 MB IQE)", "bench_iqe", "BM_ReadIqe", "iqm-parse", "iqm's parseiqe", 6)
    else:
        t.missing("IQE read to scene vs iqm's parser (generated 50 MB IQE)",
                  "not measured (AEM_IQM_PARSE_PEER: iqm with a timer around parseiqe, docs/performance.md)")
    frame, clear = t.time("bench_render", "BM_CesiumMan"), t.time("bench_render", "BM_ClearOnly")
    if frame is None or clear is None:
        t.missing("render CesiumMan 1280x720 4x MSAA, llvmpipe", "not measured (bench_render; needs AEM_CORPUS_DIR and EGL)")
    else:
        t.rows.append(("render CesiumMan 1280x720 4x MSAA, llvmpipe (wall)", f"{ms(frame)} ({1 / frame:.0f} fps)", f"{ms(clear)} (clear only)",
                       f"{frame / clear:.1f}x the clear frame", "<= 33.3 ms (30 fps)", "met" if frame <= 1 / 30 else "NOT met"))
    t.real_rows()
    t.fbx_rows()
    bench_keys.rows(t, directory)
    t.python_rows()
    t.output_memory("scale: peak memory, `aem convert` of a generated glb over 1 GB to AEM", "convert-1g", 100, "not measured (run with --scale)")
    for jobs in (1, 2):
        t.throughput(f"scale: batch convert of corpus files to AEM, -j{jobs}", f"batch-j{jobs}")
    t.print()


def main(argv):
    if len(argv) >= 7 and argv[1] in ("run", "peak") and argv[6] == "--":
        return run(argv[2], argv[3], argv[4], argv[5], argv[7:], peak_by_gnu_time=argv[1] == "peak")
    if len(argv) >= 7 and argv[1] == "self-timed" and argv[5] == "--":
        return self_timed(argv[2], argv[3], argv[4], argv[6:])
    if len(argv) >= 6 and argv[1] == "parse-peer" and argv[4] == "--":
        return parse_peer(argv[2], argv[3], argv[5:])
    if len(argv) == 3 and argv[1] == "table":
        table(argv[2])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
