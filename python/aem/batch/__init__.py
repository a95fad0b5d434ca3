"""Converting many models on Dask distributed, on one machine or many.

    report = aem.batch.convert(files, "out/", to="aem", cache="/shared/aem-cache")
    for row in aem.batch.iter_convert(files, "out/", client=Client("tcp://scheduler:8786")):
        print(row.input, row.status, row.seconds)

Outputs are named as `aem convert IN... --out-dir DIR` names them (DIR/<stem>.<extension>), and the same
clashes stop the batch before anything runs (ClashError). Each conversion runs in a child process of the
worker, writes into a staging folder inside DIR and is renamed into place, so a task retried after its
worker died leaves exactly one whole output per file and no temporary. A large file is a task of its own;
consecutive small ones share a task (TASK_BYTES), since Dask's cost per task is that of a small conversion.
Without a client or a scheduler address, a LocalCluster of one single-threaded worker per core runs the
batch, inside this process: the conversions already run in child processes, and worker processes would
add only their messages.
On many machines the inputs, DIR and the cache must be one shared folder, at the same path everywhere.
Command line: python3 -m aem.batch IN... --out-dir DIR [--scheduler ADDRESS] (--help for the rest).
"""
import contextlib
import dataclasses
import itertools
import os
import shutil
import sys
import time
import uuid

from ._plan import ClashError, plan, tasks
from ._progress import Progress
from ._task import Row, convert_group, staging_folder

__all__ = ["ClashError", "Report", "Row", "convert", "iter_convert"]

#: Input bytes that consecutive small files share one task up to. Dask spends one to two milliseconds on
#: a task, as much as converting a small model, so a task per file would double a batch of small files.
TASK_BYTES = 1 << 20


@dataclasses.dataclass
class Report:
    """Every input's Row, in the order of the inputs."""
    rows: list
    seconds: float  #: wall time of the whole batch

    def count(self, status):
        return sum(r.status == status for r in self.rows)

    @property
    def converted(self):
        return self.count("converted")

    @property
    def cached(self):
        return self.count("cached")

    @property
    def failed(self):
        return self.count("failed")

    def __iter__(self):
        return iter(self.rows)

    def __len__(self):
        return len(self.rows)


@contextlib.contextmanager
def _connected(client, scheduler, workers):
    """The client to run on: the caller's, one connected to `scheduler`, or a LocalCluster's."""
    from distributed import Client, LocalCluster  # Dask is needed by batches only, not by `import aem`

    if client is not None:
        yield client
    elif scheduler is not None:
        with Client(scheduler) as connected:
            yield connected
    else:
        with LocalCluster(n_workers=workers or os.cpu_count(), threads_per_worker=1, processes=False,
                          dashboard_address=None) as cluster, Client(cluster) as local:
            yield local


def _failed_task(source, output, error):
    return Row(source, output, "failed", error_code="BATCH_TASK_FAILED", error=f"{source}: {type(error).__name__}: {error}")


def _file_size(path):
    try:
        return os.path.getsize(path)
    except OSError:  # the conversion reports it
        return 0


def _task_budget(total, threads, task_bytes):
    """Input bytes per task: task_bytes, or an eighth of a worker thread's share of the input when that is
    less, so that every thread has tasks to take while others finish."""
    return min(task_bytes, total // (8 * max(threads, 1))) if task_bytes > 0 else 0


def iter_convert(inputs, out_dir, to="aem", client=None, *, scheduler=None, workers=None, cache=None,
                 task_bytes=TASK_BYTES, **options):
    """Converts every input into out_dir and yields each Row as its task finishes (in no set order).

    to: the output format (aem, gltf, iqm, iqe, cem, e3d); options: those of aem.convert (scale, up,
    flip_uv, no_textures, optimize, weld, anim_error, fps, lods, compress, embed, sync, asset_root); cache: a folder the
    workers share. client: a distributed.Client; else scheduler: its address; else a LocalCluster with
    `workers` workers in this process (default: one per core). task_bytes: consecutive small inputs share a
    task up to this much input (0: a task per file). Raises ClashError before anything runs."""
    from distributed import as_completed

    jobs = plan(inputs, out_dir, to)
    out_dir = os.path.abspath(os.fspath(out_dir))
    os.makedirs(out_dir, exist_ok=True)
    cache = os.path.abspath(os.fspath(cache)) if cache is not None else None
    batch = uuid.uuid4().hex
    try:
        with _connected(client, scheduler, workers) as connected:
            sizes = [_file_size(source) for source, _ in jobs]
            groups = tasks(jobs, sizes, _task_budget(sum(sizes), sum(connected.nthreads().values()), task_bytes))
            # One map (one message to the scheduler, not one per task), and results gathered in batches
            # as tasks finish. A key names the task's first input and its number of inputs.
            firsts = itertools.accumulate([len(g) for g in groups[:-1]], initial=0)
            futures = connected.map(convert_group, groups, to=to, options=options, cache=cache, batch=batch,
                                    key=[f"aem-convert-{batch}-{first}-{len(g)}" for first, g in zip(firsts, groups)],
                                    pure=False)
            group_of = dict(zip(futures, groups))
            for future, result in as_completed(futures, with_results=True, raise_errors=False):
                if future.status == "finished":
                    yield from result
                else:  # an error comes as (type, exception, traceback), a cancellation as the exception
                    error = result[1] if future.status == "error" else result
                    yield from (_failed_task(source, output, error) for source, output in group_of[future])
    finally:
        # Every task has ended: what is left of the staging folder was a dead attempt's.
        shutil.rmtree(staging_folder(out_dir, batch), ignore_errors=True)
        with contextlib.suppress(OSError):
            os.rmdir(os.path.dirname(staging_folder(out_dir, batch)))


def convert(inputs, out_dir, to="aem", client=None, *, scheduler=None, workers=None, cache=None, progress=None,
            task_bytes=TASK_BYTES, **options):
    """Converts every input into out_dir (see iter_convert) and returns the Report, its rows in the order
    of the inputs. progress: draw a progress bar on standard error (default: when it is a terminal)."""
    inputs = list(inputs)
    start = time.monotonic()
    bar = Progress(len(inputs)) if (sys.stderr.isatty() if progress is None else progress) else None
    by_input = {}
    for row in iter_convert(inputs, out_dir, to, client, scheduler=scheduler, workers=workers, cache=cache,
                            task_bytes=task_bytes, **options):
        by_input[row.input] = row
        if bar:
            bar.update(row)
    rows = [by_input[os.path.abspath(os.fspath(i))] for i in inputs]
    return Report(rows, time.monotonic() - start)
