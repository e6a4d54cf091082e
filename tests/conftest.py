import sys
from pathlib import Path

# tests/conformance.py is a helper module shared by the games' tests.
sys.path.insert(0, str(Path(__file__).parent))
