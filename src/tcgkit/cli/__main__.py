"""``python -m tcgkit.cli``: the same as the ``tcgkit`` command."""

from .app import main

if __name__ == "__main__":
    main()
