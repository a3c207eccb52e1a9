"""Alembic's entry: the server runs migrations on the connection it passes in
(``store.migrate``), never from a config file."""

from alembic import context

from tcgkit.server.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
