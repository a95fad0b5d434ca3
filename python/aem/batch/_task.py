"""One file's conversion, as a Dask task runs it on a worker.

Every write lands in a staging folder inside the output folder and is renamed into place once whole
(texture and side files first, the model last), so a task the scheduler retries after its worker died
finds at most the leftovers of the dead attempt - which it removes - and leaves one whole output and no
temporary. The conversion itself runs in a child process (aem.convert(isolate=True), a child that
serves one conversion after another), as `aem convert` runs each file of a batch: a reader that
crashes fails its row, not the worker. With a cache folder
shared by the workers, a conversion whose input, side files, options and aem version are unchanged is
skipped (`aem convert --cache`).
"""
import dataclasses
import hashlib
import os
import shutil
import socket
import tempfile
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
    root = staging_folder(out_dir, batch)
    tag = hashlib.sha1(output.encode()).hexdigest()[:16]
    row = Row(source, output, "failed", worker=_where())
    try:
        # An attempt of this task on a worker that died may have left its staging folder.
        if os.path.isdir(root):
            for stale in os.listdir(root):
                if stale.startswith(tag + "-"):
                    shutil.rmtree(os.path.join(root, stale), ignore_errors=True)
        store = _aem.BuildCache(cache) if cache else None
        key = _aem.cache_key(source, output, to=to, **options) if store else None
        if store and store.fresh(key):
            row.status = "cached"
        else:
            os.makedirs(root, exist_ok=True)
            stage = tempfile.mkdtemp(prefix=tag + "-", dir=root)
            try:
                report = _aem.convert(source, os.path.join(stage, model), to=to, isolate=True, **options)
                written = _move_into_place(stage, out_dir, model)
            finally:
                shutil.rmtree(stage, ignore_errors=True)
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
