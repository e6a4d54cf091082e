"""partie: play, simulate and author three card games.

The games are pure rules engines (``partie.games``) built on a shared contract
(``partie.core``); the command line, the simulator and the server sit on top.
"""

__version__ = "0.1.0"
