"""The FBX corpus check's report: counts against the goals, then every failure grouped by its cause.
build() makes the JSON-ready report, print_text() the text scripts/fbx_corpus.sh prints."""

import re

GOAL_CONVERTED = 0.97
GOAL_MATCHED = 0.90


def build(ufbx_dir, names, conversions, frames, results, unparsed, frame_id):
    report = {"ufbx_dir": ufbx_dir, "files": len(names),
              "converted": sum(1 for n in names if conversions[n]["converted"]),
              "conversions": [dict(file=n, **conversions[n]) for n in names],
              "frames": [], "excluded": [],
              "unparsed": [{"source": u.source, "reason": u.reason, "files": u.files} for u in unparsed]}
    for f in frames:
        entry = {"id": frame_id(f), "fbx": f.fbx, "obj": f.obj, "animation": f.anim, "time": f.time,
                 "source": f.source}
        result = results.get(entry["id"])
        if f.excluded:
            report["excluded"].append(dict(entry, reason=f.excluded))
        elif not conversions[f.fbx]["converted"]:
            report["frames"].append(dict(entry, status="not_converted", code=conversions[f.fbx]["code"]))
        elif result is None:
            report["frames"].append(dict(entry, status="error", error="the checker gave no result"))
        elif result["status"] == "no_reference":
            report["excluded"].append(dict(entry, reason="no reference: " + result.get("error", "")))
        else:
            report["frames"].append(dict(entry, **{k: v for k, v in result.items() if k != "id"}))
    counted = report["frames"]
    report["summary"] = {
        "files": report["files"], "converted": report["converted"],
        "frames": len(counted),
        "static": sum(1 for f in counted if f["time"] is None),
        "animated": sum(1 for f in counted if f["time"] is not None),
        "matched": sum(1 for f in counted if f["status"] == "match"),
        "matched_static": sum(1 for f in counted if f["status"] == "match" and f["time"] is None),
        "matched_animated": sum(1 for f in counted if f["status"] == "match" and f["time"] is not None),
        "matched_in_file_space": sum(1 for f in counted if f.get("file_space_match")),
        "not_parsed": len(report["unparsed"]), "excluded": len(report["excluded"]),
    }
    return report


# Outcomes a hostile input must not end in: the script's own names for a conversion that printed no code.
UNHANDLED = ("TIMEOUT", "SIGNAL", "READER_CRASHED")


def unhandled(result):
    code = result["code"]
    return not result["converted"] and (code in UNHANDLED or code.startswith("EXIT_"))


def add_hostile(report, names, results):
    """The fuzz inputs' outcomes: converted, refused with an error code, or not handled (a crash, a
    hang or a failure without a code), the last listed."""
    rows = [dict(file=n, **results[n]) for n in names]
    report["hostile"] = [r for r in rows if unhandled(r)]
    report["summary"].update({
        "hostile": len(rows),
        "hostile_converted": sum(1 for r in rows if r["converted"]),
        "hostile_refused": sum(1 for r in rows if not r["converted"] and not unhandled(r)),
        "hostile_unhandled": len(report["hostile"]),
    })


def percent(part, whole):
    return f"{100.0 * part / whole:5.1f}%" if whole else "    -"


def error_key(message):
    """Messages that differ only in quoted names and numbers fall into one group."""
    return re.sub(r"0x[0-9a-fA-F]+|\d+(\.\d+)?", "N", re.sub(r'"[^"]*"', '"…"', message))


def message_key(message):
    """An error line without the file name it starts with, names and numbers blurred: one per cause."""
    text = error_key(re.sub(r"^.*?\.fbx: ", "", message or "", flags=re.I))
    return text if len(text) <= 160 else text[:160] + " …"


def wrap(items, out, indent="    ", width=110):
    line = indent
    for i, item in enumerate(items):
        text = item + (", " if i + 1 < len(items) else "")
        if len(line) + len(text) > width and line.strip():
            out.write(line.rstrip() + "\n")
            line = indent
        line += text
    if line.strip():
        out.write(line.rstrip() + "\n")


def print_text(report, out):
    s = report["summary"]
    out.write(f"FBX corpus check of {report['ufbx_dir']} ({report.get('seconds', 0):g} s)\n")
    out.write(f"  files             {s['files']:5d}\n")
    out.write(f"  converted         {s['converted']:5d}  {percent(s['converted'], s['files'])}   goal >= {GOAL_CONVERTED:.0%}\n")
    out.write(f"  reference frames  {s['frames']:5d}          static {s['static']}, animated {s['animated']}\n")
    out.write(f"  matched           {s['matched']:5d}  {percent(s['matched'], s['frames'])}   goal >= {GOAL_MATCHED:.0%}"
              f"   static {s['matched_static']}/{s['static']} {percent(s['matched_static'], s['static']).strip()},"
              f" animated {s['matched_animated']}/{s['animated']} {percent(s['matched_animated'], s['animated']).strip()}\n")
    out.write(f"  not parsed        {s['not_parsed']:5d}          excluded {s['excluded']} (both listed at the end)\n")
    if "hostile" in s:
        out.write(f"  fuzz inputs       {s['hostile']:5d}          converted {s['hostile_converted']}, refused with an error"
                  f" code {s['hostile_refused']}, crashed, hung or refused without a code {s['hostile_unhandled']}"
                  f" (goal 0)\n")
    out.write(f"  (diagnosis: {s['matched_in_file_space']} frames would match with the reference left in the file's"
              f" declared unit and axes, as a reading that ignores them gives)\n")

    failed = [c for c in report["conversions"] if not c["converted"]]
    if failed:
        out.write(f"\nConversion failures: {len(failed)} files, by error code and message\n")
        groups = {}
        for c in failed:
            groups.setdefault(c["code"], {}).setdefault(message_key(c["message"]), []).append(c)
        for code, messages in sorted(groups.items(), key=lambda kv: (-sum(map(len, kv[1].values())), kv[0])):
            out.write(f"  {code}: {sum(map(len, messages.values()))} files\n")
            for key, items in sorted(messages.items(), key=lambda kv: -len(kv[1])):
                out.write(f"    {len(items)} x {key}\n")
                wrap([c["file"] for c in items], out, indent="      ")

    if report.get("hostile"):
        out.write(f"\nFuzz inputs not handled: {len(report['hostile'])}\n")
        for c in report["hostile"]:
            out.write(f"  {c['file']}: {c['code']}: {c['message']}\n")

    frames = [f for f in report["frames"] if f["status"] != "match"]
    if frames:
        out.write(f"\nReference frames not matched: {len(frames)}, by cause\n")
        not_converted = {}
        errors = {}
        for f in frames:
            if f["status"] == "not_converted":
                not_converted.setdefault(f["code"], []).append(f)
            elif f["status"] == "error":
                errors.setdefault(error_key(f.get("error", "")), []).append(f)
        for code, items in sorted(not_converted.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            out.write(f"  file not converted ({code}): {len(items)} frames\n")
            wrap([f["id"] for f in items], out)
        mismatches = [f for f in frames if f["status"] == "mismatch"]
        if mismatches:
            out.write(f"  geometry mismatch: {len(mismatches)} frames (larger mean nearest distance / limit, in metres)\n")
            for f in sorted(mismatches, key=lambda f: -ratio(f)):
                posed = f.get("posed_diagonal")
                size = ""
                if posed is not None and f.get("limit"):
                    size = f", size posed/reference {posed / (f['limit'] / 1e-3):.3g}"
                note = f"; {f['note']}" if f.get("note") else ""
                if f.get("file_space_match"):
                    note += "; matches in the file's declared unit and axes"
                distance = "infinite" if f.get("distance") is None else f"{f['distance']:.3g}"
                out.write(f"    {f['id']}: {distance} / {f['limit']:.3g} (x{ratio(f):.3g}), points"
                          f" {f.get('reference_points')} reference, {f.get('posed_points')} posed{size}{note}\n")
        for key, items in sorted(errors.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            out.write(f"  error: {key}: {len(items)} frames, e.g. {items[0].get('error', '')}\n")
            wrap([f["id"] for f in items], out)

    if report["unparsed"]:
        out.write(f"\nReference frames not parsed from test/*.h: {len(report['unparsed'])}\n")
        for u in report["unparsed"]:
            files = f" [{', '.join(u['files'])}]" if u["files"] else ""
            out.write(f"  {u['source']}: {u['reason']}{files}\n")
    if report["excluded"]:
        out.write(f"\nExcluded reference frames (not about the conversion): {len(report['excluded'])}\n")
        groups = {}
        for e in report["excluded"]:
            groups.setdefault(e["reason"], []).append(e)
        for reason, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            out.write(f"  {reason}: {len(items)} frames\n")
            wrap([e["id"] for e in items], out)


def ratio(frame):
    if frame.get("distance") is None:
        return float("inf")
    return frame["distance"] / frame["limit"] if frame.get("limit") else float("inf")
