"""Reads, writes, conversions, validation, renders and the mapped load release the GIL.

With the switch interval set far beyond the test's length, a thread gives the GIL up only when it waits
or calls C code that releases it. A worker thread notes a counter, makes the call and notes the counter
again; the main thread, woken as the call starts, can add to the counter in between only if the call
released the GIL (it then runs beside it). A call that holds the GIL can never pass. The models are
large enough that each call lasts long enough for the main thread to be scheduled; a call is given a
few tries, for a machine too busy to run the main thread in time once."""
import sys
import threading

import pytest

import aem

TRIES = 5


def main_thread_ran_during(call):
    inside = threading.Event()
    state = {"counter": 0, "before": None, "after": None, "error": None}

    def run():
        inside.set()
        state["before"] = state["counter"]
        try:
            call()
        except Exception as e:  # raised again in the main thread
            state["error"] = e
        state["after"] = state["counter"]

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        worker = threading.Thread(target=run)
        worker.start()
        inside.wait()
        state["counter"] += 1
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    if state["error"] is not None:
        raise state["error"]
    return state["after"] != state["before"]


def releases_the_gil(call):
    return any(main_thread_ran_during(call) for _ in range(TRIES))


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """A 20 MB IQE (text: reading it takes a while) and a 47 MB AEM (mapped and validated in one pass)."""
    folder = tmp_path_factory.mktemp("big")
    aem.example(rings=1500, segments=64).write(folder / "tube.iqe")
    aem.example(rings=8000, segments=64).write(folder / "tube.aem", no_textures=True)
    return folder


def test_read(models):
    assert releases_the_gil(lambda: aem.read(models / "tube.iqe"))


def test_write(models, tmp_path):
    scene = aem.read(models / "tube.iqe")
    assert releases_the_gil(lambda: scene.write(tmp_path / "tube.glb"))


def test_convert(models, tmp_path):
    assert releases_the_gil(lambda: aem.convert(models / "tube.iqe", tmp_path / "tube.iqm"))
    assert releases_the_gil(lambda: aem.convert(models / "tube.iqe", tmp_path / "tube.e3d", isolate=True))


def test_validate(models):
    assert releases_the_gil(lambda: aem.validate(models / "tube.iqe"))


def test_render(models):
    scene = aem.read(models / "tube.iqe")
    try:
        aem.render(scene, size=(8, 8))
    except aem.Error as e:
        if e.code == "RENDER_NO_GL":
            pytest.skip(str(e))
        raise
    assert releases_the_gil(lambda: aem.render(scene, size=(640, 480)))


def test_mapped_load(models):
    assert releases_the_gil(lambda: aem.AemModel.map(models / "tube.aem"))


def test_the_check_catches_a_call_that_holds_the_gil():
    assert not releases_the_gil(lambda: sum(range(3_000_000)))
