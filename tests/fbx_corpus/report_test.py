"""scripts/fbx_corpus.py and fbx_corpus_report.py on ufbx's fuzz inputs: which files are swept, and
which outcomes count as handled (converted, or refused with an error code) and which do not.
Run: python3 -m unittest discover -s tests/fbx_corpus -p '*_test.py' (ctest: fbx_corpus.scripts)."""

import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import fbx_corpus  # noqa: E402
import fbx_corpus_report as report_module  # noqa: E402


class FuzzInputs(unittest.TestCase):
    def test_the_fbx_and_obj_fuzz_folders_and_nothing_else(self):
        with tempfile.TemporaryDirectory() as data:
            for name in ("fuzz/b.fbx", "fuzz/a.fbx", "fuzz/notes.txt", "obj_fuzz/c.obj", "mtl_fuzz/d.mtl",
                         "cache_fuzz/mcx/e.mcx", "top.fbx"):
                os.makedirs(os.path.join(data, os.path.dirname(name)), exist_ok=True)
                open(os.path.join(data, name), "w").close()
            self.assertEqual(fbx_corpus.hostile_inputs(data),
                             [os.path.join("fuzz", "a.fbx"), os.path.join("fuzz", "b.fbx"),
                              os.path.join("obj_fuzz", "c.obj")])

    def test_a_crash_a_hang_and_a_failure_without_a_code_are_not_handled(self):
        results = {
            "fuzz/ok.fbx": {"converted": True, "code": None, "message": None},
            "fuzz/refused.fbx": {"converted": False, "code": "FBX_INVALID", "message": "x: FBX error FBX_INVALID"},
            "fuzz/crash.fbx": {"converted": False, "code": "SIGNAL", "message": "aem convert died from signal 11"},
            "fuzz/hang.fbx": {"converted": False, "code": "TIMEOUT", "message": "aem convert ran past 1 s"},
            "fuzz/silent.fbx": {"converted": False, "code": "EXIT_1", "message": "no message"},
            "obj_fuzz/child.obj": {"converted": False, "code": "READER_CRASHED", "message": "reader crashed"},
        }
        report = {"summary": {}}
        report_module.add_hostile(report, list(results), results)
        self.assertEqual((report["summary"]["hostile"], report["summary"]["hostile_converted"],
                          report["summary"]["hostile_refused"], report["summary"]["hostile_unhandled"]), (6, 1, 1, 4))
        self.assertEqual([r["file"] for r in report["hostile"]],
                         ["fuzz/crash.fbx", "fuzz/hang.fbx", "fuzz/silent.fbx", "obj_fuzz/child.obj"])

    def test_the_text_lists_each_input_not_handled(self):
        results = {"fuzz/crash.fbx": {"converted": False, "code": "SIGNAL", "message": "died from signal 11"}}
        report = report_module.build("u", [], {}, [], {}, [], str)  # an empty corpus run
        report_module.add_hostile(report, list(results), results)
        out = io.StringIO()
        report_module.print_text(report, out)
        self.assertIn("crashed, hung or refused without a code 1 (goal 0)", out.getvalue())
        self.assertIn("fuzz/crash.fbx: SIGNAL: died from signal 11", out.getvalue())


if __name__ == "__main__":
    unittest.main()
