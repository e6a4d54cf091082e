"""Data files of Tennis de mots (the French lexicon and its licence)."""
