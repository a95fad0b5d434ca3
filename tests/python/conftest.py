"""Shared fixtures of the Python module's tests (run by ctest, which sets the environment below).

AEM_TEST_DATA_DIR: tests/data; AEM_CLI: the aem tool of the same build; AEM_PYTHON_REFERENCE: the C++
helper that prints the library's own counts and posed positions (reference.cpp); AEM_CORPUS_DIR: the
shared corpus (unset: corpus tests are skipped; set but a file missing: they fail).
"""
import json
import os
import subprocess

import pytest

DATA = os.environ.get("AEM_TEST_DATA_DIR", os.path.join(os.path.dirname(__file__), "..", "data"))
CLI = os.environ.get("AEM_CLI", "aem")

# One file per format aem reads itself, all in the repository (tests/data/README.md says how each was
# made); the skinned quads carry the same hand-checked model in every format.
FIXTURES = [
    "aem/skinned_quad.aem",
    "aem-legacy/skinned_quad.legacy.aem",
    "cem/skinned_quad.cem",
    "e3d/skinned_quad.e3d",
    "e3d/kitchen-sink.e3d",
    "e3d/tube-lzma.e3d",
    "gltf/skinned_quad.glb",
    "gltf/triangle.gltf",
    "iqe/skinned_quad.iqe",
    "iqe/animated.iqe",
    "iqm/skinned_quad.iqm",
    "iqm/animated.iqm",
    "fbx/fuzz-take-of-ages.fbx",
    "assimp/triangle.amf",
    "assimp/unsorted_keys.x",
]

# Corpus models (relative to AEM_CORPUS_DIR) that the tests also run on when the corpus is there.
CORPUS = [
    "gltf/CesiumMan/CesiumMan.glb",
    "gltf/RiggedSimple/RiggedSimple.glb",
    "gltf/BoxAnimated/BoxAnimated.glb",
    "gltf/BoxTextured/BoxTextured.glb",
    "gltf/AnimatedMorphCube/AnimatedMorphCube.gltf",
    "gltf/SimpleSparseAccessor/SimpleSparseAccessor.gltf",
    "aem/RiggedSimple.aem",
    "aem-legacy/RiggedSimple.legacy.aem",
    "iqe/raylib_guy.iqe",
    "iqm/raylib_guyanim.iqm",
    "cem/test_1.cem",
]


def data(relative):
    return os.path.join(DATA, relative)


def corpus_file(relative):
    """The corpus file, or a skip when AEM_CORPUS_DIR is unset (a failure when it is set and the file is missing)."""
    root = os.environ.get("AEM_CORPUS_DIR")
    if not root:
        pytest.skip("AEM_CORPUS_DIR is not set")
    path = os.path.join(root, relative)
    assert os.path.exists(path), f"{path} is missing from the corpus"
    return path


def models():
    """pytest parameters: every in-repository fixture, then the corpus models."""
    return [pytest.param(("data", f), id=f) for f in FIXTURES] + [pytest.param(("corpus", f), id="corpus/" + f) for f in CORPUS]


def model_path(param):
    where, relative = param
    return data(relative) if where == "data" else corpus_file(relative)


def reference(path, animation=-1, time=0.0):
    """What the C++ library itself reads from `path` (reference.cpp): counts and posed positions."""
    tool = os.environ["AEM_PYTHON_REFERENCE"]
    out = subprocess.run([tool, path, str(animation), repr(time)], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def cli(*args, check=True):
    return subprocess.run([CLI, *map(str, args)], check=check, capture_output=True, text=True)
