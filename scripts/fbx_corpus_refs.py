"""The reference frames of the ufbx test suite, read statically from a ufbx checkout's test/*.h.

A reference frame is an .obj (data/NAME.obj) that ufbx's tests compare with an .fbx posed one way:
- static: ufbxt_do_file_test (test/runner.c) compares data/NAME.obj with every data/NAME_<version>_<format>.fbx
  of a UFBXT_FILE_TEST* at the file's stored pose, unless the test is an alternative one (without
  UFBXT_FILE_TEST_FLAG_DIFF_ALWAYS); UFBXT_TEST bodies do the same with ufbxt_diff_to_obj over a file
  iterator;
- animated: ufbxt_check_frame(scene, err, normals, "OBJ", ANIM or NULL, TIME) and ufbxt_check_frame_imp(...,
  FLAGS) (test/test_transform.h) evaluate the scene at TIME seconds of the first stack whose name contains
  ANIM (NULL: the scene's default animation).
ufbxt_diff_to_obj (test/testing_utils.h) compares obj = rotate(fbx_rotation, fbx_position_scale * p) with the
world position p of the scene as loaded with the test's options, so a frame records that scale and rotation
and the options that move geometry (target_axes, target_unit_meters): with them the checker maps the .obj
back to the file's own space.
"""

import ast
import os
import re
from dataclasses import dataclass, field

SQRT_HALF = 0.70710678


@dataclass
class Frame:
    fbx: str                    # file name in data/
    obj: str                    # file name in data/
    anim: object = None         # None: the default animation; str: a substring of the stack name
    time: object = None         # None: static (the stored pose); float: seconds of the file's time line
    scale: float = 1.0          # fbx_position_scale
    rotation: tuple = (1.0, 0.0, 0.0, 0.0)  # fbx_rotation (w, x, y, z)
    load_axes: object = None    # target_axes the test loaded with (name), None for the file's own
    load_unit: object = None    # target_unit_meters the test loaded with, None for the file's own
    source: str = ""            # test file:line and test name
    excluded: object = None     # why the frame is not a reference for the converter, or None

    def key(self):
        return (self.fbx, self.obj, self.anim, self.time)


@dataclass
class Unparsed:
    source: str
    reason: str
    files: list = field(default_factory=list)


# Options that move the geometry of a loaded scene. Everything else ufbx's tests set (pivot, geometry
# transform and inherit mode handling, space_conversion, handedness_conversion_axis, ...) keeps world
# positions: the tests compare the same .obj under each of them.
AXES = {"ufbx_axes_right_handed_y_up", "ufbx_axes_right_handed_z_up", "ufbx_axes_left_handed_y_up",
        "ufbx_axes_left_handed_z_up"}
UNSUPPORTED_OPTIONS = {"use_root_transform", "root_transform", "skip_node_transforms", "ignore_geometry",
                       "ignore_all_content", "ignore_animation", "max_skin_weights"}

FLAG_DIFF_ALWAYS = "UFBXT_FILE_TEST_FLAG_DIFF_ALWAYS"
FLAG_DIFF_EXPECT_FAIL = "UFBXT_FILE_TEST_FLAG_DIFF_EXPECT_FAIL"
FLAG_DIFF_EXPECT_FAIL_POST_7000 = "UFBXT_FILE_TEST_FLAG_DIFF_EXPECT_FAIL_POST_7000"
FLAG_DIFF_SCALE_100 = "UFBXT_FILE_TEST_FLAG_DIFF_SCALE_100"

# The file-test macros of test/runner.c: their arguments (a trailing "flags" for the _FLAGS forms) and
# whether the test is an alternative one (no static diff unless DIFF_ALWAYS).
FILE_TEST_MACROS = {
    "UFBXT_FILE_TEST": (["name"], False),
    "UFBXT_FILE_TEST_PATH": (["name", "path"], False),
    "UFBXT_FILE_TEST_OPTS": (["name", "opts"], False),
    "UFBXT_FILE_TEST_SUFFIX": (["name", "suffix"], True),
    "UFBXT_FILE_TEST_ALT_SUFFIX": (["name", "file", "suffix"], True),
    "UFBXT_FILE_TEST_SUFFIX_OPTS": (["name", "suffix", "opts"], True),
    "UFBXT_FILE_TEST_ALT": (["name", "file"], True),
    "UFBXT_FILE_TEST_OPTS_ALT": (["name", "file", "opts"], True),
}


def strip_comments(text):
    """C source without comments; strings, line numbers and offsets of everything else kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def mask_literals(text):
    """`text` with the insides of string and character literals blanked: brackets in them are not code."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        if text[i] in "\"'":
            quote, j = text[i], i + 1
            while j < n and text[j] != quote:
                j += 2 if text[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = " "
            i = j + 1
        else:
            i += 1
    return "".join(out)


def balanced(masked, start, open_ch, close_ch):
    """Index just past the bracket that closes the one at masked[start] (== open_ch), or -1; `masked` is
    source text through mask_literals."""
    depth = 0
    for i in range(start, len(masked)):
        if masked[i] == open_ch:
            depth += 1
        elif masked[i] == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def split_args(text):
    """Top-level comma-separated arguments of a call's argument text."""
    args, depth, cur, in_str = [], 0, [], False
    for i, c in enumerate(text):
        if in_str:
            cur.append(c)
            if c == '"' and text[i - 1] != "\\":
                in_str = False
            continue
        if c == '"':
            in_str = True
        elif c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif c == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
            continue
        cur.append(c)
    if cur or args:
        args.append("".join(cur).strip())
    return args


def string_literal(arg):
    m = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', arg.strip())
    return m.group(1) if m else None


def number(expr):
    """The value of a constant arithmetic expression of C literals (15.0/24.0, (ufbx_real)0.01, 1.0f)."""
    text = re.sub(r"\(\s*(?:ufbx_real|double|float)\s*\)", "", expr)
    text = re.sub(r"(\d(?:[\d.]*)(?:[eE][-+]?\d+)?)[fF]\b", r"\1", text).strip()
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return None
    allowed = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Add, ast.Sub, ast.Mult, ast.Div,
               ast.USub, ast.UAdd)
    if not all(isinstance(node, allowed) for node in ast.walk(tree)):
        return None
    if not all(isinstance(node.value, (int, float)) for node in ast.walk(tree) if isinstance(node, ast.Constant)):
        return None
    try:
        return float(eval(compile(tree, "<expr>", "eval"), {"__builtins__": {}}))
    except ZeroDivisionError:
        return None


class Options:
    """What a ufbx_load_opts value does to world positions: target axes and unit, or why it is unknown."""

    def __init__(self):
        self.axes = None
        self.unit = None
        self.problem = None

    def copy(self):
        o = Options()
        o.axes, o.unit, o.problem = self.axes, self.unit, self.problem
        return o

    def assign(self, name, value):
        if name == "target_axes":
            if value in AXES:
                self.axes = value[len("ufbx_axes_"):]
            else:
                self.problem = f"opts.target_axes = {value}"
        elif name == "target_unit_meters":
            v = number(value)
            if v is None:
                self.problem = f"opts.target_unit_meters = {value}"
            else:
                self.unit = v if v > 0 else None
        elif name in UNSUPPORTED_OPTIONS:
            self.problem = f"opts.{name} moves geometry in a way the harness does not model"


OPTS_ASSIGN = re.compile(r"\bopts\.(\w+)\s*=(?!=)\s*([^;]+);")


def options_functions(sources):
    """name -> Options of every function returning ufbx_load_opts built field by field."""
    found = {}
    for text in sources.values():
        masked = mask_literals(text)
        for m in re.finditer(r"\bufbx_load_opts\s+(\w+)\s*\(\s*(?:void)?\s*\)\s*\{", text):
            end = balanced(masked, m.end() - 1, "{", "}")
            body = text[m.end():end]
            o = Options()
            if not re.search(r"ufbx_load_opts\s+opts\s*=\s*\{\s*0\s*\}", body):
                o.problem = f"{m.group(1)}() does not start from zero options"
            for a in OPTS_ASSIGN.finditer(body):
                o.assign(a.group(1), a.group(2).strip())
            found[m.group(1)] = o
    return found


def parse_format(name):
    """ufbxt_parse_format: NAME_<version>_<binary|ascii|obj|mtl> -> (NAME, version, format), else (name, None, None)."""
    m = re.fullmatch(r"(.+)_(\d+)_(binary|ascii|obj|mtl)", name)
    return (m.group(1), int(m.group(2)), m.group(3)) if m else (name, None, None)


class Corpus:
    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.fbx = sorted(f for f in os.listdir(data_dir)
                          if f.lower().endswith(".fbx") and os.path.isfile(os.path.join(data_dir, f)))
        self.obj = {f for f in os.listdir(data_dir) if f.endswith(".obj")}
        self._obj_flags = {}

    def obj_flags(self, obj):
        """The `# ufbx:...` comment lines of a reference .obj (test/testing_utils.h reads them)."""
        if obj not in self._obj_flags:
            flags = set()
            with open(os.path.join(self.data_dir, obj), "rb") as f:
                for raw in f:
                    line = raw.strip()
                    if line.startswith(b"#"):
                        text = line[1:].strip().decode("utf-8", "replace")
                        if text.startswith("ufbx:"):
                            flags.add(text[len("ufbx:"):])
            self._obj_flags[obj] = flags
        return self._obj_flags[obj]

    def exclusion(self, obj):
        """Why `obj` is no reference for a converted scene, or None."""
        if obj not in self.obj:
            return "the reference .obj is missing from data/"
        if "transform_skin" in self.obj_flags(obj):
            return ("the reference re-applies the mesh node's transform after skinning (ufbx:transform_skin), "
                    "which ufbx's own evaluation does not do")
        return None

    def files_of(self, base, suffix=None, version=None, fmt=None):
        """The .fbx files ufbx's file tests and iterators open for `base`: BASE_<version>_<format>[_SUFFIX].fbx."""
        tail = "_" + re.escape(suffix) if suffix else ""
        pattern = re.compile(re.escape(base) + r"_(\d+)_(binary|ascii)" + tail + r"\.fbx")
        out = []
        for f in self.fbx:
            m = pattern.fullmatch(f)
            if m and (version is None or int(m.group(1)) == version) and (fmt is None or m.group(2) == fmt):
                out.append((f, int(m.group(1))))
        return out


class TestParser:
    """Walks one test body in source order, tracking the state ufbx's test code builds up."""

    def __init__(self, corpus, named, frames, unparsed, source, files, opts):
        self.corpus, self.named, self.frames, self.unparsed = corpus, named, frames, unparsed
        self.source = source
        self.files = files          # [(fbx, version)] the scene is loaded from, or None when unknown
        self.opts = opts            # Options of the scene being compared
        self.pending_opts = opts.copy()
        self.obj, self.obj_scale = None, 1.0

    def frame(self, obj, anim, time, scale, rotation, line, guard, excluded=None):
        where = f"{self.source} (line {line})"
        if self.files is None:
            self.unparsed.append(Unparsed(where, "the .fbx files compared are not known (no file test or iterator)"))
            return
        if self.opts.problem:
            self.unparsed.append(Unparsed(where, self.opts.problem, [f for f, _ in self.files]))
            return
        if guard is False:
            self.unparsed.append(Unparsed(where, "inside a condition the harness does not evaluate",
                                          [f for f, _ in self.files]))
            return
        obj_file = obj + ".obj"
        for fbx, version in self.files:
            if callable(guard) and not guard(version):
                continue
            f = Frame(fbx, obj_file, anim, time, scale, rotation, self.opts.axes, self.opts.unit, where)
            f.excluded = excluded or self.corpus.exclusion(obj_file)
            self.frames.append(f)

    EVENTS = {
        "reset": r"\bufbx_load_opts\s+opts\s*=\s*\{\s*0\s*\}\s*;",
        "opts_fn": r"\bufbx_load_opts\s+opts\s*=\s*\w+\s*\(\s*\)\s*;",
        "assign": OPTS_ASSIGN.pattern,
        "iterator": r"\bufbxt_file_iterator\s+\w+\s*=\s*\{\s*\"[^\"]+\"",
        "load": r"\bscene\s*=\s*ufbx_load_file\s*\(\s*\w+\s*,\s*&opts\b",
        "obj": r"\bufbxt_load_obj_file\s*\(\s*\"[^\"]+\"",
        "obj_scale": r"\bobj_file->fbx_position_scale\s*=\s*[^;]+;",
        "diff": r"\bufbxt_diff_to_obj\s*\(\s*\w+\s*,",
        "check": r"\bufbxt_check_frame(?:_imp)?\s*\(",
        "if": r"\bif\s*\(",
        "else": r"\belse\b",
        "open": r"\{",
        "close": r"\}",
    }
    EVENT = re.compile("|".join(f"(?P<{k}>{v})" for k, v in EVENTS.items()))

    def run(self, body, masked, body_line):
        """Follows `body` (and `masked`, the same through mask_literals) from its first line `body_line`."""
        blocks = []           # per open brace: None, a version predicate, or False (an unknown condition)
        statement = None      # (end, guard) of a braceless if/else body
        pending = None        # the condition of the block or statement that follows
        pos = 0
        while True:
            m = self.EVENT.search(masked, pos)
            if not m:
                break
            kind = next(k for k in self.EVENTS if m.group(k) is not None)
            text = body[m.start():m.end()]
            line = body_line + body.count("\n", 0, m.start())
            pos = m.end()
            if statement and m.start() >= statement[0]:
                statement = None
            if kind in ("if", "else"):
                if kind == "if":
                    end = balanced(masked, m.end() - 1, "(", ")")
                    pending = version_guard(body[m.end():end - 1])
                    pos = end
                else:
                    pending = False
                rest = masked[pos:].lstrip()
                if not rest.startswith("{") and not rest.startswith("if"):
                    statement = (masked.find(";", pos) + 1, pending)
                    pending = None
                continue
            if kind == "open":
                blocks.append(pending)
                pending = None
                continue
            if kind == "close":
                if blocks:
                    blocks.pop()
                continue
            guard = combine(blocks + ([statement[1]] if statement else []))
            if kind == "reset":
                self.pending_opts = Options()
            elif kind == "opts_fn":
                self.pending_opts = self.named_options(re.search(r"=\s*(\w+)", text).group(1))
            elif kind == "assign":
                a = OPTS_ASSIGN.match(text)
                self.pending_opts.assign(a.group(1), a.group(2).strip())
            elif kind == "iterator":
                self.files = self.corpus.files_of(re.search(r'"([^"]+)"', text).group(1))
            elif kind == "load":
                self.opts = self.pending_opts.copy()
            elif kind == "obj":
                self.obj = re.search(r'"([^"]+)"', text).group(1)
                self.obj_scale = 1.0
            elif kind == "obj_scale":
                self.obj_scale = number(text.split("=", 1)[1].rstrip(";")) or 1.0
            elif kind == "diff":
                self.diff(re.search(r"\(\s*(\w+)", text).group(1), line, guard)
            elif kind == "check":
                end = balanced(masked, m.end() - 1, "(", ")")
                self.check_frame(body[m.end():end - 1], "_imp" in text, line, guard)
                pos = end

    def diff(self, target, line, guard):
        where = f"{self.source} (line {line})"
        files = [f for f, _ in self.files or []]
        if target != "scene":
            self.unparsed.append(Unparsed(where, f"compares an evaluated scene ({target}) the harness cannot pose",
                                          files))
        elif self.obj is None:
            self.unparsed.append(Unparsed(where, "no .obj loaded before the diff", files))
        else:
            self.frame(self.obj, None, None, self.obj_scale, (1.0, 0.0, 0.0, 0.0), line, guard)

    def named_options(self, name):
        o = self.named.get(name)
        if o is None:
            o = Options()
            o.problem = f"options from {name}() are not known"
        return o.copy()

    def check_frame(self, arg_text, imp, line, guard):
        args = split_args(arg_text)
        where = f"{self.source} (line {line})"
        if len(args) != (7 if imp else 6):
            self.unparsed.append(Unparsed(where, f"ufbxt_check_frame with {len(args)} arguments"))
            return
        obj = string_literal(args[3])
        anim = None if args[4] == "NULL" else string_literal(args[4])
        time = number(args[5])
        if obj is None or (anim is None and args[4] != "NULL") or time is None:
            self.unparsed.append(Unparsed(where, f"arguments not literal: {', '.join(args[3:6])}"))
            return
        scale, rotation, excluded = 1.0, (1.0, 0.0, 0.0, 0.0), None
        if imp:
            flags = {f.strip() for f in args[6].split("|")}
            unknown = flags - {"0", "UFBXT_CHECK_FRAME_SCALE_100", "UFBXT_CHECK_FRAME_Z_TO_Y_UP",
                               "UFBXT_CHECK_FRAME_NO_EXTRAPOLATE"}
            if unknown:
                self.unparsed.append(Unparsed(where, "unknown frame flags " + " | ".join(sorted(unknown))))
                return
            if "UFBXT_CHECK_FRAME_SCALE_100" in flags:
                scale = 100.0
            if "UFBXT_CHECK_FRAME_Z_TO_Y_UP" in flags:
                rotation = (SQRT_HALF, -SQRT_HALF, 0.0, 0.0)  # -90 degrees about X
            if "UFBXT_CHECK_FRAME_NO_EXTRAPOLATE" in flags:
                # The same file at the same times is also compared as it reads (with extrapolation): the
                # two references contradict each other, and only that one is the file's meaning.
                excluded = ("evaluated with ufbx's option to hold curves past their last key "
                            "(UFBXT_CHECK_FRAME_NO_EXTRAPOLATE), not as the file's curves extrapolate")
        self.frame(obj, anim, time, scale, rotation, line, guard, excluded)


def version_guard(cond):
    """A predicate on the file version for `scene->metadata.version OP N`, else False (not evaluated)."""
    m = re.fullmatch(r"\s*scene->metadata\.version\s*(>=|<=|==|!=|>|<)\s*(\d+)\s*", cond)
    if not m:
        return False
    op, n = m.group(1), int(m.group(2))
    return {
        ">=": lambda v: v >= n, "<=": lambda v: v <= n, "==": lambda v: v == n,
        "!=": lambda v: v != n, ">": lambda v: v > n, "<": lambda v: v < n,
    }[op]


def combine(guards):
    """One guard for nested blocks: False if any is unknown, a predicate for version checks, else None."""
    active = [g for g in guards if g is not None]
    if any(g is False for g in active):
        return False
    if not active:
        return None
    return lambda v: all(g(v) for g in active)


MACRO = re.compile(r"^(UFBXT_(?:FILE_)?TEST\w*)\s*\(", re.M)


def parse_tests(ufbx_dir):
    """(corpus, frames, unparsed) of a ufbx checkout: every reference frame its test/*.h define."""
    corpus = Corpus(os.path.join(ufbx_dir, "data"))
    test_dir = os.path.join(ufbx_dir, "test")
    sources = {}
    for name in sorted(os.listdir(test_dir)):
        if name.startswith("test_") and name.endswith(".h"):
            with open(os.path.join(test_dir, name), encoding="utf-8", errors="replace") as f:
                sources[name] = strip_comments(f.read())
    named = options_functions(sources)
    frames, unparsed = [], []
    for name, text in sources.items():
        masked = mask_literals(text)
        for m in MACRO.finditer(masked):
            macro = m.group(1)
            args_end = balanced(masked, m.end() - 1, "(", ")")
            args = split_args(text[m.end():args_end - 1])
            body_start = masked.find("{", args_end)
            next_macro = MACRO.search(masked, args_end)
            if body_start < 0 or (next_macro and body_start > next_macro.start()):
                continue
            body_end = balanced(masked, body_start, "{", "}")
            body = (text[body_start:body_end], masked[body_start:body_end])
            line = text.count("\n", 0, m.start()) + 1
            body_line = text.count("\n", 0, body_start) + 1
            source = f"{name}:{line} {macro}({args[0] if args else ''})"
            if macro == "UFBXT_TEST":
                TestParser(corpus, named, frames, unparsed, source, None, Options()).run(*body, body_line)
                continue
            file_test(corpus, frames, unparsed, named, macro, args, body, body_line, source)
    return corpus, frames, unparsed


def file_test(corpus, frames, unparsed, named, macro, args, body, body_line, source):
    """The frames of one UFBXT_FILE_TEST* (body: its text and masked text)."""
    base_macro = macro[:-len("_FLAGS")] if macro.endswith("_FLAGS") else macro
    spec = FILE_TEST_MACROS.get(base_macro)
    if spec is None:
        return
    names, alternative = spec
    flags = set()
    if macro.endswith("_FLAGS"):
        flags = {f.strip() for f in args[-1].split("|")}
        args = args[:-1]
    if len(args) != len(names):
        unparsed.append(Unparsed(source, f"{macro} with {len(args)} arguments"))
        return
    a = dict(zip(names, args))
    file_name = a.get("file", a["name"])
    if "path" in a:
        file_name = string_literal(a["path"]) or file_name
    base, version, fmt = parse_format(file_name)
    files = corpus.files_of(base, a.get("suffix"), version, fmt)
    opts = Options()
    if "opts" in a:
        opts = named.get(a["opts"], None)
        if opts is None:
            opts = Options()
            opts.problem = f"options from {a['opts']}() are not known"
        opts = opts.copy()
    if (not alternative or FLAG_DIFF_ALWAYS in flags) and base + ".obj" in corpus.obj and files:
        if opts.problem:
            unparsed.append(Unparsed(source + " (stored pose)", opts.problem, [f for f, _ in files]))
        else:
            scale = 100.0 if FLAG_DIFF_SCALE_100 in flags else 1.0
            for fbx, v in files:
                f = Frame(fbx, base + ".obj", None, None, scale, (1.0, 0.0, 0.0, 0.0), opts.axes, opts.unit,
                          source + " (stored pose)")
                f.excluded = corpus.exclusion(base + ".obj")
                if FLAG_DIFF_EXPECT_FAIL in flags or (FLAG_DIFF_EXPECT_FAIL_POST_7000 in flags and v >= 7000):
                    f.excluded = "ufbx's own test expects this comparison to fail (DIFF_EXPECT_FAIL)"
                frames.append(f)
    TestParser(corpus, named, frames, unparsed, source, files, opts).run(*body, body_line)


def unique_frames(frames):
    """One frame per (fbx, obj, animation, time): the first counted definition, else the first excluded one."""
    chosen = {}
    for f in frames:
        k = f.key()
        if k not in chosen or (chosen[k].excluded and not f.excluded):
            chosen[k] = f
    return sorted(chosen.values(), key=lambda f: (f.fbx, f.obj, f.time is not None, f.time or 0.0, f.anim or ""))
