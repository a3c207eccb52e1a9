"""The ``tcgkit`` command line (Typer): every command's options, help and output, registered in
``app.py``. Playing in the terminal, the profile and what the commands share are the terminal
front end's (``tcgkit.terminal``); the commands here call it, the simulator and the server."""
