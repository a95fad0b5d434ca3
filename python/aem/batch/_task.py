"""One file's conversion, as a Dask task runs it on a worker.

Every write lands in a staging folder inside the output folder and is renamed into place once whole
(texture and side files first, the model last), so a task the scheduler retries after its worker died
leaves one whole output; what the dead attempt left stays in the dead worker's staging folder, which
the batch removes once every task has ended: no temporary is left. Each worker thread stages in a
folder of its own, emptied before each task and reused (on some file systems removing a folder costs
milliseconds: as much as converting a small file). The conversion itself runs in a child process
(aem.convert(isolate=True), a child that serves one conversion after another), as `aem convert` runs
each file of a batch: a reader that crashes fails its row, not the worker. With a cache folder
shared by the workers, a conversion whose input, side files, options and aem version are unchanged is
skipped (`aem convert --cache`).
"""
import dataclasses
import os
import shutil
import socket
import threading
import time

from .. import _aem

#: The folder inside the output folder where conversions stage their files (one subfolder per batch).
STAGING = ".aem-batch"


@dataclasses.dataclass
class Row:
    """One input's result, as it streams back from its worker."""
    input: str
    output: str
    status: str                 #: "converted", "cached" (the cache vouched for the output) or "failed"
    error_code: str = None      #: for "failed": the code from docs/error-codes.md
    error: str = None           #: for "failed": the one-line report
    warnings: list = dataclasses.field(default_factory=list)  #: aem.Diagnostic objects
    seconds: float = 0.0        #: the task's time on its worker
    bytes: int = 0              #: the output model's size
    worker: str = ""            #: the Dask worker that ran the task (its address), or this host's name

    @property
    def ok(self):
        return self.status != "failed"


def _where():
    try:
        from distributed import get_worker
        return get_worker().address
    except (ImportError, ValueError):  # not in a Dask worker
        return socket.gethostname()


def staging_folder(out_dir, batch):
    return os.path.join(out_dir, STAGING, batch)


def _empty_folder(folder):
    """Makes `folder`, or removes what an earlier task that failed half-way left in it."""
    os.makedirs(folder, exist_ok=True)
    for entry in os.scandir(folder):
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            os.remove(entry.path)


def _move_into_place(stage, out_dir, model):
    """Renames every file the conversion staged into out_dir, the model last; returns their new paths."""
    moved = []
    for folder, _, files in os.walk(stage):
        for name in files:
            relative = os.path.relpath(os.path.join(folder, name), stage)
            if relative == model:
                continue
            target = os.path.join(out_dir, relative)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            os.replace(os.path.join(stage, relative), target)
            moved.append(target)
    os.replace(os.path.join(stage, model), os.path.join(out_dir, model))
    return [os.path.join(out_dir, model)] + moved


def convert_one(source, output, to, options, cache, batch):
    """Converts `source` into `output` (absolute paths) and returns its Row; never raises for a file
    that cannot be converted."""
    start = time.monotonic()
    out_dir, model = os.path.split(output)
    row = Row(source, output, "failed", worker=_where())
    try:
        store = _aem.BuildCache(cache) if cache else None
        key = _aem.cache_key(source, output, to=to, **options) if store else None
        if store and store.fresh(key):
            row.status = "cached"
        else:
            stage = os.path.join(staging_folder(out_dir, batch), f"{os.getpid()}-{threading.get_native_id()}")
            _empty_folder(stage)
            report = _aem.convert(source, os.path.join(stage, model), to=to, isolate=True, **options)
            written = _move_into_place(stage, out_dir, model)
            row.status, row.warnings = "converted", list(report.warnings)
            if store and not store.store(key, report.files_read, written):
                row.warnings.append(_aem.Diagnostic("CACHE_NOT_STORED", "the conversion could not be recorded in the cache", file=source))
        row.bytes = os.path.getsize(output)
    except _aem.Error as e:
        row.error_code, row.error = e.code, str(e)
    except OSError as e:
        row.error_code, row.error = "IO_WRITE_FAILED", f"{source}: {e}"
    row.seconds = time.monotonic() - start
    return row


def convert_group(jobs, to, options, cache, batch):
    """convert_one for each (source, output) of a task, in order: [Row]."""
    return [convert_one(source, output, to, options, cache, batch) for source, output in jobs]
