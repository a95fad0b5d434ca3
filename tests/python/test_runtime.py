"""aem.AemModel and aem.Animator: the runtime's zero-copy view of an AEM file, evaluated as `aem pose`
evaluates it."""
import numpy as np
import pytest

import aem
from conftest import cli, data, model_path


def pose_printed(path, animation, time):
    """`aem pose`'s matrices: one line per bone, 'index m0..m15' column-major."""
    lines = cli("pose", path, "--anim", animation, "--time", time).stdout.split()
    values = np.array(lines, dtype=np.float64).reshape(-1, 17)[:, 1:]
    return values.reshape(-1, 4, 4).transpose(0, 2, 1)  # column-major rows of 16 -> [bone, row, column]


@pytest.mark.parametrize("model", [("data", "aem/skinned_quad.aem"), ("corpus", "aem/RiggedSimple.aem"), ("corpus", "aem/BoxAnimated.aem")],
                         ids=lambda m: m[1])
def test_the_mapped_file(model, tmp_path):
    path = model_path(model)
    model = aem.AemModel.map(path)
    scene = aem.read(path)
    # The AEM reader gives each mesh its contiguous vertex range (docs/architecture.md), in order.
    positions = np.concatenate([m.positions for m in scene.meshes])
    np.testing.assert_array_equal(model.vertices["position"], positions)
    assert model.vertices.dtype.itemsize == 92  # aem_file::Vertex
    assert model.indices.dtype == np.uint32
    assert model.meshes["index_count"].sum() == len(model.indices)
    assert len(model.bone_parents) == len(scene.skeleton)
    np.testing.assert_array_equal(model.bone_parents, scene.skeleton.parents)
    assert model.animation_names == [a.name for a in scene.animations]
    for array in (model.vertices, model.indices, model.inverse_binds):
        assert array.flags.writeable is False and array.flags.owndata is False

    animator = model.animator()
    for animation in range(len(model.animation_names)):
        for time in (0.0, 0.37 * float(model.animation_durations[animation])):
            np.testing.assert_allclose(animator.evaluate(animation, time), pose_printed(path, animation, time), rtol=0, atol=2e-6)


def test_a_crowd_is_its_instances():
    path = data("aem/skinned_quad.aem")
    model = aem.AemModel.map(path)
    times = np.array([0.0, 0.25, 0.5, 0.9], dtype=np.float32)
    crowd = model.animator().evaluate_crowd(0, times)
    assert crowd.shape == (4, len(model.bone_parents), 4, 4)
    single = model.animator()
    for i, t in enumerate(times):
        np.testing.assert_array_equal(crowd[i], single.evaluate(0, float(t)))
    np.testing.assert_array_equal(model.animator().evaluate(-1, 0.3), np.broadcast_to(np.eye(4), crowd[0].shape))


def test_loads_alike(tmp_path):
    path = data("aem/skinned_quad.aem")
    mapped, read, copied = aem.AemModel.map(path), aem.AemModel.load(path), aem.AemModel.from_bytes(open(path, "rb").read())
    for other in (read, copied):
        assert other.vertices.tobytes() == mapped.vertices.tobytes()
    with pytest.raises(aem.Error) as caught:
        aem.AemModel.map(data("aem-legacy/skinned_quad.legacy.aem"))
    assert caught.value.code.startswith("AEM_")
