"""Errors raise aem.Error with the library's code, message, file and location."""
import pickle
import struct

import pytest

import aem
from conftest import data


def test_error_is_an_exception_with_the_diagnostics_fields(tmp_path):
    missing = tmp_path / "missing.glb"
    with pytest.raises(aem.Error) as caught:
        aem.read(missing)
    e = caught.value
    assert isinstance(e, Exception)
    assert e.code == "IO_OPEN_FAILED"
    assert e.file == str(missing)
    assert e.offset is None and e.line is None
    assert str(e).startswith(f"{missing}: ") and "IO_OPEN_FAILED" in str(e)
    copy = pickle.loads(pickle.dumps(e))  # rows of aem.batch carry errors between processes
    assert (type(copy), copy.code, copy.file, str(copy)) == (aem.Error, e.code, e.file, str(e))


def test_a_binary_error_names_its_byte_offset(tmp_path):
    # An AEM header whose counts promise one vertex (92 bytes) after the 40-byte header, and nothing
    # after it: docs/formats/aem.md §1 sizes give 132 bytes expected, 40 present.
    header = b"AEM\x01" + struct.pack("<9I", 1, 0, 0, 0, 0, 0, 0, 0, 0)
    (tmp_path / "short.aem").write_bytes(header)
    with pytest.raises(aem.Error) as caught:
        aem.read(tmp_path / "short.aem")
    assert caught.value.code == "AEM_SIZE_MISMATCH"
    assert caught.value.format == "AEM"
    with pytest.raises(aem.Error) as caught:
        aem.AemModel.from_bytes(header)
    assert caught.value.code == "AEM_SIZE_MISMATCH"


def test_a_glb_error_names_its_byte_offset(tmp_path):
    # A GLB whose header declares 1000 bytes while the file has 12: the length field is at byte 8.
    (tmp_path / "short.glb").write_bytes(b"glTF" + struct.pack("<II", 2, 1000))
    with pytest.raises(aem.Error) as caught:
        aem.read(tmp_path / "short.glb")
    assert caught.value.format == "glTF"
    assert caught.value.offset is not None and caught.value.offset <= 12


def test_a_text_error_names_its_line(tmp_path):
    # The third line's vertex position is not a number.
    (tmp_path / "bad.iqe").write_text("# Inter-Quake Export\nmesh m\nvp 1 2 x\n")
    with pytest.raises(aem.Error) as caught:
        aem.read(tmp_path / "bad.iqe")
    assert caught.value.line == 3
    assert caught.value.format == "IQE"
    assert caught.value.offset is None


def test_a_json_error_names_its_line_and_column(tmp_path):
    # Line 2 is '  "meshes": [1, 2,, 3]}': the second comma, where a value should start, is its 19th
    # character (2 spaces, '"meshes"' 3-10, ':' 11, ' ' 12, '[' 13, '1' 14, ',' 15, ' ' 16, '2' 17, ',' 18).
    (tmp_path / "bad.gltf").write_text('{"asset": {"version": "2.0"},\n  "meshes": [1, 2,, 3]}')
    with pytest.raises(aem.Error) as caught:
        aem.read(tmp_path / "bad.gltf")
    assert caught.value.code == "GLTF_JSON"
    assert (caught.value.line, caught.value.column) == (2, 19)
    assert caught.value.offset is None
    assert "at line 2, column 19" in str(caught.value)


def test_validate_returns_the_problems(tmp_path):
    assert aem.validate(data("iqm/skinned_quad.iqm")) == []
    problems = aem.validate(data("cem/fuzz-frames-overrun.cem"))
    assert [p.severity for p in problems] == ["error"]
    assert problems[0].code == "CEM_BAD_COUNT"
    # Valid with two tolerated problems: 8 bytes past the header's size, a repeated vertex array.
    warned = aem.validate(data("iqm/fuzz-repeated-blend-array.iqm"))
    assert [(p.severity, p.code) for p in warned] == [("warning", "IQM_FILESIZE_MISMATCH"), ("warning", "IQM_VERTEX_ARRAY_SKIPPED")]
    assert str(warned[0]).startswith(data("iqm/fuzz-repeated-blend-array.iqm") + ": IQM warning IQM_FILESIZE_MISMATCH")
    # Errors come first, then warnings: NaN key values (scene rules), then the reader's warnings.
    mixed = [p.severity for p in aem.validate(data("iqm/fuzz-frame-rate-overflow.iqm"))]
    assert mixed == sorted(mixed) and mixed[0] == "error" and mixed[-1] == "warning"


def test_the_library_and_the_cli_report_the_same_problems():
    import json
    from conftest import cli
    path = data("iqm/fuzz-frame-rate-overflow.iqm")
    printed = json.loads(cli("validate", "--json", path, check=False).stdout)["files"][0]
    ours = aem.validate(path)
    assert [p.code for p in ours if p.severity == "warning"] == [w["code"] for w in printed["warnings"]]
    assert [p.code for p in ours if p.severity == "error"] == [e["code"] for e in printed["errors"]]


def test_bad_arguments_are_python_errors(tmp_path):
    scene = aem.example()
    with pytest.raises(TypeError):
        scene.write(tmp_path / "x.aem", colour="red")
    with pytest.raises(ValueError):
        scene.write(tmp_path / "x.aem", up="x")
    with pytest.raises(ValueError):
        aem.convert(data("iqe/skinned_quad.iqe"), tmp_path / "x.out", to="obj")
    with pytest.raises(aem.Error) as caught:
        scene.write(tmp_path / "x.unknown")
    assert caught.value.code == "CONVERT_UNKNOWN_OUTPUT"


def test_diagnostics_pickle():
    warning = aem.read(data("aem-legacy/skinned_quad.legacy.aem")).warnings[0]
    copy = pickle.loads(pickle.dumps(warning))
    assert (copy.code, copy.severity, str(copy)) == (warning.code, "warning", str(warning))
