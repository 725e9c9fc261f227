"""A throwaway PostgreSQL cluster for the store tests: initdb and pg_ctl in a temporary folder.

PostgreSQL refuses to run as root, so under root the cluster belongs to the `postgres` user
Debian's package creates and is started through runuser. Without PostgreSQL the tests that
need it are skipped, except in CI (CI=true or REFBOT_REQUIRE_POSTGRES), where that fails.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    # Debian keeps the server's programs out of PATH.
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def required() -> bool:
    """Return whether a missing PostgreSQL must fail the tests rather than skip them."""
    return os.environ.get("CI") == "true" or bool(os.environ.get("REFBOT_REQUIRE_POSTGRES"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """Start a PostgreSQL cluster on a free loopback port; yield a SQLAlchemy URL to it."""
    initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
    if not (initdb and pg_ctl):
        if required():
            raise RuntimeError("CI needs PostgreSQL (apt-get install postgresql): see .ci/run")
        pytest.skip("PostgreSQL (initdb, pg_ctl) is not installed")
    prefix: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="refbot-pg-"))
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            if required():
                raise RuntimeError("running as root needs the postgres user") from None
            pytest.skip("running as root and there is no postgres user to run PostgreSQL as")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", _free_port()
    subprocess.run(
        [*prefix, initdb, "-D", str(data), "-A", "trust", "-U", "refbot", "-E", "UTF8",
         "--no-locale", "--no-sync"],
        check=True, capture_output=True,
    )  # fmt: skip
    options = f"-h 127.0.0.1 -p {port} -k {folder} -c fsync=off -c full_page_writes=off"
    subprocess.run(
        [*prefix, pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w",
         "-t", "60", "start"],
        check=True, capture_output=True,
    )  # fmt: skip
    try:
        yield f"postgresql+psycopg://refbot@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(url: str, name: str) -> str:
    """Create an empty database in the cluster and return its URL."""
    from sqlalchemy import create_engine

    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    engine.dispose()
    return url.rsplit("/", 1)[0] + f"/{name}"
