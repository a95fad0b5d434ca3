"""Models for the batch tests: the example tube written in several formats, each file a distinct model
(its ring count), so that every output differs from every other."""
import os

import aem

FORMATS = ["iqe", "iqm", "glb", "e3d", "cem", "aem"]


def make_inputs(folder, count, rings=8, segments=12):
    """`count` files in `folder`, the formats in turn: tube_000.iqe, tube_001.iqm, ..."""
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i in range(count):
        path = os.path.join(folder, f"tube_{i:03d}.{FORMATS[i % len(FORMATS)]}")
        aem.example(rings=rings + i, segments=segments).write(path, no_textures=True)
        paths.append(path)
    return paths


def leftovers(folder):
    """Staging folders and temporary files anywhere under `folder`."""
    found = []
    for where, folders, files in os.walk(folder):
        found += [os.path.join(where, f) for f in folders if f.startswith(".aem-batch")]
        found += [os.path.join(where, f) for f in files if ".tmp-" in f or f.startswith(".")]
    return found
