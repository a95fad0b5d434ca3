"""aem.batch on a LocalCluster of two worker processes: 50 files of several formats, the rules of
`aem convert --out-dir`, failures as rows, the cache, and the command line."""
import json
import os
import shutil
import subprocess
import sys

import pytest

import aem
import aem.batch
from batch_inputs import leftovers, make_inputs
from conftest import cli, data

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as connected:
        yield connected


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    return make_inputs(str(tmp_path_factory.mktemp("inputs")), 50)


def folder_bytes(folder):
    return {name: open(os.path.join(folder, name), "rb").read() for name in sorted(os.listdir(folder))}


def test_fifty_files_of_several_formats(client, inputs, tmp_path):
    report = aem.batch.convert(inputs, tmp_path / "out", client=client, up="z")
    assert len(report) == 50 and [r.input for r in report] == inputs
    assert [r.status for r in report] == ["converted"] * 50, [r.error for r in report if not r.ok]
    assert (report.converted, report.cached, report.failed) == (50, 0, 0)
    # The same files as `aem convert IN... --out-dir DIR` writes, byte for byte, and nothing else.
    cli("convert", "--out-dir", tmp_path / "tool", "--up", "z", *inputs)
    assert folder_bytes(tmp_path / "out") == folder_bytes(tmp_path / "tool")
    for row in report:
        assert row.output == str(tmp_path / "out" / (os.path.splitext(os.path.basename(row.input))[0] + ".aem"))
        assert row.bytes == os.path.getsize(row.output) and row.seconds > 0 and row.worker
    assert leftovers(tmp_path / "out") == []


def test_small_files_share_tasks_and_large_ones_have_their_own():
    from aem.batch._plan import tasks
    jobs = [(f"in{i}", f"out{i}") for i in range(6)]
    assert tasks(jobs, [10, 20, 70, 5, 200, 1], 100) == [jobs[0:3], jobs[3:4], jobs[4:5], jobs[5:6]]
    assert tasks(jobs, [10] * 6, 0) == [[job] for job in jobs]
    assert tasks([], [], 100) == []


def converting_tasks(client, inputs, out, **options):
    """The keys of the Dask tasks a batch ran, and its report."""
    with distributed.get_task_stream(client) as stream:
        report = aem.batch.convert(inputs, out, client=client, **options)
    return {t["key"] for t in stream.data if str(t["key"]).startswith("aem-convert-")}, report


def test_a_task_per_file_or_several(client, inputs, tmp_path):
    # 50 small files on two worker threads: each task takes about a sixteenth of the input bytes.
    grouped, report = converting_tasks(client, inputs, tmp_path / "grouped")
    assert 8 <= len(grouped) < 50 and report.converted == 50
    one_each, report = converting_tasks(client, inputs, tmp_path / "one-each", task_bytes=0)
    assert len(one_each) == 50 and report.converted == 50
    assert folder_bytes(tmp_path / "grouped") == folder_bytes(tmp_path / "one-each")


def test_rows_stream_back_as_they_finish(client, inputs, tmp_path):
    rows = list(aem.batch.iter_convert(inputs[:6], tmp_path, "gltf", client, embed=True))
    assert sorted(r.input for r in rows) == sorted(inputs[:6])
    assert sorted(os.listdir(tmp_path)) == sorted(os.path.splitext(os.path.basename(i))[0] + ".gltf" for i in inputs[:6])


def test_the_clash_rules_of_the_tool(client, tmp_path):
    for folder in ("a", "b"):
        os.makedirs(tmp_path / folder)
    shutil.copy(data("iqe/skinned_quad.iqe"), tmp_path / "a" / "guy.iqe")
    shutil.copy(data("iqm/skinned_quad.iqm"), tmp_path / "b" / "guy.iqm")
    shutil.copy(data("aem/skinned_quad.aem"), tmp_path / "a" / "quad.aem")
    inputs = [tmp_path / "a" / "guy.iqe", tmp_path / "b" / "guy.iqm", tmp_path / "a" / "quad.aem"]
    with pytest.raises(aem.batch.ClashError) as caught:
        aem.batch.convert(inputs, tmp_path / "a", client=client)
    tool = cli("convert", "--out-dir", tmp_path / "a", *inputs, check=False)
    assert tool.returncode == 2
    assert [f"  {c}" for c in caught.value.clashes] == [line for line in tool.stderr.splitlines() if line.startswith("  ")]
    assert len(caught.value.clashes) == 2  # a/quad.aem is an input; out/guy.aem would be written twice
    assert sorted(os.listdir(tmp_path / "a")) == ["guy.iqe", "quad.aem"]  # nothing converted


def test_failures_are_rows(client, inputs, tmp_path):
    hostile = [data("cem/fuzz-frames-overrun.cem"), data("assimp/crashes_assimp.md5mesh")]
    report = aem.batch.convert(inputs[:4] + hostile, tmp_path, client=client)
    by_input = {r.input: r for r in report}
    assert by_input[hostile[0]].error_code == "CEM_BAD_COUNT"
    # Assimp aborts on this file: its conversion's child process dies, the worker does not.
    assert by_input[hostile[1]].error_code == "CONVERT_CRASHED"
    assert [r.status for r in report] == ["converted"] * 4 + ["failed"] * 2
    assert report.failed == 2
    assert leftovers(tmp_path) == []


def test_workers_that_share_a_cache(client, inputs, tmp_path):
    first = aem.batch.convert(inputs[:10], tmp_path / "out", client=client, cache=tmp_path / "cache")
    assert first.converted == 10
    second = aem.batch.convert(inputs[:10], tmp_path / "out", client=client, cache=tmp_path / "cache")
    assert second.cached == 10
    # The tool trusts the workers' entries: the key is the same.
    assert cli("convert", inputs[0], tmp_path / "out" / "tube_000.aem", "--cache", tmp_path / "cache").stdout.startswith("cached ")
    os.remove(tmp_path / "out" / "tube_003.aem")
    third = aem.batch.convert(inputs[:10], tmp_path / "out", client=client, cache=tmp_path / "cache")
    assert [r.status for r in third] == ["cached"] * 3 + ["converted"] + ["cached"] * 6


def test_the_command_line(inputs, tmp_path):
    env = dict(os.environ)
    command = [sys.executable, "-m", "aem.batch", *inputs[:5], "--out-dir", str(tmp_path / "out"), "--workers", "2", "--json", "--to", "iqm"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert sorted(r["input"] for r in rows) == sorted(inputs[:5]) and {r["status"] for r in rows} == {"converted"}
    assert "converted 5 of 5 files" in done.stderr
    assert sorted(n for n in os.listdir(tmp_path / "out") if n.endswith(".iqm")) == [f"tube_{i:03d}.iqm" for i in range(5)]
    clash = subprocess.run([sys.executable, "-m", "aem.batch", inputs[0], inputs[0], "--out-dir", str(tmp_path)],
                           capture_output=True, text=True, env=env, timeout=300)
    assert clash.returncode == 2 and "tube_000.aem <- " in clash.stderr


def test_a_task_that_fails_outside_the_conversion_is_a_row(client, inputs, tmp_path):
    # An option the module refuses raises TypeError inside each task: every input still gets its row.
    report = aem.batch.convert(inputs[:3], tmp_path, client=client, no_such_option=1)
    assert [r.status for r in report] == ["failed"] * 3
    assert {r.error_code for r in report} == {"BATCH_TASK_FAILED"}
    assert all("TypeError" in r.error and "no_such_option" in r.error for r in report)
    assert leftovers(tmp_path) == []
