"""Builds the extension module aem._aem with CMake (the one build of the C++ code), for pip.

pip install . --no-build-isolation runs this in python/: CMake configures the source tree one folder up
(with -DAEM_BUILD_PYTHON=ON, no tests, no benchmarks, for the Python that runs pip) in build/python-pip,
builds the aem_python target and puts _aem*.so and aem-read-worker (which its isolated reads run) into the wheel. AEM_SOURCE_DIR names the source tree when
this folder is a copy elsewhere; AEM_CMAKE_BUILD_DIR names an existing
build folder to use instead (configured with -DAEM_BUILD_PYTHON=ON): only what changed is rebuilt.
Needs the Debian packages of scripts/install-deps.sh; nothing is downloaded.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# The aem source tree: this folder's parent, or AEM_SOURCE_DIR for a copy of this folder built elsewhere.
SOURCE = os.environ.get("AEM_SOURCE_DIR") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def version():
    """project(aem VERSION x.y.z) in the top CMakeLists.txt: the one version number."""
    text = open(os.path.join(SOURCE, "CMakeLists.txt")).read()
    return re.search(r"project\(aem VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.environ.get("AEM_CMAKE_BUILD_DIR") or os.path.join(SOURCE, "build", "python-pip")
        if not os.environ.get("AEM_CMAKE_BUILD_DIR"):
            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            subprocess.check_call(["cmake", "-S", SOURCE, "-B", build, *generator, "-DCMAKE_BUILD_TYPE=Release", "-DAEM_BUILD_PYTHON=ON",
                                   "-DAEM_BUILD_TESTS=OFF", "-DAEM_BUILD_BENCH=OFF", f"-DPython3_EXECUTABLE={sys.executable}"])
        subprocess.check_call(["cmake", "--build", build, "--target", "aem_python", "-j", str(os.cpu_count() or 1)])
        built = glob.glob(os.path.join(build, "python", "aem", "_aem*.so"))
        if len(built) != 1:
            raise RuntimeError(f"expected one _aem module in {build}/python/aem, found {built}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)
        shutil.copy(os.path.join(build, "python", "aem", "aem-read-worker"), os.path.dirname(target))


setup(version=version(), ext_modules=[Extension("aem._aem", sources=[])], cmdclass={"build_ext": CMakeBuild})
