"""The ``tcgkit`` command line (Typer + Rich): games, cards, options, play, replay,
collection, sim. It only draws views and sends actions: no game rules live here."""
