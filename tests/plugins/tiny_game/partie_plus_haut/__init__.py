"""Plus haut, a tiny card game for partie: three rounds, the highest card takes each.

The package follows partie's "add a game" recipe: the engine (``game.py``) imports only
``partie.core``; the terminal screen, the print faces and the browser screen are named
by the game's hooks and loaded only by the layer they plug into.
"""

from partie_plus_haut.game import GAME, PlusHaut

__all__ = ["GAME", "PlusHaut"]
