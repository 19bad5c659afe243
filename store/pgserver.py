"""A throwaway PostgreSQL server in a temporary directory, for the tests and the benchmarks.

``with ThrowawayPostgres() as server: server.url`` runs initdb and starts ``postgres`` listening on a Unix
socket in the temporary directory only (no TCP port, so nothing clashes), and on leaving stops it and removes
everything. PostgreSQL refuses to run as root, so as root the server runs as the ``postgres`` system user
(``runuser``) in a directory handed to that user. Binaries: ``CLANS_PG_BIN``, else the newest
``/usr/lib/postgresql/*/bin``, else whatever ``pg_config --bindir`` names.
"""

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Self
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

PORT = 5432  # only names the socket file inside our own directory
MEMORY_ROOM = 2 * 1024**3
"""The free memory-backed space (bytes) a throwaway server needs to keep its files there rather than on disk."""


class PostgresUnavailable(RuntimeError):
    """No throwaway server could be started; the message says why and what to do."""


def find_bindir() -> Path:
    configured = os.environ.get("CLANS_PG_BIN", "").strip()
    candidates = [Path(configured)] if configured else []
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name or 0))
    candidates += [Path(p) for p in reversed(versions)]
    pg_config = shutil.which("pg_config")
    if pg_config:
        done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        if done.returncode == 0:
            candidates.append(Path(done.stdout.strip()))
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "pg_ctl").is_file():
            return bindir
    raise PostgresUnavailable(
        "no PostgreSQL server binaries (initdb, pg_ctl) found: install PostgreSQL 15 (apt-get install "
        "postgresql-15), set CLANS_PG_BIN to its bin directory, or set CLANS_TEST_POSTGRES to a server's URL"
    )


class ThrowawayPostgres:
    def __init__(self, durable: bool = False) -> None:
        """``durable=False`` turns fsync off: fine for tests, whose data dies with the server anyway."""
        self._durable = durable
        self._bindir = find_bindir()
        self._dir: Path | None = None
        self._as_postgres = os.geteuid() == 0

    @property
    def url(self) -> str:
        """The superuser's URL for the ``postgres`` database (connect to create others)."""
        assert self._dir is not None, "the server is not running"
        return f"postgresql://postgres@/postgres?host={self._dir}&port={PORT}"

    def _run(self, *args: str) -> None:
        command = [str(self._bindir / args[0]), *args[1:]]
        if self._as_postgres:
            runuser = shutil.which("runuser", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin") or "runuser"
            command = [runuser, "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)
        if done.returncode != 0:
            raise PostgresUnavailable(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")

    def start(self) -> Self:
        self._dir = Path(tempfile.mkdtemp(prefix="clans-pg-", dir=self._parent()))
        try:
            if self._as_postgres:
                shutil.chown(self._dir, user="postgres", group="postgres")
            data = self._dir / "data"
            self._run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C",
                      *(() if self._durable else ("--no-sync",)))  # fmt: skip
            settings = f"-c listen_addresses= -k {self._dir} -p {PORT} -c max_connections=200"
            if not self._durable:
                settings += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(data), "-l", str(self._dir / "log"),
                      "-o", settings)  # fmt: skip
        except BaseException as exc:
            log = self._dir / "log"
            detail = f"\nserver log:\n{log.read_text()[-2000:]}" if log.exists() else ""
            self._remove()
            if isinstance(exc, PostgresUnavailable):
                raise PostgresUnavailable(f"{exc}{detail}") from exc
            raise
        return self

    def _parent(self) -> str | None:
        """Where the server's files go: a throwaway server's in memory when the machine has room there (every test
        schema is hundreds of files); as root, somewhere the postgres user can reach (TMPDIR may be inside root's
        home)."""
        memory = Path("/dev/shm")
        roomy = memory.is_dir() and os.access(memory, os.W_OK) and shutil.disk_usage(memory).free >= MEMORY_ROOM
        if not self._durable and roomy:
            return str(memory)
        return "/tmp" if self._as_postgres else None

    def stop(self) -> None:
        if self._dir is None:
            return
        try:
            self._run("pg_ctl", "stop", "-w", "-m", "immediate", "-D", str(self._dir / "data"))
        finally:
            self._remove()

    def _remove(self) -> None:
        if self._dir is not None:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.stop()


def url_with(url: str, dbname: str | None = None, **settings: str) -> str:
    """``url`` naming another database and/or adding server settings (``search_path="t1"``) as asyncpg reads
    them from the query string."""
    parts = urlsplit(url)
    path = f"/{dbname}" if dbname is not None else parts.path
    query = dict(parse_qsl(parts.query))
    query.update(settings)
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(query, safe="/"), parts.fragment))
