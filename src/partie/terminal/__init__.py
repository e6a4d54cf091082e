"""Terminal screens: they render views with Rich and send actions; no rules here."""
