"""`cmake --install` puts the package where the prefix's Python finds it; `pip install .` from python/
builds and installs it (here from the build folder ctest runs in, so that nothing is compiled twice)."""
import os
import shutil
import subprocess
import sys

import pytest

SOURCE = os.environ.get("AEM_SOURCE_DIR")
BUILD = os.environ.get("AEM_BUILD_DIR")
pytestmark = pytest.mark.skipif(not (SOURCE and BUILD), reason="run by ctest (AEM_SOURCE_DIR, AEM_BUILD_DIR)")

# Runs in a fresh interpreter without the build's PYTHONPATH: only what the prefix's Python searches.
PROBE = """
import site, sys
for folder in site.getsitepackages([sys.argv[1]]):
    site.addsitedir(folder)
import aem
scene = aem.example()
print(aem.__file__)
print(aem.__version__, len(scene.meshes), type(scene.meshes[0].positions).__name__)
"""


def clean_environment():
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return env


def test_cmake_install(tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", BUILD, "--prefix", str(prefix)], check=True, capture_output=True)
    done = subprocess.run([sys.executable, "-c", PROBE, str(prefix)], capture_output=True, text=True, env=clean_environment())
    assert done.returncode == 0, done.stderr
    where, what = done.stdout.splitlines()
    assert where.startswith(str(prefix))
    assert what.endswith(" 1 ndarray")
    installed = os.path.dirname(where)
    for name in ("_aem.pyi", "py.typed", "batch/__init__.py", "batch/__main__.py"):
        assert os.path.exists(os.path.join(installed, name)), name


def test_pip_install(tmp_path):
    # A copy of python/, so that pip's in-tree build leaves nothing in the source tree.
    copy = tmp_path / "python"
    shutil.copytree(os.path.join(SOURCE, "python"), copy, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    env = clean_environment()
    env.update(AEM_SOURCE_DIR=SOURCE, AEM_CMAKE_BUILD_DIR=BUILD, PIP_NO_INDEX="1")
    target = tmp_path / "target"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--break-system-packages",
                           "--target", str(target), str(copy)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    env["PYTHONPATH"] = str(target)
    probe = subprocess.run([sys.executable, "-c", "import aem, aem.batch; print(aem.__file__, aem.example().vertex_count)"],
                           capture_output=True, text=True, env=env)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.startswith(str(target))
