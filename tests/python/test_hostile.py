"""Hostile files raise aem.Error and never take the interpreter down: the fuzzers' regression files, and
every fixture cut short and with bytes changed, through every entry point that reads a file.

A crash here ends pytest itself, which ctest reports as a failure."""
import os
import random
import zlib

import pytest

import aem
from conftest import DATA, FIXTURES, data

# tests/data/*/fuzz-*: inputs that once crashed a reader (tests/data/README.md).
REGRESSIONS = sorted(os.path.join(folder, name) for folder, _, names in os.walk(DATA) for name in names if name.startswith("fuzz-"))

# Assimp's formats are read in a child process by the library itself: mutating them here would spend
# minutes in forks; the file that crashes Assimp stands for them (test_convert.py).
NATIVE = [f for f in FIXTURES if not f.startswith("assimp/")]


def mutations(original, count, seed):
    """The file cut at several lengths, then with 1 to 8 bytes set to random values (a fixed seed: the
    same files every run)."""
    rng = random.Random(seed)
    for cut in sorted({0, 1, 4, 12, 40, len(original) // 2, len(original) - 1}):
        if cut < len(original):
            yield original[:cut]
    for _ in range(count):
        changed = bytearray(original)
        for _ in range(rng.randint(1, 8)):
            changed[rng.randrange(len(changed))] = rng.randrange(256)
        yield bytes(changed)


def every_entry_point(path):
    """read, validate, convert (in process and isolated), render skipped (it reads as read does), and the
    runtime's mapped load for AEM names: each either works or raises aem.Error."""
    outcomes = []
    for call in (lambda: aem.read(path), lambda: aem.validate(path), lambda: aem.convert(path, path + ".out.aem"),
                 lambda: aem.AemModel.map(path) if path.endswith(".aem") else None):
        try:
            call()
            outcomes.append("ok")
        except aem.Error as e:
            assert e.code, "every error has a code"
            outcomes.append(e.code)
    return outcomes


@pytest.mark.parametrize("path", REGRESSIONS, ids=[os.path.relpath(p, DATA) for p in REGRESSIONS])
def test_fuzz_regressions(path, tmp_path):
    copy = tmp_path / os.path.basename(path)
    copy.write_bytes(open(path, "rb").read())
    every_entry_point(str(copy))


@pytest.mark.parametrize("fixture", NATIVE)
def test_mutated_fixtures(fixture, tmp_path):
    original = open(data(fixture), "rb").read()
    name = os.path.basename(fixture)
    failures = 0
    for i, mutated in enumerate(mutations(original, 40, seed=zlib.crc32(fixture.encode()))):
        path = tmp_path / f"{i}-{name}"
        path.write_bytes(mutated)
        failures += any(o != "ok" for o in every_entry_point(str(path)))
    assert failures > 0, "the mutations should make some of these files unreadable"


def test_hostile_bytes_to_the_runtime():
    original = open(data("aem/skinned_quad.aem"), "rb").read()
    for mutated in mutations(original, 200, seed=7):
        try:
            model = aem.AemModel.from_bytes(mutated)
        except aem.Error:
            continue
        # What validated is safe to evaluate at any time, in or out of the keys' range.
        animator = model.animator()
        for animation in range(-1, len(model.animation_names)):
            for time in (-1.0, 0.0, 0.5, 1e9):
                animator.evaluate(animation, time)
