"""The match server: every registered game online, one authority, nothing lost.

``create_app(Settings(...))`` (``app.py``) builds the FastAPI application; ``tcgkit serve`` runs
it on uvicorn. The pieces, each a module: ``db`` (tables), ``migrations/`` (their history),
``store`` (sessions and the one writer that commits every action before it is acknowledged),
``room`` (the live match: one authority per match, frames built per viewer), ``protocol``
(the messages, with their JSON Schema), ``ai`` (AI seats in a process pool), ``accounts`` and
``lobby`` (HTTP routes), ``client`` (a small Python client of the same protocol).

This package imports FastAPI and SQLAlchemy (``pip install 'tcgkit[web]'``); ``client`` needs
only httpx and websockets.
"""
