"""A worker killed part-way through a batch: the scheduler gives its tasks to the other worker and the
batch still ends with every input converted exactly once, no temporary left and a complete report."""
import os
import signal

import pytest

import aem
import aem.batch
from batch_inputs import leftovers, make_inputs
from conftest import cli

distributed = pytest.importorskip("distributed")


def test_a_killed_worker(tmp_path):
    # Tubes large enough that a conversion takes a while: the kill lands while both workers are busy.
    inputs = make_inputs(str(tmp_path / "inputs"), 50, rings=300, segments=64)
    out = tmp_path / "out"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        rows, killed, interrupted = [], None, []
        for row in aem.batch.iter_convert(inputs, out, client=client):
            rows.append(row)
            if len(rows) == 10:
                # The worker processes (not their nannies), and one that has a conversion running now.
                pids = client.run(os.getpid)
                busy = {address: tasks for address, tasks in client.processing().items() if tasks}
                killed = next(iter(busy))
                # A key ends in its task's first input and number of inputs.
                ranges = [map(int, key.rsplit("-", 2)[1:]) for key in busy[killed]]
                interrupted = [i for first, count in ranges for i in range(first, first + count)]
                os.kill(pids[killed], signal.SIGKILL)
        assert killed is not None
        # The nanny started a new worker in its place; the cluster ran on.
        assert len(client.scheduler_info()["workers"]) >= 1

    assert sorted(r.input for r in rows) == sorted(inputs)  # every input exactly once in the report
    # The conversions the dead worker was running were run again, elsewhere.
    by_input = {r.input: r for r in rows}
    assert interrupted and all(by_input[inputs[i]].worker != killed for i in interrupted)
    assert [r for r in rows if r.status != "converted"] == []
    # Every output once, whole: the bytes `aem convert` writes for the same inputs.
    cli("convert", "--out-dir", tmp_path / "tool", *inputs)
    assert sorted(os.listdir(out)) == sorted(os.listdir(tmp_path / "tool"))
    for name in os.listdir(tmp_path / "tool"):
        assert (out / name).read_bytes() == (tmp_path / "tool" / name).read_bytes(), name
    assert leftovers(out) == []
