"""How every engine process the arena runs is started: so that nothing it starts outlives the arena, and, asked
for, confined so that it sees neither the arena's files nor its processes.

:func:`launch` wraps an engine's command line in up to four layers, outermost first:

1. On Linux, a tiny Python shim sets ``PR_SET_PDEATHSIG`` (SIGKILL when the thread that started it dies, even by
   SIGKILL) and then ``exec``\\ s the rest, so the engine dies with the arena or its worker.
2. A PID namespace of its own, where the machine allows one (:func:`confinement`, detected once per process):
   ``unshare --pid --fork --kill-child`` (util-linux; needs root), else ``bwrap --unshare-pid
   --die-with-parent`` (bubblewrap). When the namespace's first process dies, the kernel kills every process in
   it, so the engine's own children die too, even one that called ``setsid`` to leave the engine's process
   group. Where neither works, a note is logged once and the engine runs in a process group of its own (the
   client's ``start_new_session``), without layer 3: a child that leaves that group can then outlive the arena.
3. In that namespace, a guard (:data:`_GUARD`) that starts the rest and holds the read end of a lifeline pipe
   whose write end only the arena holds. When the engine exits, or the lifeline reads end of file (the arena
   died, or ended the engine), the guard kills whatever else runs in the namespace. Both tools bind their first
   process to its parent only during their set-up (bwrap 0.8 can even wait for ever on its parent there), so
   without the guard an arena killed while an engine was starting could leave that namespace running. Under
   unshare the guard is the namespace's first process and covers every case; under bwrap it is the second and
   cannot end a first process still stuck in its set-up.
4. With ``sandbox``, bubblewrap around the engine (:func:`sandbox_problem` says why it cannot run here): new user,
   PID, mount, network, IPC, UTS and cgroup namespaces (``--unshare-all``), ``--die-with-parent``,
   ``--new-session``, no capability at all (``--cap-drop ALL``: run by root, bubblewrap would otherwise leave the
   engine every capability in its namespace, enough to remount its read-only binds read-write) and no new
   privileges (bubblewrap always sets ``PR_SET_NO_NEW_PRIVS``), an empty environment but ``PATH``, ``HOME``,
   ``TMPDIR`` and ``LANG``, and a read-only root of its own holding only read-only binds of ``/usr`` (and ``/bin``, ``/lib*``, ``/sbin``), the Python installation, the
   virtual environment, deadeye's packages, the engine's program and its script (the first word after the
   program that is not an option, if it names a file; both rewritten as absolute paths), a ``/proc`` of its own
   PID namespace, a minimal ``/dev``, a private ``/tmp`` and, writable, a working folder of its own (a new
   temporary folder, removed when the engine ends). The guard stays outside the sandbox: the engine sees
   neither it nor the lifeline.
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
# Run as the first command in an engine's PID namespace, as ``python -S -c _GUARD <lifeline fd> <command...>``: start
# the command; once it exits or the lifeline reads end of file, kill whatever else runs in the namespace and exit
# with the command's status (128 + N for signal N). Only a namespace's first processes (pid 1 under unshare, 2 under
# bwrap) send kill(-1); without pidfds (Linux < 5.3) the guard just becomes the command.
_GUARD = ("import os, select, signal, sys\n"
          "life = int(sys.argv[1])\n"
          "try:\n"
          "    os.close(os.pidfd_open(os.getpid()))\n"
          "except (AttributeError, OSError):\n"
          "    os.close(life)\n"
          "    os.execvp(sys.argv[2], sys.argv[2:])\n"
          "pid = os.fork()\n"
          "if pid == 0:\n"
          "    os.close(life)\n"
          "    try:\n"
          "        os.execvp(sys.argv[2], sys.argv[2:])\n"
          "    except OSError as exc:\n"
          "        print(f'deadeye: cannot start {sys.argv[2]}: {exc}', file=sys.stderr)\n"
          "        os._exit(127)\n"
          "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
          "null = os.open(os.devnull, os.O_RDWR)\n"
          "os.dup2(null, 0)\n"
          "os.dup2(null, 1)\n"
          "ended = os.pidfd_open(pid)\n"
          "select.select([life, ended], [], [])\n"
          "code = 128 + signal.SIGKILL\n"
          "if select.select([ended], [], [], 0)[0]:\n"
          "    code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])\n"
          "if os.getpid() <= 2:\n"
          "    try:\n"
          "        os.kill(-1, signal.SIGKILL)\n"
          "    except ProcessLookupError:\n"
          "        pass\n"
          "os._exit(code if code >= 0 else 128 - code)\n")
PROBE_S = 30.0          # the time a probe of the machine's namespaces may take (generous: a loaded machine is slow)


@dataclass
class Launch:
    """An engine ready to start: its full command line, environment (None: the arena's), working folder (None:
    the arena's), the temporary folder to remove once it has ended (None: none), the file descriptors it must
    inherit (``pass_fds``: the lifeline's read end) and the arena's end of its lifeline (None: it has none)."""

    argv: list[str]
    env: dict[str, str] | None = None
    cwd: str | None = None
    workdir: str | None = None
    pass_fds: tuple[int, ...] = ()
    lifeline: int | None = None

    def started(self) -> None:
        """Close the arena's copies of what the engine inherited (call once it has started)."""
        for fd in self.pass_fds:
            os.close(fd)
        self.pass_fds = ()

    def cleanup(self) -> None:
        """Cut the lifeline and remove the working folder (call when the engine has ended, or failed to start)."""
        self.started()
        if self.lifeline is not None:
            os.close(self.lifeline)
            self.lifeline = None
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
    unshare = shutil.which("unshare")
    if unshare:
        found.append(("unshare", [unshare, "--pid", "--fork", "--kill-child", "--"]))
    bwrap = shutil.which("bwrap")
    if bwrap:
        found.append(("bwrap", [bwrap, "--dev-bind", "/", "/", "--unshare-pid", "--die-with-parent", "--"]))
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
    args = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL", "--clearenv",
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
    return args + ["--bind", workdir, workdir, "--remount-ro", "/", "--chdir", workdir, "--", *argv]


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
        if not _runs([*_pid_namespace()[1], *_sandbox_argv(bwrap, [sys.executable, "-S", "-c", "pass"], workdir)]):
            return "bubblewrap cannot make a sandbox here (are user namespaces allowed?)"
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return None


def launch(command: Sequence[str], sandbox: bool = False) -> Launch:
    """How to start the engine ``command``: in a PID namespace where the machine allows one, confined by
    bubblewrap with ``sandbox`` (``RuntimeError`` if :func:`sandbox_problem` says it cannot run here). Start it
    with ``pass_fds``, then call :meth:`Launch.started`; call :meth:`Launch.cleanup` once it has ended."""
    workdir, env = None, None
    if sandbox:
        problem = sandbox_problem()
        if problem is not None:
            raise RuntimeError(problem)
        workdir = tempfile.mkdtemp(prefix="deadeye-engine-")
        command = _sandbox_argv(shutil.which("bwrap") or "bwrap", command, workdir)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    namespace = _pid_namespace()[1]
    if not namespace:
        return Launch(_shim(command), env=env, workdir=workdir)
    read, write = os.pipe()
    guard = [sys.executable, "-S", "-c", _GUARD, str(read)]
    return Launch(_shim([*namespace, *guard, *command]), env=env, workdir=workdir, pass_fds=(read,), lifeline=write)
