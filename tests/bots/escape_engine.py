"""A sandboxed engine that tries to leave its read-only binds (run by tests/test_arena_confinement.py).

    python -S escape_engine.py [PATH...]

It tries to remount every mount it sees read-write (a process that kept its capabilities can), then to create a
file in every mounted folder and to open every mounted file and every PATH for writing; a file it creates it
removes at once.  It prints one JSON line: its capability sets, ``NoNewPrivs``, the mounts it remounted and the
paths it could write, leaving out only its working folder (its scratch), its private ``/tmp``, ``/proc`` and
``/dev``.  Standard library only, so that any Python runs it.
"""
import ctypes
import json
import os
import sys

MS_REMOUNT, MS_BIND = 32, 4096


def mount_points() -> list[str]:
    with open("/proc/self/mountinfo") as f:
        return sorted({line.split()[4].replace("\\040", " ") for line in f})


def outside_scratch(path: str) -> bool:
    """Not its own: its working folder, its private /tmp (but what is bound inside it is the machine's), /proc, /dev."""
    return path not in (os.getcwd(), "/tmp") and not any(path == top or path.startswith(top + "/")
                                                         for top in ("/proc", "/dev"))


def writable(path: str) -> bool:
    try:
        if os.path.isdir(path):
            probe = os.path.join(path, f".deadeye-escape-{os.getpid()}")
            fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            os.close(fd)
            os.unlink(probe)
        else:
            os.close(os.open(path, os.O_WRONLY | os.O_APPEND))     # opened for writing; nothing written
        return True
    except OSError:
        return False


def main() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    targets = [p for p in mount_points() if outside_scratch(p)]
    remounted = [p for p in targets if libc.mount(None, p.encode(), None, MS_REMOUNT | MS_BIND, None) == 0]
    paths = list(dict.fromkeys(targets + [os.path.abspath(p) for p in sys.argv[1:]]))
    with open("/proc/self/status") as f:
        status = dict(line.rstrip("\n").split(":\t", 1) for line in f if ":\t" in line)
    print(json.dumps({"caps": {k: status[k] for k in ("CapPrm", "CapEff", "CapBnd", "CapAmb")},
                      "no_new_privs": status.get("NoNewPrivs"), "uid": os.getuid(), "mounts": targets,
                      "remounted": remounted, "written": [p for p in paths if writable(p)]}))


main()
