"""The application factory: ``create_app(Settings(db=...))`` builds a FastAPI app with its own
server state (no module-level state: two apps in one process share nothing).

HTTP, JSON only, one router per resource (``routes/``): accounts and sessions, saved decks,
the Triple Triad collection, the matches with their WebSocket (``protocol.py``), the games
and the protocol's schema; then the pages' own routes and the browser table's files
(``web.py``). A ``Refusal`` raised anywhere is answered ``{"error": message}`` with its status.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from . import pages, replays, rules_page, web
from .events import Events
from .middleware import ONE_LINE, JsonWrites, SecurityHeaders, http_response
from .refusal import Refusal
from .routes import accounts, collection, decks, events, games, matches, ratings, watching
from .service import Server, Settings


def create_app(settings: Settings) -> FastAPI:
    server = Server(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        logging.getLogger("uvicorn.error").addFilter(ONE_LINE)
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    # No /openapi.json: the API is documented (README, /api/protocol), not offered for probing.
    app = FastAPI(title="tcgkit", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    app.state.events = Events(server)
    server.followers.append(app.state.events)
    app.add_middleware(JsonWrites)
    app.add_middleware(SecurityHeaders, policy=settings.content_security_policy)

    @app.exception_handler(Refusal)
    async def refused(_request: Request, refusal: Refusal) -> JSONResponse:
        return http_response(refusal)

    for router in (accounts.router, decks.router, collection.router, games.router, matches.router,
                   ratings.router, watching.router, events.router, web.router, pages.router,
                   rules_page.router, replays.router):
        app.include_router(router)
    web.mount_client(app)  # the browser table at /, after every API route
    return app
