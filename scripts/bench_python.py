#!/usr/bin/env python3
"""The Python rows of scripts/bench.sh (run with the Python the module was built for, the module on
PYTHONPATH); each appends records to DIR/processes.jsonl for bench_summary.py's table.

  bench_python.py read DIR BENCH_READ RUNS NAME=FILE...
      For each file: read_scene's median CPU and wall time over RUNS reads in a C++ program (BENCH_READ,
      bench/bench_read.cpp) as cpp-read:NAME, then aem.read's over RUNS reads in this process as
      python-read:NAME.
  bench_python.py batch DIR AEM INPUT_DIR ROUNDS
      The files of INPUT_DIR converted to AEM, ROUNDS times each way, alternating: `AEM convert -j2
      --out-dir` (batch-cli-j2) and aem.batch.convert on a LocalCluster of two single-threaded workers
      started once beforehand (batch-dask-2), in this process as aem.batch's own LocalCluster runs them; wall times, a fresh output folder every round.
      The cluster's start is recorded as dask-cluster-start.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def append(directory, record):
    with open(os.path.join(directory, "processes.jsonl"), "a") as f:
        f.write(json.dumps(record) + "\n")


def median(values):
    return sorted(values)[len(values) // 2]


def read_rows(directory, bench_read, runs, named_files):
    import aem

    for named in named_files:
        name, path = named.split("=", 1)
        size = os.path.getsize(path)
        done = subprocess.run([bench_read, str(runs), path], capture_output=True, text=True)
        if done.returncode == 0:
            cpp = json.loads(done.stdout.splitlines()[-1])
            append(directory, {"label": f"cpp-read:{name}", "status": 0, "cpu_s": cpp["cpu_s"], "wall_s": cpp["wall_s"],
                               "files": 1, "input_bytes": size, "output_bytes": 0})
        else:
            print(f"bench_python: bench_read failed on {path}: {done.stderr.strip()}", file=sys.stderr)
            append(directory, {"label": f"cpp-read:{name}", "status": done.returncode, "cpu_s": 0, "input_bytes": size})
        cpu, wall = [], []
        for _ in range(runs):
            cpu_start, wall_start = time.process_time(), time.perf_counter()
            scene = aem.read(path)
            cpu.append(time.process_time() - cpu_start)
            wall.append(time.perf_counter() - wall_start)
            del scene
        append(directory, {"label": f"python-read:{name}", "status": 0, "cpu_s": median(cpu), "wall_s": median(wall),
                           "files": 1, "input_bytes": size, "output_bytes": 0})


def batch_rows(directory, aem_tool, input_dir, rounds):
    import aem.batch
    from distributed import Client, LocalCluster

    inputs = sorted(os.path.join(input_dir, n) for n in os.listdir(input_dir))
    size = sum(os.path.getsize(p) for p in inputs)
    work = tempfile.mkdtemp(prefix="aem-bench-batch-")
    try:
        start = time.perf_counter()
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, Client(cluster) as client:
            append(directory, {"label": "dask-cluster-start", "status": 0, "cpu_s": 0, "wall_s": time.perf_counter() - start,
                               "files": 0, "input_bytes": 0})
            for r in range(rounds):
                out = os.path.join(work, f"cli-{r}")
                wall_start = time.perf_counter()
                status = subprocess.call([aem_tool, "convert", "-j2", "--to", "aem", "--out-dir", out, *inputs],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                append(directory, {"label": "batch-cli-j2", "status": status, "cpu_s": 0, "wall_s": time.perf_counter() - wall_start,
                                   "files": len(inputs), "input_bytes": size})
                shutil.rmtree(out, ignore_errors=True)
                out = os.path.join(work, f"dask-{r}")
                wall_start = time.perf_counter()
                report = aem.batch.convert(inputs, out, client=client, progress=False)
                append(directory, {"label": "batch-dask-2", "status": int(report.failed > 0), "cpu_s": 0,
                                   "wall_s": time.perf_counter() - wall_start, "files": len(inputs), "input_bytes": size})
                shutil.rmtree(out, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv):
    if len(argv) >= 5 and argv[1] == "read":
        read_rows(argv[2], argv[3], int(argv[4]), argv[5:])
        return 0
    if len(argv) == 6 and argv[1] == "batch":
        batch_rows(argv[2], argv[3], argv[4], int(argv[5]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
