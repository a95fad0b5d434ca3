"""python3 -m aem.batch IN... --out-dir DIR [--scheduler ADDRESS]: aem convert's batch on Dask distributed."""
import argparse
import json
import sys

from . import TASK_BYTES, ClashError, iter_convert
from ._progress import Progress


def arguments(argv):
    p = argparse.ArgumentParser(
        prog="python3 -m aem.batch",
        description="Convert models on Dask distributed into DIR/<stem>.<extension> "
                    "(the rules of `aem convert IN... --out-dir DIR`). Without --scheduler, a LocalCluster "
                    "of --workers workers in this process runs them (each conversion in its own child process).")
    p.add_argument("inputs", nargs="+", metavar="IN", help="model files (on many machines: in a folder they all share)")
    p.add_argument("--out-dir", required=True, metavar="DIR", help="where the outputs go (created if missing)")
    p.add_argument("--to", default="aem", help="output format: %(default)s, gltf, iqm, iqe, cem or e3d")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a dask-scheduler's address, e.g. tcp://host:8786")
    p.add_argument("--workers", type=int, metavar="N", help="LocalCluster workers (default: one per core)")
    p.add_argument("--cache", metavar="DIR", help="skip conversions whose inputs, side files and options are unchanged (a folder the workers share)")
    p.add_argument("--task-bytes", type=int, default=TASK_BYTES, metavar="N",
                   help="consecutive small inputs share a Dask task up to N bytes of input (default %(default)s; 0: a task per file)")
    p.add_argument("--json", action="store_true", help="print each row as a JSON object on one line as it finishes")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    g = p.add_argument_group("options of aem convert")
    g.add_argument("--scale", type=float)
    g.add_argument("--up", choices=["y", "z"])
    g.add_argument("--flip-uv", action="store_true")
    g.add_argument("--no-textures", action="store_true")
    g.add_argument("--optimize", action="store_true")
    g.add_argument("--weld", action="store_true")
    g.add_argument("--anim-error", type=float, metavar="E")
    g.add_argument("--fps", type=float)
    g.add_argument("--lods", type=int)
    g.add_argument("--compress", action="store_true")
    g.add_argument("--embed", action="store_true")
    g.add_argument("--sync", action="store_true")
    g.add_argument("--asset-root", metavar="DIR")
    return p.parse_args(argv)


def convert_options(args):
    """The options of aem convert that were given, as aem.convert's keywords."""
    names = ["scale", "up", "flip_uv", "no_textures", "optimize", "weld", "anim_error", "fps", "lods", "compress", "embed", "sync", "asset_root"]
    return {n: getattr(args, n) for n in names if getattr(args, n) is not None and getattr(args, n) is not False}


def row_json(row):
    return json.dumps({"input": row.input, "output": row.output, "status": row.status, "error_code": row.error_code,
                       "error": row.error, "warnings": [str(w) for w in row.warnings], "seconds": row.seconds,
                       "bytes": row.bytes, "worker": row.worker})


def main(argv=None):
    args = arguments(argv)
    try:
        rows = iter_convert(args.inputs, args.out_dir, args.to, scheduler=args.scheduler, workers=args.workers, cache=args.cache,
                            task_bytes=args.task_bytes, **convert_options(args))
        bar = None if args.quiet else Progress(len(args.inputs))
        counts = {"converted": 0, "cached": 0, "failed": 0}
        for row in rows:
            counts[row.status] += 1
            for w in row.warnings:
                print(w, file=sys.stderr)
            if row.error:
                print(row.error, file=sys.stderr)
            if args.json:
                print(row_json(row), flush=True)
            if bar:
                bar.update(row)
    except ClashError as e:
        print(f"error: {e}\nconvert those inputs separately, or into different --out-dir folders", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    done = len(args.inputs) - counts["failed"]
    print(f"converted {done} of {len(args.inputs)} files" + (f", {counts['failed']} failed" if counts["failed"] else "") +
          (f", {counts['cached']} cached" if counts["cached"] else ""), file=sys.stderr if args.json else sys.stdout)
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
