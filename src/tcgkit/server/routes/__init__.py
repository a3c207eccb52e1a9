"""The HTTP API and the match socket, one ``APIRouter`` per resource (``create_app``
assembles them): ``accounts`` (sessions, the account's language), ``decks`` (saved decks),
``collection`` (the Triple Triad collection), ``matches`` (the lobby's matches and the
match's WebSocket, ``match_socket``) and ``games`` (the games and the protocol's schema;
the pages' own in ``pages.py``, ``rules_page.py`` and ``web.py``).
"""
