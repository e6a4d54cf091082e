"""Tennis de mots."""
