"""How every engine process the arena runs is started: so that nothing it starts outlives the arena, and, asked
for, confined so that it sees neither the arena's files nor its processes.

:func:`launch` wraps an engine's command line in up to three layers, outermost first:

1. On Linux, a tiny Python shim sets ``PR_SET_PDEATHSIG`` (SIGKILL when the thread that started it dies, even by
   SIGKILL) and then ``exec``\\ s the rest, so the engine dies with the arena or its worker.
2. A PID namespace of its own, where the machine allows one (:func:`confinement`, detected once per process):
   ``bwrap --unshare-pid --die-with-parent`` (bubblewrap), else ``unshare --pid --fork --kill-child``
   (util-linux). When the namespace's first process dies, the kernel kills every process in it, so the engine's
   own children die too, even one that called ``setsid`` to leave the engine's process group. Where neither
   works, a note is logged once and the engine runs as before, in a process group of its own (the client's
   ``start_new_session``): a child that leaves that group can then outlive the arena.
3. With ``sandbox``, bubblewrap instead of 2 (:func:`sandbox_problem` says why it cannot run here): new user,
   PID, mount, network, IPC, UTS and cgroup namespaces (``--unshare-all``), ``--die-with-parent``,
   ``--new-session``, an empty environment but ``PATH``, ``HOME``, ``TMPDIR`` and ``LANG``, and a root of its own
   holding only read-only binds of ``/usr`` (and ``/bin``, ``/lib*``, ``/sbin``), the Python installation, the
   virtual environment, deadeye's packages, the engine's program and its script (the first word after the
   program that is not an option, if it names a file; both rewritten as absolute paths), a ``/proc`` of its own
   PID namespace, a minimal ``/dev``, a private ``/tmp`` and, writable, a working folder of its own (a new temporary folder, removed when the engine ends).
"""
from __future__ import annotations

import functools
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from typing import Sequence

log = logging.getLogger(__name__)

# Run as ``python -S -c _SHIM <parent pid> <command...>``: die with the thread that forked us, then become the
# command.  PR_SET_PDEATHSIG (1) survives execve; the pid check closes the race with a parent dying first.
_SHIM = ("import ctypes, os, signal, sys\n"
         "ctypes.CDLL(None).prctl(1, signal.SIGKILL)\n"
         "if os.getppid() != int(sys.argv[1]):\n"
         "    os._exit(1)\n"
         "os.execvp(sys.argv[2], sys.argv[2:])\n")
PROBE_S = 30.0          # the time a probe of the machine's namespaces may take (generous: a loaded machine is slow)


@dataclass(frozen=True)
class Launch:
    """An engine ready to start: its full command line, environment (None: the arena's), working folder (None:
    the arena's) and the temporary folder to remove once it has ended (None: none)."""

    argv: list[str]
    env: dict[str, str] | None = None
    cwd: str | None = None
    workdir: str | None = None

    def cleanup(self) -> None:
        """Remove the engine's working folder (call when the engine has ended)."""
        if self.workdir is not None:
            shutil.rmtree(self.workdir, ignore_errors=True)


def _linux() -> bool:
    return sys.platform.startswith("linux")


def _shim(argv: Sequence[str]) -> list[str]:
    return [sys.executable, "-S", "-c", _SHIM, str(os.getpid()), *argv] if _linux() else list(argv)


def _runs(argv: Sequence[str]) -> bool:
    try:
        return subprocess.run(list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=PROBE_S).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _pid_namespace_prefixes() -> list[tuple[str, list[str]]]:
    found = []
    bwrap = shutil.which("bwrap")
    if bwrap:
        found.append(("bwrap", [bwrap, "--dev-bind", "/", "/", "--unshare-pid", "--die-with-parent", "--"]))
    unshare = shutil.which("unshare")
    if unshare:
        found.append(("unshare", [unshare, "--pid", "--fork", "--kill-child", "--"]))
    return found


@functools.lru_cache(maxsize=None)
def _pid_namespace() -> tuple[str, tuple[str, ...]]:
    true = shutil.which("true") or "/bin/true"
    if _linux():
        for name, prefix in _pid_namespace_prefixes():
            if _runs([*prefix, true]):
                return name, tuple(prefix)
    log.warning("deadeye: no PID namespace can be made here (neither bwrap nor unshare --pid works): engines run "
                "in a process group of their own, and a process an engine starts outside it can outlive the arena")
    return "process-group", ()


def confinement() -> str:
    """How engines are kept from outliving the arena on this machine: ``bwrap`` or ``unshare`` (a PID namespace
    per engine), or ``process-group`` (the fallback). Detected once per process."""
    return _pid_namespace()[0]


def _sandbox_paths() -> list[str]:
    """What an engine needs read-only besides ``/usr``: the Python installation, the virtual environment and the
    folders of deadeye's packages (an editable install keeps them in the source tree)."""
    import deadeye

    paths = {sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix}
    for name in ("core", "search", "bots", "protocol"):
        module = __import__(f"deadeye.{name}", fromlist=["__path__"])
        paths.update(module.__path__)
    paths.update(p for p in getattr(deadeye, "__path__", ()) if os.path.isfile(os.path.join(p, "__init__.py")))
    real = sorted({os.path.abspath(p) for p in paths if os.path.isdir(p)})
    return [p for p in real if not any(p != q and p.startswith(q.rstrip("/") + "/") for q in real + ["/usr"])]


def _command_files(command: Sequence[str]) -> tuple[list[str], list[str]]:
    """The command with its program, and its script (the first word after it that is not an option, when that
    names a file: ``python engine.py``), made absolute; and those files. No other word is bound: a file named
    further on the command line (a journal, say) stays out of the sandbox."""
    argv, files = list(command), []
    script = next((i for i, word in enumerate(argv[1:], 1) if not word.startswith("-")), None)
    for i in (0, script):
        if i is None:
            continue
        path = shutil.which(argv[i]) if i == 0 else argv[i]
        if path is not None and os.path.isfile(path):
            argv[i] = os.path.abspath(path)
            files.append(argv[i])
    return argv, files


def _sandbox_argv(bwrap: str, command: Sequence[str], workdir: str) -> list[str]:
    argv, files = _command_files(command)
    binds = _sandbox_paths()
    path = ":".join([os.path.join(p, "bin") for p in (sys.prefix, sys.base_prefix)] + ["/usr/local/bin", "/usr/bin",
                                                                                      "/bin"])
    args = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--clearenv",
            "--setenv", "PATH", path, "--setenv", "HOME", workdir, "--setenv", "TMPDIR", "/tmp",
            "--setenv", "LANG", "C.UTF-8",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    for etc in ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime"):
        args += ["--ro-bind-try", etc, etc]
    roots = [*binds, "/usr"]
    for p in binds + [f for f in dict.fromkeys(files) if not any(f.startswith(r.rstrip("/") + "/") for r in roots)]:
        args += ["--ro-bind", p, p]
    return args + ["--bind", workdir, workdir, "--chdir", workdir, "--", *argv]


@functools.lru_cache(maxsize=None)
def sandbox_problem() -> str | None:
    """Why ``sandbox`` cannot run on this machine (None: it can). Detected once per process."""
    if not _linux():
        return "the sandbox needs Linux namespaces"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "the sandbox needs bubblewrap: install it (apt-get install bubblewrap)"
    workdir = tempfile.mkdtemp(prefix="deadeye-probe-")
    try:
        if not _runs(_sandbox_argv(bwrap, [sys.executable, "-S", "-c", "pass"], workdir)):
            return "bubblewrap cannot make a sandbox here (are user namespaces allowed?)"
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return None


def launch(command: Sequence[str], sandbox: bool = False) -> Launch:
    """How to start the engine ``command``: in a PID namespace where the machine allows one, confined by
    bubblewrap with ``sandbox`` (``RuntimeError`` if :func:`sandbox_problem` says it cannot run here)."""
    if not sandbox:
        return Launch(_shim([*_pid_namespace()[1], *command]))
    problem = sandbox_problem()
    if problem is not None:
        raise RuntimeError(problem)
    workdir = tempfile.mkdtemp(prefix="deadeye-engine-")
    argv = _sandbox_argv(shutil.which("bwrap") or "bwrap", command, workdir)
    return Launch(_shim(argv), env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, workdir=workdir)
