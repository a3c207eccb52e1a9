"""``tcgkit serve``: the match server on uvicorn (``pip install 'tcgkit[web]'``)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..terminal.errors import CliError, reports_errors
from ..terminal.profile import profile_dir

SERVE_HELP = """
Start the match server: every game online, against AI seats or other accounts, at
http://HOST:PORT/api (JSON over HTTP, each match a WebSocket). Every action is saved before
it is acknowledged, in an SQLite database (server.db in your user data folder, created on
first run; TCGKIT_HOME overrides the folder) or in PostgreSQL with --db postgresql://...;
a server restarted on the same database resumes every match where it was.

--schema prints the JSON Schema of the match protocol's messages and exits.
"""


@reports_errors
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[str | None, typer.Option(
        help="The database URL: sqlite:///PATH or postgresql://USER@HOST/NAME "
             "(default: server.db in the user data folder).")] = None,
    ai_workers: Annotated[int, typer.Option(
        "--ai-workers", help="Processes that run the AI seats.", min=1, max=64)] = 1,
    rate: Annotated[float, typer.Option(
        help="Messages a second one connection may send (twice as many at once).", min=1)] = 30.0,
    per_minute: Annotated[float | None, typer.Option(
        "--per-minute",
        help="Guests, sign-ups and log-ins one address may make, and matches one account may "
             "start, a minute (and at once, at least 20). Default: 6 accounts, 10 log-ins, "
             "6 matches, 20 at once.",
        min=1)] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        "--forwarded-allow-ips",
        help="The addresses of your reverse proxies (comma-separated, or *): only requests from "
             "them may say, in X-Forwarded-For, whose they are. Default: none, each client is "
             "the address it connects from.")] = None,
    schema: Annotated[bool, typer.Option(
        "--schema", help="Print the protocol's JSON Schema and exit.")] = False,
) -> None:
    try:
        import uvicorn

        from ..server.app import create_app
        from ..server.protocol import protocol_schema
        from ..server.service import Settings
    except ImportError as exc:
        raise CliError(f"the server needs the web extra ({exc.name} is missing): "
                       "pip install 'tcgkit[web]'") from None
    if schema:
        typer.echo(json.dumps(protocol_schema(), indent=1))
        return
    if db is None:
        folder = profile_dir()
        folder.mkdir(parents=True, exist_ok=True)
        db = f"sqlite:///{folder / 'server.db'}"
    if not db.startswith(("sqlite:///", "postgresql://", "postgresql+psycopg://")):
        raise CliError(f"--db: a sqlite:///PATH or postgresql://... URL, not {db[:60]!r}", 2)
    typer.echo(f"tcgkit server on http://{host}:{port}/api, database {db.split('@')[-1]}")
    # No per-message compression: on the 2-core machines measured it cost more server time
    # than building the scenes it carried (benchmarks/README.md, bench_server.py).
    settings = Settings(db=db, ai_workers=ai_workers, messages_per_second=rate, message_burst=int(2 * rate))
    if per_minute is not None:
        settings.accounts_per_minute = settings.logins_per_minute = settings.matches_per_minute = per_minute
        settings.burst = max(settings.burst, int(per_minute))
    uvicorn.run(create_app(settings), host=host, port=port,
                ws_max_size=1024 * 1024, ws_per_message_deflate=False, log_level="warning",
                # The per-address limits count the address a client connects from, unless the
                # operator names the proxies trusted to say otherwise.
                proxy_headers=forwarded_allow_ips is not None, forwarded_allow_ips=forwarded_allow_ips)
