"""The web service behind ``partie serve``: tables, seats, the websocket protocol and
storage. ``tables.py`` holds the rules of a table and knows no HTTP; ``app.py`` only
turns requests and messages into calls on it."""
