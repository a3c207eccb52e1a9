"""``python -m tcgkit``: the same as the ``tcgkit`` command."""

from .cli.app import main

main()
