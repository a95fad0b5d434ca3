"""Which file goes where (the --out-dir rules of `aem convert`, checked before anything runs) and which
files share a Dask task."""
import os

from .. import _aem


class ClashError(ValueError):
    """Nothing was converted: several inputs would write one output, or an output is an input.

    `clashes` lists them as `aem convert --out-dir` does ("OUT <- IN1, IN2", "OUT would overwrite the
    input IN"); convert those inputs separately, or into different folders.
    """

    def __init__(self, clashes):
        super().__init__("nothing converted: several conversions would write the same file:\n  " + "\n  ".join(clashes))
        self.clashes = list(clashes)


def plan(inputs, out_dir, to):
    """[(input, output)] with absolute paths (workers on other machines see the same shared folder),
    outputs as `aem convert --out-dir OUT_DIR --to TO` names them. Raises ClashError, ValueError for an
    unknown format or standard input."""
    if isinstance(inputs, (str, os.PathLike)):
        raise TypeError("inputs is a list of files, not one file")
    out_dir = os.path.abspath(os.fspath(out_dir))
    jobs = []
    for given in inputs:
        given = os.fspath(given)
        if given == "-":
            raise ValueError("standard input (-) cannot be part of a batch")
        source = os.path.abspath(given)
        jobs.append((source, _aem.output_in_folder(source, out_dir, to)))
    clashes = _aem.output_clashes(jobs)
    if clashes:
        raise ClashError(clashes)
    return jobs


def tasks(jobs, sizes, budget):
    """The jobs cut into consecutive groups, one Dask task each: a group takes files while their sizes add
    up to at most `budget` bytes, and always at least one file (a larger file is a task alone); a budget
    of 0 makes a task of every file."""
    groups, total = [], budget
    for job, size in zip(jobs, sizes):
        if not groups or budget <= 0 or total + size > budget:
            groups.append([])
            total = 0
        groups[-1].append(job)
        total += size
    return groups
