"""Allow ``python -m partie``."""

from partie.cli import main

if __name__ == "__main__":
    main()
