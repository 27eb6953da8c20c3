"""`route-planner serve` run for a test: started on a free loopback port, its standard error read in a thread
(so that the pipe never fills and blocks the server), stopped with SIGTERM. The standard library only, so that
the attack test (Tools/attack_test.py), the two-servers test (Tools/two_servers_test.py) and the browser harness
(Tools/desk_browser/harness.py) share it, `run`, which runs another command of the binary (to make a store), and
`multipart`, which writes the body of a form with files, as the desk's uploads take it.

    from served import start_server

    server = start_server("/path/to/route-planner", ["--store", "desk.sqlite"])
    try:
        ...  # server.base_url, server.port
    finally:
        status = server.stop()   # the exit status: 0 when it drained and stopped
"""

from __future__ import annotations

import collections
import os
import re
import secrets
import signal
import subprocess
import threading

_LISTENING = re.compile(r"listening on (http://\S+)")


class Server:
    """A running `<binary> serve --port 0 ...`; `base_url` is where it listens, e.g. http://127.0.0.1:41234."""

    def __init__(self, process: subprocess.Popen, base_url: str, log: collections.deque, reader: threading.Thread):
        self.process = process
        self.base_url = base_url
        self.log = log  # the last 10,000 lines of its standard error, still being appended to
        self._reader = reader

    @property
    def port(self) -> int:
        """The port it listens on."""
        return int(self.base_url.rsplit(":", 1)[1].split("/")[0])

    def stop(self, timeout: float = 10.0) -> int:
        """SIGTERM, wait up to `timeout` seconds, then SIGKILL; returns the exit status (negative: the signal)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._reader.join(5)
        return self.process.returncode

    def stderr_text(self) -> str:
        return "".join(self.log)

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def start_server(binary: str | os.PathLike, args: list[str] = (), env: dict[str, str] | None = None,
                 timeout: float = 60.0) -> Server:
    """Runs `binary serve --port 0 *args` and returns once it says `listening on http://...` on standard error.

    `env` replaces the environment when given (pass `{**os.environ, ...}` to add to it). Raises RuntimeError with
    the standard error collected so far if the process exits first or does not listen within `timeout` seconds.
    Standard error keeps being read in a thread afterwards, so that the pipe never fills and blocks the server.
    """
    process = subprocess.Popen([os.fspath(binary), "serve", "--port", "0", *args], env=env,
                               stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace")
    log: collections.deque[str] = collections.deque(maxlen=10_000)
    found = threading.Event()
    url: list[str] = []

    def drain() -> None:
        for line in process.stderr:  # ends at EOF, when the process exits
            log.append(line)
            if not found.is_set() and (match := _LISTENING.search(line)):
                url.append(match.group(1))
                found.set()
        found.set()  # wake the waiter on EOF too

    reader = threading.Thread(target=drain, name="server-stderr", daemon=True)
    reader.start()
    found.wait(timeout)
    if not url:
        exited = process.poll() is not None
        if not exited:
            process.kill()
            process.wait()
        reader.join(5)
        why = f"exited with status {process.returncode}" if exited else f"did not listen within {timeout:g} s"
        raise RuntimeError(f"{binary} serve {why}; its standard error:\n{''.join(log)}")
    return Server(process, url[0], log, reader)


def run(binary: str | os.PathLike, *args: str, password: str | None = None) -> str:
    """Runs a command of the binary (a password, when given, as its standard input's first line); its standard
    output. A failure raises RuntimeError with both outputs: what the test needs cannot be made."""
    result = subprocess.run([os.fspath(binary), *args], input=f"{password}\n" if password is not None else None,
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise RuntimeError(f"route-planner {' '.join(args)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result.stdout


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    """The body of a `multipart/form-data` form of text fields and CSV files (name: (filename, content)), and its
    Content-Type."""
    boundary = "----served" + secrets.token_hex(8)
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode() for name, value in fields.items()]
    for name, (filename, content) in files.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                     f'Content-Type: text/csv\r\n\r\n'.encode() + content + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"
