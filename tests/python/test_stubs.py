"""The type stubs describe the module as it is, everything has a docstring, and the module's C++ uses the
public API only."""
import ast
import inspect
import os
import re

import aem
import aem._aem as native
import aem.batch

SOURCE = os.environ.get("AEM_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
STUBS = os.path.join(SOURCE, "python", "aem", "_aem.pyi")


def stubbed():
    """{name: set of member names} for classes, {name: None} for functions, from the stub file."""
    tree = ast.parse(open(STUBS).read())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            members |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
            out[node.name] = {m for m in members if not m.startswith("_")}
        elif isinstance(node, ast.FunctionDef):
            out[node.name] = None
    return out


def test_the_stubs_name_every_class_function_and_member():
    stubs = stubbed()
    runtime = {n for n in dir(native) if not n.startswith("_")}
    assert set(stubs) == runtime
    for name, members in stubs.items():
        if members is None:
            continue
        cls = getattr(native, name)
        actual = {m for m in dir(cls) if not m.startswith("_")} - set(dir(Exception) if issubclass(cls, BaseException) else ())
        if issubclass(cls, BaseException):
            continue  # aem.Error's fields are set on each instance
        assert members == actual, name


def parameters(signature):
    """The parameter names of a pybind11 signature line "name(a: T = (1, 2), *, b: U = None) -> R"."""
    inside = signature[signature.index("(") + 1:signature.rindex(") ->")]
    names, depth, current = [], 0, ""
    for c in inside + ",":
        if c == "," and depth == 0:
            name = current.split(":")[0].strip()
            if name and name != "*":
                names.append(name)
            current = ""
            continue
        depth += c in "([" and 1 or (-1 if c in ")]" else 0)
        current += c
    return names


def test_the_stubs_give_the_parameters():
    stubs = {n.name: n for n in ast.parse(open(STUBS).read()).body if isinstance(n, ast.FunctionDef)}
    for name in ("read", "validate", "render", "example", "output_in_folder", "output_clashes"):
        stub_args = [a.arg for a in stubs[name].args.args + stubs[name].args.kwonlyargs]
        assert parameters(getattr(native, name).__doc__.splitlines()[0]) == stub_args, name


def test_help_explains():
    for item in (aem.read, aem.convert, aem.validate, aem.render, aem.Scene.pose, aem.Scene.write, aem.AemModel.map,
                 aem.Animator.evaluate, aem.batch.convert, aem.batch.iter_convert):
        assert item.__doc__ and len(item.__doc__) > 60, item
    assert "GIL" in inspect.getdoc(aem.read) and "aem.Error" in inspect.getdoc(aem.read)
    assert aem.__doc__ and aem.Error.__doc__ and aem.batch.__doc__


def test_the_module_includes_only_public_headers():
    folder = os.path.join(SOURCE, "python", "src")
    own = set(os.listdir(folder))
    for name in own:
        for included in re.findall(r'#include "([^"]+)"', open(os.path.join(folder, name)).read()):
            assert included.startswith("aem/") or included in own, f"{name} includes {included}"
            if included.startswith("aem/"):
                assert os.path.exists(os.path.join(SOURCE, "include", included)), included
