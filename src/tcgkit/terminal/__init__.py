"""The terminal front end: a game's table drawn from its scenes (Rich), the play loop that reads
a player's moves and runs the AI seats over the kernel's ``Match``, the player's profile (decks,
collection, card files, accounts) and saves, and play on a match server. Beside it is what every
command shares: one-line errors and exit codes, atomic files, the game and options named on a
command line, the deck files it names. ``tcgkit.cli`` registers the commands over it; like the
server, it only draws views and sends actions: no game rules live here."""
